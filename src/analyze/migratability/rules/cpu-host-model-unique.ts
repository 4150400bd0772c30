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
import { hostModelCpuOf, missingHostModelLabels, offersHostModel, type HostModelCpu } from '../../scheduling/host-model.js';
import type { MigratabilityRule, RuleFinding, RuleResult } from '../rule.js';
import type { CpuHostModelUniqueArgs } from '../rule-args/cpu-host-model-unique.js';
import { specPath, subjectRef } from '../subject.js';
import { byName, nodeName, nodeRef, refName } from './_facts.js';
import { countOtherThan, kubeVirtNodes, memoByNodes, memoKey } from './_nodes.js';

/** `node-b: label1, label2` for each candidate (args are flat: one string per node). */
function missingByNode(cpu: HostModelCpu, candidates: Node[]): string[] {
  return candidates.map((n) => `${nodeName(n)}: ${missingHostModelLabels(n, cpu).join(', ')}`);
}

/**
 * The host model of every node, read in one pass over the list the first time a rule asks:
 * reading ~200 labels per node costs far less in one sweep than interleaved with 10,000 VMs.
 */
function hostModelOf(nodes: readonly Node[], node: Node): HostModelCpu {
  const all = memoByNodes(nodes, 'cpu-host-model-of', () => new Map(nodes.map((n) => [n, hostModelCpuOf(n)])));
  return all.get(node) ?? hostModelCpuOf(node);
}

/**
 * The KubeVirt nodes that offer everything a host model needs (`missingHostModelLabels` is
 * empty). That depends on the target selector alone, which whole racks of identical nodes share:
 * found once per node list and selector, rather than once per node (or per VM).
 */
function receivers(nodes: readonly Node[], cpu: HostModelCpu): Node[] {
  return memoByNodes(nodes, `cpu-host-model-receivers\n${memoKey(cpu.selector)}`, () =>
    kubeVirtNodes(nodes).filter((n) => offersHostModel(n, cpu)),
  );
}

export const cpuHostModelUnique: MigratabilityRule<'cpu-host-model-unique'> = {
  id: 'cpu-host-model-unique',
  severity: 'blocker',
  description: 'cpu.model host-model and no other node offers the source host model, required features and vendor',
  // Nodes only matter for host-model VMs: an unreadable list is reported for those alone.
  needs: [],
  evaluate(subject, facts): RuleResult<'cpu-host-model-unique'> {
    if (subject.spec.domain?.cpu?.model !== CPU_HOST_MODEL) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };
    const nodes = facts.nodes.items;
    const kvNodes = kubeVirtNodes(nodes);
    const path = specPath(subject, 'domain.cpu.model');

    if (subject.node) {
      const sourceName = subject.node;
      const source = byName(nodes, sourceName);
      if (!source) return { findings: [], unresolved: [refName('Node', sourceName)] };
      // The same for every VMI on that node: judged once per node.
      const judged = memoByNodes(nodes, `cpu-host-model-unique\n${sourceName}`, () => {
        const candidates = countOtherThan(kvNodes, source);
        if (candidates === 0) return undefined;
        const cpu = hostModelOf(nodes, source);
        const fits = cpu.model !== undefined && receivers(nodes, cpu).some((n) => n !== source);
        if (fits) return undefined;
        const others = kvNodes.filter((n) => n !== source);
        return { cpu, candidates, missing: cpu.model === undefined ? [] : missingByNode(cpu, others) };
      });
      if (!judged) return { findings: [] };
      const { cpu } = judged;
      const args: CpuHostModelUniqueArgs = {
        node: sourceName,
        model: cpu.model ?? '',
        features: [...cpu.requiredFeatures],
        candidates: judged.candidates,
        missing: [...judged.missing],
      };
      if (cpu.vendor) args.vendor = cpu.vendor;
      return {
        findings: [
          { rule: 'cpu-host-model-unique', severity: 'blocker', args, path, evidence: [subjectRef(subject, path), nodeRef(subject.node)] },
        ],
      };
    }

    if (kvNodes.length < 2) return { findings: [] };
    // Whether any two KubeVirt nodes could receive each other's host model: once per node list.
    const models = memoByNodes(nodes, 'cpu-host-model-unique\nstopped', () => {
      const paired = kvNodes.some((src) => {
        const cpu = hostModelOf(nodes, src);
        return cpu.model !== undefined && receivers(nodes, cpu).some((n) => n !== src);
      });
      return paired ? undefined : [...new Set(kvNodes.map((n) => hostModelOf(nodes, n).model ?? ''))];
    });
    if (!models) return { findings: [] };
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
