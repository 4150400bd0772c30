// Required node affinity (`requiredDuringSchedulingIgnoredDuringExecution`, a NodeSelector) as
// kube-scheduler evaluates it: terms are ORed, the requirements inside a term are ANDed, an
// empty term or an empty term list matches nothing, and an absent selector matches every node.
import type { Node, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm } from '../../kube/types.js';
import { listOf } from '../shape.js';
import { labelValue } from '../../kube/labels.js';

/** The only field kube-scheduler supports in `matchFields`. */
const FIELD_NODE_NAME = 'metadata.name';

export function matchesRequirement(value: string | undefined, req: NodeSelectorRequirement): boolean {
  const values = listOf(req.values);
  switch (req.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Lt': {
      // Both sides must be integers; anything else never matches (as in the scheduler).
      if (value === undefined || values.length !== 1 || !/^-?\d+$/.test(value) || !/^-?\d+$/.test(values[0] ?? '')) return false;
      const a = Number(value);
      const b = Number(values[0]);
      return req.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

/** The requirements of one term that a node fails (labels and `metadata.name` fields). */
export function unmetRequirements(node: Node, term: NodeSelectorTerm): NodeSelectorRequirement[] {
  const labels = node.metadata.labels ?? {};
  const failing = listOf(term.matchExpressions).filter((r) => !matchesRequirement(labelValue(labels, r.key), r));
  for (const r of listOf(term.matchFields)) {
    const value = r.key === FIELD_NODE_NAME ? node.metadata.name : undefined;
    if (r.key !== FIELD_NODE_NAME || !matchesRequirement(value, r)) failing.push(r);
  }
  return failing;
}

export function matchesNodeSelectorTerm(node: Node, term: NodeSelectorTerm): boolean {
  const empty = listOf(term.matchExpressions).length === 0 && listOf(term.matchFields).length === 0;
  return !empty && unmetRequirements(node, term).length === 0;
}

/** `undefined` selector = no constraint; otherwise at least one term must match. */
export function matchesRequiredNodeAffinity(node: Node, selector: NodeSelector | undefined): boolean {
  if (!selector) return true;
  return listOf(selector.nodeSelectorTerms).some((t) => matchesNodeSelectorTerm(node, t));
}
