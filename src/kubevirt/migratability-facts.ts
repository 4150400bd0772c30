// How KubeVirt itself decides `LiveMigratable`, per version: the facts a migratability rule needs
// to follow KubeVirt exactly (reason strings, messages, check order, feature gates, KubeVirt CR
// fields, node labels), each with the first (and last) release tag and the source file at that
// tag. Read from kubevirt/kubevirt at v0.59.0 … v1.9.0; docs/kubevirt/live-migratable-by-version.md
// explains them. Data only: the rules in src/analyze/migratability wire them.
// Version bounds are release tags: `since` is the first tag with the behaviour, `until` the last.

/** A KubeVirt minor release, `major.minor`, as in `{ major: 1, minor: 6 }` = v1.6.0. */
export interface KubeVirtMinor {
  major: number;
  minor: number;
}

const v = (major: number, minor: number): KubeVirtMinor => ({ major, minor });

// ---------------------------------------------------------------------------------------------
// Reasons of the LiveMigratable condition (staging/src/kubevirt.io/api/core/v1/types.go) and the
// versions in which virt-handler sets each one (pkg/virt-handler/vm.go,
// calculateLiveMigrationCondition). Values also in ./constants.ts (REASON_*); repeated here only
// as the keys of the tables below.
// ---------------------------------------------------------------------------------------------

export const KV_REASON = {
  disks: 'DisksNotLiveMigratable',
  interface: 'InterfaceNotLiveMigratable',
  cpuMode: 'CPUModeLiveMigratable', // sic: no "Not"
  virtiofs: 'VirtIOFSNotLiveMigratable',
  hostDevice: 'HostDeviceNotLiveMigratable',
  sev: 'SEVNotLiveMigratable',
  tdx: 'TDXNotLiveMigratable',
  secureExecution: 'SecureExecutionNotLiveMigratable',
  persistentReservation: 'PersistentReservationNotLiveMigratable',
  noTscFrequency: 'NoTSCFrequencyNotLiveMigratable',
  hypervPassthrough: 'HypervPassthroughNotLiveMigratable',
  dedicatedCpu: 'DedicatedCPUNotLiveMigratable',
} as const;
export type KubeVirtReason = (typeof KV_REASON)[keyof typeof KV_REASON];

/** Reason of `StorageLiveMigratable` (v1.4+, calculateLiveStorageMigrationCondition in vm.go). */
export const KV_REASON_STORAGE_NOT_MIGRATABLE = 'NotMigratable';
/** `HotplugNotLiveMigratable` exists in types.go but no code sets it (v0.59 … v1.9). */
export const KV_REASON_HOTPLUG_NEVER_SET = 'HotplugNotLiveMigratable';

/**
 * The order in which virt-handler runs the checks; the first failing check is the reason
 * reported (later checks are not evaluated). pkg/virt-handler/vm.go, calculateLiveMigrationCondition.
 * The order at a release is its era's list below, keeping the reasons that release sets
 * (LIVE_MIGRATABLE_REASON_VERSIONS). Dedicated CPU (≤v1.0) and hyperv passthrough (v1.3+) never
 * coexist; TDX (v1.7+) is the `else` branch of the SEV check, so a VMI with both reports SEV.
 */
export const CHECK_ORDER_DISKS_FIRST_UNTIL = v(1, 5);
/** v0.59 – v1.5: the volume check runs and reports first. */
export const CHECK_ORDER_DISKS_FIRST: readonly KubeVirtReason[] = [
  KV_REASON.disks,
  KV_REASON.interface,
  KV_REASON.cpuMode,
  KV_REASON.virtiofs,
  KV_REASON.hostDevice,
  KV_REASON.sev,
  KV_REASON.persistentReservation,
  KV_REASON.noTscFrequency,
  KV_REASON.dedicatedCpu,
  KV_REASON.hypervPassthrough,
];
/** v1.6+: the volume check is computed first (for migrationMethod) but reported last. */
export const CHECK_ORDER_DISKS_LAST: readonly KubeVirtReason[] = [
  KV_REASON.interface,
  KV_REASON.cpuMode,
  KV_REASON.hostDevice,
  KV_REASON.sev,
  KV_REASON.tdx,
  KV_REASON.secureExecution,
  KV_REASON.persistentReservation,
  KV_REASON.noTscFrequency,
  KV_REASON.hypervPassthrough,
  KV_REASON.disks,
];

/** First and last tag in which virt-handler sets each reason on LiveMigratable (vm.go). */
export const LIVE_MIGRATABLE_REASON_VERSIONS: Readonly<Record<KubeVirtReason, { since: KubeVirtMinor; until?: KubeVirtMinor }>> = {
  [KV_REASON.disks]: { since: v(0, 59) },
  [KV_REASON.interface]: { since: v(0, 59) },
  [KV_REASON.cpuMode]: { since: v(0, 59) },
  [KV_REASON.virtiofs]: { since: v(0, 59), until: v(1, 4) },
  [KV_REASON.hostDevice]: { since: v(0, 59) },
  [KV_REASON.sev]: { since: v(0, 59) },
  [KV_REASON.tdx]: { since: v(1, 7) },
  [KV_REASON.secureExecution]: { since: v(1, 6) },
  [KV_REASON.persistentReservation]: { since: v(1, 0), until: v(1, 8) },
  [KV_REASON.noTscFrequency]: { since: v(0, 59) },
  [KV_REASON.hypervPassthrough]: { since: v(1, 3) },
  [KV_REASON.dedicatedCpu]: { since: v(0, 59), until: v(1, 0) },
};

/**
 * StorageLiveMigratable (v1.4+): every failing check is collected (no disks check, no Secure
 * Execution check; persistent reservation still blocks in v1.9), reason `NotMigratable`, message
 * `<Reason>: <message>` joined by `, `. vm.go, calculateLiveStorageMigrationCondition.
 */
export const STORAGE_LIVE_MIGRATABLE_SINCE = v(1, 4);
export const STORAGE_LIVE_MIGRATABLE_MESSAGE_SEPARATOR = ', ';

// ---------------------------------------------------------------------------------------------
// Messages (condition.message), verbatim; %s/%v as in the Go source.
// ---------------------------------------------------------------------------------------------

// Volumes: vm.go, checkVolumesForMigration. The first failing volume in spec.volumes order wins.
/** No `status.volumeStatus[].persistentVolumeClaimInfo` for a PVC/DataVolume volume (yet). */
export const MSG_PVC_SHARED_UNKNOWN =
  'cannot migrate VMI: Unable to determine if PVC %v is shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)';
/** persistentVolumeClaimInfo.accessModes without ReadWriteMany; %v = claimName (PVC) or DataVolume name. */
export const MSG_PVC_NOT_SHARED =
  'cannot migrate VMI: PVC %v is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)';
export const MSG_HOSTDISK_NOT_SHARED = 'cannot migrate VMI with non-shared HostDisk';
/** v1.3.0 only: the backend-storage PVC (`persistent-state-for-<vmi>`, in volumeStatus) is not RWX. */
export const MSG_BACKEND_STORAGE_NOT_RWX = 'cannot migrate VMI: Backend storage PVC is not RWX';
export const BACKEND_STORAGE_NOT_RWX_VERSIONS = { since: v(1, 3), until: v(1, 3) };
/** pkg/storage/backend-storage/backend-storage.go, PVCPrefix (v1.3.0: `persistent-state-for-` + VMI name). */
export const BACKEND_STORAGE_PVC_PREFIX = 'persistent-state-for-';
/**
 * v1.3.0+: a RWO volume whose name is a `status.migratedVolumes[].volumeName` (the volume being
 * moved by a volume migration) passes the access-mode check (pkg/storage/types, IsMigratedVolume);
 * v1.4.0+: any migratedVolumes entry makes the migration a block migration.
 */
export const MIGRATED_VOLUME_EXEMPT_SINCE = v(1, 3);
/** v1.4.0 pkg/virt-handler/vm.go: `len(vmi.Status.MigratedVolumes) > 0` ⇒ block migration. */
export const MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE = v(1, 4);
/** v1.5.0+: non-PVC volumes shared through virtiofs (configMap, secret, …) are skipped, not copied. */
export const VIRTIOFS_VOLUMES_SKIPPED_SINCE = v(1, 5);

// Network: pkg/virt-handler/vm.go checkNetworkInterfacesForMigration (v0.59–v1.1), then
// pkg/network/vmispec/interface.go VerifyVMIMigratable (v1.2+). Only the pod-network interface
// is judged; no interfaces or no pod network ⇒ migratable.
export const MSG_INTERFACE_V0_59 = 'cannot migrate VMI which does not use masquerade to connect to the pod network';
/** v1.0.0 – v1.1.x */
export const MSG_INTERFACE_V1_0 =
  'cannot migrate VMI which does not use masquerade to connect to the pod network or bridge with kubevirt.io/allow-pod-bridge-network-live-migration VM annotation';
/** v1.2.0 – v1.7.x */
export const MSG_INTERFACE_V1_2 =
  'cannot migrate VMI which does not use masquerade, bridge with kubevirt.io/allow-pod-bridge-network-live-migration VM annotation or a migratable plugin to connect to the pod network';
/** v1.8.0+ */
export const MSG_INTERFACE_V1_8 = 'cannot migrate VMI which does not use masquerade or a migratable plugin to connect to the pod network';
/** v1.8.0+: the pod network has no interface of that name (≤v1.7 that counted as migratable). */
export const MSG_INTERFACE_NO_PRIMARY_V1_8 = 'no primary interface found for network %s';
/** The VMI annotation that lets a pod-network bridge migrate (read from the VMI, v1.0.0+). */
export const BRIDGE_ANNOTATION_SINCE = v(1, 0);
/** KubeVirt CR `spec.configuration.network.binding.<plugin>.migration` (non-nil ⇒ migratable), v1.2.0+. */
export const CR_BINDING_MIGRATION_FIELD = 'spec.configuration.network.binding.%s.migration';
export const BINDING_PLUGIN_MIGRATION_SINCE = v(1, 2);
/**
 * Interface key of the core passt binding accepted on the pod network, v1.8.0+. The older core
 * binding `passt: {}` (gate Passt, v0.59–v1.7; discontinued by the admission webhook in v1.8,
 * pkg/network/admitter/discontinued.go) never passes.
 */
export const INTERFACE_PASST_BINDING_KEY = 'passtBinding';
export const PASST_BINDING_MIGRATABLE_SINCE = v(1, 8);

// host-model CPU: vm.go isHostModelMigratable. virt-handler's hostCpuModel is the model its node
// labeller found; the labeller publishes it as `host-model-cpu.node.kubevirt.io/<model>`, so a
// source node without any such label is the observable form of an empty hostCpuModel.
/** %s = vmi.status.nodeName */
export const MSG_HOST_MODEL_NOT_ALLOWED = 'the node "%s" does not allow migration with host-model';
/** v0.59.0: only amd64 nodes run the node labeller, so other architectures never have a host model. */
export const HOST_MODEL_AMD64_ONLY_UNTIL = v(0, 59);

// Host devices: vm.go vmiContainsPCIHostDevice (≤v1.8) / vmiContainsNonMigratablePCIHostDevices (v1.9+).
/** ≤v1.8.x: any `hostDevices` or `gpus` entry. */
export const MSG_HOST_DEVICE_OLD = 'VMI uses a PCI host devices';
/** v1.9.0+, checked in this order. */
export const MSG_HOST_DEVICE_GENERIC_PCI = 'VMI specifies non-migratable generic PCI host device';
export const MSG_HOST_DEVICE_TOO_MANY_GPUS = 'VMI specifies too many GPUs';
export const MSG_HOST_DEVICE_GPU_GATE_OFF = 'VMI specifies a GPU but feature gate VGPULiveMigration is not enabled';
export const MSG_HOST_DEVICE_GPU_NOT_MDEV = 'VMI specifies non-migratable GPU device';
/**
 * v1.9.0+: exactly one GPU, gate VGPULiveMigration on, and its `deviceName` equal to a KubeVirt
 * CR `spec.configuration.permittedHostDevices.mediatedDevices[].resourceName` ⇒ migratable.
 * `externalResourceProvider` is not read. vm.go isMdevGPU.
 */
export const VGPU_LIVE_MIGRATION_SINCE = v(1, 9);
export const CR_PERMITTED_MEDIATED_DEVICES_FIELD = 'spec.configuration.permittedHostDevices.mediatedDevices';

// Confidential computing: pkg/util (amd64.go, s390x.go; util.go ≤v1.5).
export const MSG_SEV = 'VMI uses SEV';
/** v1.7.0+: `launchSecurity.snp` also counts as SEV (reason SEVNotLiveMigratable). */
export const SEV_SNP_COUNTS_AS_SEV_SINCE = v(1, 7);
export const MSG_TDX = 'VMI uses TDX';
export const MSG_SECURE_EXECUTION = 'VMI uses Secure Execution';
/** IsSecureExecutionVMI: `spec.domain.launchSecurity` set and `spec.architecture == "s390x"`. */
export const SECURE_EXECUTION_ARCHITECTURE = 's390x';

// Persistent reservation: pkg/storage/reservation/pr.go (any disk with `lun.reservation: true`).
/** v1.0.0 – v1.6.x (sic). */
export const MSG_PR_TYPO = 'VMI uses SCSI persitent reservation';
/** v1.7.0 – v1.8.x on LiveMigratable; v1.7.0+ on StorageLiveMigratable. */
export const MSG_PR = 'VMI uses SCSI persistent reservation';
export const PR_MESSAGE_FIXED_SINCE = v(1, 7);

// TSC: pkg/virt-controller/watch/topology/tsc.go GetTscFrequencyRequirement. Reenlightenment
// counts only with `features.hyperv.reenlightenment.enabled: true` (the API defaulting,
// SetDefaults_FeatureState, turns a missing `enabled` into true on every VMI), and only
// when the CPU has no `invtsc` feature with policy require/force (then the requirement is
// "required for boot" and LiveMigratable does not check it). A frequency is "defined" when
// `status.topologyHints.tscFrequency` > 0.
export const MSG_NO_TSC_FREQUENCY =
  'HyperV Reenlightenment VMIs cannot migrate when TSC Frequency is not exposed on the cluster: guest timers might be inconsistent';
export const INVTSC_FEATURE = 'invtsc';
export const INVTSC_BOOT_POLICIES: readonly string[] = ['require', 'force'];

export const MSG_HYPERV_PASSTHROUGH = 'VMI uses hyperv passthrough';
export const MSG_VIRTIOFS = 'VMI uses virtiofs';
/** v0.59.0 – v1.0.x: `dedicatedCpuPlacement` and `isolateEmulatorThread` both true. */
export const MSG_DEDICATED_CPU_ISOLATE = 'VMI uses dedicated CPUs and emulator thread isolation';

// ---------------------------------------------------------------------------------------------
// Feature gates (KubeVirt CR spec.configuration.developerConfiguration.featureGates)
// ---------------------------------------------------------------------------------------------

/**
 * v1.9.0, Alpha (pkg/virt-config/featuregate/active.go): off unless listed in `featureGates`.
 * Read by LiveMigratable (vm.go) and by the launcher template (`--vgpu-dedicated-hook`).
 */
export const GATE_VGPU_LIVE_MIGRATION = 'VGPULiveMigration';
/** Deprecated no-op gates since before v0.59 (pkg/virt-config/feature-gates.go): they change nothing. */
export const GATES_NO_OP: readonly string[] = ['LiveMigration', 'SRIOVLiveMigration'];
/** Alpha in v1.5–v1.9: virt-handler labels a node CPU-manager `true` only with this gate (heartbeat.go). */
export const GATE_CPU_MANAGER = 'CPUManager';
/** v1.6.0+ (migration-create-admitter.go): decentralized migrations may proceed past DisksNotLiveMigratable. */
export const GATE_DECENTRALIZED_LIVE_MIGRATION = 'DecentralizedLiveMigration';
/**
 * v1.9.0 (pkg/virt-config/featuregate/feature-gates.go, IsEnabled): listed in `featureGates` ⇒
 * on; else listed in `disabledFeatureGates` ⇒ off; else on only if the gate is Beta (GA ⇒ always).
 */
export const CR_FEATURE_GATES_FIELD = 'spec.configuration.developerConfiguration.featureGates';
export const CR_DISABLED_FEATURE_GATES_FIELD = 'spec.configuration.developerConfiguration.disabledFeatureGates';

// ---------------------------------------------------------------------------------------------
// Node labels the migration target pod selects (pkg/virt-controller/services/nodeselectorrenderer.go,
// template.go; pkg/virt-controller/watch/migration/migration.go createTargetPod). The target pod
// gets the same selector as the source launcher plus the host-model additions.
// ---------------------------------------------------------------------------------------------

/**
 * Dedicated CPUs select `<label>=true`. v0.59.0 – v1.7.x: `cpumanager` (no prefix, types.go
 * `CPUManager`); v1.8.0+: `kubevirt.io/cpumanager` (types.go `CPUManager`, the old one renamed
 * `DeprecatedCPUManager`). virt-handler's heartbeat writes `cpumanager` in every version and,
 * from v1.8.0, `kubevirt.io/cpumanager` too (pkg/virt-handler/heartbeat/heartbeat.go).
 */
export const LABEL_CPUMANAGER_LEGACY = 'cpumanager';
export const LABEL_CPUMANAGER_PREFIXED = 'kubevirt.io/cpumanager';
export const CPUMANAGER_PREFIXED_SELECTOR_SINCE = v(1, 8);

/**
 * host-model: from the source node's `host-model-cpu.node.kubevirt.io/<M>` the target selects
 * `cpu-model-migration.node.kubevirt.io/<M>`, and from each `host-model-required-features.node.kubevirt.io/<f>`
 * `cpu-feature.node.kubevirt.io/<f>` (all versions; unless the source pod already selects such keys
 * after an earlier migration). No host-model label on the source ⇒ the target pod is not created
 * (v0.59: `node does not contain labal "host-model-cpu.node.kubevirt.io/" with information about
 * host cpu model`; v1.x: `unable to locate host cpu model, does not contain label
 * "host-model-cpu.node.kubevirt.io/" with information`).
 * v1.8.0+: the source node's `cpu-vendor.node.kubevirt.io/<Vendor>` is selected too.
 */
export const HOST_MODEL_VENDOR_SELECTOR_SINCE = v(1, 8);
export const MSG_TARGET_NO_HOST_MODEL_V0_59 = 'node does not contain labal "host-model-cpu.node.kubevirt.io/" with information about host cpu model';
export const MSG_TARGET_NO_HOST_MODEL = 'unable to locate host cpu model, does not contain label "host-model-cpu.node.kubevirt.io/" with information';

/** v1.6.0+: `machine-type.node.kubevirt.io/<status.machine.type, else spec.domain.machine.type>=true`. */
export const PREFIX_MACHINE_TYPE = 'machine-type.node.kubevirt.io/';
export const MACHINE_TYPE_SELECTOR_SINCE = v(1, 6);

/**
 * The launcher (and target) selects `scheduling.node.kubevirt.io/tsc-frequency-<Hz>=true` when a
 * TSC frequency is required (invtsc or reenlightenment) and set in the topology hints.
 */
export const TSC_SELECTOR_SINCE = v(0, 59);
