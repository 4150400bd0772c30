// Taints and tolerations as kube-scheduler applies them. A cordoned node (`spec.unschedulable`)
// behaves as if it had the `node.kubernetes.io/unschedulable:NoSchedule` taint, which the node
// lifecycle controller also adds; we add it ourselves for snapshots taken before that happened.
import type { Node, Taint, Toleration } from '../../kube/types.js';
import { listOf } from '../shape.js';

export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
/** Effects that keep a new pod off a node (PreferNoSchedule only lowers its score). */
export const BLOCKING_EFFECTS: readonly string[] = ['NoSchedule', 'NoExecute'];

export function effectiveTaints(node: Node): Taint[] {
  const taints = [...listOf(node.spec?.taints)];
  if (node.spec?.unschedulable && !taints.some((t) => t.key === TAINT_UNSCHEDULABLE)) {
    taints.push({ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' });
  }
  return taints;
}

export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.operator === 'Exists') return !t.key || t.key === taint.key;
  // Equal (the default): same key and same value, an absent value being "".
  return t.key === taint.key && (t.value ?? '') === (taint.value ?? '');
}

/** The node's taints with a blocking effect that none of the tolerations tolerates. */
export function untoleratedTaints(
  node: Node,
  tolerations: readonly Toleration[] | undefined,
  effects: readonly string[] = BLOCKING_EFFECTS,
): Taint[] {
  return effectiveTaints(node).filter(
    (taint) => effects.includes(taint.effect) && !listOf(tolerations).some((t) => toleratesTaint(t, taint)),
  );
}
