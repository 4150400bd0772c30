import { describe, expect, it } from 'vitest';
import { renderNames, type NamedDocument } from '../../../src/render/name-lines.js';

const doc = (d: object) => d as NamedDocument;

describe('-o name: kind.group/name lines, as kubectl name printer', () => {
  it('check-migratable names each VM or VMI', () => {
    const report = doc({
      kind: 'MigratabilityReport',
      items: [
        { namespace: 'prod', name: 'erp-app', kind: 'VirtualMachineInstance' },
        { namespace: 'prod', name: 'reports', kind: 'VirtualMachine' },
      ],
    });
    expect(renderNames(report)).toBe('virtualmachineinstance.kubevirt.io/erp-app\nvirtualmachine.kubevirt.io/reports\n');
  });

  it('list names each migration', () => {
    expect(renderNames(doc({ kind: 'MigrationList', items: [{ namespace: 'dev', vmi: 'ci-runner', migration: 'kubevirt-migrate-vm-vk7vt' }] }))).toBe(
      'virtualmachineinstancemigration.kubevirt.io/kubevirt-migrate-vm-vk7vt\n',
    );
    expect(renderNames(doc({ kind: 'MigrationList', items: [] }))).toBe('');
  });

  it('why names the migration, else the VMI', () => {
    const m = { name: 'kubevirt-migrate-vm-vk7vt', uid: 'u', phase: 'Pending', created: '2025-11-20T10:02:11Z' };
    expect(renderNames(doc({ kind: 'MigrationDiagnosis', target: { namespace: 'dev', vmi: 'ci-runner', migration: m } }))).toBe(
      'virtualmachineinstancemigration.kubevirt.io/kubevirt-migrate-vm-vk7vt\n',
    );
    expect(renderNames(doc({ kind: 'MigrationDiagnosis', target: { namespace: 'dev', vmi: 'ci-runner' } }))).toBe('virtualmachineinstance.kubevirt.io/ci-runner\n');
  });

  it('start and abort name the migration, or nothing', () => {
    expect(renderNames(doc({ kind: 'MigrationStart', migration: { name: 'db-primary-mig-x2k9d', uid: 'u', phase: 'Pending' } }))).toBe(
      'virtualmachineinstancemigration.kubevirt.io/db-primary-mig-x2k9d\n',
    );
    expect(renderNames(doc({ kind: 'MigrationStart', migration: null, dryRun: true }))).toBe('');
    expect(renderNames(doc({ kind: 'MigrationAbort', migration: { name: 'm1', uid: 'u', phaseBefore: 'Running' } }))).toBe('virtualmachineinstancemigration.kubevirt.io/m1\n');
    expect(renderNames(doc({ kind: 'MigrationAbort', migration: null }))).toBe('');
    // A server-side dry run names the migration it would have made or aborted: no line.
    expect(renderNames(doc({ kind: 'MigrationStart', migration: { name: 'db-primary-mig-x2k9d', uid: 'u', phase: '' }, dryRun: true }))).toBe('');
    expect(renderNames(doc({ kind: 'MigrationAbort', migration: { name: 'm1', uid: 'u', phaseBefore: 'Running' }, dryRun: true }))).toBe('');
  });

  it('--list-rules names each rule as rule/ID', () => {
    expect(renderNames(doc({ kind: 'RuleList', items: [{ id: 'volume-not-shared' }, { id: 'host-device' }] }))).toBe('rule/volume-not-shared\nrule/host-device\n');
  });
});
