// `list`'s row of one migration (src/analyze/list/row.ts), from what `why` gathers for it.
import { describe, expect, it } from 'vitest';
import { listMigration, type ListedMigration } from '../../../src/analyze/list/row.js';
import { gatherForWhy } from '../../../src/commands/why/gather.js';
import type { KubeObject } from '../../../src/kube/types.js';
import { targetPod, vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { scenarioSource } from '../why/scenarios/harness.js';

const NOW = '2025-11-20T10:05:00Z';

async function rowOf(objects: KubeObject[], name: string, forbidden: 'pod'[] = []): Promise<ListedMigration> {
  const { inputs } = await gatherForWhy(scenarioSource(objects, { now: NOW, forbidden }), 'default', name);
  if (!inputs.namedMigration) throw new Error(`no migration ${name}`);
  return listMigration({ ...inputs, namedMigration: inputs.namedMigration, sourceLog: { ok: false, reason: 'list does not read launcher logs' } });
}

describe('listMigration', () => {
  it('a succeeded migration: 100 %, its nodes from its own migrationState, the verdict of why', async () => {
    const m = vmim('Succeeded', { name: 'mig-ok', uid: 'u-ok', migrationState: { migrationUid: 'u-ok', sourceNode: 'node-a', targetNode: 'node-b', completed: true } });
    const { row, copying } = await rowOf([...vmCluster(), m], 'mig-ok');
    expect(row).toMatchObject({ namespace: 'default', vmi: 'vm1', migration: 'mig-ok', phase: 'Succeeded', sourceNode: 'node-a', targetNode: 'node-b', progressPercent: 100, cause: 'none', status: 'succeeded', ageSeconds: 300 });
    expect(copying).toBe(false);
  });

  it('a pending one: no percent, the source node of the running VMI, no target yet', async () => {
    const m = vmim('Pending', { name: 'mig-p', uid: 'u-p' });
    const { row } = await rowOf([...vmCluster(), m], 'mig-p');
    expect(row.progressPercent).toBeUndefined();
    expect(row).toMatchObject({ phase: 'Pending', sourceNode: 'node-a' });
    expect(row.targetNode).toBeUndefined();
  });

  it('origin: an evacuation by its VMIM annotation, else user', async () => {
    const m = vmim('Pending', { name: 'mig-e', uid: 'u-e' });
    m.metadata.annotations = { 'kubevirt.io/evacuationMigration': 'node-a' };
    expect((await rowOf([...vmCluster(), m], 'mig-e')).row.origin).toBe('evacuation');
    expect((await rowOf([...vmCluster(), vmim('Pending', { name: 'mig-u', uid: 'u-u' })], 'mig-u')).row.origin).toBe('user');
  });

  it('a running one is copying: without a progress source it has no percent', async () => {
    const m = vmim('Running', { name: 'mig-r', uid: 'u-r' });
    const objects = [...vmCluster(), targetPod(m, { node: 'node-b', sourceNode: 'node-a', phase: 'Running' }), m];
    const { row, copying } = await rowOf(objects, 'mig-r');
    expect(copying).toBe(true);
    expect(row.progressPercent).toBeUndefined();
    expect(row.targetNode).toBe('node-b');
  });

  it('v1.3+: the VMIM\'s Pending stub ({sourcePod}) does not hide the VMI\'s state of this migration (it did)', async () => {
    const m = vmim('Running', { name: 'mig-r', uid: 'u-r', migrationState: { sourcePod: 'virt-launcher-vm1-8xk2p' } });
    const objects = [...vmCluster(), m];
    const v = objects.find((o) => o.kind === 'VirtualMachineInstance')!;
    (v.status as { migrationState?: object }).migrationState = { migrationUid: 'u-r', sourceNode: 'node-a', targetNode: 'node-b', sourcePod: 'virt-launcher-vm1-8xk2p', targetPod: 'virt-launcher-vm1-tg7m2' };
    // Pods unreadable (a reader without pods): only the migrationState names the target node.
    const { row } = await rowOf(objects, 'mig-r', ['pod']);
    expect(row).toMatchObject({ sourceNode: 'node-a', targetNode: 'node-b' });
  });

  it('carries the VMIM\'s uid and creationTimestamp and its migrationState.startTimestamp; none before the copy started, and a malformed time is none', async () => {
    const done = vmim('Succeeded', { name: 'mig-ok', uid: 'u-ok', migrationState: { migrationUid: 'u-ok', sourceNode: 'node-a', targetNode: 'node-b', startTimestamp: '2025-11-20T10:01:30Z', completed: true } });
    const { row } = await rowOf([...vmCluster(), done], 'mig-ok');
    expect(row).toMatchObject({ uid: 'u-ok', creationTimestamp: done.metadata.creationTimestamp, startTimestamp: '2025-11-20T10:01:30Z' });
    const pending = vmim('Pending', { name: 'mig-p', uid: 'u-p' });
    pending.metadata.creationTimestamp = 'not-a-date';
    const p = (await rowOf([...vmCluster(), pending], 'mig-p')).row;
    expect(p.uid).toBe('u-p');
    expect(p.creationTimestamp).toBeUndefined();
    expect(p.startTimestamp).toBeUndefined();
  });
});
