// What the collect step hands to the node evacuation analysis (`why --node NODE`): node-wide
// lists, each `Known` so that a list that could not be read makes its part `unknown`.
import type { HandlerMetrics, Known } from '../../kube/known.js';
import type {
  KubeEvent,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodDisruptionBudget,
  ResourceQuota,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import type { LogTail } from '../why/context.js';

export interface NodeEvacuationInputs {
  now: Date;
  nodeName: string;
  /** The node itself (one item), or why it could not be read. */
  node: Known<Node>;
  /** Every node (target placement of the per-VMI diagnoses). */
  nodes: Known<Node>;
  /** The VMIs on the node, and those that left it in this evacuation. */
  vmis: Known<VirtualMachineInstance>;
  /** Every VMIM of the cluster (slots are counted cluster-wide). */
  migrations: Known<VirtualMachineInstanceMigration>;
  /** Every pod on the node (`spec.nodeName=NODE`): launcher, hotplug, virt-handler and others. */
  podsOnNode: Known<Pod>;
  /** Migration target pods of the cluster (label kubevirt.io/migrationJobUID). */
  targetPods: Known<Pod>;
  pdbs: Known<PodDisruptionBudget>;
  events: Known<KubeEvent>;
  quotas: Known<ResourceQuota>;
  pvcs: Known<PersistentVolumeClaim>;
  pvs: Known<PersistentVolume>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
  /** Read only when a MigrationPolicy selects namespaces or post-copy is allowed. */
  namespaces: Known<Namespace>;
  /** Source launcher log tails by the VMI's `namespace/name`, read for the migrations that copy or failed. */
  logs: ReadonlyMap<string, LogTail>;
  /** virt-handler's /metrics on the node, read once for every copying migration without a log line. */
  handlerMetrics?: HandlerMetrics;
}

/** `namespace/name`: the key of the log tails (by VMI), and of pods. */
export function objectKey(namespace: string | undefined, name: string | undefined): string {
  return `${namespace ?? ''}/${name ?? ''}`;
}
