// host-model: the target pod must run on a node offering the source node's host model, its
// required features and vendor, and no obsolete-host-model marker (facts §4, createTargetPod;
// NoSuitableNodesForHostModelMigration, harvester/harvester#3015). A source node without a
// host-model label is refused by KubeVirt itself (`CPUModeLiveMigratable`).
// - running VMI: judged against the real source node and the other KubeVirt-schedulable nodes;
// - VM not running: fires when no two KubeVirt nodes could receive each other's host model, i.e.
//   wherever it starts it will be stuck there.
// Only an explicit `host-model` is judged: an unset model is filled in by KubeVirt's webhook on
// the VMI (the real VMIs show `host-model`), so running VMIs are covered. Not considered: the
// source pod's selector of a VMI that migrated before (we do not read pods). Fires only when
// other KubeVirt nodes exist: a one-node cluster is not the CPU's fault.
import type { Node } from '../../../kube/types.js';
import { CPU_HOST_MODEL } from '../../../kubevirt/constants.js';
import { hostModelCpuOf, missingHostModelLabels, type HostModelCpu } from '../../scheduling/host-model.js';
import { isKubeVirtSchedulable } from '../../scheduling/placement.js';
import type { MigratabilityRule, RuleFinding, RuleResult } from '../rule.js';
import { specPath, subjectRef } from '../subject.js';
import { nodeName, nodeRef, refName } from './_facts.js';

/** `node-b: label1, label2` for each candidate (args are flat: one string per node). */
function missingByNode(cpu: HostModelCpu, candidates: Node[]): string[] {
  return candidates.map((n) => `${nodeName(n)}: ${missingHostModelLabels(n, cpu).join(', ')}`);
}

export const cpuHostModelUnique: MigratabilityRule = {
  id: 'cpu-host-model-unique',
  severity: 'blocker',
  description: 'cpu.model host-model and no other node offers the source host model, required features and vendor',
  // Nodes only matter for host-model VMs: an unreadable list is reported for those alone.
  needs: [],
  evaluate(subject, facts): RuleResult {
    if (subject.spec.domain?.cpu?.model !== CPU_HOST_MODEL) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };
    const kvNodes = facts.nodes.items.filter(isKubeVirtSchedulable);
    const path = specPath(subject, 'domain.cpu.model');

    if (subject.node) {
      const source = facts.nodes.items.find((n) => n.metadata.name === subject.node);
      if (!source) return { findings: [], unresolved: [refName('Node', subject.node)] };
      const others = kvNodes.filter((n) => n !== source);
      if (others.length === 0) return { findings: [] };
      const cpu = hostModelCpuOf(source);
      const fits = cpu.model !== undefined && others.some((n) => missingHostModelLabels(n, cpu).length === 0);
      if (fits) return { findings: [] };
      const args: RuleFinding['args'] = {
        node: subject.node,
        model: cpu.model ?? '',
        features: cpu.requiredFeatures,
        candidates: others.length,
        missing: cpu.model === undefined ? [] : missingByNode(cpu, others),
      };
      if (cpu.vendor) args.vendor = cpu.vendor;
      return {
        findings: [
          { rule: 'cpu-host-model-unique', severity: 'blocker', args, path, evidence: [subjectRef(subject, path), nodeRef(subject.node)] },
        ],
      };
    }

    if (kvNodes.length < 2) return { findings: [] };
    const paired = kvNodes.some((src) => {
      const cpu = hostModelCpuOf(src);
      return cpu.model !== undefined && kvNodes.some((n) => n !== src && missingHostModelLabels(n, cpu).length === 0);
    });
    if (paired) return { findings: [] };
    const models = [...new Set(kvNodes.map((n) => hostModelCpuOf(n).model ?? ''))];
    return {
      findings: [
        {
          rule: 'cpu-host-model-unique',
          severity: 'blocker',
          args: { node: '', model: models.join(', '), features: [], candidates: kvNodes.length, missing: [] },
          path,
          evidence: [subjectRef(subject, path), ...kvNodes.map((n) => nodeRef(nodeName(n)))],
        },
      ],
    };
  },
};
