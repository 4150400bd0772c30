// Who created a migration, and so whether cancelling it sticks (docs/kubevirt/evacuation-and-
// queue.md §4; the markers are ORIGIN_MARKERS in src/kubevirt/evacuation-facts.ts). Pure.
// - evacuation: VMIM annotation kubevirt.io/evacuationMigration (a drain or a taint; every version);
// - descheduler: such an evacuation whose eviction came from the descheduler, told apart only
//   v1.7+: VMIM spec.priority system-maintenance, or VMI annotation kubevirt.io/eviction-source
//   descheduler while the VMI is marked (removed after the migration);
// - workload-update: VMIM annotation kubevirt.io/workloadUpdateMigration (every version);
// - unknown: named kubevirt-evacuation-… or kubevirt-workload-update-… (KubeVirt's own
//   generateName) but without the annotation that controller writes with it;
// - user: no marker (virtctl migrate, or any other tool).
import type { VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { ANNOTATION_EVACUATION_MIGRATION, ANNOTATION_WORKLOAD_UPDATE_MIGRATION } from '../../kubevirt/constants.js';
import {
  ANNOTATION_EVICTION_SOURCE,
  EVICTION_SOURCE_DESCHEDULER,
  GENERATE_NAME_EVACUATION,
  GENERATE_NAME_WORKLOAD_UPDATE,
  type MigrationOrigin,
  type MigrationPriority,
} from '../../kubevirt/evacuation-facts.js';

const DESCHEDULER_PRIORITY: MigrationPriority = 'system-maintenance';

export function originOf(m: VirtualMachineInstanceMigration, vmi?: VirtualMachineInstance): MigrationOrigin {
  // A marker counts by its key: the workload updater's value is "", and a hand-written `key:` is null.
  const annotations = m.metadata.annotations;
  if (annotations?.[ANNOTATION_EVACUATION_MIGRATION] !== undefined) {
    const descheduler = m.spec?.priority === DESCHEDULER_PRIORITY || vmi?.metadata.annotations?.[ANNOTATION_EVICTION_SOURCE] === EVICTION_SOURCE_DESCHEDULER;
    return descheduler ? 'descheduler' : 'evacuation';
  }
  if (annotations?.[ANNOTATION_WORKLOAD_UPDATE_MIGRATION] !== undefined) return 'workload-update';
  const generated = m.metadata.generateName ?? m.metadata.name ?? '';
  if (generated.startsWith(GENERATE_NAME_EVACUATION) || generated.startsWith(GENERATE_NAME_WORKLOAD_UPDATE)) return 'unknown';
  return 'user';
}

/**
 * Evacuations (descheduler ones too) and workload updates: the controllers back them off after
 * failures and re-create them after an abort (docs/kubevirt/evacuation-and-queue.md §6). KubeVirt
 * keys both on the annotation, so an `unknown` origin (no annotation) is not among them.
 */
export type AutomaticOrigin = Exclude<MigrationOrigin, 'user' | 'unknown'>;

export function isAutomatic(origin: MigrationOrigin): origin is AutomaticOrigin {
  return origin !== 'user' && origin !== 'unknown';
}
