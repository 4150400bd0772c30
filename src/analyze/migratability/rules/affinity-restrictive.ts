// Required pod (anti-)affinity copied to the target pod. We see nodes but not the other pods, so
// the heuristic stays on what the spec and the node list prove:
// - required podAffinity with topologyKey kubernetes.io/hostname: the target may only land on a
//   node already running a matching pod — usually the source itself, which KubeVirt excludes
//   (the case in kubevirt/kubevirt#5565 and PR 18165);
// - required podAntiAffinity whose topology key splits the KubeVirt nodes into ≤ 2 domains: the
//   source's domain plus at most one more, which any matching pod there fills.
// Other topology keys for podAffinity (zone…) leave whole domains open and are not flagged.
import { LABEL_HOSTNAME } from '../../../kubevirt/constants.js';
import type { LabelSelector, PodAffinityTerm } from '../../../kube/types.js';
import { kubeVirtNodes } from './_nodes.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { AffinityRestrictiveArgs } from '../rule-args/affinity-restrictive.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf } from '../../shape.js';
import { labelValue } from '../../../kube/labels.js';

/** `app=db, tier In (a,b)` — a compact, stable spelling of a label selector for args. */
export function selectorText(sel: LabelSelector | undefined): string {
  const parts = Object.entries(sel?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of listOf(sel?.matchExpressions)) {
    const values = listOf(e.values);
    parts.push(`${e.key} ${e.operator}${values.length ? ` (${values.join(',')})` : ''}`);
  }
  return parts.join(', ');
}

/** A domain count below which required anti-affinity leaves (almost) nowhere to go. */
const FEW_DOMAINS = 2;

function termArgs(term: PodAffinityTerm): { topologyKey: string; selector: string } {
  return { topologyKey: term.topologyKey ?? '', selector: selectorText(term.labelSelector) };
}

export const affinityRestrictive: MigratabilityRule<'affinity-restrictive'> = {
  id: 'affinity-restrictive',
  severity: 'warning',
  description: 'required podAffinity by hostname (follows other pods), or required podAntiAffinity over ≤ 2 topology domains',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['node labels (the terms\' topology keys)'] },
  evaluate(subject, facts) {
    const findings: RuleFinding<'affinity-restrictive'>[] = [];
    const unresolved: string[] = [];
    const affinity = subject.spec.affinity;
    const push = (i: number, args: AffinityRestrictiveArgs) => {
      const path = specPath(subject, `affinity.${args.kind}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`);
      findings.push({
        rule: 'affinity-restrictive',
        severity: 'warning',
        args,
        path,
        evidence: [subjectRef(subject, path)],
      });
    };

    listOf(affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution).forEach((term, i) => {
      if (term.topologyKey === LABEL_HOSTNAME) push(i, { kind: 'podAffinity', ...termArgs(term) });
    });

    const anti = listOf(affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
    if (anti.length > 0 && !facts.nodes.ok) unresolved.push(facts.nodes.reason);
    else if (anti.length > 0 && facts.nodes.ok) {
      const all = facts.nodes.items;
      const nodes = kubeVirtNodes(facts.index, all);
      anti.forEach((term, i) => {
        const key = term.topologyKey ?? '';
        // Topology domains of the KubeVirt nodes: once per node list and key.
        const domains = facts.index.derived(all, `affinity-restrictive\n${key}`, () => new Set(nodes.map((n) => labelValue(n.metadata.labels, key)).filter((v) => v !== undefined)).size);
        // One KubeVirt node in all: nothing to leave, not the affinity's doing.
        if (nodes.length > 1 && domains <= FEW_DOMAINS) push(i, { kind: 'podAntiAffinity', ...termArgs(term), domains, nodes: nodes.length });
      });
    }
    return { findings, unresolved };
  },
};
