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
} from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';

export type Severity = 'blocker' | 'warning' | 'info';

export type RuleId =
  | 'volume-not-shared'
  | 'volume-node-local'
  | 'volume-hostdisk'
  | 'volume-containerdisk'
  | 'volume-cdrom'
  | 'volume-block-migration'
  | 'volume-single-replica'
  | 'volume-rwx-filesystem-share'
  | 'host-device'
  | 'interface-not-migratable'
  | 'interface-sriov'
  | 'node-pinned'
  | 'affinity-restrictive'
  | 'cpu-host-passthrough'
  | 'cpu-host-model-unique'
  | 'cpu-dedicated-single-node'
  | 'confidential-computing'
  | 'hyperv-passthrough'
  | 'tsc-frequency'
  | 'virtiofs'
  | 'persistent-reservation'
  | 'eviction-drain-blocker'
  | 'kubevirt-condition';

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
}

/** One reason a VM cannot (or may not) migrate. Prose comes from the renderer, keyed by rule. */
export interface RuleFinding {
  rule: RuleId;
  severity: Severity;
  /** Typed values the message is built from (volume, claim, label, node names, counts). */
  args: Record<string, string | number | boolean | string[]>;
  /** Path in the VM/VMI spec, e.g. `spec.volumes[1].persistentVolumeClaim`. */
  path?: string;
  evidence: EvidenceRef[];
}

export interface RuleResult {
  findings: RuleFinding[];
  /** References this rule needed but could not resolve (e.g. a PVC absent from `-f`). */
  unresolved?: string[];
}

export interface MigratabilityRule {
  id: RuleId;
  severity: Severity;
  /** One line, for `--list-rules`. */
  description: string;
  needs: readonly Need[];
  /**
   * `prior` holds the findings of the rules before this one in registry order: the two
   * summary rules (`eviction-drain-blocker`, `kubevirt-condition`) run last and read them.
   */
  evaluate(subject: Subject, facts: ClusterFacts, prior: readonly RuleFinding[]): RuleResult;
}
