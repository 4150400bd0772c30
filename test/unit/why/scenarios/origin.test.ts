// `why` names who created the migration (`target.migration.origin`, the header line) per KubeVirt
// era, from objects as the controllers write them: the evacuation controller (generateName
// kubevirt-evacuation-, annotation kubevirt.io/evacuationMigration = node; v1.7+ with the priority
// queue spec.priority system-critical, or system-maintenance for a descheduler eviction, with the
// VMI annotation kubevirt.io/eviction-source), the workload updater (kubevirt-workload-update-,
// annotation ""), virt-api for virtctl (kubevirt-migrate-vm-).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { kubevirtCR, vmi } from '../../../fixtures/objects/index.js';
import { vmCluster, vmim } from '../../../fixtures/objects/migrations.js';
import type { KubeObject, VirtualMachineInstance } from '../../../../src/kube/types.js';
import { diagnosisDocument } from '../../../../src/render/why-document.js';
import { renderChecklist } from '../../../../src/render/why-checklist.js';
import { makeStyle } from '../../../../src/render/style.js';
import { whyScenario } from './harness.js';
import { runCli } from '../../cli/run-cli.js';
import type { MigrationDiagnosisDoc } from '../../../../src/render/why-document.js';

const NOW = '2025-11-20T10:05:00Z';

function cluster(version: string, v?: VirtualMachineInstance): KubeObject[] {
  return vmCluster({ kubevirt: kubevirtCR({ version }) }).map((o) => (v && o.kind === 'VirtualMachineInstance' ? v : o));
}

async function originIn(objects: KubeObject[], name: string) {
  const d = await whyScenario(objects, { name, now: NOW });
  const doc = diagnosisDocument(d, []);
  return { origin: doc.target.migration?.origin, header: renderChecklist(doc, makeStyle(false), false).split('\n')[0] };
}

const evacuation = (name: string, priority?: string) => {
  const m = vmim('Running', { name, uid: `uid-${name}`, generateName: 'kubevirt-evacuation-', annotations: { 'kubevirt.io/evacuationMigration': 'node-a' } });
  if (priority) m.spec!.priority = priority;
  return m;
};

describe('origin per era', () => {
  it('v1.4 evacuation (annotation only, no priority)', async () => {
    const r = await originIn([...cluster('v1.4.0'), evacuation('kubevirt-evacuation-4fq9d')], 'kubevirt-evacuation-4fq9d');
    expect(r.origin).toBe('evacuation');
    expect(r.header).toBe('default/vm1: migration kubevirt-evacuation-4fq9d (Running, evacuation)');
  });

  it('v1.9 drain evacuation (spec.priority system-critical)', async () => {
    expect((await originIn([...cluster('v1.9.0'), evacuation('kubevirt-evacuation-8xq2n', 'system-critical')], 'kubevirt-evacuation-8xq2n')).origin).toBe('evacuation');
  });

  it('v1.9 descheduler eviction (spec.priority system-maintenance)', async () => {
    expect((await originIn([...cluster('v1.9.0'), evacuation('kubevirt-evacuation-d2s7k', 'system-maintenance')], 'kubevirt-evacuation-d2s7k')).origin).toBe('descheduler');
  });

  it('v1.7 descheduler eviction with the gate off (no priority; VMI kubevirt.io/eviction-source: descheduler while marked)', async () => {
    const v = vmi('vm1', { annotations: { 'kubevirt.io/eviction-source': 'descheduler' } });
    v.status!.evacuationNodeName = 'node-a';
    expect((await originIn([...cluster('v1.7.0', v), evacuation('kubevirt-evacuation-7hq2p')], 'kubevirt-evacuation-7hq2p')).origin).toBe('descheduler');
  });

  it('v1.6 workload update (annotation kubevirt.io/workloadUpdateMigration: "")', async () => {
    const m = vmim('Running', { name: 'kubevirt-workload-update-n3wq8', uid: 'uid-wu', generateName: 'kubevirt-workload-update-', annotations: { 'kubevirt.io/workloadUpdateMigration': '' } });
    const r = await originIn([...cluster('1.6.3-150700.3.13.1'), m], 'kubevirt-workload-update-n3wq8');
    expect(r.origin).toBe('workload-update');
    expect(r.header).toContain('(Running, workload-update)');
  });

  it('virtctl migrate (kubevirt-migrate-vm-): user, and the header stays plain', async () => {
    const r = await originIn([...cluster('v1.9.0'), vmim('Running')], 'kubevirt-migrate-vm-x7k2q');
    expect(r.origin).toBe('user');
    expect(r.header).toBe('default/vm1: migration kubevirt-migrate-vm-x7k2q (Running)');
  });

  it("an evacuation's name without its annotation (a trimmed dump): unknown", async () => {
    const m = vmim('Running', { name: 'kubevirt-evacuation-zz9q1', uid: 'uid-zz', generateName: 'kubevirt-evacuation-' });
    expect((await originIn([...cluster('v1.9.0'), m], 'kubevirt-evacuation-zz9q1')).origin).toBe('unknown');
  });
});

describe('the drain fixtures through the CLI', () => {
  const DRAIN = fileURLToPath(new URL('../../../fixtures/objects/drain/', import.meta.url));
  it.each([
    ['v1.9', 'node-2', 'cache-1'],
    ['v1.4', 'worker-b', undefined],
  ] as const)('%s: why on an evacuated VMI says evacuation', async (dir, nodeName, name) => {
    const list = await runCli(['why', '--node', nodeName, '--from', `${DRAIN}${dir}`, '-o', 'json'], { KUBECONFIG: '/nonexistent' });
    const node = JSON.parse(list.stdout) as { items: { namespace: string; vmi: string; migration?: { origin: string } }[] };
    const item = node.items.find((i) => (name ? i.vmi === name : i.migration?.origin === 'evacuation'));
    expect(item, dir).toBeDefined();
    const r = await runCli(['why', item!.vmi, '-n', item!.namespace, '--from', `${DRAIN}${dir}`, '-o', 'json'], { KUBECONFIG: '/nonexistent' });
    const doc = JSON.parse(r.stdout) as MigrationDiagnosisDoc;
    expect(doc.target.migration?.origin).toBe(item!.migration?.origin);
    expect(doc.target.migration?.origin).toBe('evacuation');
  });
});
