// KubeVirt strings for the kinds of migration besides plain live migration: decentralized
// (cross-cluster, two VMIMs paired by migrationID, KubeVirt v1.6+) and volume migration
// (updateVolumesStrategy: Migration, v1.3+). Facts, version ranges and the stages they decide are
// in docs/kubevirt/migration-kinds.md. Every comment names the first KubeVirt release that has the
// string and the kubevirt/kubevirt source file. Strings shared with plain live migration (phases,
// the VMIM finalizer, failure texts such as the destination-smaller one) stay in ./phases.ts and
// ./constants.ts and are re-used here, never retyped.
import {
  ANNOTATION_WORKLOAD_UPDATE_MIGRATION,
  FAILURE_DEST_VOLUME_SMALLER,
  FAILURE_DEST_VOLUME_SMALLER_OLD,
  LABEL_VMI_NAME,
} from './constants.js';
import type { MigrationPhase } from './phases.js';

/** `target.migration.kind` / `list` row `kind`. */
export const MIGRATION_KINDS = ['live', 'volume', 'decentralized-source', 'decentralized-target'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

/** First KubeVirt minor of each behaviour a diagnosis depends on (compare with version.ts atLeast()). */
export const SINCE = {
  /** VMIM spec.sendTo/receive, phases WaitingForSync/Synchronizing, virt-synchronization-controller. */
  decentralized: { major: 1, minor: 6 },
  /** CancelMigration RPC; deleting either VMIM cancels both halves. */
  decentralizedCancel: { major: 1, minor: 7 },
  /** VMI condition DecentralizedLiveMigrationFailure, VMIM condition decentralizedMigrationBlocked. */
  decentralizedFailureCondition: { major: 1, minor: 8 },
  /** VM spec.updateVolumesStrategy, VMI status.migratedVolumes, VolumesChange. */
  volumeMigration: { major: 1, minor: 3 },
  /** Gates VolumesUpdateStrategy/VolumeMigration GA (no opt-in) — pkg/virt-config/featuregate/inactive.go. */
  volumeMigrationGA: { major: 1, minor: 5 },
  /** VM status.volumeUpdateState, condition ManualRecoveryRequired, reason VolumesChangeCancellation. */
  volumeUpdateState: { major: 1, minor: 4 },
  /** vmRolloutStrategy unset counts as LiveUpdate — pkg/virt-config/virt-config.go IsVMRolloutStrategyLiveUpdate. */
  liveUpdateByDefault: { major: 1, minor: 6 },
  /** LiveUpdate no longer needs the VMLiveUpdateFeatures gate — pkg/virt-config/virt-config.go IsVMRolloutStrategyLiveUpdate. */
  liveUpdateWithoutGate: { major: 1, minor: 5 },
  /** The RWO check of a volume update skips the backend-storage PVC — volume-migration.go ValidateVolumesUpdateMigration. */
  rwoCheckSkipsBackendStorage: { major: 1, minor: 5 },
  /**
   * Completion budget really adds the migrated volumes' sizes: v1.7.2 (backport 1750fd86a6,
   * pkg/storage/types/pvc.go) and so every later release (v1.8.0: commit 9ce4df5a17, pkg/storage/types/volume.go).
   */
  budgetCountsMigratedVolumes: { major: 1, minor: 7, patch: 2 },
} as const;

// ---------------------------------------------------------------------------------------------
// Feature gates (KubeVirt CR spec.configuration.developerConfiguration.featureGates)

/** Alpha v1.6–v1.9, Beta after v1.9 — pkg/virt-config/featuregate/active.go. */
export const GATE_DECENTRALIZED_LIVE_MIGRATION = 'DecentralizedLiveMigration';
/** Alpha v1.3–v1.4 (must be listed), GA v1.5 — pkg/virt-config/feature-gates.go, featuregate/inactive.go. */
export const GATE_VOLUMES_UPDATE_STRATEGY = 'VolumesUpdateStrategy';
/** Alpha v1.3–v1.4, GA v1.5; needs GATE_VOLUMES_UPDATE_STRATEGY — same files. */
export const GATE_VOLUME_MIGRATION = 'VolumeMigration';
/** v1.3–v1.4 IsVMRolloutStrategyLiveUpdate() also needs this gate — pkg/virt-config/virt-config.go. */
export const GATE_VM_LIVE_UPDATE_FEATURES = 'VMLiveUpdateFeatures';

// ---------------------------------------------------------------------------------------------
// Decentralized (cross-cluster) migration — v1.6+

/** JSON paths, dot-separated (v1.6+, staging/src/kubevirt.io/api/core/v1/types.go). */
export const PATH_VMIM_SEND_TO = 'spec.sendTo';
export const PATH_VMIM_SEND_TO_MIGRATION_ID = 'spec.sendTo.migrationID';
/** The target cluster's sync address, usually its KubeVirt CR status.synchronizationAddresses[0]. */
export const PATH_VMIM_SEND_TO_CONNECT_URL = 'spec.sendTo.connectURL';
export const PATH_VMIM_RECEIVE = 'spec.receive';
export const PATH_VMIM_RECEIVE_MIGRATION_ID = 'spec.receive.migrationID';
/** Copied from this cluster's KubeVirt CR on every reconcile — pkg/virt-controller/watch/migration/migration.go setSynchronizationAddressStatus. */
export const PATH_VMIM_SYNCHRONIZATION_ADDRESSES = 'status.synchronizationAddresses';
export const PATH_VMI_SOURCE_STATE = 'status.migrationState.sourceState';
export const PATH_VMI_TARGET_STATE = 'status.migrationState.targetState';
/** KubeVirt CR: `host:port` of the leading virt-synchronization-controller pod — pkg/virt-operator/resource/apply/core.go updateSynchronizationAddress. */
export const PATH_KUBEVIRT_SYNCHRONIZATION_ADDRESSES = 'status.synchronizationAddresses';
/** KubeVirt CR: a string, default "9185" — types.go KubeVirtSpec.SynchronizationPort. */
export const PATH_KUBEVIRT_SYNCHRONIZATION_PORT = 'spec.synchronizationPort';

/**
 * Keys of migrationState.sourceState / targetState (VirtualMachineInstanceCommonMigrationState,
 * v1.6+, types.go). Note `migrationUID` here but `migrationUid` on migrationState itself.
 */
export const MIGRATION_STATE_COMMON_KEYS = [
  'node',
  'pod',
  'migrationUID',
  'domainName',
  'domainNamespace',
  'syncAddress',
  'persistentStatePVCName',
  'selinuxContext',
  'virtualMachineInstanceUID',
] as const;
/** sourceState only: the source node's host-model-cpu.*, host-model-required-features.* and cpu-vendor.* labels. */
export const SOURCE_STATE_NODE_SELECTORS = 'nodeSelectors';
/** targetState only. */
export const TARGET_STATE_KEYS = ['domainReadyTimestamp', 'domainDetected', 'nodeAddress', 'directMigrationNodePorts', 'attachmentPodUID', 'cpuSet', 'nodeTopology'] as const;

/** VMIM phases only these kinds use (rows of phases.ts MIGRATION_PHASE_TABLE) — v1.6+, types.go. */
export const PHASE_WAITING_FOR_SYNC = 'WaitingForSync' satisfies MigrationPhase;
export const PHASE_SYNCHRONIZING = 'Synchronizing' satisfies MigrationPhase;

/**
 * Phase order of each half (pkg/virt-controller/watch/migration/migration.go processMigrationPhase,
 * v1.6+). Source: "" → Synchronizing until the target's state arrived (both migrationUIDs set),
 * then Pending → Scheduling (VMI running) → Scheduled once targetState.pod is known → PreparingTarget
 * (targetState.pod and node) → TargetReady (targetState.nodeAddress) → Running (startTimestamp).
 * Target: "" → WaitingForSync until the source's state arrived (sourceState migrationUID, pod, node,
 * nodeSelectors), then the plain live-migration phases with a local target pod.
 */
export const DECENTRALIZED_SOURCE_PHASES: readonly MigrationPhase[] = [
  '',
  'Synchronizing',
  'Pending',
  'Scheduling',
  'Scheduled',
  'PreparingTarget',
  'TargetReady',
  'Running',
  'Succeeded',
];
export const DECENTRALIZED_TARGET_PHASES: readonly MigrationPhase[] = [
  '',
  'WaitingForSync',
  'Pending',
  'Scheduling',
  'Scheduled',
  'PreparingTarget',
  'TargetReady',
  'Running',
  'Succeeded',
];

/** VMI phase of the receiver VMI before its pod exists, and again after a failed attempt — v1.6+, types.go. */
export const VMI_PHASE_WAITING_FOR_SYNC = 'WaitingForSync';
/** VM spec.runStrategy of the receiving VM — v1.6+, types.go RunStrategyWaitAsReceiver. */
export const RUN_STRATEGY_WAIT_AS_RECEIVER = 'WaitAsReceiver';
/** VM status.printableStatus while the receiver VMI waits — v1.6+, types.go. */
export const VM_STATUS_WAITING_FOR_RECEIVER = 'WaitingForReceiver';
/** Receiver VMI annotation `"true"`, set by the VM controller, removed after a successful migration — v1.6+, types.go CreateMigrationTarget. */
export const ANNOTATION_CREATE_MIGRATION_TARGET = 'kubevirt.io/create-migration-target';
/** Receiver VM annotation: the runStrategy restored after success — v1.6+, types.go RestoreRunStrategy. */
export const ANNOTATION_RESTORE_RUN_STRATEGY = 'kubevirt.io/restore-run-strategy';
/** On both decentralized VMIMs while not final, added/removed by the synchronization controller — v1.7+, pkg/synchronization-controller/synchronization-controller.go. */
export const FINALIZER_SYNCHRONIZATION = 'synchronization.kubevirt.io/migrationFinalizer';

/** VMI condition type — v1.8+, types.go. Set by the synchronization controller; status True. */
export const VMI_COND_DECENTRALIZED_FAILURE = 'DecentralizedLiveMigrationFailure';
/** Its only reason — v1.8+, types.go VirtualMachineInstanceReasonDecentralizedNotMigratable. */
export const REASON_DECENTRALIZED_NOT_MIGRATABLE = 'DecentralizedNotLiveMigratable';
/** VMIM condition type (lowerCamel); reason and message copied from the VMI condition — v1.8+, types.go, migration.go updateDecentralizedMigrationCondition. */
export const VMIM_COND_DECENTRALIZED_BLOCKED = 'decentralizedMigrationBlocked';

// Condition messages (synchronization-controller.go). The first one is the normal waiting state of a
// target half in WaitingForSync, not a failure.
/** v1.8+: target VMIM in WaitingForSync and nothing failed. */
export const MSG_WAITING_FOR_INCOMING_SYNC = 'waiting for incoming synchronization, unable to proceed';
/** v1.8+: the TLS peer's name did not match (errors.As x509.HostnameError). */
export const MSG_X509_HOSTNAME_ERROR = 'x509 hostname error';
/** v1.6+, answered by the receiving cluster: no VMIM with spec.receive.migrationID == %s there. */
export const MSG_SOURCE_UNABLE_TO_LOCATE = 'source: unable to locate VMI for migrationID %s';
export const MSG_SOURCE_UNABLE_TO_LOCATE_VMI = 'source: unable to locate VMI for migrationID %s, vmi: %s';
/** v1.6+, answered by the sending cluster: no VMIM with spec.sendTo.migrationID == %s there. */
export const MSG_TARGET_UNABLE_TO_LOCATE = 'target: unable to locate VMI for migrationID %s';
export const MSG_TARGET_UNABLE_TO_LOCATE_VMI = 'target: unable to locate VMI for migrationID %s, vmi: %s';
export const MSG_NO_SOURCE_STATUS = 'must pass source status';
export const MSG_NO_TARGET_STATUS = 'must pass target status';
export const MSG_UNMARSHAL_VMI_STATUS = 'unable to unmarshal vmistatus for migrationID %s';
export const MSG_UNABLE_TO_SYNCHRONIZE = 'unable to synchronize VMI for migrationID %s';
/**
 * Errors of the other side arrive through gRPC, so the condition message reads
 * `rpc error: code = <Code> desc = <text>` (grpc-go status format; Unknown for the texts above,
 * Unavailable / DeadlineExceeded for an unreachable peer; the call times out after 30 s).
 */
export const GRPC_ERROR_PREFIX = 'rpc error: code = ';
export const SYNC_CALL_TIMEOUT_SECONDS = 30;

/** v1.6+ webhooks, pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go. */
export const MSG_DECENTRALIZED_GATE_DISABLED = '%s feature gate is not enabled in kubevirt resource';
export const MSG_MIGRATION_ID_MISMATCH = 'sendTo migrationID %s does not match receive migrationID %s';
/** v1.6+, admitters/vms-admitter.go: VM with runStrategy WaitAsReceiver while the gate is off. */
export const MSG_WAIT_AS_RECEIVER_GATE_DISABLED = 'Invalid RunStrategy (%s), %s feature gate is not enabled in kubevirt resource';

// Events
/** v1.7+, Warning `Migrated` on the source VMI — pkg/virt-handler/migration-source.go. */
export const MSG_DECENTRALIZED_SOURCE_VMI_FAILED = "The VirtualMachineInstance's decentralized migration failed due to the source VMI being failed.";
/** v1.7+, Normal `SuccessfulDelete` on the VMIM after a post-hand-off cancel — migration/decentralized.go. */
export const MSG_DELETED_CANCELED_TARGET_POD = 'Deleted canceled target pod %s for migration %s';
/** v1.6+, Warning `FailedHandOver` on the source VMIM — migration/decentralized.go. */
export const MSG_FAILED_SET_SOURCE_STATE = 'failed to set migration SourceState in VMI status. :%v';
// v1.9+: a target half finishing an abort without a reason writes constants.ts FAILURE_ABORTED
// (pkg/virt-handler/migration-target.go handleDecentralizedMigrationAbort).

// Log lines (JSON `msg` values)
/** virt-synchronization-controller, every new outbound connection (field `outbound`: the URL) — v1.6+. */
export const LOG_SYNC_NEW_CONNECTION = 'creating new synchronization grpc connection';
/** virt-synchronization-controller, any sync error (the error is in `reason`) — v1.6+. */
export const LOG_SYNC_REENQUEUE = 'reenqueuing VirtualMachineInstance %v';
/** virt-controller VM controller — v1.6+, pkg/virt-controller/watch/vm/vm.go. */
export const LOG_STARTING_RECEIVER = 'Starting VM as receiver';
export const LOG_SETTING_UP_RECEIVER = 'Setting up receiver VMI %s/%s';
export const LOG_SOURCE_HALTED = 'decentralized migration completed, setting runStrategy to halted';
/** VM controller sync error while the VM is receiver but its VMI is not — v1.6+, vm.go. */
export const MSG_NON_RECEIVER_VMI = 'Found non receiver VMI while VM is receiver';
/** virt-handler (source) — v1.6+ / v1.7+, migration-source.go. */
export const LOG_SOURCE_SUCCEEDED = 'decentralized migration completed successfully, marking VMI as succeeded';
export const LOG_SOURCE_VMI_FAILED = 'the decentralized migration failed due to the source VMI being failed';
/** virt-launcher (source) — v1.6+, pkg/virt-launcher/virtwrap/live-migration-source.go. */
export const LOG_REPLACING_VMI_UID = 'Replacing VMI UID %s with target VMI UID %s in the XML';
export const LOG_TARGET_DOMAIN_NAME = 'generated target domain name %s';

/** virt-synchronization-controller: Deployment, Lease, Service and container command — v1.6+, pkg/virt-operator/resource/generate/components/deployments.go. */
export const SYNC_CONTROLLER_NAME = 'virt-synchronization-controller';
/** Default port (cmd/synchronization-controller, pkg/virt-operator/util/config.go) and its container port name. */
export const SYNC_DEFAULT_PORT = 9185;
export const SYNC_PORT_NAME = 'sync';
/** Mutual TLS against this CA bundle (ConfigMap key `ca-bundle`) — cmd/synchronization-controller. */
export const CONFIGMAP_KUBEVIRT_CA = 'kubevirt-ca';
/** CAs put here are merged into kubevirt-ca by virt-operator, then the ConfigMap is emptied — v1.6+, apply/core.go. */
export const CONFIGMAP_KUBEVIRT_EXTERNAL_CA = 'kubevirt-external-ca';
export const CA_BUNDLE_KEY = 'ca-bundle';
export const SECRET_SYNC_CLIENT_CERTS = 'kubevirt-synchronization-controller-certs';
export const SECRET_SYNC_SERVER_CERTS = 'kubevirt-synchronization-controller-server-certs';

/** How MTV (kubev2v/forklift pkg/controller/plan/migrator/ocp/live.go) names what it creates. */
export const MTV_VMIM_GENERATE_NAME = 'forklift-';
/** MTV labels on both VMIMs and the receiving VM: plan UID, migration UID, source VM id. */
export const MTV_LABELS = ['plan', 'migration', 'vmID'] as const;
/** MTV migrationID = `<vmID>-<Migration UID>`. */
export const MTV_MIGRATION_ID_FORMAT = '%s-%s';

// ---------------------------------------------------------------------------------------------
// Volume migration — v1.3+

/** VM spec.updateVolumesStrategy values — v1.3+, types.go. Unset means Replacement. */
export const PATH_VM_UPDATE_VOLUMES_STRATEGY = 'spec.updateVolumesStrategy';
export const UPDATE_VOLUMES_MIGRATION = 'Migration';
export const UPDATE_VOLUMES_REPLACEMENT = 'Replacement';
/** VMI: one entry per copied volume — v1.3+, types.go StorageMigratedVolumeInfo. */
export const PATH_VMI_MIGRATED_VOLUMES = 'status.migratedVolumes';
/** VM: the same list, kept after the VMI's is cleared — v1.4+, types.go VolumeMigrationState. */
export const PATH_VM_MIGRATED_VOLUMES = 'status.volumeUpdateState.volumeMigrationState.migratedVolumes';
/** Keys of a migratedVolumes entry. */
export const MIGRATED_VOLUME_KEYS = ['volumeName', 'sourcePVCInfo', 'destinationPVCInfo'] as const;
/** PVC info keys: v1.3–v1.7.1 only claimName and volumeMode are filled; v1.7.2+ also the rest — volume-migration.go GenerateMigratedVolumes. */
export const PVC_INFO_KEYS = ['claimName', 'volumeMode', 'accessModes', 'requests', 'capacity'] as const;

/** VMI condition (copied to the VM) — v1.3+, types.go. True while the copy is wanted. */
export const COND_VOLUMES_CHANGE = 'VolumesChange';
/** Message of VolumesChange=True — v1.3+, pkg/virt-controller/watch/vmi/storage.go syncVolumesUpdate (vmi.go before v1.4). */
export const MSG_MIGRATE_VOLUMES = 'migrate volumes';
/** Reason of VolumesChange=False after the user reverted the volumes — v1.4+ (v1.3: no reason), types.go. */
export const REASON_VOLUMES_CHANGE_CANCELLATION = 'VolumesChangeCancellation';
/** v1.6+: VolumesChange=False message while a destination is missing — vm/vm.go handleValidationErrors. */
export const MSG_DESTINATION_MISSING = "One of the destination volumes doesn't exist: %v";
export const MSG_PVC_MISSING = "the pvc %s doesn't exist";
export const MSG_DV_MISSING = "the datavolume %s doesn't exist";

/** VM conditions — types.go. RestartRequired carries the refusals below as message; ManualRecoveryRequired v1.4+. */
export const VM_COND_RESTART_REQUIRED = 'RestartRequired';
export const VM_COND_MANUAL_RECOVERY_REQUIRED = 'ManualRecoveryRequired';
export const VM_COND_FAILURE = 'Failure';
/** ManualRecoveryRequired=True reason (no message): VMI gone or final while VolumesChange=True — vm/vm.go syncVolumeMigration. */
export const REASON_MANUAL_RECOVERY_OLD = 'VMI was removed during the volume migration'; // v1.4
export const REASON_MANUAL_RECOVERY = 'VMI was removed or was final during the volume migration'; // v1.5+
/** 409 from start/restart while ManualRecoveryRequired — v1.4+, pkg/virt-api/rest/subresource.go. */
export const MSG_MANUAL_RECOVERY_REQUIRED =
  'VM recovery required: Volume migration failed, leaving some volumes pointing to non-consistent targets; manual intervention is needed to reassign them to their original volumes.';
/** VM Failure condition reason for sync errors of the volume path — v1.3+, vm.go volumesUpdateErrorReason. */
export const REASON_VOLUMES_UPDATE_ERROR = 'VolumesUpdateError';
export const MSG_VOLUMES_UPDATE_ERROR = 'error encountered while handling volumes update requests: %v';

// Refusals before any copy (VM RestartRequired message unless noted) — volume-migration.go, vm.go.
/**
 * Prefix, then one part per class with the volume names in Go's `[a b]` form: ` hotplugged: ` (only
 * v1.3–v1.4; hotplugged volumes can move from v1.5), ` filesystems: `, ` shareable: `, ` luns: `
 * (v1.3+), ` DV storage class isn't a CSI or not using volume populators: ` (v1.5+).
 */
export const MSG_INVALID_VOLUMES = 'invalid volumes to update with migration:';
export const INVALID_VOLUME_CLASSES = [
  ' hotplugged: ',
  ' filesystems: ',
  ' shareable: ',
  ' luns: ',
  " DV storage class isn't a CSI or not using volume populators: ",
] as const;
/** v1.4+ (v1.3: only a virt-controller log line, with the condition reason instead of its message). */
export const MSG_VMI_NOT_STORAGE_MIGRATABLE = "cannot migrate the volumes as the VMI isn't migratable: %s";
/** v1.3+ (v1.3: log only). A backend-storage PVC (persistent-state-for-…) hit this in v1.4; skipped from v1.5. */
export const MSG_RWO_NOT_MIGRATED = 'cannot migrate the VM. The volume %s is RWO and not included in the migration volumes';
/** Sync error (VM Failure condition, VolumesUpdateError) when a migrated volume is changed to anything but its source — v1.3+. */
export const MSG_ONLY_REVERT = 'The volume can only be reverted to the previous version during the update';
export const MSG_STRATEGY_NOT_RECOGNIZED = 'updateVolumes strategy not recognized: %s';
/** RestartRequired for a volume change without the Migration strategy — v1.3–v1.6 (from v1.7 decided by the generic live-update check). */
export const MSG_REPLACEMENT_NEEDS_RESTART = 'the volumes replacement is effective only after restart';
/** v1.3–v1.4 VM create/update webhook, field `updateVolumesStrategy` — admitters/vms-admitter.go. */
export const MSG_VOLUME_GATE_DISABLED = '%s feature gate is not enabled in kubevirt-config';

/** The VMIM the workload updater creates — pkg/virt-controller/watch/workload-updater/workload-updater.go. */
export const VOLUME_MIGRATION_GENERATE_NAME = 'kubevirt-workload-update-';
/** Label `<vmi name>` (v1.7+: the VMI UID when the name exceeds 63 characters) — v1.3+, types.go VolumesUpdateMigration. */
export { LABEL_VOLUME_UPDATE_MIGRATION } from './evacuation-facts.js';
/** spec.priority of volume-update VMIMs — v1.7+ (constants.ts has the VMIM priority field). */
export const PRIORITY_USER_TRIGGERED = 'user-triggered';
/** Annotation `""` on the same VMIMs (also workload updates), and the label every VMIM gets. */
export { ANNOTATION_WORKLOAD_UPDATE_MIGRATION, LABEL_VMI_NAME };
/** VMI events of the workload updater (v1.3+, workload-updater.go); the failure one is type Normal. */
export const EVENT_CHANGE_ABORTED = 'SuccessfulChangeAbortion';
export const MSG_CHANGE_ABORTED = 'Aborted change for vmi: %s';
export const EVENT_CHANGE_ABORT_FAILED = 'FailedChangeAbortion';
export const MSG_CHANGE_ABORT_FAILED = 'Failed to abort change for vmi: %s: %v';
/** KubeVirt CR prerequisites: without `LiveMigrate` here no VMIM is ever created (empty list = no automated updates, types.go). */
export const PATH_KUBEVIRT_WORKLOAD_UPDATE_METHODS = 'spec.workloadUpdateStrategy.workloadUpdateMethods';
/** A WorkloadUpdateMethod value; the same word as the eviction strategy EVICTION_LIVE_MIGRATE, a different field. */
export const WORKLOAD_UPDATE_LIVE_MIGRATE = 'LiveMigrate';
/** The VM controller only handles volume updates under LiveUpdate (unset = LiveUpdate from v1.6). */
export const PATH_KUBEVIRT_VM_ROLLOUT_STRATEGY = 'spec.configuration.vmRolloutStrategy';
export const VM_ROLLOUT_LIVE_UPDATE = 'LiveUpdate';

/**
 * Destination smaller than the source. QEMU's text has two spaces ("the  actual size"), so compare
 * after collapsing whitespace. Friendly wrappers: v1.5–v1.8 FAILURE_DEST_VOLUME_SMALLER_OLD ("smaller
 * then", never seen in practice because the match lacked the collapse), v1.9+ FAILURE_DEST_VOLUME_SMALLER;
 * v1.3–v1.8 otherwise `Live migration failed <virError(...)>` or the raw libvirt error —
 * pkg/virt-launcher/virtwrap/live-migration-source.go.
 */
export const LIBVIRT_DEST_SMALLER_FRAGMENT = 'has to be smaller or equal to the actual size of the containing file';
export { FAILURE_DEST_VOLUME_SMALLER, FAILURE_DEST_VOLUME_SMALLER_OLD };

/** virt-launcher (source) V(2) lines when the volume mode changes during the copy — v1.3+, live-migration-source.go configureLocalDiskToMigrate. */
export const LOG_FS_TO_BLOCK = 'Replace filesystem source with block destination for volume %s';
export const LOG_BLOCK_TO_FS = 'Replace block source with destination for volume %s';
export const LOG_SET_DISK_SIZE_FAILED = 'Failed to set size for local disk.';
/** virt-controller VM controller lines — vm/vm.go. */
export const LOG_CANCEL_VOLUME_MIGRATION = 'Cancel volume migration'; // v1.3+
export const LOG_VOLUMES_INVALID = 'cannot migrate the VM. Volumes are invalid: %v'; // v1.4+
export const LOG_RECONCILE_FAILED = 'Reconciling the VirtualMachine failed.';

/**
 * A decentralized target half of a VM with backend storage (persistent TPM or EFI) in KubeVirt
 * v1.6.0: virt-controller's handleBackendStorage looks for the source's backend PVC in the
 * receiving VMI's volumeStatus, which never has one, and returns this error on every sync, so no
 * target pod is created (pkg/virt-controller/watch/migration/migration.go). Fixed by
 * "Fix decentralized live migration with vTPM devices" (kubevirt/kubevirt#15247, v1.7.0),
 * cherry-picked to release-1.6 as #15457: v1.6.1 and later create the target's PVC instead.
 */
export const MSG_NO_BACKEND_STORAGE_PVC = 'no backend-storage PVC found in VMI volume status';
/** The first patch release with that fix (see MSG_NO_BACKEND_STORAGE_PVC). */
export const DECENTRALIZED_BACKEND_STORAGE_FIXED = { major: 1, minor: 6, patch: 1 } as const;
/** Backend storage (persistent TPM/EFI) PVC names — pkg/storage/backend-storage/backend-storage.go. */
export const BACKEND_STORAGE_PVC_PREFIX = 'persistent-state-for'; // v1.3: PVC `persistent-state-for-<vm>`; v1.4+: generateName `persistent-state-for-<vm>-`
/** v1.9+: the VMI volumeStatus entry of the backend PVC has this fixed name. */
export const BACKEND_STORAGE_VOLUME_NAME = 'persistent-state-for-this-vm';
/** v1.4+: label on the backend PVC created for a migration target. */
export const LABEL_MIGRATION_NAME = 'kubevirt.io/migrationName';
