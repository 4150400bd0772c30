// metav1.LabelSelector (a pod affinity term's labelSelector): matchLabels and matchExpressions
// over an object's labels, beside the node selector and node affinity matchers. Pure.
import type { LabelSelector } from '../../kube/types.js';
import { labelValue } from '../../kube/labels.js';
import { matchesRequirement } from './node-affinity.js';
import { listOf } from '../shape.js';

/** metav1.LabelSelector semantics: absent selector matches nothing, `{}` matches everything. */
export function matchesLabelSelector(labels: Readonly<Record<string, string>> | undefined, sel: LabelSelector | undefined): boolean {
  if (!sel) return false;
  const l = labels ?? {};
  if (Object.entries(sel.matchLabels ?? {}).some(([k, v]) => labelValue(l, k) !== v)) return false;
  return listOf(sel.matchExpressions).every((r) => matchesRequirement(labelValue(l, r.key), r));
}
