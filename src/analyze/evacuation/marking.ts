// Whether a node is being evacuated, from the markers KubeVirt and kubectl leave
// (docs/kubevirt/evacuation-and-queue.md §1): `kubectl drain` cordons the node and KubeVirt's
// eviction webhook marks each VMI it will migrate (`status.evacuationNodeName`); the deprecated
// drain taint marks nothing on the VMIs; the evacuation controller's VMIMs carry the node in
// `kubevirt.io/evacuationMigration`. Pure.
import type { KubeVirt, Node, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { ANNOTATION_EVACUATION_MIGRATION, DEFAULT_NODE_DRAIN_TAINT_KEY } from '../../kubevirt/constants.js';
import { DRAIN_TAINT_EFFECT } from '../../kubevirt/evacuation-facts.js';
import { listOf } from '../shape.js';
import { isFinal } from '../migration/phase.js';

export interface NodeMarkers {
  /** `spec.unschedulable` (cordoned); undefined when the node could not be read. */
  unschedulable?: boolean;
  /** The node carries `<nodeDrainTaintKey>:NoSchedule` (the deprecated evacuation trigger). */
  drainTaint: boolean;
  /** VMIs whose `status.evacuationNodeName` is the node. */
  marked: number;
  /** Evacuation VMIMs of the node that are not final. */
  evacuationsInFlight: number;
  /** Evacuation VMIMs of the node, final or not. */
  evacuations: number;
}

export function drainTaintKey(kubevirt: KubeVirt | undefined): string {
  return kubevirt?.spec?.configuration?.migrations?.nodeDrainTaintKey || DEFAULT_NODE_DRAIN_TAINT_KEY;
}

/** The VMIM was created by the evacuation controller for `node`. */
export function isEvacuationOf(m: VirtualMachineInstanceMigration, node: string): boolean {
  return m.metadata.annotations?.[ANNOTATION_EVACUATION_MIGRATION] === node;
}

export function nodeMarkers(
  nodeName: string,
  node: Node | undefined,
  vmis: readonly VirtualMachineInstance[],
  migrations: readonly VirtualMachineInstanceMigration[],
  kubevirt: KubeVirt | undefined,
): NodeMarkers {
  const key = drainTaintKey(kubevirt);
  const evacuations = migrations.filter((m) => isEvacuationOf(m, nodeName));
  return {
    ...(node ? { unschedulable: node.spec?.unschedulable === true } : {}),
    drainTaint: listOf(node?.spec?.taints).some((t) => t.key === key && t.effect === DRAIN_TAINT_EFFECT),
    marked: vmis.filter((v) => v.status?.evacuationNodeName === nodeName).length,
    evacuationsInFlight: evacuations.filter((m) => !isFinal(m.status?.phase)).length,
    evacuations: evacuations.length,
  };
}

/**
 * Being evacuated: the drain taint, a marked VMI, or an evacuation in flight; or cordoned after
 * evacuations of it (a drain that has moved everything: nothing is marked any more).
 * Cordoning alone moves nothing.
 */
export function isEvacuating(m: NodeMarkers): boolean {
  return m.drainTaint || m.marked > 0 || m.evacuationsInFlight > 0 || (m.unschedulable === true && m.evacuations > 0);
}
