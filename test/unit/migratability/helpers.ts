// Run one rule the way evaluateMigratability does, for rule-level tests.
import { ruleById } from '../../../src/analyze/migratability/registry.js';
import type { ClusterFacts, RuleFinding, RuleId, RuleResult } from '../../../src/analyze/migratability/rule.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import type { VirtualMachine, VirtualMachineInstance } from '../../../src/kube/types.js';
import { clusterFacts } from '../../fixtures/objects/index.js';

export function run<Id extends RuleId>(
  id: Id,
  objs: { vm?: VirtualMachine; vmi?: VirtualMachineInstance },
  facts: ClusterFacts = clusterFacts(),
  prior: RuleFinding[] = [],
): Required<RuleResult<Id>> {
  const r = ruleById(id).evaluate(buildSubject(objs), facts, prior);
  // The registry's rule `id` makes findings of that rule only.
  return { findings: r.findings as RuleFinding<Id>[], unresolved: r.unresolved ?? [] };
}

/** A finding without its severity/rule (checked once per rule), for compact assertions. */
export const brief = (f: RuleFinding) => ({ args: f.args, path: f.path, evidence: f.evidence });
