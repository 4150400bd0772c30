// host-model: the target pod must run on a node offering the source node's host model, its
// required features and vendor, and no obsolete-host-model marker
// (pkg/virt-controller/watch/migration/migration.go `createTargetPod`;
// NoSuitableNodesForHostModelMigration, harvester/harvester#3015); the vendor only from v1.8. A
// source node without any host-model label is refused by KubeVirt itself in every version
// (`CPUModeLiveMigratable`, vm.go isHostModelMigratable: virt-handler found no host model on its
// node, which is what the label's absence shows), whatever the other nodes.
// - running VMI: judged against the real source node and the other KubeVirt-schedulable nodes;
// - VM not running: fires when no two KubeVirt nodes could receive each other's host model, i.e.
//   wherever it starts it will be stuck there.
// Only an explicit `host-model` is judged: an unset model is filled in by KubeVirt's webhook on
// the VMI (the real VMIs show `host-model`), so running VMIs are covered. Not considered: the
// source pod's selector of a VMI that migrated before (we do not read pods). Fires only when
// other KubeVirt nodes exist: a one-node cluster is not the CPU's fault.
import type { Node } from '../../../kube/types.js';
import { CPU_HOST_MODEL, PREFIX_CPU_VENDOR } from '../../../kubevirt/constants.js';
import { HOST_MODEL_VENDOR_SELECTOR_SINCE, KV_REASON } from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import { hostModelCpuOf, missingHostModelLabels, offersHostModel, type HostModelCpu } from '../../scheduling/host-model.js';
import type { MigratabilityRule, RuleFinding, RuleResult } from '../rule.js';
import type { CpuHostModelUniqueArgs } from '../rule-args/cpu-host-model-unique.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { nodeName, nodeRef, refName } from './_facts.js';
import { kubeVirtNodes } from './_nodes.js';
import { memoKey, type ObjectIndex } from '../../object-index.js';

/** `node-b: label1, label2` for each candidate (args are flat: one string per node). */
function missingByNode(cpu: HostModelCpu, candidates: Node[]): string[] {
  return candidates.map((n) => `${nodeName(n)}: ${missingHostModelLabels(n, cpu).join(', ')}`);
}

/**
 * The host model of every node, read in one pass over the list the first time a rule asks:
 * reading ~200 labels per node costs far less in one sweep than interleaved with 10,000 VMs.
 */
function hostModelOf(index: ObjectIndex, nodes: readonly Node[], node: Node, vendor: boolean): HostModelCpu {
  const all = index.derived(nodes, `cpu-host-model-of\n${vendor}`, () => new Map(nodes.map((n) => [n, atRelease(hostModelCpuOf(n), vendor)])));
  return all.get(node) ?? atRelease(hostModelCpuOf(node), vendor);
}

/** Before v1.8 the target does not select the source's CPU vendor. */
function atRelease(cpu: HostModelCpu, vendor: boolean): HostModelCpu {
  if (vendor || cpu.vendor === undefined) return cpu;
  const selector = Object.fromEntries(Object.entries(cpu.selector).filter(([k]) => !k.startsWith(PREFIX_CPU_VENDOR)));
  const out: HostModelCpu = { ...cpu, selector };
  delete out.vendor;
  return out;
}

/**
 * The KubeVirt nodes that offer everything a host model needs (`missingHostModelLabels` is
 * empty). That depends on the target selector alone, which whole racks of identical nodes share:
 * found once per node list and selector, rather than once per node (or per VM).
 */
function receivers(index: ObjectIndex, nodes: readonly Node[], cpu: HostModelCpu): Node[] {
  return index.derived(nodes, `cpu-host-model-receivers\n${memoKey(cpu.selector)}`, () =>
    kubeVirtNodes(index, nodes).filter((n) => offersHostModel(n, cpu)),
  );
}

export const cpuHostModelUnique: MigratabilityRule<'cpu-host-model-unique'> = {
  id: 'cpu-host-model-unique',
  severity: 'blocker',
  description: 'cpu.model host-model and the source node publishes no host model, or no other node offers it (model, required features, vendor from 1.8)',
  // Nodes only matter for host-model VMs: an unreadable list is reported for those alone.
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.cpuMode],
    changesAt: [HOST_MODEL_VENDOR_SELECTOR_SINCE],
    reads: [
      'node labels host-model-cpu.node.kubevirt.io/*, host-model-required-features.node.kubevirt.io/*',
      'node labels cpu-model-migration.node.kubevirt.io/*, cpu-feature.node.kubevirt.io/*, node-labeller.kubevirt.io/obsolete-host-model',
      'node label cpu-vendor.node.kubevirt.io/* (v1.8+)',
    ],
  },
  evaluate(subject, facts): RuleResult<'cpu-host-model-unique'> {
    if (subject.spec.domain?.cpu?.model !== CPU_HOST_MODEL) return { findings: [] };
    if (!facts.nodes.ok) return { findings: [], unresolved: [facts.nodes.reason] };
    const nodes = facts.nodes.items;
    const kvNodes = kubeVirtNodes(facts.index, nodes);
    const path = specPath(subject, 'domain.cpu.model');
    const vendor = inRelease(releaseOf(facts), { since: HOST_MODEL_VENDOR_SELECTOR_SINCE });

    if (subject.node) {
      const sourceName = subject.node;
      const source = facts.index.byName(nodes, sourceName);
      if (!source) return { findings: [], unresolved: [refName('Node', sourceName)] };
      // The same for every VMI on that node: judged once per node.
      const judged = facts.index.derived(nodes, `cpu-host-model-unique\n${sourceName}\n${vendor}`, () => {
        const candidates = facts.index.countOtherThan(kvNodes, source);
        const cpu = hostModelOf(facts.index, nodes, source, vendor);
        // No host model on the source: KubeVirt refuses, even with no other node.
        if (cpu.model === undefined) return { cpu, candidates, missing: [] };
        if (candidates === 0) return undefined;
        const fits = receivers(facts.index, nodes, cpu).some((n) => n !== source);
        if (fits) return undefined;
        const others = kvNodes.filter((n) => n !== source);
        return { cpu, candidates, missing: missingByNode(cpu, others) };
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
      const finding: RuleFinding<'cpu-host-model-unique'> = {
        rule: 'cpu-host-model-unique',
        severity: 'blocker',
        args,
        path,
        evidence: [subjectRef(subject, path), nodeRef(subject.node)],
      };
      if (cpu.model === undefined) finding.kubevirtReason = KV_REASON.cpuMode;
      return { findings: [finding] };
    }

    if (kvNodes.length < 2) return { findings: [] };
    // Whether any two KubeVirt nodes could receive each other's host model: once per node list.
    const models = facts.index.derived(nodes, `cpu-host-model-unique\nstopped\n${vendor}`, () => {
      const paired = kvNodes.some((src) => {
        const cpu = hostModelOf(facts.index, nodes, src, vendor);
        return cpu.model !== undefined && receivers(facts.index, nodes, cpu).some((n) => n !== src);
      });
      return paired ? undefined : [...new Set(kvNodes.map((n) => hostModelOf(facts.index, nodes, n, vendor).model ?? ''))];
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
