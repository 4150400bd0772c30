// HyperV reenlightenment needs a fixed TSC frequency (docs/kubevirt/live-migratable-by-version.md
// §4.5, NoTSCFrequencyNotLiveMigratable): the VMI must carry `status.topologyHints.tscFrequency`,
// set from the nodes' `cpu-timer.node.kubevirt.io/tsc-frequency` label. Beyond KubeVirt's check,
// the target pod selects `scheduling.node.kubevirt.io/tsc-frequency-<Hz>=true`
// (pkg/virt-controller/services/nodeselectorrenderer.go), so a running VMI whose frequency no other
// node offers cannot move either.
// A reenlightenment block without `enabled: false` counts as enabled (KubeVirt feature states
// default to enabled). A VM that is not running fires when no KubeVirt node publishes a frequency.
// A CPU feature `invtsc` with policy require/force makes the frequency "required for boot"
// (topology/tsc.go GetTscFrequencyRequirement): LiveMigratable does not check it then, but the
// target still selects the frequency.
import { LABEL_TSC_FREQUENCY, PREFIX_TSC_FREQUENCY_SCHEDULING } from '../../../kubevirt/constants.js';
import { INVTSC_BOOT_POLICIES, INVTSC_FEATURE, KV_REASON } from '../../../kubevirt/migratability-facts.js';
import { listOf } from '../../shape.js';
import type { EvidenceRef } from '../../findings.js';
import type { ClusterFacts, MigratabilityRule, RuleFinding, RuleResult } from '../rule.js';
import type { TscFrequencyArgs } from '../rule-args/tsc-frequency.js';
import { specPath, subjectRef } from '../subject.js';
import { nodeName, nodeRef } from './_facts.js';
import { kubeVirtNodes } from './_nodes.js';

const nodesGap = (facts: ClusterFacts): string => (facts.nodes.ok ? 'nodes' : facts.nodes.reason);

export const tscFrequency: MigratabilityRule<'tsc-frequency'> = {
  id: 'tsc-frequency',
  severity: 'blocker',
  description: 'HyperV reenlightenment without a TSC frequency (no topologyHints.tscFrequency, or no other node with that frequency)',
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.noTscFrequency],
    changesAt: [],
    reads: [
      'VMI status.topologyHints.tscFrequency',
      'node labels cpu-timer.node.kubevirt.io/tsc-frequency, scheduling.node.kubevirt.io/tsc-frequency-<Hz>',
    ],
  },
  evaluate(subject, facts): RuleResult<'tsc-frequency'> {
    const re = subject.spec.domain?.features?.hyperv?.reenlightenment;
    if (re == null || re.enabled === false) return { findings: [] };
    const path = specPath(subject, 'domain.features.hyperv.reenlightenment');
    const forBoot = listOf(subject.spec.domain?.cpu?.features).some((f) => f.name === INVTSC_FEATURE && INVTSC_BOOT_POLICIES.includes(f.policy ?? ''));
    const fire = (args: TscFrequencyArgs, extra: EvidenceRef[]): RuleResult<'tsc-frequency'> => {
      if (args.reason === 'no-tsc-frequency' && forBoot) return { findings: [] };
      const finding: RuleFinding<'tsc-frequency'> = { rule: 'tsc-frequency', severity: 'blocker', args, path, evidence: [subjectRef(subject, path), ...extra] };
      if (args.reason === 'no-tsc-frequency') finding.kubevirtReason = KV_REASON.noTscFrequency;
      return { findings: [finding] };
    };
    const nodes = facts.nodes.ok ? facts.nodes.items : undefined;
    const kvNodes = nodes ? kubeVirtNodes(facts.index, nodes) : undefined;

    if (subject.node && subject.vmi) {
      const vmiRef = { kind: 'VirtualMachineInstance', namespace: subject.namespace, name: subject.name, field: 'status.topologyHints.tscFrequency' };
      const hz = subject.vmi.status?.topologyHints?.tscFrequency;
      if (!hz) {
        const source = kvNodes?.find((n) => nodeName(n) === subject.node);
        const lacks = source && source.metadata.labels?.[LABEL_TSC_FREQUENCY] === undefined;
        return fire({ reason: 'no-tsc-frequency', node: subject.node }, [vmiRef, ...(lacks ? [nodeRef(subject.node)] : [])]);
      }
      if (!nodes || !kvNodes) return { findings: [], unresolved: [nodesGap(facts)] };
      const node = subject.node;
      const label = `${PREFIX_TSC_FREQUENCY_SCHEDULING}${hz}`;
      // Once per node list, source node and frequency.
      const reachable = facts.index.derived(nodes, `tsc-frequency\n${node}\n${label}`, () => {
        const others = kvNodes.filter((n) => nodeName(n) !== node);
        return others.length === 0 || others.some((n) => n.metadata.labels?.[label] === 'true');
      });
      if (reachable) return { findings: [] };
      return fire({ reason: 'no-node-with-frequency', node, frequency: hz, label }, [vmiRef]);
    }

    if (!nodes || !kvNodes) return { findings: [], unresolved: [nodesGap(facts)] };
    const anyFrequency = facts.index.derived(nodes, 'tsc-frequency\nany', () => kvNodes.some((n) => n.metadata.labels?.[LABEL_TSC_FREQUENCY] !== undefined));
    if (anyFrequency) return { findings: [] };
    return fire({ reason: 'no-tsc-frequency', node: '' }, kvNodes.map((n) => nodeRef(nodeName(n))));
  },
};
