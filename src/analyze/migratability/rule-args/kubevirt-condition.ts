// The args of the kubevirt-condition rule's findings (rules/kubevirt-condition.ts), for render/migratability-text.ts. Types only.

/** KubeVirt's reason and message; `explainedBy`: the warning rules that match the reason. */
// `RuleId` is rule.ts's, passed in by RuleArgs there: importing it here would make an import cycle.
export interface KubevirtConditionArgs<RuleId extends string> {
  reason: string;
  message: string;
  explainedBy?: RuleId[];
}
