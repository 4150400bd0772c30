// The shape of one migratability rule (one per file in ./rules) and of what rules read.
import type { EvidenceRef } from '../findings.js';
import type { Known } from '../../kube/known.js';
import type {
  DataVolume,
  KubeVirt,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  StorageClass,
  StorageProfile,
  VirtualMachine,
  VirtualMachineInstance,
  VmiSpec,
  ObjectMeta,
  DataVolumeTemplate,
  KubeObject,
  Namespace,
} from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import type { ObjectIndex } from '../object-index.js';
import type { KubeVirtMinor, KubeVirtReason } from '../../kubevirt/migratability-facts.js';
import type { VolumeNotSharedArgs } from './rule-args/volume-not-shared.js';
import type { VolumeNodeLocalArgs } from './rule-args/volume-node-local.js';
import type { VolumeHostdiskArgs } from './rule-args/volume-hostdisk.js';
import type { VolumeContainerdiskArgs } from './rule-args/volume-containerdisk.js';
import type { VolumeCdromArgs } from './rule-args/volume-cdrom.js';
import type { VolumeBlockMigrationArgs } from './rule-args/volume-block-migration.js';
import type { VolumeSingleReplicaArgs } from './rule-args/volume-single-replica.js';
import type { VolumeRwxFilesystemShareArgs } from './rule-args/volume-rwx-filesystem-share.js';
import type { HostDeviceArgs } from './rule-args/host-device.js';
import type { InterfaceNotMigratableArgs } from './rule-args/interface-not-migratable.js';
import type { InterfaceSriovArgs } from './rule-args/interface-sriov.js';
import type { NodePinnedArgs } from './rule-args/node-pinned.js';
import type { AffinityRestrictiveArgs } from './rule-args/affinity-restrictive.js';
import type { CpuHostPassthroughArgs } from './rule-args/cpu-host-passthrough.js';
import type { CpuHostModelUniqueArgs } from './rule-args/cpu-host-model-unique.js';
import type { CpuDedicatedSingleNodeArgs } from './rule-args/cpu-dedicated-single-node.js';
import type { CpuDedicatedEmulatorThreadArgs } from './rule-args/cpu-dedicated-emulator-thread.js';
import type { ConfidentialComputingArgs } from './rule-args/confidential-computing.js';
import type { HypervPassthroughArgs } from './rule-args/hyperv-passthrough.js';
import type { TscFrequencyArgs } from './rule-args/tsc-frequency.js';
import type { VirtiofsArgs } from './rule-args/virtiofs.js';
import type { PersistentReservationArgs } from './rule-args/persistent-reservation.js';
import type { EvictionDrainBlockerArgs } from './rule-args/eviction-drain-blocker.js';
import type { KubevirtConditionArgs } from './rule-args/kubevirt-condition.js';
import type { VolumeUpdateGateDisabledArgs } from './rule-args/volume-update-gate-disabled.js';
import type { VolumeUpdateVolumeRefusedArgs } from './rule-args/volume-update-volume-refused.js';
import type { VolumeUpdateDestinationMissingArgs } from './rule-args/volume-update-destination-missing.js';
import type { VolumeUpdateRolloutNotLiveArgs } from './rule-args/volume-update-rollout-not-live.js';
import type { VolumeUpdateRwoLeftOutArgs } from './rule-args/volume-update-rwo-left-out.js';
import type { PeerGateDisabledArgs } from './rule-args/peer-gate-disabled.js';
import type { PeerVersionUnsupportedArgs } from './rule-args/peer-version-unsupported.js';
import type { PeerVersionSkewArgs } from './rule-args/peer-version-skew.js';
import type { PeerNamespaceMissingArgs } from './rule-args/peer-namespace-missing.js';
import type { PeerNetworkMissingArgs } from './rule-args/peer-network-missing.js';
import type { PeerStorageClassMissingArgs } from './rule-args/peer-storage-class-missing.js';
import type { PeerVolumeCannotMoveArgs } from './rule-args/peer-volume-cannot-move.js';
import type { PeerSyncAddressMissingArgs } from './rule-args/peer-sync-address-missing.js';

export type Severity = 'blocker' | 'warning' | 'info';

/**
 * Each rule's args by its id, in the documented table order (docs/check-migratable.md, rules added since after the
 * rule they refine): the typed values its
 * findings hand the renderer (render/migratability-text.ts). Each rule-args/<id>.ts declares its own.
 * A name a dump omits (a volume, disk, device or interface without `name`) is ''.
 */
export interface RuleArgs {
  'volume-not-shared': VolumeNotSharedArgs;
  'volume-node-local': VolumeNodeLocalArgs;
  'volume-hostdisk': VolumeHostdiskArgs;
  'volume-containerdisk': VolumeContainerdiskArgs;
  'volume-cdrom': VolumeCdromArgs;
  'volume-block-migration': VolumeBlockMigrationArgs;
  'volume-single-replica': VolumeSingleReplicaArgs;
  'volume-rwx-filesystem-share': VolumeRwxFilesystemShareArgs;
  'host-device': HostDeviceArgs;
  'interface-not-migratable': InterfaceNotMigratableArgs;
  'interface-sriov': InterfaceSriovArgs;
  'node-pinned': NodePinnedArgs;
  'affinity-restrictive': AffinityRestrictiveArgs;
  'cpu-host-passthrough': CpuHostPassthroughArgs;
  'cpu-host-model-unique': CpuHostModelUniqueArgs;
  'cpu-dedicated-single-node': CpuDedicatedSingleNodeArgs;
  'cpu-dedicated-emulator-thread': CpuDedicatedEmulatorThreadArgs;
  'confidential-computing': ConfidentialComputingArgs;
  'hyperv-passthrough': HypervPassthroughArgs;
  'tsc-frequency': TscFrequencyArgs;
  virtiofs: VirtiofsArgs;
  'persistent-reservation': PersistentReservationArgs;
  // Added: a volume update (updateVolumesStrategy: Migration) KubeVirt will refuse.
  'volume-update-gate-disabled': VolumeUpdateGateDisabledArgs;
  'volume-update-volume-refused': VolumeUpdateVolumeRefusedArgs;
  'volume-update-destination-missing': VolumeUpdateDestinationMissingArgs;
  'volume-update-rollout-not-live': VolumeUpdateRolloutNotLiveArgs;
  'volume-update-rwo-left-out': VolumeUpdateRwoLeftOutArgs;
  // Added: cross-cluster pre-flight (--peer-context): what the other cluster lacks (docs/cross-cluster.md).
  'peer-gate-disabled': PeerGateDisabledArgs;
  'peer-version-unsupported': PeerVersionUnsupportedArgs;
  'peer-version-skew': PeerVersionSkewArgs;
  'peer-namespace-missing': PeerNamespaceMissingArgs;
  'peer-network-missing': PeerNetworkMissingArgs;
  'peer-storage-class-missing': PeerStorageClassMissingArgs;
  'peer-volume-cannot-move': PeerVolumeCannotMoveArgs;
  'peer-sync-address-missing': PeerSyncAddressMissingArgs;
  'eviction-drain-blocker': EvictionDrainBlockerArgs<RuleId>;
  'kubevirt-condition': KubevirtConditionArgs<RuleId>;
}

export type RuleId = keyof RuleArgs;

/** What a rule reads beyond the VM/VMI itself; a missing need makes the rule `unknown`. */
export type Need = 'nodes' | 'pvcs' | 'pvs' | 'storageclasses' | 'datavolumes' | 'storageprofiles' | 'kubevirt';

/** The VM or VMI being judged, with the spec that applies (VMI spec, else the VM template). */
export interface Subject {
  namespace: string;
  name: string;
  kind: 'VirtualMachine' | 'VirtualMachineInstance';
  vm?: VirtualMachine;
  vmi?: VirtualMachineInstance;
  /** VMI spec if a VMI exists, else the VM's template spec. */
  spec: VmiSpec;
  /** VMI metadata if a VMI exists, else the VM template's metadata. */
  meta: ObjectMeta;
  dataVolumeTemplates: DataVolumeTemplate[];
  /** The node the VMI runs on, if running. */
  node?: string;
}

/** Cluster objects the rules may consult. `Known` = readable or not (and why). */
export interface ClusterFacts {
  nodes: Known<Node>;
  pvcs: Known<PersistentVolumeClaim>;
  pvs: Known<PersistentVolume>;
  storageClasses: Known<StorageClass>;
  dataVolumes: Known<DataVolume>;
  storageProfiles: Known<StorageProfile>;
  /** The KubeVirt CR; ok with zero items when none is installed/visible. */
  kubevirt: Known<KubeVirt>;
  kubevirtVersion?: KubeVirtVersion;
  /** Lookups and node-derived values over these lists, built once per analysis (clusterFacts). */
  index: ObjectIndex;
  /** With `--peer-context` / `--peer-from`: what the other cluster holds for the VM (the peer rules read it). */
  peer?: PeerFacts;
}

/**
 * The receiving cluster of a cross-cluster (decentralized) migration, as read for the pre-flight:
 * its KubeVirt CR, the target namespace, and the networks and storage classes the VM names.
 * Each list is `Known`: an unreadable one (403) makes the rules that need it unknown.
 */
export interface PeerFacts {
  /** How documents name it: the context, or the snapshot path. */
  cluster: string;
  /** The namespace the VM would move to (the source namespace). */
  namespace: string;
  kubevirt: Known<KubeVirt>;
  kubevirtVersion?: KubeVirtVersion;
  /** The target namespace, if it exists (one item at most). */
  namespaces: Known<Namespace>;
  /** The NetworkAttachmentDefinitions the VM's multus networks name that exist on the peer. */
  networks: Known<KubeObject>;
  storageClasses: Known<StorageClass>;
}

/** A span of KubeVirt minor releases, both ends inclusive; no `until` = up to the newest. */
export interface ReleaseSpan {
  since: KubeVirtMinor;
  until?: KubeVirtMinor;
}

interface FindingOf<Id extends RuleId> {
  rule: Id;
  severity: Severity;
  /** The LiveMigratable reason KubeVirt gives for what this finding is about (none: KubeVirt does not check it). */
  kubevirtReason?: KubeVirtReason;
  /**
   * Set when the cluster's KubeVirt version is unknown and the finding blocks on some releases
   * only: those releases (the finding is then a warning).
   */
  blocksOn?: ReleaseSpan[];
  /** Typed values the message is built from (volume, claim, label, node names, counts). */
  args: RuleArgs[Id];
  /** Path in the VM/VMI spec, e.g. `spec.volumes[1].persistentVolumeClaim`. */
  path?: string;
  evidence: EvidenceRef[];
}

/** One reason a VM cannot (or may not) migrate, of rule `Id` (any rule without one: narrow on `rule`). Prose comes from the renderer. */
export type RuleFinding<Id extends RuleId = RuleId> = { [K in Id]: FindingOf<K> }[Id];

export interface RuleResult<Id extends RuleId = RuleId> {
  findings: RuleFinding<Id>[];
  /** References this rule needed but could not resolve (e.g. a PVC absent from `-f`). */
  unresolved?: string[];
}

/** What a rule follows in KubeVirt, for `--list-rules` and for judging an unknown version. */
export interface KubeVirtBasis {
  /** The LiveMigratable reasons its findings stand for ([]: not a LiveMigratable check, e.g. target placement or storage). */
  reasons: readonly KubeVirtReason[];
  /** The releases in which it can find anything; undefined = every release. */
  releases?: ReleaseSpan;
  /**
   * The releases at which its verdict on the same objects can change (its version gates, `since`
   * and `until + 1` included). A rule with none is judged once whatever the version; one with
   * some is judged at each when the cluster's version is unknown.
   */
  changesAt: readonly KubeVirtMinor[];
  /** The feature gates, KubeVirt CR fields, node labels and object fields it reads beyond the VM spec. */
  reads: readonly string[];
}

export interface MigratabilityRule<Id extends RuleId = RuleId> {
  id: Id;
  /** The severity of its findings where they do not depend on the version (the documented one, docs/check-migratable.md). */
  severity: Severity;
  /** One line, for `--list-rules`. */
  description: string;
  needs: readonly Need[];
  kubevirt: KubeVirtBasis;
  /**
   * `prior` holds the findings of the rules before this one in registry order: the two
   * summary rules (`eviction-drain-blocker`, `kubevirt-condition`) run last and read them.
   */
  evaluate(subject: Subject, facts: ClusterFacts, prior: readonly RuleFinding[]): RuleResult<Id>;
  // A rule with `changesAt` reads the version through releaseOf(facts): the evaluator hands it
  // each release in turn when the cluster's version is unknown (./release-spans.ts).
}
