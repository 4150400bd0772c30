// KubeVirt strings, verbatim from ../shared/domain/kubevirt-facts.md (source files cited there).
// One place for them: analyzers import from here, never retype a label or reason.

// §1.3 VMI condition types
export const COND_LIVE_MIGRATABLE = 'LiveMigratable';
export const COND_STORAGE_LIVE_MIGRATABLE = 'StorageLiveMigratable';
export const COND_MIGRATION_REQUIRED = 'MigrationRequired';
export const COND_EVICTION_REQUESTED = 'EvictionRequested';
export const COND_PAUSED = 'Paused';

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

// §1.4 eviction strategies
export const EVICTION_NONE = 'None';
export const EVICTION_LIVE_MIGRATE = 'LiveMigrate';
export const EVICTION_LIVE_MIGRATE_IF_POSSIBLE = 'LiveMigrateIfPossible';
export const EVICTION_EXTERNAL = 'External';

// §1.1 VMIM phases
export const MIGRATION_PHASES = [
  'Pending',
  'Scheduling',
  'Scheduled',
  'PreparingTarget',
  'TargetReady',
  'Running',
  'Succeeded',
  'Failed',
  'WaitingForSync',
  'Synchronizing',
] as const;
export type MigrationPhase = (typeof MIGRATION_PHASES)[number] | '';
export const FINAL_MIGRATION_PHASES: readonly string[] = ['Succeeded', 'Failed'];

// §1.1 VMIM condition types (lowerCamel values)
export const VMIM_COND_ABORT_REQUESTED = 'migrationAbortRequested';
export const VMIM_COND_REJECTED_BY_QUOTA = 'migrationRejectedByResourceQuota';
export const VMIM_COND_BLOCKED_BY_UTILITY_VOLUMES = 'migrationBlockedByUtilityVolumes';
export const VMIM_COND_BLOCKED_BY_BACKUP = 'migrationBlockedByBackup';

// Labels and annotations (§1.1, §4, §7, §9)
export const LABEL_VMI_NAME = 'kubevirt.io/vmi-name';
export const LABEL_APP = 'kubevirt.io';
export const LABEL_APP_LAUNCHER = 'virt-launcher';
export const LABEL_CREATED_BY = 'kubevirt.io/created-by';
export const LABEL_MIGRATION_JOB_UID = 'kubevirt.io/migrationJobUID';
export const LABEL_NODE_NAME = 'kubevirt.io/nodeName';
export const LABEL_MIGRATION_TARGET_NODE = 'kubevirt.io/migrationTargetNodeName';
export const LABEL_SCHEDULABLE = 'kubevirt.io/schedulable';
export const LABEL_CPUMANAGER = 'kubevirt.io/cpumanager';
export const LABEL_HOSTNAME = 'kubernetes.io/hostname';
export const ANNOTATION_MIGRATION_JOB_NAME = 'kubevirt.io/migrationJobName';
export const ANNOTATION_EVACUATION_MIGRATION = 'kubevirt.io/evacuationMigration';
export const ANNOTATION_WORKLOAD_UPDATE_MIGRATION = 'kubevirt.io/workloadUpdateMigration';
export const ANNOTATION_ALLOW_POD_BRIDGE_MIGRATION = 'kubevirt.io/allow-pod-bridge-network-live-migration';
export const FINALIZER_MIGRATION = 'kubevirt.io/migrationJobFinalize';

// Node label prefixes written by the node labeller (§4)
export const PREFIX_CPU_MODEL = 'cpu-model.node.kubevirt.io/';
export const PREFIX_CPU_MODEL_MIGRATION = 'cpu-model-migration.node.kubevirt.io/';
export const PREFIX_CPU_FEATURE = 'cpu-feature.node.kubevirt.io/';
export const PREFIX_HOST_MODEL_CPU = 'host-model-cpu.node.kubevirt.io/';
export const PREFIX_HOST_MODEL_REQUIRED_FEATURES = 'host-model-required-features.node.kubevirt.io/';
export const PREFIX_CPU_VENDOR = 'cpu-vendor.node.kubevirt.io/';
export const PREFIX_TSC_FREQUENCY_SCHEDULING = 'scheduling.node.kubevirt.io/tsc-frequency-';
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
