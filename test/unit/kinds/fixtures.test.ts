// Keeps test/fixtures/objects/kinds honest: every fixture is read by the product's snapshot reader and
// carries the fields docs/kubevirt/migration-kinds.md says identify its kind, so a fixture cannot rot
// into a shape KubeVirt never writes without this failing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSnapshotSource, type SnapshotSource } from '../../../src/collect/snapshot/index.js';
import type { KubeObject, VirtualMachine, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../../src/kube/types.js';
import { FINALIZER_MIGRATION } from '../../../src/kubevirt/constants.js';
import {
  ANNOTATION_CREATE_MIGRATION_TARGET,
  ANNOTATION_RESTORE_RUN_STRATEGY,
  ANNOTATION_WORKLOAD_UPDATE_MIGRATION,
  COND_VOLUMES_CHANGE,
  DECENTRALIZED_SOURCE_PHASES,
  DECENTRALIZED_TARGET_PHASES,
  FINALIZER_SYNCHRONIZATION,
  LABEL_VOLUME_UPDATE_MIGRATION,
  MIGRATION_KINDS,
  PHASE_WAITING_FOR_SYNC,
  RUN_STRATEGY_WAIT_AS_RECEIVER,
  UPDATE_VOLUMES_MIGRATION,
  VMI_PHASE_WAITING_FOR_SYNC,
  VOLUME_MIGRATION_GENERATE_NAME,
  type MigrationKind,
} from '../../../src/kubevirt/migration-kinds.js';

const KINDS_DIR = fileURLToPath(new URL('../../fixtures/objects/kinds/', import.meta.url));

// The kind-specific fields are not in src/kube/types.ts; read them through these views.
interface SideState {
  migrationUID?: string;
  syncAddress?: string;
  pod?: string;
  node?: string;
}
interface PvcInfo {
  claimName?: string;
}
interface MigratedVolume {
  volumeName?: string;
  sourcePVCInfo?: PvcInfo;
  destinationPVCInfo?: PvcInfo;
}
type Vmim = VirtualMachineInstanceMigration & {
  spec?: { sendTo?: { migrationID?: string; connectURL?: string }; receive?: { migrationID?: string } };
  status?: { synchronizationAddresses?: string[] };
};
type Vmi = VirtualMachineInstance & {
  status?: { migrationState?: { sourceState?: SideState; targetState?: SideState }; migratedVolumes?: MigratedVolume[] };
};
type Vm = VirtualMachine & {
  spec?: { updateVolumesStrategy?: string };
  status?: { volumeUpdateState?: { volumeMigrationState?: { migratedVolumes?: MigratedVolume[] } } };
};

function claimOf(v: { persistentVolumeClaim?: { claimName?: string }; dataVolume?: { name?: string } }): string | undefined {
  return v.persistentVolumeClaim?.claimName ?? v.dataVolume?.name;
}

const fixtures = readdirSync(KINDS_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(KINDS_DIR, d.name))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ kind: d.name, stage: f.replace(/\.yaml$/, ''), path: join(KINDS_DIR, d.name, f) })),
  );

async function load(path: string): Promise<{ s: SnapshotSource; vms: Vm[]; vmis: Vmi[]; vmims: Vmim[] }> {
  const s = await openSnapshotSource(path);
  return { s, vms: await s.list<Vm>('vm'), vmis: await s.list<Vmi>('vmi'), vmims: await s.list<Vmim>('vmim') };
}

function sameObject(a: KubeObject, b: { metadata: { namespace?: string } }, name: string | undefined): boolean {
  return a.metadata.name === name && a.metadata.namespace === b.metadata.namespace;
}

describe('kind fixtures', () => {
  it('cover every non-live kind with several stages', () => {
    const dirs = new Set(fixtures.map((f) => f.kind));
    expect([...dirs].sort()).toEqual(MIGRATION_KINDS.filter((k) => k !== 'live').sort());
    for (const kind of dirs) expect(fixtures.filter((f) => f.kind === kind).length).toBeGreaterThanOrEqual(5);
  });

  describe.each(fixtures)('$kind/$stage', ({ kind, path }) => {
    it('starts with a header naming the KubeVirt release it follows and what was trimmed', () => {
      const lines = readFileSync(path, 'utf8').split('\n');
      const header = lines.slice(0, lines.findIndex((l) => !l.startsWith('#')));
      expect(header[0]).toMatch(/^# Follows: KubeVirt v1\.\d+\.0 /);
      expect(header.some((l) => l.startsWith('# Stage: '))).toBe(true);
      expect(header.some((l) => l.startsWith('# Trimmed: '))).toBe(true);
    });

    it('is read by the snapshot reader with no unknown kinds', async () => {
      const { s, vms } = await load(path);
      expect(s.stats().ignoredKinds).toEqual({});
      expect(vms.length).toBeGreaterThan(0);
    });

    it('carries the fields that identify its kind', async () => {
      const { vms, vmis, vmims } = await load(path);
      const k = kind as MigrationKind;
      if (k === 'decentralized-source' || k === 'decentralized-target') checkDecentralized(k, vms, vmis, vmims);
      else if (k === 'volume') checkVolume(vms, vmis, vmims);
      else throw new Error(`no checks for kind ${kind}`);
    });
  });
});

function checkDecentralized(kind: 'decentralized-source' | 'decentralized-target', vms: Vm[], vmis: Vmi[], vmims: Vmim[]): void {
  const source = kind === 'decentralized-source';
  expect(vmims).toHaveLength(1);
  const m = vmims[0] as Vmim;
  // Exactly one of sendTo/receive makes a VMIM decentralized (types.go IsDecentralized).
  if (source) {
    expect(m.spec?.sendTo?.migrationID).toEqual(expect.any(String));
    expect(m.spec?.sendTo?.connectURL).toMatch(/^[^:]+:\d+$/);
    expect(m.spec?.receive).toBeUndefined();
  } else {
    expect(m.spec?.receive?.migrationID).toEqual(expect.any(String));
    expect(m.spec?.sendTo).toBeUndefined();
  }
  const phase = m.status?.phase ?? '';
  expect([...(source ? DECENTRALIZED_SOURCE_PHASES : DECENTRALIZED_TARGET_PHASES), 'Failed']).toContain(phase);
  expect(m.metadata.finalizers).toContain(FINALIZER_MIGRATION);
  const final = phase === 'Succeeded' || phase === 'Failed';
  // The synchronization controller's finalizer is there exactly while the VMIM is not final (v1.7+).
  expect(m.metadata.finalizers?.includes(FINALIZER_SYNCHRONIZATION)).toBe(!final);
  expect(m.status?.synchronizationAddresses?.length ?? 0).toBeGreaterThan(0);

  const vmi = vmis.find((v) => sameObject(v, m, m.spec?.vmiName));
  expect(vmi, 'the VMIM names a VMI in the same namespace').toBeDefined();
  const ms = vmi?.status?.migrationState;
  // Each half keeps its own VMIM UID on its side's state; the syncAddress marks the peer.
  if (source) {
    expect(ms?.sourceState?.migrationUID).toBe(m.metadata.uid);
    expect(ms?.targetState?.syncAddress).toEqual(expect.any(String));
    expect(ms?.sourceState?.syncAddress).toBeUndefined();
  } else {
    expect(ms?.targetState?.migrationUID).toBe(m.metadata.uid);
    expect(ms?.targetState?.syncAddress).toBeUndefined();
    const vm = vms.find((v) => sameObject(v, m, m.spec?.vmiName));
    expect(vm?.metadata.annotations?.[ANNOTATION_RESTORE_RUN_STRATEGY]).toEqual(expect.any(String));
    const receiving = vmi?.status?.phase !== 'Running';
    // The receiver annotation is removed only after a successful migration.
    expect(vmi?.metadata.annotations?.[ANNOTATION_CREATE_MIGRATION_TARGET]).toBe(receiving ? 'true' : undefined);
    if (receiving) expect(vm?.spec?.runStrategy).toBe(RUN_STRATEGY_WAIT_AS_RECEIVER);
    if (phase === PHASE_WAITING_FOR_SYNC) expect(vmi?.status?.phase).toBe(VMI_PHASE_WAITING_FOR_SYNC);
  }
}

function checkVolume(vms: Vm[], vmis: Vmi[], vmims: Vmim[]): void {
  expect(vms).toHaveLength(1);
  const vm = vms[0] as Vm;
  expect(vm.spec?.updateVolumesStrategy).toBe(UPDATE_VOLUMES_MIGRATION);
  const vmi = vmis.find((v) => sameObject(v, vm, vm.metadata.name));
  const migrated = vmi?.status?.migratedVolumes ?? [];
  const templateClaims = new Map((vm.spec?.template?.spec?.volumes ?? []).map((v) => [v.name, claimOf(v)]));
  const vmiClaims = new Map((vmi?.spec?.volumes ?? []).map((v) => [v.name, claimOf(v)]));
  const pendingUpdate = [...vmiClaims].some(([name, claim]) => claim && templateClaims.has(name) && templateClaims.get(name) !== claim);
  const volumesChange = [...(vmi?.status?.conditions ?? []), ...(vm.status?.conditions ?? [])].some((c) => c.type === COND_VOLUMES_CHANGE);
  const indicators = [
    vmims.length > 0,
    migrated.length > 0,
    (vm.status?.volumeUpdateState?.volumeMigrationState?.migratedVolumes?.length ?? 0) > 0,
    pendingUpdate,
    volumesChange,
  ];
  expect(indicators.some(Boolean), 'at least one field the doc names for a volume migration').toBe(true);

  // The VMI spec is patched to the destination before the copy: every migrated volume points there.
  for (const mv of migrated) {
    expect(mv.sourcePVCInfo?.claimName).toEqual(expect.any(String));
    expect(mv.destinationPVCInfo?.claimName).not.toBe(mv.sourcePVCInfo?.claimName);
    expect(vmiClaims.get(mv.volumeName ?? '')).toBe(mv.destinationPVCInfo?.claimName);
  }
  // Only the workload updater creates these VMIMs.
  for (const m of vmims) {
    expect(m.metadata.labels?.[LABEL_VOLUME_UPDATE_MIGRATION]).toBe(m.spec?.vmiName);
    expect(m.metadata.annotations?.[ANNOTATION_WORKLOAD_UPDATE_MIGRATION]).toBe('');
    expect(m.metadata.generateName).toBe(VOLUME_MIGRATION_GENERATE_NAME);
    expect(m.spec?.sendTo ?? m.spec?.receive).toBeUndefined();
  }
}
