// `why` scenarios where virt-controller holds a Pending migration before creating its target
// pod: another migration owns the VMI, the parallel-migration slots are full, the VMI has more
// than one active pod, or an automatic migration backs off after failures
// (docs/kubevirt/evacuation-and-queue.md §5, §6).
import { describe, expect, it } from 'vitest';
import type { KubeObject, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../../../src/kube/types.js';
import { kubevirtCR, vmi } from '../../../fixtures/objects/index.js';
import { event, kubevirtWithMigrations, launcherPod, plusSeconds, targetPod, vmCluster, vmim } from '../../../fixtures/objects/migrations.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const CREATED = '2025-11-20T10:00:00Z';
const NOW = '2025-11-20T10:05:00Z';

/** The VMI as the controller leaves it after handing off migration `uid`. */
function ownedBy(uid: string, v: VirtualMachineInstance = vmi('vm1')): VirtualMachineInstance {
  v.status = { ...v.status, migrationState: { migrationUid: uid, sourceNode: 'node-a', targetNode: 'node-b', targetPod: 'virt-launcher-vm1-tg7m2' } };
  return v;
}

/** vmCluster() with the VMI replaced. */
function clusterWith(v: VirtualMachineInstance, kubevirt = kubevirtCR()): KubeObject[] {
  return vmCluster({ kubevirt }).map((o) => (o.kind === 'VirtualMachineInstance' ? v : o));
}

describe('migration-conflict', () => {
  it('ours Pending while another unfinished VMIM owns the VMI: names it', async () => {
    const other = vmim('Running', { name: 'vm1-first', uid: 'uid-first', created: '2025-11-20T09:58:00Z' });
    const ours = vmim('Pending', { created: CREATED });
    const objects = [...clusterWith(ownedBy('uid-first')), other, targetPod(other, { node: 'node-b', phase: 'Running' }), ours];
    const d = await whyScenario(objects, { name: ours.metadata.name!, now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'migration-conflict', status: 'blocked', check: 'migration-conflict' });
    const c = checkOf(d, 'migration-conflict');
    expect(c.args).toMatchObject({ kind: 'in-flight', other: { name: 'vm1-first', uid: 'uid-first', phase: 'Running' } });
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'VirtualMachineInstanceMigration', name: 'vm1-first' }));
  });

  it('two Pending migrations of one VMI: one owner from either side, the waiter shows the owner\'s cause (rule 5)', async () => {
    const older = vmim('Pending', { name: 'vm1-older', uid: 'uid-older', created: '2025-11-20T09:58:00Z' });
    const newer = vmim('Pending', { name: 'vm1-newer', uid: 'uid-newer', created: CREATED });
    const quota = event('VirtualMachineInstance', 'vm1', 'FailedCreate', 'Error creating pod: pods "virt-launcher-vm1-abcde" is forbidden: exceeded quota: vm-quota, requested: limits.memory=2Gi, used: limits.memory=7Gi, limited: limits.memory=8Gi', { time: '2025-11-20T09:59:00Z' });
    const objects = [...vmCluster(), older, newer, quota];
    const fromNewer = await whyScenario(objects, { name: 'vm1-newer', now: NOW });
    const fromOlder = await whyScenario(objects, { name: 'vm1-older', now: NOW });
    expect(checkOf(fromNewer, 'migration-conflict').args).toMatchObject({ kind: 'in-flight', other: { name: 'vm1-older' }, ownerVerdict: { cause: 'quota-exceeded', status: 'blocked', check: 'resource-quota' } });
    expect(checkOf(fromOlder, 'migration-conflict')).toMatchObject({ status: 'info', args: { kind: 'owner', migration: 'vm1-older', waiting: ['vm1-newer'] } });
    expect(fromOlder.verdict).toMatchObject({ cause: 'quota-exceeded' });
  });

  it('ours Failed: "VMI is not eligible for migration because another migration job is in progress."', async () => {
    const other = vmim('Running', { name: 'vm1-first', uid: 'uid-first', created: '2025-11-20T09:58:00Z' });
    const ours = vmim('Failed', { created: CREATED, transitions: [{ phase: 'Failed', time: CREATED }] });
    const ev = event('VirtualMachineInstanceMigration', ours.metadata.name!, 'FailedMigration', 'VMI is not eligible for migration because another migration job is in progress.', { time: CREATED });
    const objects = [...clusterWith(ownedBy('uid-first')), other, targetPod(other, { node: 'node-b', phase: 'Running' }), ours, ev];
    const d = await whyScenario(objects, { name: ours.metadata.name!, now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'migration-conflict', status: 'failed', check: 'migration-conflict' });
    const c = checkOf(d, 'migration-conflict');
    expect(c.args).toMatchObject({ kind: 'not-eligible', other: { name: 'vm1-first', uid: 'uid-first' } });
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'Event', name: ev.metadata.name, message: ev.message }));
  });

  it('must not fire: ours is the one in flight; a refused evacuation create is only info', async () => {
    const ours = vmim('Running', { created: CREATED });
    const refused = event(
      'VirtualMachineInstance',
      'vm1',
      'FailedCreate',
      `Error creating a Migration: admission webhook "migration-create-validator.kubevirt.io" denied the request: in-flight migration detected. Active migration job (${ours.metadata.uid}) is currently already in progress for VMI vm1.`,
      { time: '2025-11-20T10:02:00Z' },
    );
    const objects = [...clusterWith(ownedBy(ours.metadata.uid!)), ours, targetPod(ours, { node: 'node-b', phase: 'Running' }), refused];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    const c = checkOf(d, 'migration-conflict');
    expect(c).toMatchObject({ status: 'info', args: { kind: 'blocks-automatic' } });
    expect(d.verdict.cause).not.toBe('migration-conflict');
  });

  it('must not fire: an earlier Succeeded migration of the same VMI', async () => {
    const done = vmim('Succeeded', { name: 'vm1-first', uid: 'uid-first', created: '2025-11-20T09:00:00Z' });
    const d = await whyScenario([...clusterWith(ownedBy('uid-first')), done, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-conflict').status).toBe('pass');
  });
});

/** A migration of another VMI that holds a slot: Running with a Running target pod. */
function runningElsewhere(i: number, o: { sourceNode: string; namespace?: string; phase?: string; targetPodPhase?: string }): KubeObject[] {
  const namespace = o.namespace ?? `team-${i}`;
  const m = vmim(o.phase ?? 'Running', { name: `mig-${i}`, uid: `uid-${i}`, namespace, vmi: `vm-${i}`, created: '2025-11-20T09:59:00Z' });
  const pod = targetPod(m, {
    name: `virt-launcher-vm-${i}-abcde`,
    vmiUid: `vmi-uid-${i}`,
    node: o.targetPodPhase === 'Pending' ? null : 'node-c',
    sourceNode: o.sourceNode,
    phase: o.targetPodPhase ?? 'Running',
  });
  return [m, pod];
}

describe('concurrency-limit', () => {
  it('cluster 5/5 with the default limits', async () => {
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: i <= 1 ? 'node-a' : 'node-b' }));
    const d = await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'concurrency-limit', status: 'blocked', check: 'migration-slots' });
    const c = checkOf(d, 'migration-slots');
    expect(c.args).toMatchObject({ kind: 'full', scope: 'cluster', running: 5, limit: 5, node: 'node-a' });
    expect(argsOf(c, 'full').runningMigrations).toEqual(['team-1/mig-1', 'team-2/mig-2', 'team-3/mig-3', 'team-4/mig-4', 'team-5/mig-5']);
  });

  it('cluster 5/5 counts a Pending migration that already has a target pod, and PreparingTarget/TargetReady/Scheduled', async () => {
    const others = [
      ...runningElsewhere(1, { sourceNode: 'node-b', phase: 'Scheduled' }),
      ...runningElsewhere(2, { sourceNode: 'node-b', phase: 'PreparingTarget' }),
      ...runningElsewhere(3, { sourceNode: 'node-c', phase: 'TargetReady' }),
      ...runningElsewhere(4, { sourceNode: 'node-c', phase: 'Running' }),
      ...runningElsewhere(5, { sourceNode: 'node-c', phase: 'Pending', targetPodPhase: 'Pending' }),
      // Not counted: Pending without target pod, final ones.
      vmim('Pending', { name: 'mig-6', uid: 'uid-6', namespace: 'team-6', vmi: 'vm-6', created: '2025-11-20T09:59:00Z' }),
      vmim('Succeeded', { name: 'mig-7', uid: 'uid-7', namespace: 'team-7', vmi: 'vm-7', created: '2025-11-20T09:50:00Z' }),
      vmim('Failed', { name: 'mig-8', uid: 'uid-8', namespace: 'team-8', vmi: 'vm-8', created: '2025-11-20T09:50:00Z' }),
    ];
    const d = await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('concurrency-limit');
    expect(checkOf(d, 'migration-slots').args).toMatchObject({ scope: 'cluster', running: 5, limit: 5 });
    expect(argsOf(checkOf(d, 'migration-slots'), 'full').runningMigrations).not.toContain('team-6/mig-6');
  });

  it('source node outbound 2/2 with the default limits (target pods carry the SOURCE node label)', async () => {
    const others = [
      ...runningElsewhere(1, { sourceNode: 'node-a' }),
      ...runningElsewhere(2, { sourceNode: 'node-a' }),
      ...runningElsewhere(3, { sourceNode: 'node-b' }),
    ];
    const d = await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'concurrency-limit', status: 'blocked' });
    const c = checkOf(d, 'migration-slots');
    expect(c.args).toMatchObject({ kind: 'full', scope: 'node', node: 'node-a', running: 2, limit: 2, clusterRunning: 3, clusterLimit: 5 });
    expect(argsOf(c, 'full').runningMigrations).toEqual(['team-1/mig-1', 'team-2/mig-2']);
  });

  it('KubeVirt CR parallelMigrationsPerCluster 3: 3/3 is full', async () => {
    const kv = kubevirtWithMigrations({ parallelMigrationsPerCluster: 3, parallelOutboundMigrationsPerNode: 4 });
    const others = [1, 2, 3].flatMap((i) => runningElsewhere(i, { sourceNode: 'node-b' }));
    const d = await whyScenario([...vmCluster({ kubevirt: kv }), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('concurrency-limit');
    const c = checkOf(d, 'migration-slots');
    expect(c.args).toMatchObject({ scope: 'cluster', running: 3, limit: 3 });
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'KubeVirt', field: 'spec.configuration.migrations.parallelMigrationsPerCluster' }));
  });

  it('KubeVirt CR parallelOutboundMigrationsPerNode 1: one outbound migration fills node-a', async () => {
    const kv = kubevirtWithMigrations({ parallelOutboundMigrationsPerNode: 1 });
    const d = await whyScenario([...vmCluster({ kubevirt: kv }), ...runningElsewhere(1, { sourceNode: 'node-a' }), vmim('Pending', { created: CREATED })], {
      name: 'vm1',
      now: NOW,
    });
    expect(d.verdict.cause).toBe('concurrency-limit');
    expect(checkOf(d, 'migration-slots').args).toMatchObject({ scope: 'node', running: 1, limit: 1, node: 'node-a' });
  });

  it('must not fire: KubeVirt CR raises the limits (10 per cluster, 3 per node) above what runs', async () => {
    const kv = kubevirtWithMigrations({ parallelMigrationsPerCluster: 10, parallelOutboundMigrationsPerNode: 3 });
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: i <= 2 ? 'node-a' : 'node-b' }));
    const d = await whyScenario([...vmCluster({ kubevirt: kv }), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-slots')).toMatchObject({ status: 'pass', args: { running: 5, limit: 10, outbound: 2, nodeLimit: 3 } });
    expect(d.verdict.cause).not.toBe('concurrency-limit');
  });

  it('must not fire: ours already has its target pod (it got a slot)', async () => {
    const ours = vmim('Scheduling', { created: CREATED });
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: 'node-b' }));
    const d = await whyScenario([...vmCluster(), ...others, ours, targetPod(ours)], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-slots').status).toBe('pass');
    expect(d.verdict.cause).not.toBe('concurrency-limit');
  });

  it('VMIMs forbidden: why cannot answer (exit 3), rather than report "no-migration" for a VMI that has one', async () => {
    const run = whyScenario([...vmCluster(), vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW, forbidden: ['vmim'] });
    await expect(run).rejects.toMatchObject({ kindOf: 'Forbidden', resource: 'virtualmachineinstancemigrations.kubevirt.io' });
  });

  it('KubeVirt CR forbidden with 5 running: unknown (the limit is only the default)', async () => {
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: 'node-b' }));
    const d = await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW, forbidden: ['kubevirt'] });
    expect(checkOf(d, 'migration-slots')).toMatchObject({ status: 'unknown', args: { running: 5, limit: 5, limitAssumed: true } });
    expect(d.verdict.cause).not.toBe('concurrency-limit');
  });
});

describe('stale-active-pods', () => {
  const OLD_POD_UID = '3b1f0f4e-7d1c-4a8e-9a43-0c5d2f6b9e11';

  it('activePods still lists the Succeeded pod of the previous migration (kubevirt#12773)', async () => {
    const v = vmi('vm1');
    v.status = { ...v.status, activePods: { [OLD_POD_UID]: 'node-b', 'e0762618-5577-4082-9f9e-eaa13b7521fa': 'node-a' } };
    const previous = vmim('Succeeded', { name: 'vm1-earlier', uid: 'uid-earlier', created: '2025-11-20T09:30:00Z' });
    const oldPod = launcherPod({ name: 'virt-launcher-vm1-old12', uid: OLD_POD_UID, node: 'node-b', phase: 'Succeeded', created: '2025-11-20T08:00:00Z' });
    const objects = [...clusterWith(v), oldPod, previous, vmim('Pending', { created: CREATED })];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'stale-active-pods', status: 'blocked', check: 'active-pods' });
    const c = checkOf(d, 'active-pods');
    expect(c.args).toMatchObject({ kind: 'multiple', count: 2, finished: ['virt-launcher-vm1-old12'] });
    expect(argsOf(c, 'multiple').pods).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ uid: OLD_POD_UID, node: 'node-b', pod: 'virt-launcher-vm1-old12', phase: 'Succeeded' }),
        expect.objectContaining({ uid: 'e0762618-5577-4082-9f9e-eaa13b7521fa', node: 'node-a', phase: 'Running' }),
      ]),
    );
    expect(c.evidence).toContainEqual({ kind: 'Pod', namespace: 'default', name: 'virt-launcher-vm1-old12', field: 'status.phase', message: 'Succeeded' });
  });

  it('a second launcher pod still alive (terminating) holds it too; slots defer to it', async () => {
    const alive = launcherPod({ name: 'virt-launcher-vm1-zz999', uid: OLD_POD_UID, node: 'node-b', deletionTimestamp: '2025-11-20T09:59:00Z' });
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: 'node-b' }));
    const d = await whyScenario([...vmCluster(), alive, ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('stale-active-pods');
    expect(checkOf(d, 'migration-slots')).toMatchObject({ status: 'info', args: { behindActivePods: true } });
    expect(argsOf(checkOf(d, 'active-pods'), 'multiple').pods).toContainEqual(expect.objectContaining({ pod: 'virt-launcher-vm1-zz999', listed: false }));
  });

  it('must not fire: 2 active pods right after our Succeeded migration (post-migration window)', async () => {
    const ours = vmim('Succeeded', { created: CREATED });
    const v = ownedBy(ours.metadata.uid!);
    v.status = { ...v.status, nodeName: 'node-b', activePods: { 'e0762618-5577-4082-9f9e-eaa13b7521fa': 'node-a', [`t-${ours.metadata.uid}`]: 'node-b' } };
    const d = await whyScenario([...clusterWith(v), ours, targetPod(ours, { node: 'node-b', phase: 'Running' })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'active-pods').status).toBe('info');
    expect(d.verdict).toMatchObject({ cause: 'none', status: 'succeeded' });
  });
});

describe('migration-backoff', () => {
  const EVACUATION = { 'kubevirt.io/evacuationMigration': 'node-a' };

  function failedEvacuation(i: number, failedAt: string): VirtualMachineInstanceMigration {
    const created = plusSeconds(failedAt, -30);
    return vmim('Failed', {
      name: `kubevirt-evacuation-f${i}`,
      uid: `uid-f${i}`,
      generateName: 'kubevirt-evacuation-',
      annotations: EVACUATION,
      created,
      transitions: [
        { phase: 'Pending', time: created },
        { phase: 'Scheduling', time: plusSeconds(created, 1) },
        { phase: 'Failed', time: failedAt },
      ],
    });
  }

  it('evacuation after 2 failures: 40 s from the last Failed timestamp, with the MigrationBackoff event', async () => {
    const ours = vmim('Pending', { name: 'kubevirt-evacuation-n3w', uid: 'uid-new', generateName: 'kubevirt-evacuation-', annotations: EVACUATION, created: '2025-11-20T10:00:25Z' });
    const ev = event('VirtualMachineInstance', 'vm1', 'MigrationBackoff', 'backoff migrating vmi default/vm1', { time: '2025-11-20T10:00:40Z', count: 8, first: '2025-11-20T10:00:25Z' });
    const objects = [...vmCluster(), failedEvacuation(1, '2025-11-20T09:59:00Z'), failedEvacuation(2, '2025-11-20T10:00:20Z'), ours, ev];
    const d = await whyScenario(objects, { name: 'vm1', now: '2025-11-20T10:00:45Z' });
    expect(d.verdict).toMatchObject({ cause: 'migration-backoff', status: 'blocked', check: 'migration-backoff' });
    const c = checkOf(d, 'migration-backoff');
    expect(c.args).toMatchObject({ kind: 'backoff', failures: 2, backoffSeconds: 40, retryAt: '2025-11-20T10:01:00Z', secondsLeft: 15, previousMigration: 'kubevirt-evacuation-f2' });
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'Event', name: ev.metadata.name, message: 'backoff migrating vmi default/vm1' }));
  });

  it('workload-update migration: a Succeeded one ends the run of failures', async () => {
    const wu = { 'kubevirt.io/workloadUpdateMigration': '' };
    const ok = vmim('Succeeded', { name: 'kubevirt-workload-update-ok', uid: 'uid-ok', generateName: 'kubevirt-workload-update-', annotations: wu, created: '2025-11-20T09:00:00Z' });
    const f1 = vmim('Failed', {
      name: 'kubevirt-workload-update-f1',
      uid: 'uid-wf1',
      generateName: 'kubevirt-workload-update-',
      annotations: wu,
      created: '2025-11-20T10:00:00Z',
      transitions: [
        { phase: 'Pending', time: '2025-11-20T10:00:00Z' },
        { phase: 'Failed', time: '2025-11-20T10:00:10Z' },
      ],
    });
    const ours = vmim('Pending', { name: 'kubevirt-workload-update-n3w', uid: 'uid-wnew', generateName: 'kubevirt-workload-update-', annotations: wu, created: '2025-11-20T10:00:15Z' });
    const d = await whyScenario([...vmCluster(), ok, f1, ours], { name: 'vm1', now: '2025-11-20T10:00:20Z' });
    expect(d.verdict.cause).toBe('migration-backoff');
    expect(checkOf(d, 'migration-backoff').args).toMatchObject({ failures: 1, backoffSeconds: 20, retryAt: '2025-11-20T10:00:30Z', origin: 'workload-update' });
  });

  it('a descheduler eviction (v1.7+: spec.priority system-maintenance) backs off like an evacuation, named as such in both checks', async () => {
    const ours = vmim('Pending', { name: 'kubevirt-evacuation-n3w', uid: 'uid-new', generateName: 'kubevirt-evacuation-', annotations: EVACUATION, created: '2025-11-20T10:00:25Z' });
    ours.spec!.priority = 'system-maintenance';
    const d = await whyScenario([...vmCluster({ kubevirt: kubevirtCR({ version: 'v1.9.0' }) }), failedEvacuation(1, '2025-11-20T10:00:20Z'), ours], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(checkOf(d, 'migration-backoff').args).toMatchObject({ kind: 'backoff', origin: 'descheduler' });
    expect(checkOf(d, 'migration-phase').args).toMatchObject({ origin: 'descheduler' });
  });

  it('in backoff while the cluster slots are full too: the backoff decides, as virt-controller checks it first (v0.59–v1.9)', async () => {
    const ours = vmim('Pending', { name: 'kubevirt-evacuation-n3w', uid: 'uid-new', generateName: 'kubevirt-evacuation-', annotations: EVACUATION, created: '2025-11-20T10:00:25Z' });
    const others = [1, 2, 3, 4, 5].flatMap((i) => runningElsewhere(i, { sourceNode: 'node-b' }));
    const d = await whyScenario([...vmCluster(), ...others, failedEvacuation(1, '2025-11-20T10:00:20Z'), ours], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(d.verdict).toMatchObject({ cause: 'migration-backoff', status: 'blocked', check: 'migration-backoff' });
    expect(checkOf(d, 'migration-slots').args).toMatchObject({ kind: 'full', scope: 'cluster', running: 5, limit: 5 });
  });

  it('must not fire: the backoff is over (info), and user-created VMIMs never back off (skip)', async () => {
    const ours = vmim('Pending', { name: 'kubevirt-evacuation-n3w', uid: 'uid-new', generateName: 'kubevirt-evacuation-', annotations: EVACUATION, created: '2025-11-20T10:00:25Z' });
    const over = await whyScenario([...vmCluster(), failedEvacuation(1, '2025-11-20T10:00:20Z'), ours], { name: 'vm1', now: '2025-11-20T10:03:00Z' });
    expect(checkOf(over, 'migration-backoff')).toMatchObject({ status: 'info', args: { kind: 'expired' } });
    expect(over.verdict.cause).not.toBe('migration-backoff');

    const user = await whyScenario([...vmCluster(), failedEvacuation(1, '2025-11-20T10:00:20Z'), vmim('Pending', { created: '2025-11-20T10:00:25Z' })], {
      name: 'vm1',
      now: '2025-11-20T10:00:30Z',
    });
    expect(checkOf(user, 'migration-backoff').status).toBe('skip');
  });
});

describe('migration-conflict with no migration: a stale migrationState (rule 3, kubevirt/kubevirt#2495)', () => {
  const stale = (): VirtualMachineInstance => {
    const v = vmi('vm1');
    v.status = { ...v.status, migrationState: { migrationUid: 'uid-gone', targetPod: 'virt-launcher-vm1-old01', sourceNode: 'node-a', targetNode: 'node-b' } };
    return v;
  };

  it('v0.59+ takes the state over: info, the verdict stays idle', async () => {
    const d = await whyScenario(clusterWith(stale(), kubevirtCR({ version: 'v0.59.0' })), { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-conflict')).toMatchObject({ status: 'info', args: { kind: 'stale-state', migrationUid: 'uid-gone', ignored: true } });
    expect(d.verdict).toMatchObject({ cause: 'no-migration', status: 'idle' });
  });

  it('an unfinished state KubeVirt before v0.40 would refuse on: migration-conflict, blocked', async () => {
    const d = await whyScenario(clusterWith(stale(), kubevirtCR({ version: 'v0.26.1' })), { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-conflict')).toMatchObject({ status: 'fail', cause: 'migration-conflict', args: { kind: 'stale-state', ignored: false } });
    expect(d.verdict).toMatchObject({ cause: 'migration-conflict', status: 'blocked' });
  });

  it('a finished state is history, never a conflict', async () => {
    const v = stale();
    v.status!.migrationState!.completed = true;
    const d = await whyScenario(clusterWith(v, kubevirtCR({ version: 'v0.26.1' })), { name: 'vm1', now: NOW });
    expect(checkOf(d, 'migration-conflict').args).toMatchObject({ kind: 'no-migration' });
  });
});
