// The checks of `why`, in the order an operator walks them (issue #3). Order matters: the first
// failing check that names a cause decides the verdict (diagnose.ts). The queue's checks follow
// the migration controller's own order, the same in v0.59–v1.9
// (pkg/virt-controller/watch/migration/migration.go sync → handleTargetPodCreation): another
// migration of the VMI, then the backoff, then more than one active pod, then the cluster and
// per-node slots, then the pod's creation (quota, admission).
import type { WhyCheck } from './check.js';
import { vmiRunning } from './checks/vmi-running.js';
import { liveMigratable } from './checks/live-migratable.js';
import { migrationPhase } from './checks/migration-phase.js';
import { migrationConflict } from './checks/migration-conflict.js';
import { migrationSlots } from './checks/migration-slots.js';
import { resourceQuota } from './checks/resource-quota.js';
import { admission } from './checks/admission.js';
import { activePods } from './checks/active-pods.js';
import { migrationBackoff } from './checks/migration-backoff.js';
import { peerMigration } from './checks/peer-migration.js';
import { syncChannel } from './checks/sync-channel.js';
import { peerHalf } from './checks/peer-half.js';
import { targetPodScheduling } from './checks/target-pod-scheduling.js';
import { storageVisibility } from './checks/storage-visibility.js';
import { targetPodReadiness } from './checks/target-pod-readiness.js';
import { handoff } from './checks/handoff.js';
import { transfer } from './checks/transfer.js';
import { failureReason } from './checks/failure-reason.js';
import { migrationPolicy } from './checks/migration-policy.js';
import { volumeMigration } from './checks/volume-migration.js';

// volume-migration comes first: a volume update KubeVirt refused or that left the VM needing
// manual recovery explains why there is no VMI or no VMIM before any live-migration check does.
export const WHY_CHECKS: readonly WhyCheck[] = [
  volumeMigration,
  vmiRunning,
  liveMigratable,
  migrationPhase,
  migrationConflict,
  migrationBackoff,
  activePods,
  migrationSlots,
  resourceQuota,
  admission,
  peerMigration,
  syncChannel,
  peerHalf,
  targetPodScheduling,
  storageVisibility,
  targetPodReadiness,
  handoff,
  transfer,
  failureReason,
  migrationPolicy,
];
