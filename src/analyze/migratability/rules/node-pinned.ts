// Placement that only the current node satisfies (kubevirt/kubevirt#5565): the target pod
// copies the VM's nodeSelector and node affinity, and KubeVirt's own anti-affinity keeps it off
// the source node, so it stays Pending. Fires for `kubernetes.io/hostname` in spec.nodeSelector
// (a nodeName-style pin), or when nodeSelector + required node affinity (with the
// `kubevirt.io/schedulable=true`, arch and KubeVirt-CR selectors KubeVirt adds) match no node
// other than the source — and only if that constraint is what removes the other KubeVirt nodes
// (a one-node cluster is not the VM's fault). Taints and capacity are not placement rules of
// the VM; `why` checks them on the real target pod.
import { LABEL_HOSTNAME } from '../../../kubevirt/constants.js';
import type { KubeVirt, Node, VmiSpec } from '../../../kube/types.js';
import { matchesLauncherPlacement } from '../../scheduling/placement.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { NodePinnedArgs } from '../rule-args/node-pinned.js';
import { specPath, subjectRef } from '../subject.js';
import { kubevirtCR, nodeName, nodeRef } from './_facts.js';
import { kubeVirtNodes } from './_nodes.js';
import { memoKey, type ObjectIndex } from '../../object-index.js';

/**
 * Names of the KubeVirt nodes a launcher with this placement may use. Many VMs share a
 * placement (the same zone selector, none at all): computed once per node list and placement.
 */
function placementNodes(index: ObjectIndex, nodes: readonly Node[], spec: VmiSpec, kubevirt: KubeVirt | undefined): string[] {
  const placement: VmiSpec = { architecture: spec.architecture };
  if (spec.nodeSelector !== undefined) placement.nodeSelector = spec.nodeSelector;
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required !== undefined) placement.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: required } };
  const clusterSelectors = kubevirt?.spec?.configuration?.developerConfiguration?.nodeSelectors;
  const key = `node-pinned\n${memoKey(placement)}\n${memoKey(clusterSelectors)}`;
  return index.derived(nodes, key, () =>
    kubeVirtNodes(index, nodes)
      .filter((n) => matchesLauncherPlacement(n, placement, kubevirt))
      .map(nodeName),
  );
}

export const nodePinned: MigratabilityRule<'node-pinned'> = {
  id: 'node-pinned',
  severity: 'blocker',
  description: 'nodeSelector kubernetes.io/hostname, or nodeSelector / required node affinity that no other KubeVirt node satisfies',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['node labels', 'KubeVirt spec.configuration.developerConfiguration.nodeSelectors'] },
  evaluate(subject, facts) {
    const spec = subject.spec;
    const selector = spec.nodeSelector ?? {};
    const affinity = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    const hostname = selector[LABEL_HOSTNAME];
    if (hostname !== undefined) {
      const path = specPath(subject, 'nodeSelector');
      return {
        findings: [
          {
            rule: 'node-pinned',
            severity: 'blocker',
            args: { kind: 'hostname', label: LABEL_HOSTNAME, nodes: [hostname], matching: 1 },
            path,
            evidence: [subjectRef(subject, path)],
          },
        ],
      };
    }
    const constrained = Object.keys(selector).length > 0 || affinity !== undefined;
    if (!constrained) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };

    const kubevirt = kubevirtCR(facts);
    // What any VM of this architecture could use (cluster-wide selectors included), and what this one can.
    const baseline = placementNodes(facts.index, facts.nodes.items, { architecture: spec.architecture }, kubevirt);
    const matching = placementNodes(facts.index, facts.nodes.items, spec, kubevirt);
    const pinned = subject.node ? facts.index.countOtherThan(matching, subject.node) === 0 : matching.length <= 1;
    // The VM's own constraint must be what removes the other nodes.
    if (!pinned || facts.index.countOtherThan(baseline, subject.node) === 0) return { findings: [] };

    const field = affinity && Object.keys(selector).length === 0 ? 'affinity.nodeAffinity' : 'nodeSelector';
    const path = specPath(subject, field);
    const args: NodePinnedArgs = {
      kind: affinity ? (Object.keys(selector).length > 0 ? 'selector-and-affinity' : 'node-affinity') : 'node-selector',
      nodes: [...matching],
      matching: matching.length,
      candidates: baseline.length,
    };
    const labels = Object.entries(selector).map(([k, v]) => `${k}=${v}`);
    if (labels.length > 0) args.selector = labels;
    return {
      findings: [{ rule: 'node-pinned', severity: 'blocker', args, path, evidence: [subjectRef(subject, path), ...matching.map((n) => nodeRef(n))] }],
    };
  },
};
