// KubeVirt strings, verbatim from the KubeVirt sources (kubevirt/kubevirt at the release tags).
// One place for them: analyzers import from here, never retype a label or reason.

// §1.3 VMI condition types
export const COND_LIVE_MIGRATABLE = 'LiveMigratable';
export const COND_STORAGE_LIVE_MIGRATABLE = 'StorageLiveMigratable';
export const COND_MIGRATION_REQUIRED = 'MigrationRequired';
export const COND_EVICTION_REQUESTED = 'EvictionRequested';
export const COND_PAUSED = 'Paused';
/** Reason of `Paused` when the migration monitor paused the guest (v1.5+, §1.3). */
export const REASON_PAUSED_BY_MIGRATION_MONITOR = 'PausedByMigrationMonitor';

// §1.3 LiveMigratable reasons
export const REASON_DISKS_NOT_MIGRATABLE = 'DisksNotLiveMigratable';
export const REASON_INTERFACE_NOT_MIGRATABLE = 'InterfaceNotLiveMigratable';
export const REASON_HOTPLUG_NOT_MIGRATABLE = 'HotplugNotLiveMigratable';
export const REASON_CPU_MODE_NOT_MIGRATABLE = 'CPUModeLiveMigratable'; // sic, no "Not"
export const REASON_VIRTIOFS_NOT_MIGRATABLE = 'VirtIOFSNotLiveMigratable';
export const REASON_HOST_DEVICE_NOT_MIGRATABLE = 'HostDeviceNotLiveMigratable';
export const REASON_SEV_NOT_MIGRATABLE = 'SEVNotLiveMigratable';
export const REASON_SECURE_EXECUTION_NOT_MIGRATABLE = 'SecureExecutionNotLiveMigratable';
export const REASON_TDX_NOT_MIGRATABLE = 'TDXNotLiveMigratable';
export const REASON_NO_TSC_FREQUENCY = 'NoTSCFrequencyNotLiveMigratable';
export const REASON_HYPERV_PASSTHROUGH_NOT_MIGRATABLE = 'HypervPassthroughNotLiveMigratable';
export const REASON_PR_NOT_MIGRATABLE = 'PersistentReservationNotLiveMigratable';
export const REASON_DEDICATED_CPU = 'DedicatedCPUNotLiveMigratable';

// §1.2 migrationState.mode and abortStatus values
export const MIGRATION_MODE_PRE_COPY = 'PreCopy';
export const MIGRATION_MODE_POST_COPY = 'PostCopy';
export const MIGRATION_MODE_PAUSED = 'Paused'; // v1.5+
export const ABORT_STATUS_SUCCEEDED = 'Succeeded';
export const ABORT_STATUS_FAILED = 'Failed';
export const ABORT_STATUS_ABORTING = 'Aborting';

// §1.2 VMI status.migrationMethod values
export const MIGRATION_METHOD_BLOCK = 'BlockMigration';
export const MIGRATION_METHOD_LIVE = 'LiveMigration';

// §1.4 eviction strategies
export const EVICTION_NONE = 'None';
export const EVICTION_LIVE_MIGRATE = 'LiveMigrate';
export const EVICTION_LIVE_MIGRATE_IF_POSSIBLE = 'LiveMigrateIfPossible';
export const EVICTION_EXTERNAL = 'External';

// §1.1 VMIM phases: src/kubevirt/phases.ts

// §1.1 VMIM condition types (lowerCamel values)
export const VMIM_COND_ABORT_REQUESTED = 'migrationAbortRequested';
export const VMIM_COND_REJECTED_BY_QUOTA = 'migrationRejectedByResourceQuota';
export const VMIM_COND_BLOCKED_BY_UTILITY_VOLUMES = 'migrationBlockedByUtilityVolumes';
export const VMIM_COND_BLOCKED_BY_BACKUP = 'migrationBlockedByBackup';

// Labels and annotations (§1.1, §4, §7, §9)
export const LABEL_VMI_NAME = 'kubevirt.io/vmi-name';
export const LABEL_APP = 'kubevirt.io';
export const LABEL_APP_LAUNCHER = 'virt-launcher';
/** virt-handler pods (DaemonSet in the KubeVirt CR's namespace): `kubevirt.io=virt-handler`. */
export const LABEL_APP_HANDLER = 'virt-handler';
/** virt-handler serves /metrics over HTTPS on the container port named `metrics` (pkg/virt-operator/resource/generate/components/daemonsets.go). */
export const HANDLER_METRICS_PORT_NAME = 'metrics';
export const HANDLER_METRICS_PORT = 8443;
export const LABEL_CREATED_BY = 'kubevirt.io/created-by';
export const LABEL_MIGRATION_JOB_UID = 'kubevirt.io/migrationJobUID';
export const LABEL_NODE_NAME = 'kubevirt.io/nodeName';
export const LABEL_MIGRATION_TARGET_NODE = 'kubevirt.io/migrationTargetNodeName';
export const LABEL_SCHEDULABLE = 'kubevirt.io/schedulable';
export const LABEL_CPUMANAGER = 'kubevirt.io/cpumanager';
export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
/** Pod Security admission's namespace label (Kubernetes); post-copy needs `privileged` (kubevirt/kubevirt PR #8649). */
export const LABEL_PSA_ENFORCE = 'pod-security.kubernetes.io/enforce';
/** Rendered into the launcher nodeSelector when `spec.architecture` is set (§4). */
export const LABEL_ARCH = 'kubernetes.io/arch';
export const ANNOTATION_MIGRATION_JOB_NAME = 'kubevirt.io/migrationJobName';
/** Launcher pods (source and target) name their VMI here (`DomainAnnotation`, set in pkg/virt-controller/services/template.go). */
export const ANNOTATION_DOMAIN = 'kubevirt.io/domain';
export const ANNOTATION_EVACUATION_MIGRATION = 'kubevirt.io/evacuationMigration';
export const ANNOTATION_WORKLOAD_UPDATE_MIGRATION = 'kubevirt.io/workloadUpdateMigration';
export const ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION = 'kubevirt.io/allow-pod-bridge-network-live-migration';
/** Per-VMIM overrides of the target-pod timeouts (§3.6, "exists for functional testing"). */
export const ANNOTATION_UNSCHEDULABLE_POD_TIMEOUT = 'kubevirt.io/migrationUnschedulablePodTimeoutSeconds';
export const ANNOTATION_PENDING_POD_TIMEOUT = 'kubevirt.io/migrationPendingPodTimeoutSeconds';
/** Extended resources of KubeVirt's device plugins on launcher pods (`devices.kubevirt.io/kvm`, `tun`, `vhost-net`). */
export const PREFIX_KUBEVIRT_DEVICES = 'devices.kubevirt.io/';
export const FINALIZER_MIGRATION = 'kubevirt.io/migrationJobFinalize';

// Node label prefixes written by the node labeller (§4)
export const PREFIX_CPU_MODEL = 'cpu-model.node.kubevirt.io/';
export const PREFIX_CPU_MODEL_MIGRATION = 'cpu-model-migration.node.kubevirt.io/';
export const PREFIX_CPU_FEATURE = 'cpu-feature.node.kubevirt.io/';
export const PREFIX_HOST_MODEL_CPU = 'host-model-cpu.node.kubevirt.io/';
export const PREFIX_HOST_MODEL_REQUIRED_FEATURES = 'host-model-required-features.node.kubevirt.io/';
export const PREFIX_CPU_VENDOR = 'cpu-vendor.node.kubevirt.io/';
export const PREFIX_TSC_FREQUENCY_SCHEDULING = 'scheduling.node.kubevirt.io/tsc-frequency-';
/** `hyperv.node.kubevirt.io/<feature>` selector keys (gate HypervStrictCheck, §4). */
export const PREFIX_HYPERV = 'hyperv.node.kubevirt.io/';
export const LABEL_OBSOLETE_HOST_MODEL = 'node-labeller.kubevirt.io/obsolete-host-model';
export const LABEL_TSC_FREQUENCY = 'cpu-timer.node.kubevirt.io/tsc-frequency';
export const LABEL_TSC_SCALABLE = 'cpu-timer.node.kubevirt.io/tsc-scalable';

// CPU modes that are not named models (§4)
export const CPU_HOST_MODEL = 'host-model';
export const CPU_HOST_PASSTHROUGH = 'host-passthrough';

// §1.5 defaults
export const DEFAULT_PARALLEL_MIGRATIONS_PER_CLUSTER = 5;
export const DEFAULT_PARALLEL_OUTBOUND_MIGRATIONS_PER_NODE = 2;
export const DEFAULT_PROGRESS_TIMEOUT = 150;
/** completionTimeoutPerGiB: 800 in v0.59–v1.3, 150 from v1.4. */
export const DEFAULT_COMPLETION_TIMEOUT_PER_GIB_OLD = 800;
export const DEFAULT_COMPLETION_TIMEOUT_PER_GIB = 150;
export const DEFAULT_NODE_DRAIN_TAINT_KEY = 'kubevirt.io/drain';
/** "0Mi" = unlimited (§1.5). */
export const DEFAULT_BANDWIDTH_PER_MIGRATION = '0Mi';
/** utilityVolumesTimeout, v1.8+ (§1.5). */
export const DEFAULT_UTILITY_VOLUMES_TIMEOUT = 150;
/** maxDowntimeMs, v1.9+ (§1.5). */
export const DEFAULT_MAX_DOWNTIME_MS = 900;
/** §3.6 target-pod timeouts from the pod's creationTimestamp: unschedulable 300 s, any Pending 900 s. */
export const DEFAULT_UNSCHEDULABLE_POD_TIMEOUT_SECONDS = 300;
export const DEFAULT_PENDING_POD_TIMEOUT_SECONDS = 900;

// §3.2 event reasons of the migration controller and virt-handler
export const EVENT_SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const EVENT_FAILED_CREATE = 'FailedCreate';
export const EVENT_SUCCESSFUL_HANDOVER = 'SuccessfulHandOver';
export const EVENT_FAILED_HANDOVER = 'FailedHandOver';
export const EVENT_SUCCESSFUL_MIGRATION = 'SuccessfulMigration';
export const EVENT_FAILED_MIGRATION = 'FailedMigration';
export const EVENT_SUCCESSFUL_ABORT_MIGRATION = 'SuccessfulAbortMigration';
export const EVENT_FAILED_ABORT_MIGRATION = 'FailedAbortMigration';
export const EVENT_SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const EVENT_FAILED_DELETE = 'FailedDelete';
export const EVENT_TARGET_POD_UNSCHEDULABLE = 'migrationTargetPodUnschedulable'; // lowerCamel
export const EVENT_NO_SUITABLE_NODES_HOST_MODEL = 'NoSuitableNodesForHostModelMigration';
export const EVENT_MIGRATION_BACKOFF = 'MigrationBackoff';
export const EVENT_UTILITY_VOLUME_MIGRATION_PENDING = 'UtilityVolumeMigrationPending';
export const EVENT_MIGRATING = 'Migrating';
export const EVENT_MIGRATED = 'Migrated';
export const EVENT_PREPARING_TARGET = 'PreparingTarget';

// §3.2 event messages, Go format templates verbatim (%s/%d/%v as in the source)
export const MSG_CREATED_TARGET_POD = 'Created migration target pod %s';
export const MSG_CREATED_ATTACHMENT_POD = 'Created attachment pod %s';
export const MSG_ERROR_CREATING_POD = 'Error creating pod: %v';
export const MSG_ERROR_CREATING_ATTACHMENT_POD = 'Error creating attachment pod: %v';
export const MSG_FAILED_RENDER_MANIFEST = 'failed to render launch manifest: %v';
/** Fragment of the PodSecurity wrapper `failed to create target pod for vmi %s/%s, it needs a privileged namespace to run: ...`. */
export const MSG_NEEDS_PRIVILEGED_NAMESPACE = 'it needs a privileged namespace to run';
export const MSG_HANDED_OVER = 'Migration target pod is ready for preparation by virt-handler.';
export const MSG_FAILED_HANDOVER = 'Failed to set MigrationStat in VMI status. :%v';
export const MSG_MIGRATION_SUCCEEDED = 'Source node reported migration succeeded';
export const MSG_FAILED_VMI_MISSING = 'Migration failed because vmi does not exist.';
export const MSG_FAILED_VMI_SHUTDOWN = 'Migration failed vmi shutdown during migration.';
export const MSG_FAILED_CANCELED = 'Migration failed due to being canceled';
export const MSG_FAILED_TARGET_POD_SHUTDOWN = 'Migration failed because target pod shutdown during migration';
export const MSG_FAILED_TARGET_POD_REMOVED = 'Migration target pod was removed during active migration.';
export const MSG_FAILED_STATE_CLEARED = "VMI's migration state was cleared during the active migration.";
export const MSG_FAILED_STATE_TAKEN_OVER = "VMI's migration state was taken over by another migration job during active migration.";
export const MSG_FAILED_SOURCE_REPORTED = 'source node reported migration failed';
export const MSG_FAILED_ATTACHMENT_POD_SHUTDOWN = 'Migration failed because target attachment pod shutdown during migration';
export const MSG_FAILED_NOT_ELIGIBLE = 'VMI is not eligible for migration because another migration job is in progress.';
export const MSG_FAILED_UTILITY_VOLUMES_TIMEOUT =
  'Migration timeout waiting for utility volumes to detach from VMI [%s/%s]. Utility volumes still present after %d seconds.';
export const MSG_ABORT_READY = 'Migration is ready to be canceled by virt-handler.';
export const MSG_FAILED_ABORT = 'failed to set MigrationState in VMI status. :%v';
export const MSG_CANCELED_POD_DELETED = 'migration canceled and pod %s/%s is deleted';
export const MSG_UNSCHEDULABLE_POD_TIMEOUT = 'unschedulable pod %s/%s timeout period exceeded';
export const MSG_PENDING_POD_TIMEOUT = 'pending pod %s/%s timeout period exceeded';
/** ≤v1.2 texts; stored with Go's `%!(EXTRA string=<pod>)` suffix, so match them by prefix. */
export const MSG_CANCELED_OLD = 'migration canceled';
export const MSG_UNSCHEDULABLE_POD_TIMEOUT_OLD = 'unschedulable pod timeout period exceeded';
export const MSG_PENDING_POD_TIMEOUT_OLD = 'pending pod timeout period exceeded';
export const MSG_ERROR_DELETING_TARGET_POD = 'Error deleted migration target pod: %v';
export const MSG_ERROR_DELETING_CANCELED_TARGET_POD = 'Error deleting canceled migration target pod: %v';
export const MSG_TARGET_POD_UNSCHEDULABLE = 'Migration target pod for VMI [%s/%s] is currently unschedulable.';
export const MSG_NO_SUITABLE_NODES_HOST_MODEL =
  'Migration cannot proceed since no node is suitable to run the required CPU model / required features: %v';
export const MSG_MIGRATION_BACKOFF = 'backoff migrating vmi %s/%s';
export const MSG_UTILITY_VOLUMES_PENDING =
  'Migration waiting for utility volumes to detach from VMI [%s/%s]. Will timeout in %d seconds.';
// virt-handler events on the VMI
export const MSG_VMI_MIGRATING = 'VirtualMachineInstance is migrating.';
export const MSG_VMI_ABORTING_MIGRATION = 'VirtualMachineInstance is aborting migration.';
export const MSG_TARGET_LISTENING = 'Migration Target is listening at %s, on ports: %s';
export const MSG_TARGET_PREPARED = 'VirtualMachineInstance Migration Target Prepared.';
export const MSG_MIGRATED_TO_NODE = 'The VirtualMachineInstance migrated to node %s.';
/** Handler text has no space after `reason:`; the controller's `Target pod is down` variant has one. */
export const MSG_MIGRATION_UID_FAILED = 'VirtualMachineInstance migration uid %s failed. reason:%s';
export const MSG_MIGRATED_UNKNOWN_HOST = 'The VirtualMachineInstance migrated to unknown host.';
export const MSG_DOMAIN_NEVER_OBSERVED =
  "The VirtualMachineInstance's domain was never observed on the target after the migration completed within the timeout period.";
export const MSG_EVICTION_NOT_MIGRATABLE = 'EvictionStrategy is set but vmi is not migratable; %s';
// evacuation / workload-updater events on the VMI
export const MSG_CREATED_EVACUATION_MIGRATION = 'Created Migration %s';
export const MSG_CREATED_WORKLOAD_UPDATE_MIGRATION = 'Created Migration %s for automated workload update';
export const MSG_ERROR_CREATING_MIGRATION = 'Error creating a Migration: %v';
export const MSG_ERROR_CREATING_WORKLOAD_UPDATE_MIGRATION = 'Error creating a Migration for automated workload update: %v';
export const MSG_EVACUATION_NOT_MIGRATEABLE = 'VirtualMachineInstance is not migrateable'; // sic

// §5.3 migrationState.failureReason texts (launcher metadata; also the `reason:` of the Migrated event)
export const FAILURE_PROGRESS_TIMEOUT = 'Live migration stuck for %d seconds and has been aborted'; // ≤v1.8
export const FAILURE_COMPLETION_TIMEOUT = 'Live migration is not completed after %d seconds and has been aborted'; // ≤v1.8
export const FAILURE_ABORTED_OLD = 'Live migration aborted '; // ≤v1.8, trailing space
export const FAILURE_ABORTED = 'Live migration has been aborted'; // v1.9+: any abort, timeouts included
export const FAILURE_LIVE_MIGRATION_FAILED = 'Live migration failed %v'; // ≤v1.8
export const FAILURE_MIGRATE_TO_URI3 = 'error encountered during MigrateToURI3 libvirt api call: %v';
export const FAILURE_PREPARING_DOMAIN = 'error encountered during preparing domain for migration: %v'; // v1.9+
export const FAILURE_GENERATING_PARAMS = 'error encountered while generating migration parameters: %v'; // v1.9+
export const FAILURE_DOMAIN_STATE = 'failed to retrive domain state'; // v1.9+, sic
export const FAILURE_MONITOR_LOOKUP = 'migration monitor failed to look up domain: %v'; // v1.9+
export const FAILURE_DEST_VOLUME_SMALLER_OLD =
  'Volume migration cannot be performed because the destination volume is smaller then the source volume: %v'; // ≤v1.8
export const FAILURE_DEST_VOLUME_SMALLER =
  'Volume migration cannot be performed because the destination volume is smaller than the source volume: %v'; // v1.9+
export const FAILURE_TARGET_POD_DOWN = 'Target pod is down'; // v1.3+; v0.59 event: lower-case
export const FAILURE_POST_COPY_IRRECOVERABLE = 'VMI is irrecoverable due to failed post-copy migration'; // §6

// §5.1/§5.2 virt-launcher (source) log messages
export const LOG_INITIATING_MIGRATION = 'Initiating live migration.';
export const LOG_MIGRATION_SUCCEEDED = 'Live migration succeeded.';
export const LOG_MIGRATION_FAILED = 'Live migration failed.';
/** §5.1 progress line prefix; the `%s` is the VMIM UID. The key:value fields after it differ by era (progress-line.ts). */
export const LOG_MIGRATION_INFO = 'Migration info for %s: ';
export const LOG_ABORT_SUCCEEDED = 'Live migration abort succeeded';
export const LOG_ABORT_TIMED_OUT = 'migration abort timed out waiting for libvirt'; // v1.9+
export const LOG_STUCK_OLD = 'Live migration stuck for %d seconds'; // ≤v1.8
export const LOG_ABORT_DETECTED = 'Live migration abort detected with reason: %s'; // ≤v1.8
export const LOG_STARTING_POST_COPY = 'Starting post copy mode for migration';
export const LOG_PAUSING_GUEST = 'Pausing the guest to allow migration to complete'; // v1.5+
export const LOG_SIGNALED_PAUSE = 'Signaled pause for %s'; // v1.5+
export const LOG_STUCK = 'live migration stuck for %d seconds'; // v1.9+
export const LOG_ABORTING_STUCK = 'Aborting migration: stuck for %d seconds'; // v1.9+
export const LOG_ABORTING_NOT_COMPLETED = 'Aborting migration: not completed after %d seconds'; // v1.9+
export const LOG_LARGE_MAX_DOWNTIME = 'Setting large max downtime to trigger migration switchover'; // v1.9+, VFIO
export const LOG_SET_MAX_DOWNTIME = 'Set max downtime to %ds for %s'; // v1.9+, VFIO
// v1.9+ with the MigrationStallDetection gate
export const LOG_STALL_POST_COPY = 'completion timeout reached: starting post-copy mode to force convergence';
export const LOG_STALL_SWITCHOVER = 'completion timeout reached: setting max downtime to %dms to force switchover';
export const LOG_STALL_ABORT_COMPLETION =
  'aborting migration due to completion timeout: elapsedSec=%d acceptableCompletionSec=%d';
export const LOG_STALL_ABORT = 'aborting migration: %s';
export const LOG_STALL_STARTING_POST_COPY = 'starting post copy mode for migration: %s';
export const LOG_STALL_FORCING_SWITCHOVER = 'forcing switchover by setting max downtime to %dms: %s';
export const LOG_STALL_MAX_DOWNTIME_SET = 'max downtime set to %dms: %s';

// §9 migration-create webhook and the migration network
export const WEBHOOK_MIGRATION_CREATE = 'migration-create-validator.kubevirt.io';
export const MSG_IN_FLIGHT_MIGRATION =
  'in-flight migration detected. Active migration job (%s) is currently already in progress for VMI %s.';
export const MSG_CANNOT_MIGRATE_VMI = 'Cannot migrate VMI, Reason: %s, Message: %s';
export const MSG_MIGRATION_VMI_MISSING = 'the VMI "%s/%s" does not exist';
export const MSG_MIGRATION_VMI_FINALIZED = 'Cannot migrate VMI in finalized state.';
export const MIGRATION_INTERFACE_NAME = 'migration0';
export const MSG_MIGRATION_IFACE_NO_IP = "%s present but doesn't have an IP";
export const MSG_MIGRATION_NO_IP_FOUND = 'no IP found on %s';

// Where the launcher puts a VMI's disks (a QEMU or libvirt error quoting one of these paths names
// the volume). pkg/virt-launcher/virtwrap/converter/converter.go and pkg/host-disk/host-disk.go
// (`/var/run/kubevirt-private/vmi-disks/<volume>/disk.img`, block: `/dev/<volume>`),
// pkg/hotplug-disk/hotplug-disk.go (`<VirtShareDir>/hotplug-disks/<volume>`), pkg/container-disk
// (`/var/run/kubevirt/container-disks/disk_<n>.img`); unchanged v0.59–v1.9.
export const DISK_DIR_PVC = '/var/run/kubevirt-private/vmi-disks/';
export const DISK_DIR_HOTPLUG = '/var/run/kubevirt/hotplug-disks/';
export const DISK_DIR_CONTAINER = '/var/run/kubevirt/container-disks/';
export const DISK_DIR_BLOCK = '/dev/';

// virt-controller's pods are `virt-controller-<hash>` (its Deployment, every version). When a sync
// of a migration fails it logs `reenqueuing Migration <ns>/<name>` at info with the error as the
// line's `reason` (a refused target pod: `failed to create vmi migration target pod: …`);
// pkg/virt-controller/watch/migration.go (v0.59), …/watch/migration/migration.go (v1.0–v1.9).
export const COMPONENT_VIRT_CONTROLLER = 'virt-controller';
export const LOG_REENQUEUING_MIGRATION = 'reenqueuing Migration %v';
