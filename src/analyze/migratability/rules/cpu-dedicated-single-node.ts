// Dedicated CPUs: the launcher (and so the target pod) selects the CPU-manager node label `=true`
// (nodeselectorrenderer.go): `cpumanager` up to v1.7, `kubevirt.io/cpumanager` from v1.8 (virt-handler
// then writes both). With no other such node the target cannot be scheduled; LiveMigratable
// stays True. Fires only when other KubeVirt nodes exist (a one-node cluster is not the CPU
// manager's fault).
import {
  CPUMANAGER_PREFIXED_SELECTOR_SINCE,
  LABEL_CPUMANAGER_LEGACY,
  LABEL_CPUMANAGER_PREFIXED,
} from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { nodeName, nodeRef } from './_facts.js';
import { kubeVirtNodeNames, kubeVirtNodes } from './_nodes.js';

export const cpuDedicatedSingleNode: MigratabilityRule<'cpu-dedicated-single-node'> = {
  id: 'cpu-dedicated-single-node',
  severity: 'blocker',
  description: 'dedicatedCpuPlacement and no other node labelled cpumanager=true (KubeVirt ≤ 1.7) or kubevirt.io/cpumanager=true (1.8+)',
  // Nodes only matter for VMs with dedicated CPUs: an unreadable list is reported for those alone.
  needs: [],
  kubevirt: {
    reasons: [],
    changesAt: [CPUMANAGER_PREFIXED_SELECTOR_SINCE],
    reads: [`node label ${LABEL_CPUMANAGER_LEGACY} (≤ v1.7)`, `node label ${LABEL_CPUMANAGER_PREFIXED} (v1.8+)`],
  },
  evaluate(subject, facts) {
    if (subject.spec.domain?.cpu?.dedicatedCpuPlacement !== true) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };
    const nodes = facts.nodes.items;
    const label = inRelease(releaseOf(facts), { since: CPUMANAGER_PREFIXED_SELECTOR_SINCE }) ? LABEL_CPUMANAGER_PREFIXED : LABEL_CPUMANAGER_LEGACY;
    const cpuManager = facts.index.derived(nodes, `cpu-manager-names\n${label}`, () =>
      kubeVirtNodes(facts.index, nodes)
        .filter((n) => n.metadata.labels?.[label] === 'true')
        .map(nodeName),
    );
    const enough = subject.node ? facts.index.countOtherThan(cpuManager, subject.node) > 0 : cpuManager.length > 1;
    if (enough || facts.index.countOtherThan(kubeVirtNodeNames(facts.index, nodes), subject.node) === 0) return { findings: [] };
    const path = specPath(subject, 'domain.cpu.dedicatedCpuPlacement');
    return {
      findings: [
        {
          rule: 'cpu-dedicated-single-node',
          severity: 'blocker',
          args: { label: `${label}=true`, nodes: [...cpuManager], count: cpuManager.length },
          path,
          evidence: [subjectRef(subject, path), ...cpuManager.map((n) => nodeRef(n))],
        },
      ],
    };
  },
};
