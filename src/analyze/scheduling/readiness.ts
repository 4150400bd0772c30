// Node readiness from the kubelet's `Ready` condition (True / False / Unknown when the kubelet
// stopped posting status).
import type { Condition, Node } from '../../kube/types.js';
import { listOf } from '../shape.js';

export function nodeReadyCondition(node: Node): Condition | undefined {
  return listOf(node.status?.conditions).find((c) => c.type === 'Ready');
}

/** True only for `Ready=True`; a missing condition is not ready. */
export function isNodeReady(node: Node): boolean {
  return nodeReadyCondition(node)?.status === 'True';
}
