// The kind of a migration (`target.migration.kind`, `list` row `kind`): a plain live migration, a
// volume migration (a volume update with updateVolumesStrategy: Migration, KubeVirt v1.3+), or one
// half of a decentralized (cross-cluster, v1.6+) migration. The rules and their order are those of
// docs/kubevirt/migration-kinds.md §1: sendTo/receive first (a decentralized VMI also lists every
// volume in migratedVolumes), then the volume-migration marks, else live.
import type { Condition, MigratedVolume, VirtualMachine, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { COND_VOLUMES_CHANGE, LABEL_VOLUME_UPDATE_MIGRATION, UPDATE_VOLUMES_MIGRATION, type MigrationKind } from '../../kubevirt/migration-kinds.js';
import { conditionsOf, listOf, objectOf } from '../shape.js';
import { labelValue } from '../../kube/labels.js';
import { isFinal } from './phase.js';

export type { MigrationKind };

/**
 * The half of a decentralized migration this VMIM is: exactly one of spec.sendTo / spec.receive
 * (types.go IsDecentralizedSource/Target, v1.6+). A VMIM with both runs as a local migration.
 */
export function decentralizedRole(m: VirtualMachineInstanceMigration | undefined): 'decentralized-source' | 'decentralized-target' | undefined {
  const sendTo = objectOf(m?.spec?.sendTo) !== undefined;
  const receive = objectOf(m?.spec?.receive) !== undefined;
  if (sendTo && !receive) return 'decentralized-source';
  if (receive && !sendTo) return 'decentralized-target';
  return undefined;
}

/**
 * The kind of migration `m` is, or (without a VMIM) of the migration the VM is waiting for. Any
 * VMIM of a VMI with migratedVolumes copies them (the source launcher reads the VMI's list), so an
 * unfinished VMIM counts as a volume migration then, as does the VMI's latest one whose failure
 * left the list in place; a finished one is judged by the workload updater's label alone.
 */
export function migrationKind(m: VirtualMachineInstanceMigration | undefined, vmi?: VirtualMachineInstance, vm?: VirtualMachine): MigrationKind {
  const role = decentralizedRole(m);
  if (role) return role;
  if (!m) return volumeUpdateRequested(vm, vmi) ? 'volume' : 'live';
  if (labelValue(m.metadata.labels, LABEL_VOLUME_UPDATE_MIGRATION) !== undefined) return 'volume';
  if (migratedVolumes(vmi).length === 0) return 'live';
  const latest = Boolean(m.metadata.uid) && vmi?.status?.migrationState?.migrationUid === m.metadata.uid;
  return !isFinal(m.status?.phase) || latest ? 'volume' : 'live';
}

/** VMI status.migratedVolumes, entries that are objects. */
export function migratedVolumes(vmi: VirtualMachineInstance | undefined): MigratedVolume[] {
  return listOf(vmi?.status?.migratedVolumes).filter((v) => objectOf(v) !== undefined);
}

/** VM status.volumeUpdateState.volumeMigrationState.migratedVolumes (v1.4+), entries that are objects. */
export function vmMigratedVolumes(vm: VirtualMachine | undefined): MigratedVolume[] {
  return listOf(objectOf(objectOf(vm?.status?.volumeUpdateState)?.volumeMigrationState)?.migratedVolumes).filter((v) => objectOf(v) !== undefined);
}

/** The VolumesChange condition of the VMI, else the VM's copy of it. */
export function volumesChangeCondition(vmi: VirtualMachineInstance | undefined, vm: VirtualMachine | undefined): Condition | undefined {
  const find = (cs: Condition[] | undefined) => conditionsOf(cs).find((c) => c.type === COND_VOLUMES_CHANGE);
  return find(vmi?.status?.conditions) ?? find(vm?.status?.conditions);
}

/**
 * A volume update with the Migration strategy that has begun (the VMI lists the volumes, the VM
 * keeps their record, a VolumesChange condition) or that the user asked for (a claim of the VM
 * template differs from the running VMI's).
 */
export function volumeUpdateRequested(vm: VirtualMachine | undefined, vmi: VirtualMachineInstance | undefined): boolean {
  if (vm?.spec?.updateVolumesStrategy !== UPDATE_VOLUMES_MIGRATION) return false;
  if (migratedVolumes(vmi).length > 0 || vmMigratedVolumes(vm).length > 0) return true;
  if (volumesChangeCondition(vmi, vm)) return true;
  return changedClaims(vm, vmi).length > 0;
}

/** Volumes whose claim (PVC claimName or DataVolume name) differs between the VM template and the VMI. */
export function changedClaims(vm: VirtualMachine | undefined, vmi: VirtualMachineInstance | undefined): { volumeName: string; vmiClaim: string; vmClaim: string }[] {
  if (!vm || !vmi) return [];
  const running = new Map(listOf(vmi.spec?.volumes).map((v) => [v.name, claimOf(v)]));
  const out: { volumeName: string; vmiClaim: string; vmClaim: string }[] = [];
  for (const v of listOf(vm.spec?.template?.spec?.volumes)) {
    const vmClaim = claimOf(v);
    const vmiClaim = running.get(v.name);
    if (vmClaim && vmiClaim && vmClaim !== vmiClaim) out.push({ volumeName: v.name, vmiClaim, vmClaim });
  }
  return out;
}

function claimOf(v: { persistentVolumeClaim?: { claimName?: string }; dataVolume?: { name?: string } }): string | undefined {
  return objectOf(v.persistentVolumeClaim)?.claimName ?? objectOf(v.dataVolume)?.name;
}
