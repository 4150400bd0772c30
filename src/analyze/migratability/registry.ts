// Every migratability rule, in evaluation order: the documented table order (docs/check-migratable.md; a rule added
// since comes after the one it refines), which puts
// the two summary rules (eviction-drain-blocker, kubevirt-condition) last because they read the
// findings of all the others.
import type { MigratabilityRule, RuleId } from './rule.js';
import { volumeNotShared } from './rules/volume-not-shared.js';
import { volumeNodeLocal } from './rules/volume-node-local.js';
import { volumeHostdisk } from './rules/volume-hostdisk.js';
import { volumeContainerdisk } from './rules/volume-containerdisk.js';
import { volumeCdrom } from './rules/volume-cdrom.js';
import { volumeBlockMigration } from './rules/volume-block-migration.js';
import { volumeSingleReplica } from './rules/volume-single-replica.js';
import { volumeRwxFilesystemShare } from './rules/volume-rwx-filesystem-share.js';
import { hostDevice } from './rules/host-device.js';
import { interfaceNotMigratable } from './rules/interface-not-migratable.js';
import { interfaceSriov } from './rules/interface-sriov.js';
import { nodePinned } from './rules/node-pinned.js';
import { affinityRestrictive } from './rules/affinity-restrictive.js';
import { cpuHostPassthrough } from './rules/cpu-host-passthrough.js';
import { cpuHostModelUnique } from './rules/cpu-host-model-unique.js';
import { cpuDedicatedSingleNode } from './rules/cpu-dedicated-single-node.js';
import { cpuDedicatedEmulatorThread } from './rules/cpu-dedicated-emulator-thread.js';
import { confidentialComputing } from './rules/confidential-computing.js';
import { hypervPassthrough } from './rules/hyperv-passthrough.js';
import { tscFrequency } from './rules/tsc-frequency.js';
import { virtiofs } from './rules/virtiofs.js';
import { persistentReservation } from './rules/persistent-reservation.js';
import { evictionDrainBlocker } from './rules/eviction-drain-blocker.js';
import { kubevirtCondition } from './rules/kubevirt-condition.js';
import { volumeUpdateGateDisabled } from './rules/volume-update-gate-disabled.js';
import { volumeUpdateVolumeRefused } from './rules/volume-update-volume-refused.js';
import { volumeUpdateDestinationMissing } from './rules/volume-update-destination-missing.js';
import { volumeUpdateRolloutNotLive } from './rules/volume-update-rollout-not-live.js';
import { volumeUpdateRwoLeftOut } from './rules/volume-update-rwo-left-out.js';
import { peerGateDisabled } from './rules/peer-gate-disabled.js';
import { peerVersionUnsupported } from './rules/peer-version-unsupported.js';
import { peerVersionSkew } from './rules/peer-version-skew.js';
import { peerNamespaceMissing } from './rules/peer-namespace-missing.js';
import { peerNetworkMissing } from './rules/peer-network-missing.js';
import { peerStorageClassMissing } from './rules/peer-storage-class-missing.js';
import { peerVolumeCannotMove } from './rules/peer-volume-cannot-move.js';
import { peerSyncAddressMissing } from './rules/peer-sync-address-missing.js';

export const RULES: readonly MigratabilityRule[] = [
  volumeNotShared,
  volumeNodeLocal,
  volumeHostdisk,
  volumeContainerdisk,
  volumeCdrom,
  volumeBlockMigration,
  volumeSingleReplica,
  volumeRwxFilesystemShare,
  hostDevice,
  interfaceNotMigratable,
  interfaceSriov,
  nodePinned,
  affinityRestrictive,
  cpuHostPassthrough,
  cpuHostModelUnique,
  cpuDedicatedSingleNode,
  cpuDedicatedEmulatorThread,
  confidentialComputing,
  hypervPassthrough,
  tscFrequency,
  virtiofs,
  persistentReservation,
  volumeUpdateGateDisabled,
  volumeUpdateVolumeRefused,
  volumeUpdateDestinationMissing,
  volumeUpdateRolloutNotLive,
  volumeUpdateRwoLeftOut,
  // Cross-cluster pre-flight (--peer-context): silent without a peer.
  peerGateDisabled,
  peerVersionUnsupported,
  peerVersionSkew,
  peerNamespaceMissing,
  peerNetworkMissing,
  peerStorageClassMissing,
  peerVolumeCannotMove,
  peerSyncAddressMissing,
  // Summary rules: they read `prior`, so they stay last.
  evictionDrainBlocker,
  kubevirtCondition,
];

export function ruleById(id: RuleId): MigratabilityRule {
  const rule = RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown migratability rule ${id}`);
  return rule;
}
