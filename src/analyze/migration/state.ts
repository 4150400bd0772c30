// Which migrationState is this migration's: the one rule every command reads it by. Pure.
//
// KubeVirt keeps two (pkg/virt-controller/watch/migration/migration.go):
// - the VMI's `status.migrationState`, of the VMI's newest handed-off migration: its
//   `migrationUid` names that VMIM, and virt-handler updates it live;
// - the VMIM's own `status.migrationState`: a `{sourcePod}` stub while Pending (v1.3+,
//   SetSourcePod, no migrationUid), replaced by a copy of the VMI's once the VMIM is final
//   (`updateStatus`: every version copies it; up to v1.5 whatever the VMI holds, even another
//   migration's, from v1.6 only when its migrationUid names this VMIM).
// So: the VMI's while it names the migration, else the VMIM's own unless it names another one.
import type { MigrationState, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';

/** The VMI's migrationState when its migrationUid names `m`: the live one. */
export function liveStateOf(m: VirtualMachineInstanceMigration | undefined, vmi: VirtualMachineInstance | undefined): MigrationState | undefined {
  const state = vmi?.status?.migrationState;
  if (!state || !m?.metadata.uid) return undefined;
  return state.migrationUid === m.metadata.uid ? state : undefined;
}

/** The VMIM's own migrationState, unless it names another migration (an old copy of a later one). */
export function recordedStateOf(m: VirtualMachineInstanceMigration | undefined): MigrationState | undefined {
  const copy = m?.status?.migrationState;
  return copy && (!copy.migrationUid || copy.migrationUid === m.metadata.uid) ? copy : undefined;
}

/** This migration's migrationState: the live one, else the VMIM's own. */
export function stateOf(m: VirtualMachineInstanceMigration | undefined, vmi: VirtualMachineInstance | undefined): MigrationState | undefined {
  return liveStateOf(m, vmi) ?? recordedStateOf(m);
}
