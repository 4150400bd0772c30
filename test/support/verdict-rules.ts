// The verdict rules (issue #12) as invariants over any diagnosis: every `why` scenario and every
// corpus case is run through them (test/unit/why/scenarios/harness.ts, test/corpus/why-corpus.test.ts).
// The pairs below are written out here, apart from the code's consistency table, so a change
// there cannot quietly widen what a pass may sit beside.
import type { Diagnosis } from '../../src/analyze/why/diagnose.js';
import type { CheckId } from '../../src/analyze/why/check.js';
import { STAGE_CHECKS, stageOf } from '../../src/analyze/why/stage.js';

/** A check that passes never sits beside a failure with one of these causes (rule 5). */
const NEVER_BESIDE: Partial<Record<CheckId, readonly string[]>> = {
  'resource-quota': ['quota-exceeded'],
  admission: ['quota-exceeded', 'pod-security'],
  'migration-slots': ['concurrency-limit'],
  'active-pods': ['stale-active-pods'],
  'migration-conflict': ['migration-conflict'],
  'storage-visibility': ['storage-error', 'target-unschedulable-storage'],
  'target-pod-scheduling': ['target-unschedulable-cpu', 'target-unschedulable-node-selector', 'target-unschedulable-resources', 'target-unschedulable-taints', 'target-unschedulable-anti-affinity'],
  'target-pod-readiness': ['target-pod-not-ready', 'target-pod-lost', 'target-pod-timeout'],
};

/** What breaks a rule, one line each; empty when the diagnosis keeps them all. */
export function verdictRuleViolations(d: Diagnosis): string[] {
  const out: string[] = [];
  const failed = d.checks.filter((c) => (c.status === 'fail' || c.status === 'warn') && c.cause);
  for (const c of d.checks) {
    if (c.status !== 'pass') continue;
    for (const f of failed) {
      if (f.id !== c.id && (NEVER_BESIDE[c.id] ?? []).includes(f.cause!)) out.push(`rule 5: ${c.id} passes while ${f.id} says ${f.cause}`);
    }
  }
  // Rule 1: an all-clear only when every check of the stage passed (none unknown, no unnamed anomaly).
  const { status } = d.verdict;
  if (status === 'progressing' || status === 'succeeded') {
    const stage = stageOf(d.ctx);
    for (const c of d.checks) {
      if (c.status === 'fail') out.push(`rule 1: ${status} with ${c.id} failing`);
      if (STAGE_CHECKS[stage].includes(c.id) && (c.status === 'unknown' || (c.status === 'warn' && !c.cause))) out.push(`rule 1: ${status} with ${c.id} ${c.status}`);
    }
  }
  // Rule 3: idle only when no check names something that stops a new migration.
  if (status === 'idle' && failed.length > 0) out.push(`rule 3: idle beside ${failed.map((f) => `${f.id}:${f.cause}`).join(', ')}`);
  // Rule 5: a succeeded migration is 100 %.
  if (d.ctx.migration?.status?.phase === 'Succeeded' && d.progress && d.progress.forecast.percent !== 100) out.push(`rule 5: succeeded at ${d.progress.forecast.percent} %`);
  return out;
}

/** The migration this diagnosis waits behind (migration-conflict in-flight), by uid. */
export function waitsBehind(d: Diagnosis): { name: string; uid: string } | undefined {
  const c = d.checks.find((x) => x.id === 'migration-conflict');
  if (c?.id !== 'migration-conflict' || c.status !== 'fail' || c.args.kind !== 'in-flight' || !c.args.other) return undefined;
  return { name: c.args.other.name, uid: c.args.other.uid };
}
