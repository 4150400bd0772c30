// Runs the checks in the operator's order and names exactly one cause (contract §4.1).
import { CAUSES, type CheckCause, type VerdictCause, type VerdictStatus } from './cause.js';
import type { CheckArgs, CheckId, CheckOutputs, CheckResult } from './check.js';
import type { Placement } from './placement.js';
import type { WhyContext } from './context.js';
import { WHY_CHECKS } from './registry.js';
import { stageOf } from '../migration/phase.js';
import { migrationTimeline, type TimelineEntry } from './timeline.js';
import { buildSubject } from '../migratability/subject.js';
import { evaluateMigratability, type MigratabilityEvaluation } from '../migratability/evaluate.js';
import { clusterFacts } from '../migratability/cluster-facts.js';
import { unknownList } from '../../kube/known.js';
import { policyOutput, type PolicyOutput } from './policy-output.js';
import { migrationProgress, type MigrationProgress } from './progress.js';

/** A verdict check `Id` decided: its cause, and its args make the summary and hint. */
export type CheckVerdict<Id extends CheckId = CheckId> = { [K in Id]: { status: VerdictStatus; cause: CheckCause; check: K; args: CheckArgs[K] } }[Id];

/** What the verdict itself says, per cause it names without a check; `kind` picks the sentence. */
interface OwnVerdictArgs {
  'no-migration': { kind: 'no-migration' };
  none: { kind: 'succeeded' } | { kind: 'progressing' };
  unknown: { kind: 'failed-unexplained' } | { kind: 'unknown-phase'; phase: string } | { kind: 'missing-data'; checks: CheckId[] };
}

/** A verdict no check decided (render/why-text/verdict.ts has its sentences). */
export type OwnVerdict = { [C in VerdictCause]: { status: VerdictStatus; cause: C; check?: undefined; args: OwnVerdictArgs[C] } }[VerdictCause];

export type Verdict = CheckVerdict | OwnVerdict;

export interface Diagnosis {
  ctx: WhyContext;
  verdict: Verdict;
  checks: CheckResult[];
  timeline: TimelineEntry[];
  placement?: Placement;
  /** The MigrationPolicy and effective configuration (contract §4.1 `policy`). */
  policy?: PolicyOutput;
  /** With no migration to explain: whether the VM could migrate (check-migratable's rules). */
  migratability?: MigratabilityEvaluation;
  /** Samples and forecast once libvirt has started copying (contract §4.1 `progress`). */
  progress?: MigrationProgress;
}

export function diagnose(ctx: WhyContext): Diagnosis {
  const prior = new Map<CheckId, CheckResult>();
  const out: CheckOutputs = {};
  const checks: CheckResult[] = [];
  for (const check of WHY_CHECKS) {
    const r = check.run(ctx, prior, out);
    prior.set(check.id, r);
    checks.push(r);
  }
  return {
    ctx,
    verdict: chooseVerdict(ctx, checks),
    checks,
    timeline: ctx.migration ? migrationTimeline(ctx.migration, ctx.now) : [],
    placement: out.placement,
    policy: policyOutput(ctx),
    ...(!ctx.migration && (ctx.vm || ctx.vmi) ? { migratability: migratabilityOf(ctx) } : {}),
    ...progressOf(ctx),
  };
}

function progressOf(ctx: WhyContext): { progress?: MigrationProgress } {
  const progress = migrationProgress(ctx);
  return progress ? { progress } : {};
}

/** check-migratable's verdict from what `why` gathered (it reads no StorageClasses or DataVolumes). */
function migratabilityOf(ctx: WhyContext): MigratabilityEvaluation {
  const notRead = unknownList<never>('not read by why: run check-migratable');
  const facts = clusterFacts({ ...ctx, storageClasses: notRead, dataVolumes: notRead, storageProfiles: notRead });
  return evaluateMigratability(buildSubject({ vm: ctx.vm, vmi: ctx.vmi }), facts);
}

/**
 * The first failing check (in the operator's order) that names a cause wins: each check fails
 * only when it explains the migration's current state. Warnings with a cause (at-risk) come
 * next; without either, the phase decides.
 */
export function chooseVerdict(ctx: WhyContext, checks: CheckResult[]): Verdict {
  const phase = ctx.migration?.status?.phase;
  const decisive = checks.find((c) => c.status === 'fail' && c.cause) ?? checks.find((c) => c.status === 'warn' && c.cause);
  if (decisive?.cause) return decidedBy(decisive, decisive.cause, statusFor(decisive.cause, decisive.status, phase));
  if (!ctx.migration) return { status: 'idle', cause: 'no-migration', args: { kind: 'no-migration' } };
  if (phase === 'Succeeded') return { status: 'succeeded', cause: 'none', args: { kind: 'succeeded' } };
  if (phase === 'Failed') return { status: 'failed', cause: 'unknown', args: { kind: 'failed-unexplained' } };
  // A phase this version does not know (a newer KubeVirt): "progressing" would be a guess.
  if (phase && stageOf(phase) === 'unknown') return { status: 'unknown', cause: 'unknown', args: { kind: 'unknown-phase', phase } };
  const undecided = checks.filter((c) => c.status === 'unknown').map((c) => c.id);
  if (undecided.length > 0 && checks.some((c) => c.status === 'fail')) {
    return { status: 'unknown', cause: 'unknown', args: { kind: 'missing-data', checks: undecided } };
  }
  return { status: 'progressing', cause: 'none', args: { kind: 'progressing' } };
}

function decidedBy<Id extends CheckId>(c: CheckResult<Id>, cause: CheckCause, status: VerdictStatus): CheckVerdict<Id> {
  const v = { status, cause, check: c.id, args: c.args };
  return v as CheckVerdict<Id>;
}

function statusFor(cause: CheckCause, checkStatus: CheckResult['status'], phase: string | undefined): VerdictStatus {
  if (phase === 'Failed') return 'failed';
  if (cause === 'unknown') return 'unknown';
  if (checkStatus === 'warn') return 'at-risk';
  return CAUSES[cause].blocking ? 'blocked' : 'failed';
}
