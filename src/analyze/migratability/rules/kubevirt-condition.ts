// KubeVirt's own verdict: `LiveMigratable=False` with a reason that no blocker found by the
// rules above explains (e.g. a reason from a newer KubeVirt, or a check we do not model). A
// blocker explains the reason when it stands for it (its `kubevirtReason`); a reason explained
// only by a warning (a versioned reason with the version unknown) also fires here, so the verdict
// follows KubeVirt's refusal. The condition message is quoted verbatim in the evidence.
import type { EvidenceRef } from '../../findings.js';
import type { MigratabilityRule, RuleFinding, RuleId } from '../rule.js';
import type { KubevirtConditionArgs } from '../rule-args/kubevirt-condition.js';
import { liveMigratableCondition } from '../subject.js';
import { copiedAcrossClusters } from '../other-moves.js';

export const kubevirtCondition: MigratabilityRule<'kubevirt-condition'> = {
  id: 'kubevirt-condition',
  severity: 'blocker',
  description: 'KubeVirt reports LiveMigratable=False for a reason no other blocker explains',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['VMI status.conditions[LiveMigratable]'] },
  evaluate(subject, facts, prior) {
    const cond = liveMigratableCondition(subject);
    if (cond?.status !== 'False') return { findings: [] };
    const reason = cond.reason ?? '';
    // The cross-cluster pre-flight: KubeVirt lets this reason through for that move.
    if (copiedAcrossClusters(reason, facts)) return { findings: [] };
    const matched = prior.filter((f: RuleFinding) => f.kubevirtReason !== undefined && f.kubevirtReason === reason);
    if (matched.some((f) => f.severity === 'blocker')) return { findings: [] };

    const evidence: EvidenceRef = {
      kind: 'VirtualMachineInstance',
      namespace: subject.namespace,
      name: subject.vmi?.metadata.name ?? subject.name,
      field: 'status.conditions[type=LiveMigratable]',
    };
    if (cond.message) evidence.message = cond.message;
    const args: KubevirtConditionArgs<RuleId> = { reason, message: cond.message ?? '' };
    if (matched.length > 0) args.explainedBy = [...new Set(matched.map((f) => f.rule))];
    return { findings: [{ rule: 'kubevirt-condition', severity: 'blocker', args, evidence: [evidence] }] };
  },
};
