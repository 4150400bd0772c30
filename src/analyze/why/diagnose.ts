// Runs the checks in the operator's order and names exactly one cause (contract §4.1).
import type { CauseId, VerdictStatus } from './cause.js';
import type { ArgRecord, CheckId, CheckOutputs, CheckResult, Placement } from './check.js';
import type { WhyContext } from './context.js';
import { WHY_CHECKS } from './registry.js';
import { MIGRATION_PHASES } from '../../kubevirt/constants.js';
import { migrationTimeline, type TimelineEntry } from './timeline.js';
import { buildSubject } from '../migratability/subject.js';
import { evaluateMigratability, type MigratabilityEvaluation } from '../migratability/evaluate.js';
import type { ClusterFacts } from '../migratability/rule.js';
import { unknownList } from '../../kube/known.js';
import { policyOutput, type PolicyOutput } from './policy-output.js';
import { migrationProgress, type MigrationProgress } from './progress.js';

export interface Verdict {
  status: VerdictStatus;
  cause: CauseId;
  /** The check that established the cause (its args make the summary and hint). */
  check?: CheckId;
  args: ArgRecord;
}

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

/** Causes that mean the migration cannot go forward until something changes. */
const BLOCKING: ReadonlySet<CauseId> = new Set<CauseId>([
  'vmi-not-running',
  'not-live-migratable',
  'migration-conflict',
  'concurrency-limit',
  'quota-exceeded',
  'pod-security',
  'stale-active-pods',
  'migration-backoff',
  'target-unschedulable-cpu',
  'target-unschedulable-node-selector',
  'target-unschedulable-resources',
  'target-unschedulable-taints',
  'target-unschedulable-anti-affinity',
  'target-unschedulable-storage',
  'target-pod-not-ready',
  'target-pod-timeout',
  'target-pod-lost',
]);

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
  const facts: ClusterFacts = {
    nodes: ctx.nodes,
    pvcs: ctx.pvcs,
    pvs: ctx.pvs,
    storageClasses: notRead,
    dataVolumes: notRead,
    storageProfiles: notRead,
    kubevirt: ctx.kubevirt,
    kubevirtVersion: ctx.version,
  };
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
  if (decisive?.cause) {
    return { status: statusFor(decisive.cause, decisive.status, phase), cause: decisive.cause, check: decisive.id, args: decisive.args };
  }
  if (!ctx.migration) return { status: 'idle', cause: 'no-migration', args: {} };
  if (phase === 'Succeeded') return { status: 'succeeded', cause: 'none', args: {} };
  if (phase === 'Failed') return { status: 'failed', cause: 'unknown', args: { kind: 'failed-unexplained' } };
  // A phase this version does not know (a newer KubeVirt): "progressing" would be a guess.
  if (phase && !(MIGRATION_PHASES as readonly string[]).includes(phase)) return { status: 'unknown', cause: 'unknown', args: { kind: 'unknown-phase', phase } };
  const undecided = checks.filter((c) => c.status === 'unknown').map((c) => c.id);
  if (undecided.length > 0 && checks.some((c) => c.status === 'fail')) {
    return { status: 'unknown', cause: 'unknown', args: { kind: 'missing-data', checks: undecided } };
  }
  return { status: 'progressing', cause: 'none', args: {} };
}

function statusFor(cause: CauseId, checkStatus: CheckResult['status'], phase: string | undefined): VerdictStatus {
  if (phase === 'Failed') return 'failed';
  if (cause === 'none') return phase === 'Succeeded' ? 'succeeded' : 'progressing';
  if (cause === 'no-migration') return 'idle';
  if (cause === 'unknown') return 'unknown';
  if (checkStatus === 'warn') return 'at-risk';
  if (BLOCKING.has(cause)) return 'blocked';
  // Timeouts, aborts and libvirt failures read from the VMI while the VMIM is not final yet.
  return 'failed';
}
