// Dedicated CPUs: the launcher (and so the target pod) selects `kubevirt.io/cpumanager=true`
// (facts §4); with no other such node the target cannot be scheduled. Fires only when other
// KubeVirt nodes exist (a one-node cluster is not the CPU manager's fault).
import { LABEL_CPUMANAGER } from '../../../kubevirt/constants.js';
import type { MigratabilityRule } from '../rule.js';
import { specPath, subjectRef } from '../subject.js';
import { nodeName, nodeRef } from './_facts.js';
import { countOtherThan, kubeVirtNodeNames, kubeVirtNodes, memoByNodes } from './_nodes.js';

export const cpuDedicatedSingleNode: MigratabilityRule<'cpu-dedicated-single-node'> = {
  id: 'cpu-dedicated-single-node',
  severity: 'blocker',
  description: 'dedicatedCpuPlacement and no other node labelled kubevirt.io/cpumanager=true',
  // Nodes only matter for VMs with dedicated CPUs: an unreadable list is reported for those alone.
  needs: [],
  evaluate(subject, facts) {
    if (subject.spec.domain?.cpu?.dedicatedCpuPlacement !== true) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };
    const nodes = facts.nodes.items;
    const cpuManager = memoByNodes(nodes, 'cpu-manager-names', () =>
      kubeVirtNodes(nodes)
        .filter((n) => n.metadata.labels?.[LABEL_CPUMANAGER] === 'true')
        .map(nodeName),
    );
    const enough = subject.node ? countOtherThan(cpuManager, subject.node) > 0 : cpuManager.length > 1;
    if (enough || countOtherThan(kubeVirtNodeNames(nodes), subject.node) === 0) return { findings: [] };
    const path = specPath(subject, 'domain.cpu.dedicatedCpuPlacement');
    return {
      findings: [
        {
          rule: 'cpu-dedicated-single-node',
          severity: 'blocker',
          args: { label: `${LABEL_CPUMANAGER}=true`, nodes: [...cpuManager], count: cpuManager.length },
          path,
          evidence: [subjectRef(subject, path), ...cpuManager.map((n) => nodeRef(n))],
        },
      ],
    };
  },
};
