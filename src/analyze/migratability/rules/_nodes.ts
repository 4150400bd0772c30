// Node-derived data shared by the rules (not a rule: the `_` prefix keeps it out of the
// one-rule-per-file listing). check-migratable -A judges every VM against the same node list, so
// what depends only on the nodes (the KubeVirt-schedulable ones, a host model's candidates, the
// nodes a placement or a PV affinity matches) is computed once per analysis in the facts' index
// (`facts.index.derived(nodes, key, …)`, key naming everything else the value depends on) and
// reused for every VM, instead of once per VM: 10,000 VMs × 2,000 nodes made the analysis quadratic.
import type { Node } from '../../../kube/types.js';
import type { ObjectIndex } from '../../object-index.js';
import { isKubeVirtSchedulable } from '../../scheduling/placement.js';
import { nodeName } from './_facts.js';

/** The nodes virt-handler serves (`kubevirt.io/schedulable=true`), in list order. */
export function kubeVirtNodes(index: ObjectIndex, nodes: readonly Node[]): Node[] {
  return index.derived(nodes, 'kubevirt-schedulable', () => nodes.filter(isKubeVirtSchedulable));
}

/** Names of `kubeVirtNodes`, in list order. */
export function kubeVirtNodeNames(index: ObjectIndex, nodes: readonly Node[]): string[] {
  return index.derived(nodes, 'kubevirt-schedulable-names', () => kubeVirtNodes(index, nodes).map(nodeName));
}

/** Names of `kubeVirtNodes`, as a set. */
export function kubeVirtNodeNameSet(index: ObjectIndex, nodes: readonly Node[]): ReadonlySet<string> {
  return index.derived(nodes, 'kubevirt-schedulable-name-set', () => new Set(kubeVirtNodeNames(index, nodes)));
}
