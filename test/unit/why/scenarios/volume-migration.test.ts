// `why` on volume migrations (updateVolumesStrategy: Migration), per stage and KubeVirt era, on the
// fixtures in test/fixtures/objects/kinds/volume/ (each file's header names the KubeVirt unit or
// functional test it follows). Asserts kinds, cause ids and check args, never prose.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { KubeObject, KubeVirt, VirtualMachineInstance } from '../../../../src/kube/types.js';
import { completionBudget } from '../../../../src/analyze/why/completion-budget.js';
import { launcherPod } from '../../../fixtures/objects/migrations.js';
import { node } from '../../../fixtures/objects/nodes.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const DIR = new URL('../../../fixtures/objects/kinds/volume/', import.meta.url);
const NOW = '2026-03-11T09:15:00Z';

const MIGRATION_UID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f60';
const VMI_UID = '47a6b5c4-d3e2-4f10-9a8b-7c6d5e4f3a2b';
/**
 * The source launcher's progress line (live-migration-source.go logMigrationInfo, the same fields
 * from v1.3 on, DiskMbps last) for a VMI of 4 GiB memory and a 20 GiB disk.
 */
function progressLine(t: string, remaining: number, o: { elapsedMs: number; diskMbps: number; pos: string }): string {
  return JSON.stringify({
    component: 'virt-launcher',
    level: 'info',
    msg: `Migration info for ${MIGRATION_UID}: TimeElapsed:${o.elapsedMs}ms DataProcessed:${24576 - remaining}MiB DataRemaining:${remaining}MiB DataTotal:24576MiB MemoryProcessed:0MiB MemoryRemaining:4096MiB MemoryTotal:4096MiB MemoryBandwidth:0Mbps DirtyRate:0Mbps Iteration:0 PostcopyRequests:0 ConstantPages:0 NormalPages:0 NormalData:0MiB ExpectedDowntime:300ms DiskMbps:${o.diskMbps}`,
    pos: o.pos,
    timestamp: t,
    uid: VMI_UID,
  });
}

function objects(file: string): KubeObject[] {
  // A `kind: List` of the objects, then (after `---`) the Events, as `kubectl get … -o yaml` prints them.
  const docs = parseAllDocuments(readFileSync(fileURLToPath(new URL(file, DIR)), 'utf8')).map((d) => d.toJS() as { items?: KubeObject[] } | null);
  // The fixtures leave the nodes out; the scenarios run on three Ready ones.
  return [...docs.flatMap((d) => d?.items ?? []), ...['worker-1', 'worker-2', 'worker-3'].map((n) => node(n))];
}

function why(file: string, extra: { objects?: (o: KubeObject[]) => KubeObject[]; logs?: Record<string, string>; now?: string } = {}) {
  const objs = extra.objects ? extra.objects(objects(file)) : objects(file);
  return whyScenario(objs, { name: 'reports', namespace: 'analytics', now: extra.now ?? NOW, ...(extra.logs ? { logs: extra.logs } : {}) });
}

describe('volume migration refused up front (no VMIM)', () => {
  it('RWO volume left out (functional test "should set the restart condition since the second volume is RWO…")', async () => {
    const d = await why('refused-rwo-not-migrated.yaml');
    expect(d.ctx.kind).toBe('volume');
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'volume-update-refused', check: 'volume-migration' });
    const a = argsOf(checkOf(d, 'volume-migration'), 'refused');
    expect(a).toMatchObject({ refusal: 'rwo-not-migrated', volumes: ['vol1'], object: 'VirtualMachine', condition: 'RestartRequired' });
    expect(a.quote).toBe('cannot migrate the VM. The volume vol1 is RWO and not included in the migration volumes');
    expect(a.moves).toEqual([expect.objectContaining({ volume: 'rootdisk', sourceClaim: 'reports-disk', destinationClaim: 'reports-disk-fast' })]);
    // LiveMigratable=False DisksNotLiveMigratable does not stop a volume migration: info, not the cause.
    expect(checkOf(d, 'live-migratable').status).toBe('info');
  });

  it('shareable disk (volume-migration.go ValidateVolumes)', async () => {
    const a = argsOf(checkOf(await why('refused-invalid-volumes.yaml'), 'volume-migration'), 'refused');
    expect(a).toMatchObject({ refusal: 'invalid-volumes', classes: ['shareable'], volumes: ['shared-data'] });
  });

  it('destination DataVolume missing, v1.6+ VolumesChange=False ("should trigger the migration once the destination DV exists")', async () => {
    const d = await why('refused-destination-missing.yaml');
    expect(d.verdict.cause).toBe('volume-update-refused');
    expect(argsOf(checkOf(d, 'volume-migration'), 'refused')).toMatchObject({ refusal: 'destination-missing', object: 'VirtualMachineInstance', condition: 'VolumesChange', volumes: ['reports-disk-fast'] });
  });

  it('v1.4 (alpha gates): the backend-storage PVC of a persistent TPM blocks every volume migration', async () => {
    const d = await why('refused-backend-storage-v1.4.yaml');
    expect(d.ctx.version).toMatchObject({ major: 1, minor: 4 });
    const a = argsOf(checkOf(d, 'volume-migration'), 'refused');
    expect(a.refusal).toBe('backend-storage');
    expect(a.volumes[0]).toMatch(/^persistent-state-for-reports-/);
  });
});

describe('volume migration without a copy', () => {
  it('accepted but the KubeVirt CR allows no LiveMigrate workload update', async () => {
    const d = await why('waiting-no-live-migrate-method.yaml');
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'volume-migration-not-started' });
    expect(argsOf(checkOf(d, 'volume-migration'), 'no-live-migrate').methods).toEqual([]);
  });

  it('a trimmed KubeVirt CR without workloadUpdateStrategy is no cause: the verdict is unknown, not idle', async () => {
    const d = await why('waiting-no-live-migrate-method.yaml', {
      objects: (os) => os.map((o) => (o.kind === 'KubeVirt' ? { ...o, spec: { ...(o as KubeVirt).spec, workloadUpdateStrategy: undefined } } : o)),
    });
    expect(checkOf(d, 'volume-migration')).toMatchObject({ status: 'warn', args: { kind: 'methods-unknown' } });
    expect(checkOf(d, 'volume-migration').cause).toBeUndefined();
    expect(d.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
  });

  it('cancelled by reverting the claims ("should cancel the migration by the reverting to the source volume")', async () => {
    const d = await why('cancelled.yaml');
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'aborted', check: 'volume-migration' });
    expect(argsOf(checkOf(d, 'volume-migration'), 'cancelled').quote).toBe('Aborted change for vmi: reports');
  });

  it('VM stopped mid-copy: ManualRecoveryRequired outranks the missing VMI', async () => {
    const d = await why('manual-recovery-required.yaml');
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'volume-manual-recovery', check: 'volume-migration' });
    const a = argsOf(checkOf(d, 'volume-migration'), 'manual-recovery');
    expect(a.reason).toBe('VMI was removed or was final during the volume migration');
    expect(a.moves[0]).toMatchObject({ sourceClaim: 'reports-disk', destinationClaim: 'reports-disk-fast' });
  });
});

describe('volume migration copying or failed', () => {
  it('destination smaller, v1.6 raw libvirt text (two spaces): storage-error naming the moved volume', async () => {
    const d = await why('failed-destination-smaller-v1.6.yaml');
    expect(d.ctx.kind).toBe('volume');
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'storage-error', check: 'failure-reason' });
    const f = argsOf(checkOf(d, 'failure-reason'), 'storage-error');
    expect(f.errorKind).toBe('destination-smaller');
    expect(f.volume).toMatchObject({ name: 'rootdisk', claim: 'reports-disk-fast', migratedFrom: { claim: 'reports-disk', volumeMode: 'Block' } });
    expect(f.quote).toContain('has to be smaller or equal to the  actual size');
    expect(argsOf(checkOf(d, 'volume-migration'), 'attempt-failed').moves[0]).toMatchObject({ sourceVolumeMode: 'Block', destinationVolumeMode: 'Filesystem' });
  });

  it('the next attempt in backoff carries the previous failure quote (v1.9 wrapper)', async () => {
    // 9 s before the 20 s backoff after the first failure ends.
    const d = await why('failed-destination-smaller.yaml', { now: '2026-03-11T09:14:36Z' });
    expect(d.verdict.cause).toBe('migration-backoff');
    const a = argsOf(checkOf(d, 'volume-migration'), 'copying');
    expect(a.lastFailure?.quote).toMatch(/^Volume migration cannot be performed because the destination volume is smaller than the source volume: /);
  });

  it('destination never provisioned: the target pod is unschedulable on the destination PVC', async () => {
    const d = await why('stuck-destination-unbound.yaml');
    expect(d.verdict).toMatchObject({ cause: 'target-unschedulable-storage' });
    expect(argsOf(checkOf(d, 'volume-migration'), 'copying').moves[0]).toMatchObject({ destinationClaim: 'reports-disk-fast', destinationPhase: 'Pending' });
  });

  it('succeeded: the VM keeps the record of what moved', async () => {
    const d = await why('succeeded.yaml');
    expect(d.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
    expect(argsOf(checkOf(d, 'volume-migration'), 'succeeded').moves[0]).toMatchObject({ sourceClaim: 'reports-disk', destinationClaim: 'reports-disk-fast' });
  });
});

describe('volume migration in v1.3, the first release (Alpha gates)', () => {
  // v1.3.0's line, live-migration-source.go:685.
  const v13 = (t: string, remaining: number) => progressLine(t, remaining, { elapsedMs: 20000, diskMbps: 400, pos: 'live-migration-source.go:685' });
  const pods = (os: KubeObject[]) => [
    ...os,
    launcherPod({ name: 'virt-launcher-reports-4hx9c', namespace: 'analytics', node: 'worker-1', vmi: 'reports', vmiUid: VMI_UID, phase: 'Running', created: '2026-03-02T11:20:41Z' }),
  ];

  it('copying: the VMI lists the move with claimName and volumeMode only; the VM has no volumeUpdateState', async () => {
    const d = await why('copying-v1.3.yaml', { objects: pods, logs: { 'virt-launcher-reports-4hx9c': [v13('2026-03-11T09:14:42Z', 16384), v13('2026-03-11T09:14:47Z', 14336)].join('\n') } });
    expect(d.ctx.version).toMatchObject({ major: 1, minor: 3 });
    expect(d.ctx.kind).toBe('volume');
    const a = argsOf(checkOf(d, 'volume-migration'), 'copying');
    expect(a).toMatchObject({ migration: 'kubevirt-workload-update-t6f2q', phase: 'Running', lastFailure: null });
    expect(a.moves).toEqual([{ volume: 'rootdisk', sourceClaim: 'reports-disk', destinationClaim: 'reports-disk-fast', sourceVolumeMode: 'Filesystem', destinationVolumeMode: 'Filesystem', destinationPhase: 'Bound', destinationStorageClass: 'fast-csi' }]);
    // 20 GiB disk: 24576 - 4096 MiB total, 14336 - 4096 MiB left, 400 Mbps.
    expect(a.disk).toEqual({ time: '2026-03-11T09:14:47Z', diskTotalBytes: 20480 * 2 ** 20, diskRemainingBytes: 10240 * 2 ** 20, diskBytesPerSecond: 50e6 });
    // v1.3's default completionTimeoutPerGiB 800 × ceil(4 GiB / 10^9) = 5 GB; the entry carries no size and v1.3 adds none.
    expect(a.budget).toMatchObject({ completionTimeoutPerGiB: 800, sizeGB: 5, seconds: 4000, disks: 1, diskBytes: 0, disksCounted: false });
    expect(d.progress?.forecast).toMatchObject({ sizeGB: 5, budgetSeconds: 4000 });
    expect(checkOf(d, 'volume-migration').evidence).toContainEqual(expect.objectContaining({ kind: 'Pod', name: 'virt-launcher-reports-4hx9c', field: 'log.msg' }));
  });

  it('cancelled in v1.3: VolumesChange=False has no reason yet; the workload updater\'s event still tells', async () => {
    // v1.3.0 volume-migration.go cancelVolumeMigration writes VolumesChange=False without a reason (VolumesChangeCancellation is v1.4+).
    const noReason = (os: KubeObject[]) =>
      os.map((o) => {
        if (o.kind !== 'VirtualMachine' && o.kind !== 'VirtualMachineInstance') return o;
        const status = (o as VirtualMachineInstance).status ?? {};
        return { ...o, status: { ...status, conditions: (status.conditions ?? []).map((c) => (c.type === 'VolumesChange' ? { ...c, reason: undefined } : c)) } };
      });
    const d = await why('cancelled.yaml', { objects: noReason });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'aborted', check: 'volume-migration' });
    expect(argsOf(checkOf(d, 'volume-migration'), 'cancelled').quote).toBe('Aborted change for vmi: reports');
  });
});

describe('disk progress and the completion budget by era', () => {
  const SOURCE_POD = 'virt-launcher-reports-4hx9c';
  const withVersion = (version: string) => (os: KubeObject[]) => [
    ...os.map((o) => (o.kind === 'KubeVirt' ? { ...o, status: { ...(o as KubeVirt).status, observedKubeVirtVersion: version, operatorVersion: version } } : o)),
    launcherPod({ name: SOURCE_POD, namespace: 'analytics', node: 'worker-1', vmi: 'reports', vmiUid: '47a6b5c4-d3e2-4f10-9a8b-7c6d5e4f3a2b', phase: 'Running', created: '2026-03-02T11:20:41Z' }),
  ];
  // The v1.8+ line, live-migration-source.go:688.
  const v18 = (t: string, remaining: number) => progressLine(t, remaining, { elapsedMs: 30000, diskMbps: 800, pos: 'live-migration-source.go:688' });
  const logs = { [SOURCE_POD]: [v18('2026-03-11T09:14:50Z', 14336), v18('2026-03-11T09:14:54Z', 12288)].join('\n') };

  it('v1.8+: the disk figures of the newest progress line, and the 20 GiB disk in the budget', async () => {
    const d = await why('in-progress.yaml', { objects: withVersion('v1.8.0'), logs });
    const a = argsOf(checkOf(d, 'volume-migration'), 'copying');
    expect(a.disk).toEqual({ time: '2026-03-11T09:14:54Z', diskTotalBytes: 20480 * 2 ** 20, diskRemainingBytes: 8192 * 2 ** 20, diskBytesPerSecond: 100e6 });
    // ceil((4 GiB + 20 GiB) / 10^9) = 26 GB × 150 s.
    expect(a.budget).toMatchObject({ disks: 1, diskBytes: 20 * 2 ** 30, disksCounted: true, sizeGB: 26, seconds: 3900 });
    expect(d.progress?.forecast.budgetSeconds).toBe(3900);
  });

  it('v1.7.2: the backport of the fix (1750fd86a6) counts the disk as v1.8 does', async () => {
    const d = await why('in-progress.yaml', { objects: withVersion('v1.7.2'), logs });
    expect(argsOf(checkOf(d, 'volume-migration'), 'copying').budget).toMatchObject({ disksCounted: true, sizeGB: 26, seconds: 3900 });
  });

  it('v1.3–v1.7.1: the disks are not counted (fixed in v1.8.0, backported to v1.7.2)', async () => {
    const d = await why('in-progress.yaml', { objects: withVersion('v1.7.0'), logs });
    expect(argsOf(checkOf(d, 'volume-migration'), 'copying').budget).toMatchObject({ disksCounted: false, sizeGB: 5, seconds: 750 });
    // The forecast uses the same size: libvirt's DataTotal (24 GiB, disk included) is not what v1.7 budgets for.
    expect(d.progress?.forecast).toMatchObject({ sizeGB: 5, budgetSeconds: 750 });
  });

  it('completionBudget: an entry lacking requests or capacity counts 0; version unknown leaves the disks out', () => {
    const vmi: VirtualMachineInstance = {
      metadata: { name: 'reports' },
      spec: { domain: { memory: { guest: '2Gi' } } },
      status: {
        migrationMethod: 'BlockMigration',
        migratedVolumes: [
          { volumeName: 'a', sourcePVCInfo: { claimName: 'a', requests: { storage: '10Gi' }, capacity: { storage: '12Gi' } } },
          { volumeName: 'b', sourcePVCInfo: { claimName: 'b', requests: { storage: '10Gi' } } },
        ],
      },
    };
    expect(completionBudget(vmi, { completionTimeoutPerGiB: 100 }, { major: 1, minor: 8, patch: 0 } as never)).toMatchObject({ sizeGB: 13, migratedVolumes: { count: 2, bytes: 10 * 2 ** 30, counted: true } });
    expect(completionBudget(vmi, { completionTimeoutPerGiB: 100 })).toMatchObject({ sizeGB: 3, lowerBound: true, migratedVolumes: { counted: null } });
  });
});
