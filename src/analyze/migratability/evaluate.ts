// Run every rule over one subject and turn the findings into a verdict (docs/documents.md): any
// blocker ⇒ not-migratable, else any warning ⇒ risky, else migratable. A rule whose `needs`
// are unreadable is not run and is listed in `unknown`, as is each reference a rule could not
// resolve; the verdict is built from what could be judged and never guesses the rest.
// The verdict follows the cluster's KubeVirt version; when that is unknown, a rule whose verdict
// depends on it is judged at every release (./release-spans.ts).
import type { Known } from '../../kube/known.js';
import type { KubeVirtReason } from '../../kubevirt/migratability-facts.js';
import { reasonOrderAt } from '../../kubevirt/releases.js';
import type { ClusterFacts, MigratabilityRule, Need, RuleFinding, RuleId, RuleResult, Subject } from './rule.js';
import { RULES } from './registry.js';
import { evaluateAcrossReleases } from './release-spans.js';
import { liveMigratableCondition } from './subject.js';
import { blocksInClusterMigration, copiedAcrossClusters, forTheMove } from './other-moves.js';

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
  /** What that KubeVirt version will set on LiveMigratable, from the findings; only when the version is known. */
  predicted?: PredictedLiveMigratable;
}

export interface PredictedLiveMigratable {
  /** `vX.Y.Z` as the KubeVirt CR reports it. */
  version: string;
  liveMigratable: 'True' | 'False';
  /** Every reason that applies, in the order virt-handler checks them: the first is the one it reports. */
  reasons: KubeVirtReason[];
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
      const result = judge(rule, subject, facts, findings);
      for (const f of result.findings) findings.push(forTheMove(f, facts));
      for (const missing of result.unresolved ?? []) addUnknown(rule.id, missing);
    } catch (err) {
      // A rule bug must not take the whole report down: say which rule could not be judged.
      addUnknown(rule.id, `internal error: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const verdict = verdictOf(findings);
  const kubevirt = kubevirtMigratable(subject);
  // LiveMigratable judges a migration within the cluster, not a volume update or a cross-cluster
  // move's own prerequisites; for that move KubeVirt lets DisksNotLiveMigratable through.
  const kubevirtAllows = kubevirt.liveMigratable === 'True' || copiedAcrossClusters(kubevirt.reason, facts);
  const agreesWithKubeVirt = kubevirt.liveMigratable === 'Unknown' ? null : !findings.some(blocksInClusterMigration) === kubevirtAllows;
  const out: MigratabilityEvaluation = { verdict, findings, unknown, kubevirt, agreesWithKubeVirt };
  if (facts.kubevirtVersion) out.predicted = predictLiveMigratable(findings, facts.kubevirtVersion);
  return out;
}

function judge(rule: MigratabilityRule, subject: Subject, facts: ClusterFacts, prior: readonly RuleFinding[]): RuleResult {
  if (facts.kubevirtVersion || rule.kubevirt.changesAt.length === 0) return rule.evaluate(subject, facts, prior);
  return evaluateAcrossReleases(rule, subject, facts, prior);
}

/** The reasons of the blocking findings, in that release's check order. */
export function predictLiveMigratable(findings: readonly RuleFinding[], version: NonNullable<ClusterFacts['kubevirtVersion']>): PredictedLiveMigratable {
  const found = new Set(findings.filter((f) => f.severity === 'blocker' && f.kubevirtReason).map((f) => f.kubevirtReason));
  const reasons = reasonOrderAt(version).filter((r) => found.has(r));
  return { version: version.raw, liveMigratable: reasons.length > 0 ? 'False' : 'True', reasons };
}
