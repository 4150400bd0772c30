// Run every rule over one subject and turn the findings into a verdict (contract §4.2): any
// blocker ⇒ not-migratable, else any warning ⇒ risky, else migratable. A rule whose `needs`
// are unreadable is not run and is listed in `unknown`, as is each reference a rule could not
// resolve; the verdict is built from what could be judged and never guesses the rest.
import type { Known } from '../../kube/known.js';
import type { ClusterFacts, MigratabilityRule, Need, RuleFinding, RuleId, Subject } from './rule.js';
import { RULES } from './registry.js';
import { liveMigratableCondition } from './subject.js';

export type MigratabilityVerdict = 'migratable' | 'not-migratable' | 'risky';

export interface KubeVirtMigratable {
  liveMigratable: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
}

export interface MigratabilityEvaluation {
  verdict: MigratabilityVerdict;
  findings: RuleFinding[];
  unknown: { rule: RuleId; missing: string }[];
  kubevirt: KubeVirtMigratable;
  /** null when KubeVirt has no opinion (no VMI, or no LiveMigratable condition). */
  agreesWithKubeVirt: boolean | null;
}

const NEED_FACT: Record<Need, keyof Omit<ClusterFacts, 'kubevirtVersion'>> = {
  nodes: 'nodes',
  pvcs: 'pvcs',
  pvs: 'pvs',
  storageclasses: 'storageClasses',
  datavolumes: 'dataVolumes',
  storageprofiles: 'storageProfiles',
  kubevirt: 'kubevirt',
};

export function verdictOf(findings: readonly RuleFinding[]): MigratabilityVerdict {
  if (findings.some((f) => f.severity === 'blocker')) return 'not-migratable';
  if (findings.some((f) => f.severity === 'warning')) return 'risky';
  return 'migratable';
}

export function kubevirtMigratable(subject: Subject): KubeVirtMigratable {
  const cond = liveMigratableCondition(subject);
  if (cond?.status !== 'True' && cond?.status !== 'False') return { liveMigratable: 'Unknown' };
  const out: KubeVirtMigratable = { liveMigratable: cond.status };
  if (cond.reason) out.reason = cond.reason;
  if (cond.message) out.message = cond.message;
  return out;
}

export function evaluateMigratability(
  subject: Subject,
  facts: ClusterFacts,
  rules: readonly MigratabilityRule[] = RULES,
): MigratabilityEvaluation {
  const findings: RuleFinding[] = [];
  const unknown: MigratabilityEvaluation['unknown'] = [];
  const addUnknown = (rule: RuleId, missing: string) => {
    if (!unknown.some((u) => u.rule === rule && u.missing === missing)) unknown.push({ rule, missing });
  };
  for (const rule of rules) {
    const unmet = rule.needs
      .map((need) => facts[NEED_FACT[need]] as Known<unknown>)
      .filter((k): k is { ok: false; reason: string } => !k.ok);
    if (unmet.length > 0) {
      for (const k of unmet) addUnknown(rule.id, k.reason);
      continue;
    }
    try {
      const result = rule.evaluate(subject, facts, findings);
      findings.push(...result.findings);
      for (const missing of result.unresolved ?? []) addUnknown(rule.id, missing);
    } catch (err) {
      // A rule bug must not take the whole report down: say which rule could not be judged.
      addUnknown(rule.id, `internal error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const verdict = verdictOf(findings);
  const kubevirt = kubevirtMigratable(subject);
  const agreesWithKubeVirt =
    kubevirt.liveMigratable === 'Unknown' ? null : (verdict !== 'not-migratable') === (kubevirt.liveMigratable === 'True');
  return { verdict, findings, unknown, kubevirt, agreesWithKubeVirt };
}
