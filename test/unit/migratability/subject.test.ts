import { describe, expect, it } from 'vitest';
import { buildSubject, specPath } from '../../../src/analyze/migratability/subject.js';
import { vm, vmi } from '../../fixtures/objects/index.js';

describe('buildSubject', () => {
  it('a running VMI wins over the VM template', () => {
    const s = buildSubject({ vm: vm('vm1', { domain: { cpu: { model: 'EPYC' } } }), vmi: vmi('vm1') });
    expect(s.kind).toBe('VirtualMachineInstance');
    expect(s.spec.domain?.cpu?.model).toBe('host-model');
    expect(s.node).toBe('node-a');
    expect(s.vm?.metadata.name).toBe('vm1');
    expect(specPath(s, 'volumes[0]')).toBe('spec.volumes[0]');
  });

  it('a stopped VM: template spec and metadata, its dataVolumeTemplates, no node', () => {
    const templates = [{ metadata: { name: 'vm1-root' }, spec: {} }];
    const s = buildSubject({ vm: vm('vm1', { annotations: { a: 'b' }, dataVolumeTemplates: templates }) });
    expect(s).toMatchObject({ kind: 'VirtualMachine', namespace: 'default', name: 'vm1', meta: { annotations: { a: 'b' } }, dataVolumeTemplates: templates });
    expect(s.node).toBeUndefined();
    expect(specPath(s, 'volumes[0]')).toBe('spec.template.spec.volumes[0]');
  });

  it('a Pending VMI has no node yet', () => {
    expect(buildSubject({ vmi: vmi('vm1', { node: null }) }).node).toBeUndefined();
  });

  it('needs a VM or a VMI', () => {
    expect(() => buildSubject({})).toThrow();
  });
});
