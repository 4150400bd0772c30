// Runs the checks in the operator's order and names exactly one cause (docs/documents.md), by the
// verdict rules of §4.1.1: a consistency pass over the results first (one fact, one judgement),
// then the first failing check that names a cause; an all-clear only when every check of the
// migration's current stage passed.
import type { MigrationOrigin } from '../../kubevirt/evacuation-facts.js';
import { originOf } from '../migration/origin.js';
import { CAUSES, type CheckCause, type VerdictCause, type VerdictStatus } from './cause.js';
import type { CheckArgs, CheckId, CheckOutputs, CheckResult } from './check.js';
import type { Placement } from './placement.js';
import type { PeerVerdict, WhyContext } from './context.js';
import { peerOutput, type PeerOutput } from '../decentralized/peer-output.js';
import { WHY_CHECKS } from './registry.js';
import { migrationTimeline, type TimelineEntry } from './timeline.js';
import { buildSubject } from '../migratability/subject.js';
import { evaluateMigratability, type MigratabilityEvaluation } from '../migratability/evaluate.js';
import { clusterFacts } from '../migratability/cluster-facts.js';
import { unknownList } from '../../kube/known.js';
import { policyOutput, type PolicyOutput } from './policy-output.js';
import { migrationProgress, type MigrationProgress } from './progress.js';
import { STAGE_CHECKS, stageOf, type Stage } from './stage.js';
import { reconcileChecks } from './consistency.js';
import { deriveContext } from './derive.js';

/** A verdict check `Id` decided: its cause, and its args make the summary and hint. */
export type CheckVerdict<Id extends CheckId = CheckId> = { [K in Id]: { status: VerdictStatus; cause: CheckCause; check: K; args: CheckArgs[K] } }[Id];

/** What the verdict itself says, per cause it names without a check; `kind` picks the sentence. */
interface OwnVerdictArgs {
  'no-migration': { kind: 'no-migration' };
  none: { kind: 'succeeded' } | { kind: 'progressing' };
  unknown:
    | { kind: 'failed-unexplained' }
    | { kind: 'unknown-phase'; phase: string }
    /**
     * Rule 1: checks of the current stage could not decide (`unknown`: what they could not read)
     * or saw an anomaly no cause names (`anomalies`: warnings without a cause). The summary quotes them.
     */
    | { kind: 'undecided'; stage: Stage; unknown: CheckId[]; anomalies: CheckId[] };
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
  /** The MigrationPolicy and effective configuration (docs/documents.md `policy`). */
  policy?: PolicyOutput;
  /** With no migration to explain: whether the VM could migrate (check-migratable's rules). */
  migratability?: MigratabilityEvaluation;
  /** Samples and forecast once libvirt has started copying (docs/documents.md `progress`). */
  progress?: MigrationProgress;
  /** A cross-cluster half: the pairing facts and, with the other cluster read, its half's diagnosis. */
  peer?: PeerOutput<Diagnosis>;
  /** Who created the migration (docs/documents.md `origin`), with a migration. */
  origin?: MigrationOrigin;
}

export function diagnose(input: WhyContext): Diagnosis {
  // The other half first: its verdict is evidence for this half's peer checks.
  const peerHalf = input.peer?.half ? diagnose({ ...input.peer.half, asPeer: true }) : undefined;
  const ctx: WhyContext = input.peer && peerHalf ? { ...input, peer: { ...input.peer, verdict: peerVerdictOf(peerHalf.verdict) } } : input;
  const { checks, out } = runChecks(ctx);
  ownerCause(ctx, checks);
  return {
    ctx,
    verdict: chooseVerdict(ctx, checks),
    checks,
    timeline: ctx.migration ? migrationTimeline(ctx.migration, ctx.now) : [],
    placement: out.placement,
    policy: policyOutput(ctx),
    ...(!ctx.migration && (ctx.vm || ctx.vmi) ? { migratability: migratabilityOf(ctx) } : {}),
    ...progressOf(ctx),
    ...peerOf(ctx, peerHalf),
    ...(ctx.migration ? { origin: originOf(ctx.migration, ctx.vmi) } : {}),
  };
}

function peerOf(ctx: WhyContext, half: Diagnosis | undefined): { peer?: PeerOutput<Diagnosis> } {
  const peer = peerOutput(ctx, half);
  return peer ? { peer } : {};
}

function peerVerdictOf(v: Verdict): PeerVerdict {
  return { status: v.status, cause: v.cause, ...(v.check ? { check: v.check } : {}) };
}

/** Every check in order, then the consistency pass (rule 5). */
function runChecks(ctx: WhyContext): { checks: CheckResult[]; out: CheckOutputs } {
  const prior = new Map<CheckId, CheckResult>();
  const out: CheckOutputs = {};
  const raw: CheckResult[] = [];
  for (const check of WHY_CHECKS) {
    const r = check.run(ctx, prior, out);
    prior.set(check.id, r);
    raw.push(r);
  }
  return { checks: reconcileChecks(raw), out };
}

/**
 * Rule 5: a migration that waits behind another points to that one's cause. The owner is the
 * migration KubeVirt serves (migration-conflict chooses it the same way from either side), so
 * its own diagnosis never waits behind the waiter: no cycle, and no recursion past one level.
 */
function ownerCause(ctx: WhyContext, checks: CheckResult[]): void {
  const i = checks.findIndex((c) => c.id === 'migration-conflict');
  const c = checks[i];
  if (c?.id !== 'migration-conflict' || c.status !== 'fail' || c.args.kind !== 'in-flight' || !c.args.other) return;
  const uid = c.args.other.uid;
  const owner = ctx.vmiMigrations.find((m) => m.metadata.uid === uid);
  if (!owner) return;
  const ownerCtx = deriveContext({ ...ctx, namedMigration: owner });
  const { checks: ownerChecks } = runChecks(ownerCtx);
  const v = chooseVerdict(ownerCtx, ownerChecks);
  checks[i] = { ...c, args: { ...c.args, ownerVerdict: { status: v.status, cause: v.cause, ...(v.check ? { check: v.check } : {}) } } };
}

/**
 * A succeeded migration is 100 % (rule 5): libvirt's last progress line may be older than the
 * switch-over, so the model's figure would say less.
 */
function progressOf(ctx: WhyContext): { progress?: MigrationProgress } {
  const progress = migrationProgress(ctx);
  if (!progress) return {};
  if (ctx.migration?.status?.phase === 'Succeeded') return { progress: { ...progress, forecast: { ...progress.forecast, percent: 100 } } };
  return { progress };
}

/**
 * check-migratable's verdict from what `why` gathered: with the StorageClasses, StorageProfiles and
 * DataVolumes when `why` read them (no migration), else those rules say they were not evaluated.
 */
function migratabilityOf(ctx: WhyContext): MigratabilityEvaluation {
  const notRead = unknownList<never>('not read by why: run check-migratable');
  const storage = ctx.storage ?? { storageClasses: notRead, dataVolumes: notRead, storageProfiles: notRead };
  const facts = clusterFacts({ ...ctx, ...storage }, ctx.index);
  return evaluateMigratability(buildSubject({ vm: ctx.vm, vmi: ctx.vmi }), facts);
}

/**
 * The verdict rules (§4.1.1). The first failing check (in the operator's order) that names a
 * cause wins: each check fails only when it explains the migration's current state, and direct
 * evidence is what makes a check fail (rule 2). Warnings with a cause (at-risk) come next.
 * Without either: no migration is `idle` (rule 3 puts LiveMigratable=False and a conflicting
 * migration among the failing checks); otherwise an all-clear — `succeeded`, `progressing` — only
 * when no check of the current stage is `unknown` or warns of something it cannot name (rule 1).
 */
export function chooseVerdict(ctx: WhyContext, checks: CheckResult[]): Verdict {
  const phase = ctx.migration?.status?.phase;
  const decisive = checks.find((c) => c.status === 'fail' && c.cause) ?? checks.find((c) => c.status === 'warn' && c.cause);
  if (decisive?.cause) return decidedBy(decisive, decisive.cause, statusFor(decisive, decisive.cause, phase));
  const stage = stageOf(ctx);
  const inStage = checks.filter((c) => STAGE_CHECKS[stage].includes(c.id));
  const unknown = inStage.filter((c) => c.status === 'unknown').map((c) => c.id);
  const anomalies = inStage.filter((c) => (c.status === 'warn' || c.status === 'fail') && !c.cause).map((c) => c.id);
  const undecided = unknown.length > 0 || anomalies.length > 0;
  switch (stage) {
    case 'none':
      // A volume update waiting for its VMIM is not "idle" when what decides it could not be read.
      if (undecided) return { status: 'unknown', cause: 'unknown', args: { kind: 'undecided', stage, unknown, anomalies } };
      return { status: 'idle', cause: 'no-migration', args: { kind: 'no-migration' } };
    case 'failed':
      return { status: 'failed', cause: 'unknown', args: { kind: 'failed-unexplained' } };
    // A phase this version does not know (a newer KubeVirt): "progressing" would be a guess.
    case 'unknown-phase':
      return { status: 'unknown', cause: 'unknown', args: { kind: 'unknown-phase', phase: phase ?? '' } };
    default: {
      if (undecided) return { status: 'unknown', cause: 'unknown', args: { kind: 'undecided', stage, unknown, anomalies } };
      if (stage === 'succeeded') return { status: 'succeeded', cause: 'none', args: { kind: 'succeeded' } };
      return { status: 'progressing', cause: 'none', args: { kind: 'progressing' } };
    }
  }
}

function decidedBy<Id extends CheckId>(c: CheckResult<Id>, cause: CheckCause, status: VerdictStatus): CheckVerdict<Id> {
  const v = { status, cause, check: c.id, args: c.args };
  return v as CheckVerdict<Id>;
}

function statusFor(c: CheckResult, cause: CheckCause, phase: string | undefined): VerdictStatus {
  if (phase === 'Failed') return 'failed';
  if (c.verdictStatus) return c.verdictStatus;
  if (cause === 'unknown') return 'unknown';
  if (c.status === 'warn') return 'at-risk';
  return CAUSES[cause].blocking ? 'blocked' : 'failed';
}
