// Narrow, read-only shapes of the Kubernetes and KubeVirt objects we read. Every field is
// optional: snapshots and old KubeVirt versions omit most of them, and analyzers must cope.

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { apiVersion?: string; kind?: string; name?: string; uid?: string; controller?: boolean }[];
  finalizers?: string[];
}

export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: unknown;
  status?: unknown;
}

export interface Condition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string | null;
  lastProbeTime?: string | null;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface NodeSelectorRequirement {
  key: string;
  operator: string; // In, NotIn, Exists, DoesNotExist, Gt, Lt
  values?: string[];
}
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}
export interface NodeSelector {
  nodeSelectorTerms?: NodeSelectorTerm[];
}

export interface PodAffinityTerm {
  labelSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  namespaces?: string[];
  topologyKey?: string;
}

export interface Affinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
    preferredDuringSchedulingIgnoredDuringExecution?: { weight?: number; preference?: NodeSelectorTerm }[];
  };
  podAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  };
  podAntiAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: PodAffinityTerm[];
  };
}

export interface Toleration {
  key?: string;
  operator?: string; // Exists | Equal
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

export interface Taint {
  key: string;
  value?: string;
  effect: string; // NoSchedule | PreferNoSchedule | NoExecute
}

// ---- KubeVirt ----

export interface VmiVolume {
  name: string;
  persistentVolumeClaim?: { claimName?: string; readOnly?: boolean; hotpluggable?: boolean };
  dataVolume?: { name?: string; hotpluggable?: boolean };
  containerDisk?: { image?: string };
  ephemeral?: { persistentVolumeClaim?: { claimName?: string } };
  emptyDisk?: { capacity?: string };
  hostDisk?: { path?: string; type?: string; shared?: boolean; capacity?: string };
  cloudInitNoCloud?: unknown;
  cloudInitConfigDrive?: unknown;
  configMap?: unknown;
  secret?: unknown;
  serviceAccount?: unknown;
  downwardAPI?: unknown;
  downwardMetrics?: unknown;
  sysprep?: unknown;
  memoryDump?: { claimName?: string };
}

export interface VmiDisk {
  name: string;
  disk?: { bus?: string; readonly?: boolean };
  cdrom?: { bus?: string; readonly?: boolean };
  lun?: { bus?: string; readonly?: boolean; reservation?: boolean };
  serial?: string;
  shareable?: boolean;
}

export interface VmiInterface {
  name: string;
  masquerade?: unknown;
  bridge?: unknown;
  sriov?: unknown;
  slirp?: unknown;
  passt?: unknown;
  /** v1.8+: the core passt binding. */
  passtBinding?: unknown;
  macvtap?: unknown;
  binding?: { name?: string };
}

export interface VmiNetwork {
  name: string;
  pod?: { vmNetworkCIDR?: string };
  multus?: { networkName?: string; default?: boolean };
}

export interface VmiDomainSpec {
  cpu?: {
    model?: string;
    cores?: number;
    sockets?: number;
    threads?: number;
    dedicatedCpuPlacement?: boolean;
    isolateEmulatorThread?: boolean;
    realtime?: unknown;
    features?: { name: string; policy?: string }[];
  };
  memory?: { guest?: string; hugepages?: { pageSize?: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  devices?: {
    disks?: VmiDisk[];
    interfaces?: VmiInterface[];
    hostDevices?: { name: string; deviceName?: string }[];
    gpus?: { name: string; deviceName?: string }[];
    filesystems?: { name: string; virtiofs?: unknown }[];
    tpm?: { enabled?: boolean; persistent?: boolean };
  };
  features?: {
    hyperv?: { reenlightenment?: { enabled?: boolean } | null; [k: string]: unknown };
    hypervPassthrough?: { enabled?: boolean };
  };
  launchSecurity?: { sev?: unknown; snp?: unknown; tdx?: unknown };
  firmware?: { bootloader?: { efi?: { persistent?: boolean; secureBoot?: boolean } }; [k: string]: unknown };
  machine?: { type?: string };
}

export interface VmiSpec {
  domain?: VmiDomainSpec;
  volumes?: VmiVolume[];
  networks?: VmiNetwork[];
  nodeSelector?: Record<string, string>;
  affinity?: Affinity;
  tolerations?: Toleration[];
  evictionStrategy?: string;
  architecture?: string;
  priorityClassName?: string;
  schedulerName?: string;
}

export interface MigrationState {
  migrationUid?: string;
  startTimestamp?: string;
  endTimestamp?: string;
  targetNodeDomainReadyTimestamp?: string;
  targetNodeDomainDetected?: boolean;
  targetNodeAddress?: string;
  targetNode?: string;
  targetPod?: string;
  sourceNode?: string;
  sourcePod?: string;
  completed?: boolean;
  failed?: boolean;
  abortRequested?: boolean;
  abortStatus?: string;
  failureReason?: string;
  mode?: string;
  migrationPolicyName?: string;
  migrationConfiguration?: MigrationConfiguration;
}

export interface VolumeStatus {
  name: string;
  target?: string;
  persistentVolumeClaimInfo?: {
    claimName?: string;
    accessModes?: string[];
    volumeMode?: string;
    capacity?: Record<string, string>;
    /** v1.8+ in migratedVolumes entries: the claim's spec.resources.requests. */
    requests?: Record<string, string>;
    filesystemOverhead?: string;
  };
  hotplugVolume?: unknown;
}

export interface VmiStatus {
  phase?: string;
  nodeName?: string;
  conditions?: Condition[];
  migrationState?: MigrationState;
  migrationMethod?: string;
  evacuationNodeName?: string;
  activePods?: Record<string, string>;
  volumeStatus?: VolumeStatus[];
  /** v1.3+: the volumes a volume migration (updateVolumesStrategy: Migration) is moving. */
  migratedVolumes?: MigratedVolume[];
  topologyHints?: { tscFrequency?: number };
  selinuxContext?: string;
  machine?: { type?: string };
  launcherContainerImageVersion?: string;
}

/** One entry of VMI status.migratedVolumes / VM status.volumeUpdateState.volumeMigrationState.migratedVolumes. */
export interface MigratedVolume {
  volumeName?: string;
  sourcePVCInfo?: VolumeStatus['persistentVolumeClaimInfo'];
  destinationPVCInfo?: VolumeStatus['persistentVolumeClaimInfo'];
}

export interface VirtualMachineInstance extends KubeObject {
  spec?: VmiSpec;
  status?: VmiStatus;
}

export interface DataVolumeTemplate {
  metadata?: ObjectMeta;
  spec?: DataVolumeSpec;
}

export interface VirtualMachine extends KubeObject {
  spec?: {
    running?: boolean;
    runStrategy?: string;
    template?: { metadata?: ObjectMeta; spec?: VmiSpec };
    dataVolumeTemplates?: DataVolumeTemplate[];
    /** v1.3+: `Migration` or `Replacement` (unset = replacement). */
    updateVolumesStrategy?: string;
  };
  status?: {
    printableStatus?: string;
    ready?: boolean;
    conditions?: Condition[];
    /** v1.4+: the volume migration's record, kept after the VMI's list is cleared. */
    volumeUpdateState?: { volumeMigrationState?: { migratedVolumes?: MigratedVolume[] } };
  };
}

export interface MigrationConfiguration {
  parallelMigrationsPerCluster?: number;
  parallelOutboundMigrationsPerNode?: number;
  bandwidthPerMigration?: string;
  completionTimeoutPerGiB?: number;
  progressTimeout?: number;
  allowAutoConverge?: boolean;
  allowPostCopy?: boolean;
  allowWorkloadDisruption?: boolean;
  unsafeMigrationOverride?: boolean;
  nodeDrainTaintKey?: string;
  disableTLS?: boolean;
  network?: string;
  matchSELinuxLevelOnMigration?: boolean;
  utilityVolumesTimeout?: number;
  maxDowntimeMs?: number;
}

export interface MigrationPhaseTransition {
  phase?: string;
  phaseTransitionTimestamp?: string;
}

export interface VirtualMachineInstanceMigration extends KubeObject {
  spec?: {
    vmiName?: string;
    addedNodeSelector?: Record<string, string>;
    priority?: string;
    /** v1.6+: the source half of a decentralized (cross-cluster) migration. */
    sendTo?: { migrationID?: string; connectURL?: string };
    /** v1.6+: the target half of a decentralized migration. */
    receive?: { migrationID?: string };
  };
  status?: {
    phase?: string;
    conditions?: Condition[];
    phaseTransitionTimestamps?: MigrationPhaseTransition[];
    migrationState?: MigrationState;
  };
}

export interface KubeVirt extends KubeObject {
  spec?: {
    configuration?: {
      /** `LiveUpdate` or `Stage`; unset means LiveUpdate from v1.6. */
      vmRolloutStrategy?: string;
      migrations?: MigrationConfiguration;
      evictionStrategy?: string;
      developerConfiguration?: {
        featureGates?: string[];
        disabledFeatureGates?: string[];
        nodeSelectors?: Record<string, string>;
        logVerbosity?: Record<string, number>;
      };
      network?: { binding?: Record<string, { migration?: unknown }>; defaultNetworkInterface?: string };
      permittedHostDevices?: {
        pciHostDevices?: { pciVendorSelector?: string; resourceName?: string; externalResourceProvider?: boolean }[];
        mediatedDevices?: { mdevNameSelector?: string; resourceName?: string; externalResourceProvider?: boolean }[];
      };
    };
    /**
     * What the workload updater may do to VMIs with an outdated launcher (LiveMigrate, Evict).
     * Always written by the API server (a struct, not a pointer); methods unset = no automated updates.
     */
    workloadUpdateStrategy?: { workloadUpdateMethods?: string[] };
  };
  status?: {
    phase?: string;
    observedKubeVirtVersion?: string;
    operatorVersion?: string;
    targetKubeVirtVersion?: string;
  };
}

export interface MigrationPolicy extends KubeObject {
  spec?: {
    selectors?: {
      namespaceSelector?: Record<string, string>;
      virtualMachineInstanceSelector?: Record<string, string>;
    };
    allowAutoConverge?: boolean;
    bandwidthPerMigration?: string;
    completionTimeoutPerGiB?: number;
    allowPostCopy?: boolean;
    allowWorkloadDisruption?: boolean;
    maxDowntimeMs?: number;
  };
}

// ---- CDI ----

export interface DataVolumeSpec {
  pvc?: { accessModes?: string[]; volumeMode?: string; storageClassName?: string; resources?: unknown };
  storage?: { accessModes?: string[]; volumeMode?: string; storageClassName?: string; resources?: unknown };
  source?: unknown;
}

export interface DataVolume extends KubeObject {
  spec?: DataVolumeSpec;
  status?: { phase?: string; claimName?: string; conditions?: Condition[] };
}

export interface StorageProfile extends KubeObject {
  spec?: { claimPropertySets?: { accessModes?: string[]; volumeMode?: string }[] };
  status?: {
    storageClass?: string;
    provisioner?: string;
    claimPropertySets?: { accessModes?: string[]; volumeMode?: string }[];
  };
}

// ---- core / storage ----

export interface PersistentVolumeClaim extends KubeObject {
  spec?: {
    accessModes?: string[];
    volumeMode?: string;
    storageClassName?: string;
    volumeName?: string;
    resources?: { requests?: Record<string, string> };
  };
  status?: { phase?: string; accessModes?: string[]; capacity?: Record<string, string> };
}

export interface PersistentVolume extends KubeObject {
  spec?: {
    accessModes?: string[];
    volumeMode?: string;
    storageClassName?: string;
    claimRef?: { namespace?: string; name?: string; uid?: string };
    nodeAffinity?: { required?: NodeSelector };
    local?: { path?: string };
    hostPath?: { path?: string };
    csi?: { driver?: string; volumeHandle?: string; volumeAttributes?: Record<string, string> };
    nfs?: unknown;
  };
  status?: { phase?: string };
}

export interface StorageClass extends KubeObject {
  provisioner?: string;
  parameters?: Record<string, string>;
  volumeBindingMode?: string;
  allowedTopologies?: { matchLabelExpressions?: { key: string; values?: string[] }[] }[];
}

export interface Container {
  name: string;
  image?: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  ports?: { name?: string; containerPort: number; protocol?: string }[];
}

export interface ContainerStatus {
  name: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
  /** The previous container's end (a restart after OOMKilled keeps the reason here). */
  lastState?: ContainerState;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { reason?: string; message?: string; exitCode?: number; finishedAt?: string };
}

export interface Pod extends KubeObject {
  spec?: {
    nodeName?: string;
    nodeSelector?: Record<string, string>;
    affinity?: Affinity;
    tolerations?: Toleration[];
    containers?: Container[];
    initContainers?: Container[];
    priorityClassName?: string;
    schedulerName?: string;
    overhead?: Record<string, string>;
  };
  status?: {
    phase?: string;
    conditions?: Condition[];
    containerStatuses?: ContainerStatus[];
    initContainerStatuses?: ContainerStatus[];
    reason?: string;
    message?: string;
    startTime?: string;
  };
}

/** policy/v1 PodDisruptionBudget: what the eviction API checks before it lets a pod go. */
export interface PodDisruptionBudget extends KubeObject {
  spec?: { minAvailable?: number | string; maxUnavailable?: number | string; selector?: LabelSelector };
  status?: { disruptionsAllowed?: number; currentHealthy?: number; desiredHealthy?: number; expectedPods?: number };
}

export interface Node extends KubeObject {
  spec?: { unschedulable?: boolean; taints?: Taint[] };
  status?: {
    conditions?: Condition[];
    allocatable?: Record<string, string>;
    capacity?: Record<string, string>;
  };
}

export interface Namespace extends KubeObject {}

export interface ResourceQuota extends KubeObject {
  spec?: { hard?: Record<string, string>; scopes?: string[] };
  status?: { hard?: Record<string, string>; used?: Record<string, string> };
}

export interface KubeEvent extends KubeObject {
  involvedObject?: { kind?: string; namespace?: string; name?: string; uid?: string };
  regarding?: { kind?: string; namespace?: string; name?: string; uid?: string };
  reason?: string;
  message?: string;
  note?: string;
  type?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  series?: { count?: number; lastObservedTime?: string };
  source?: { component?: string; host?: string };
  reportingController?: string;
}
