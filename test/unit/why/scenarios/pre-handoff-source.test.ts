// `why` scenarios about the source: no migration, a VMI that cannot be the source of a live
// migration (missing, stopped, on a dead node) and KubeVirt's LiveMigratable verdict.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../../src/kube/types.js';
import { kubevirtCR, liveMigratable, node, vm, vmi } from '../../../fixtures/objects/index.js';
import { event, launcherPod, vmCluster, vmim } from '../../../fixtures/objects/migrations.js';
import { checkOf, whyScenario } from './harness.js';

const CREATED = '2025-11-20T10:00:00Z';
const NOW = '2025-11-20T10:05:00Z';

describe('no migration', () => {
  it('a running VMI without VMIM: verdict no-migration, status idle; pre-handoff checks do not fail', async () => {
    const d = await whyScenario(vmCluster(), { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'no-migration', status: 'idle' });
    expect(checkOf(d, 'vmi-running').status).toBe('pass');
    expect(checkOf(d, 'migration-phase')).toMatchObject({ status: 'info', args: { kind: 'none' } });
    for (const id of ['migration-conflict', 'migration-slots', 'admission', 'migration-backoff'] as const) {
      expect(checkOf(d, id).status).toBe('skip');
    }
    expect(d.checks.filter((c) => c.status === 'fail')).toEqual([]);
  });

  it('a 403 on nodes and quotas leaves those checks unknown and still says no-migration', async () => {
    const d = await whyScenario(vmCluster(), { name: 'vm1', now: NOW, forbidden: ['node', 'resourcequota'] });
    expect(d.verdict).toMatchObject({ cause: 'no-migration', status: 'idle' });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'unknown', missing: 'nodes: forbidden' });
    expect(checkOf(d, 'resource-quota')).toMatchObject({ status: 'unknown', missing: 'resourcequotas: forbidden' });
    expect(d.errors.map((e) => e.resource)).toEqual(expect.arrayContaining(['nodes', 'resourcequotas']));
  });
});

describe('vmi-not-running', () => {
  it('VM stopped (no VMI), no migration', async () => {
    const objects: KubeObject[] = [vm('vm1', { runStrategy: 'Halted' }), node('node-a'), node('node-b'), kubevirtCR()];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'vmi-not-running', status: 'blocked', check: 'vmi-running' });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'fail', args: { kind: 'missing', vmi: 'vm1', vm: 'vm1' } });
    expect(checkOf(d, 'vmi-running').evidence).toEqual([expect.objectContaining({ kind: 'VirtualMachine', name: 'vm1' })]);
  });

  it('VMI deleted while its migration is Pending (named by the VMIM)', async () => {
    const m = vmim('Pending', { created: CREATED, migrationState: { sourcePod: 'virt-launcher-vm1-pb825' } });
    const d = await whyScenario([vm('vm1'), m, node('node-a'), kubevirtCR()], { name: m.metadata.name!, now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'vmi-not-running', status: 'blocked' });
    expect(checkOf(d, 'vmi-running').args).toMatchObject({ kind: 'missing', migration: m.metadata.name });
  });

  it('VMI stopped (phase Succeeded) under a Pending migration', async () => {
    const stopped = vmi('vm1');
    stopped.status = { ...stopped.status, phase: 'Succeeded' };
    const d = await whyScenario([vm('vm1'), stopped, launcherPod({ phase: 'Succeeded' }), node('node-a'), node('node-b'), kubevirtCR(), vmim('Pending', { created: CREATED })], {
      name: 'vm1',
      now: NOW,
    });
    expect(d.verdict).toMatchObject({ cause: 'vmi-not-running', status: 'blocked' });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'fail', args: { kind: 'phase', phase: 'Succeeded' } });
    expect(checkOf(d, 'vmi-running').evidence[0]).toMatchObject({ kind: 'VirtualMachineInstance', field: 'status.phase', message: 'Succeeded' });
  });

  it('source node NotReady (kubelet stopped posting status): live migration impossible (users #26)', async () => {
    const objects = [vm('vm1'), vmi('vm1'), launcherPod(), node('node-a', { ready: false }), node('node-b'), kubevirtCR(), vmim('Pending', { created: CREATED })];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'vmi-not-running', status: 'blocked', check: 'vmi-running' });
    const c = checkOf(d, 'vmi-running');
    expect(c.args).toMatchObject({ kind: 'node-not-ready', node: 'node-a', status: 'Unknown', reason: 'NodeStatusUnknown' });
    expect(c.evidence).toEqual([{ kind: 'Node', name: 'node-a', field: 'status.conditions[Ready]', message: 'Kubelet stopped posting node status.' }]);
  });

  it('source node NotReady with a Running migration: still fails (nothing can finish)', async () => {
    const objects = [vm('vm1'), vmi('vm1'), launcherPod(), node('node-a', { ready: false }), node('node-b'), kubevirtCR(), vmim('Running', { created: CREATED })];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('vmi-not-running');
  });

  it('nodes forbidden: vmi-running unknown, the verdict comes from the next check', async () => {
    const bad = vmi('vm1', { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', 'cannot migrate VMI: PVC vm1-disk-0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)') });
    const objects = [vm('vm1'), bad, launcherPod(), kubevirtCR(), vmim('Pending', { created: CREATED })];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW, forbidden: ['node'] });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'unknown', missing: 'nodes: forbidden' });
    expect(d.verdict.cause).toBe('not-live-migratable');
  });

  it('must not fire: a Failed migration whose VMI is gone is history (info)', async () => {
    const m = vmim('Failed', { created: CREATED, failedFrom: 'Pending' });
    const d = await whyScenario([vm('vm1'), m, node('node-a'), kubevirtCR()], { name: m.metadata.name!, now: NOW });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'info', args: { kind: 'missing' } });
    expect(d.verdict.cause).not.toBe('vmi-not-running');
  });

  it('must not fire: running VMI on a Ready node', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Running', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'vmi-running')).toMatchObject({ status: 'pass', args: { node: 'node-a' } });
  });
});

describe('not-live-migratable', () => {
  // The same interface refusal in each era's words (docs/kubevirt/live-migratable-by-version.md
  // §4.2).
  const eras = [
    { kubevirt: 'v0.59.0', message: 'cannot migrate VMI which does not use masquerade to connect to the pod network' },
    {
      kubevirt: 'v1.2.2',
      message:
        'cannot migrate VMI which does not use masquerade, bridge with kubevirt.io/allow-pod-bridge-network-live-migration VM annotation or a migratable plugin to connect to the pod network',
    },
    { kubevirt: 'v1.9.0', message: 'cannot migrate VMI which does not use masquerade or a migratable plugin to connect to the pod network' },
  ];
  for (const era of eras) {
    it(`LiveMigratable=False InterfaceNotLiveMigratable with a migration in flight (${era.kubevirt})`, async () => {
      const objects = vmCluster({
        vmi: { liveMigratable: liveMigratable('False', 'InterfaceNotLiveMigratable', era.message) },
        kubevirt: kubevirtCR({ version: era.kubevirt }),
      });
      const m = vmim('Pending', { created: CREATED, era: era.kubevirt === 'v0.59.0' ? 'v0.5x' : 'v1.x' });
      const d = await whyScenario([...objects, m], { name: 'vm1', now: NOW });
      expect(d.verdict).toMatchObject({ cause: 'not-live-migratable', status: 'blocked', check: 'live-migratable' });
      const c = checkOf(d, 'live-migratable');
      expect(c.args).toMatchObject({ reason: 'InterfaceNotLiveMigratable', message: era.message });
      expect(c.evidence[0]).toEqual({
        kind: 'VirtualMachineInstance',
        namespace: 'default',
        name: 'vm1',
        field: 'status.conditions[LiveMigratable]',
        message: era.message,
      });
    });
  }

  it('carries the eviction refusal event as evidence', async () => {
    const msg = 'cannot migrate VMI: PVC vm1-disk-0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)';
    const objects = vmCluster({ vmi: { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', msg) } });
    const ev = event('VirtualMachineInstance', 'vm1', 'Migrated', `EvictionStrategy is set but vmi is not migratable; ${msg}`, { time: '2025-11-20T10:01:00Z', component: 'virt-handler' });
    const d = await whyScenario([...objects, vmim('Scheduling', { created: CREATED }), ev], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('not-live-migratable');
    expect(checkOf(d, 'live-migratable').evidence).toContainEqual(expect.objectContaining({ kind: 'Event', name: ev.metadata.name }));
  });

  it('without a migration: it stops a new one (rule 3: blocked, not idle)', async () => {
    const objects = vmCluster({ vmi: { liveMigratable: liveMigratable('False', 'HostDeviceNotLiveMigratable', 'VMI uses a PCI host devices') } });
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'not-live-migratable', status: 'blocked', check: 'live-migratable' });
    const c = checkOf(d, 'live-migratable');
    expect(c).toMatchObject({ status: 'fail', cause: 'not-live-migratable' });
    expect(c.args).toMatchObject({ reason: 'HostDeviceNotLiveMigratable', message: 'VMI uses a PCI host devices' });
  });

  it('HostDeviceNotLiveMigratable: the fix follows the nodes that offer the GPU', async () => {
    const A10 = 'nvidia.com/GA102GL_A10';
    const cond = liveMigratable('False', 'HostDeviceNotLiveMigratable', 'VMI uses a PCI host devices');
    const gpuNode = (name: string, count?: string) => {
      const n = node(name);
      if (count !== undefined) n.status = { ...n.status, allocatable: { ...n.status?.allocatable, [A10]: count }, capacity: { ...n.status?.allocatable, [A10]: count } };
      return n;
    };
    const scene = (nodes: KubeObject[]) => [vm('vm1'), vmi('vm1', { liveMigratable: cond, devices: { gpus: [{ name: 'gpu1', deviceName: A10 }] } }), launcherPod(), ...nodes, kubevirtCR()];
    // The only GPU node is the VMI's own (node-a): a restart cannot move it.
    const alone = await whyScenario(scene([gpuNode('node-a', '1'), gpuNode('node-b'), gpuNode('node-c')]), { name: 'vm1', now: NOW });
    expect(checkOf(alone, 'live-migratable').args).toMatchObject({ reason: 'HostDeviceNotLiveMigratable', move: { kind: 'no-other-node', resources: [A10], nodes: ['node-a'] } });
    const elsewhere = await whyScenario(scene([gpuNode('node-a', '1'), gpuNode('node-b'), gpuNode('node-c', '1')]), { name: 'vm1', now: NOW });
    expect(checkOf(elsewhere, 'live-migratable').args).toMatchObject({ move: { kind: 'restart-elsewhere', resources: [A10], nodes: ['node-c'] } });
    // Another reason carries no device fix.
    const disks = await whyScenario(vmCluster({ vmi: { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', 'cannot migrate VMI: PVC vm1-disk-0 is not shared') } }), { name: 'vm1', now: NOW });
    expect(checkOf(disks, 'live-migratable').args).not.toHaveProperty('move');
  });

  it('missing condition: info', async () => {
    const d = await whyScenario([...vmCluster({ vmi: { liveMigratable: null } }), vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'live-migratable')).toMatchObject({ status: 'info', args: { kind: 'no-condition' } });
  });

  it('must not fire: a Succeeded migration of a VMI that became non-migratable since', async () => {
    const objects = vmCluster({ vmi: { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', 'cannot migrate VMI with non-shared HostDisk') } });
    const d = await whyScenario([...objects, vmim('Succeeded', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'live-migratable').status).toBe('info');
    expect(d.verdict.cause).not.toBe('not-live-migratable');
  });
});

describe('migration-phase', () => {
  it('a deleted VMIM that is not final yet: aborted, at-risk while the cancel runs (rule 4)', async () => {
    const m = vmim('Scheduling', { created: CREATED, deletionTimestamp: '2025-11-20T10:04:00Z' });
    const d = await whyScenario([...vmCluster(), m], { name: 'vm1', now: NOW });
    const c = checkOf(d, 'migration-phase');
    expect(c).toMatchObject({ status: 'warn', cause: 'aborted', args: { kind: 'abort-pending', phase: 'Scheduling', deletionTimestamp: '2025-11-20T10:04:00Z', abortStuck: false } });
    expect(c.evidence).toContainEqual(expect.objectContaining({ field: 'metadata.deletionTimestamp' }));
    expect(d.verdict).toMatchObject({ cause: 'aborted', status: 'at-risk', check: 'migration-phase' });
  });

  it('abort requested before Running on KubeVirt before v0.56: it cannot finish (blocked)', async () => {
    const m = vmim('Scheduling', { created: CREATED, conditions: [{ type: 'migrationAbortRequested', status: 'True' }] });
    const d = await whyScenario([...vmCluster({ kubevirt: kubevirtCR({ version: 'v0.55.2' }) }), m], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-phase')).toMatchObject({ status: 'warn', cause: 'aborted', args: { kind: 'abort-pending', abortStuck: true, abortRequested: true } });
    expect(d.verdict).toMatchObject({ cause: 'aborted', status: 'blocked' });
  });

  it('abort requested while Pending on v0.56+: at-risk (the controller finishes it)', async () => {
    const m = vmim('Pending', { created: CREATED, conditions: [{ type: 'migrationAbortRequested', status: 'True' }] });
    const d = await whyScenario([...vmCluster({ kubevirt: kubevirtCR({ version: 'v0.59.0' }) }), m], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'aborted', status: 'at-risk' });
  });

  it('time in phase and origin of an evacuation VMIM', async () => {
    const m = vmim('Pending', { created: CREATED, generateName: 'kubevirt-evacuation-', annotations: { 'kubevirt.io/evacuationMigration': 'node-a' } });
    const d = await whyScenario([...vmCluster(), m], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-phase').args).toMatchObject({ phase: 'Pending', origin: 'evacuation', evacuatedNode: 'node-a', secondsInPhase: 300 });
  });

  it('a named older VMIM points at the newer one', async () => {
    const old = vmim('Failed', { name: 'old-mig', uid: 'u-old', created: '2025-11-20T09:00:00Z' });
    const d = await whyScenario([...vmCluster(), old, vmim('Pending', { created: CREATED })], { name: 'old-mig', now: NOW });
    expect(checkOf(d, 'migration-phase').args).toMatchObject({ migration: 'old-mig', newerMigration: 'kubevirt-migrate-vm-x7k2q' });
  });
});

