// transfer: once libvirt is copying (Running, or TargetReady with migrationState.startTimestamp),
// is the copy converging, and how long has it left before KubeVirt aborts it? Reads the mode and
// abort state from the VMI's migrationState, the budget from completionTimeoutPerGiB × guest memory
// (facts §5.2), and the trend from the launcher's progress lines (§5.1). Warns `not-converging`
// (at-risk) only while the migration is in flight; a finished migration is failure-reason's.
import type { EvidenceRef } from '../../findings.js';
import type { MigrationState, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import {
  ABORT_STATUS_FAILED,
  COND_PAUSED,
  FINAL_MIGRATION_PHASES,
  MIGRATION_MODE_PAUSED,
  MIGRATION_MODE_POST_COPY,
  MIGRATION_MODE_PRE_COPY,
  REASON_PAUSED_BY_MIGRATION_MONITOR,
  VMIM_COND_ABORT_REQUESTED,
} from '../../../kubevirt/constants.js';
import { atLeast } from '../../../kubevirt/version.js';
import { result, type ArgRecord, type CheckResult, type WhyCheck } from '../check.js';
import { completionBudget } from '../completion-budget.js';
import type { WhyContext } from '../context.js';
import { sameMigrationState, time } from '../derive.js';
import { configArgs, resolveMigrationConfig } from '../migration-config.js';
import { logEvidence, migrationLog } from '../migration-log.js';
import type { LauncherLogLine } from '../launcher-log-lines.js';
import { parseProgressLine, type ProgressSample } from '../progress-line.js';

const ID = 'transfer';
/** Samples compared for dirty rate vs transfer rate: the last ~12 s of a 4 s log cadence. */
const RATE_WINDOW = 3;

interface TimedSample {
  sample: ProgressSample;
  line: LauncherLogLine;
}

export const transfer: WhyCheck = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    const state = sameMigrationState(ctx, m);
    if (FINAL_MIGRATION_PHASES.includes(phase) || state?.completed || state?.failed) {
      return result(ID, 'skip', { kind: 'finished', phase });
    }
    const startedAt = state?.startTimestamp ?? m.status?.phaseTransitionTimestamps?.find((t) => t.phase === 'Running')?.phaseTransitionTimestamp;
    if (phase !== 'Running' && !state?.startTimestamp) return result(ID, 'skip', { kind: 'not-started', phase });

    const vmiName = ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '';
    const evidence: EvidenceRef[] = [];
    const mode = modeOf(ctx, state?.mode);
    if (state?.mode) evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.migrationState.mode', message: state.mode });

    const { effective } = resolveMigrationConfig(ctx);
    const config = effective.config;
    const budget = completionBudget(ctx.vmi, config);
    // v1.5+: once the monitor pauses the guest it doubles the budget before aborting.
    const budgetSeconds = budget ? (mode === MIGRATION_MODE_PAUSED ? budget.seconds * 2 : budget.seconds) : undefined;
    const elapsedSeconds = startedAt ? Math.max(0, Math.round((ctx.now.getTime() - time(startedAt)) / 1000)) : undefined;
    const progressTimeout = config.progressTimeout;
    const disruptionAllowed = Boolean(config.allowPostCopy || config.allowWorkloadDisruption);
    const args: CheckResult['args'] = {
      namespace: ctx.namespace,
      vmi: vmiName,
      pod: ctx.sourcePod?.metadata.name ?? null,
      mode,
      elapsedSeconds: elapsedSeconds ?? null,
      budgetSeconds: budgetSeconds ?? null,
      budgetLowerBound: budget?.lowerBound ?? false,
      memoryBytes: budget?.memoryBytes ?? null,
      sizeGB: budget?.sizeGB ?? null,
      config: configArgs(config),
      configOrigin: effective.origin,
      disruptionAllowed,
    };
    if (startedAt) evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.migrationState.startTimestamp', message: startedAt });

    // An abort in flight: the launcher is cancelling; failure-reason explains the end.
    const abort = abortInFlight(ctx, m, state);
    if (abort) return result(ID, 'info', { ...args, kind: abort.kind, abortStatus: state?.abortStatus ?? null }, [...evidence, abort.evidence]);
    // Post-copy always finishes: KubeVirt stops checking progress and budget (§5.2).
    if (mode === MIGRATION_MODE_POST_COPY) return result(ID, 'pass', { ...args, kind: 'post-copy' }, evidence);

    const budgetExceeded = elapsedSeconds !== undefined && budgetSeconds !== undefined && elapsedSeconds > budgetSeconds;
    const samples = progressSamples(ctx);
    const latest = samples.ok ? samples.samples[samples.samples.length - 1] : undefined;
    if (samples.ok && latest) {
      args.latest = sampleArgs(latest);
      evidence.push(logEvidence(ctx, samples.pod, latest.line));
    }
    if (budgetExceeded && !disruptionAllowed) {
      return result(ID, 'warn', { ...args, kind: 'budget-exceeded' }, evidence, 'not-converging');
    }
    if (!samples.ok || !latest) {
      const missing = samples.ok ? `pods/log ${samples.pod}: no progress line for migration ${m.metadata.uid ?? ''}` : samples.reason;
      // The progress line is logged at V(2) from v1.2; before that only at V(4) (facts §5.1).
      const oldVerbosity = atLeast(ctx.version, 1, 2);
      const r = result(ID, 'info', { ...args, kind: 'no-progress-source', budgetExceeded, ...(oldVerbosity === false ? { needsLogVerbosity: 4 } : {}) }, evidence);
      r.missing = missing;
      return r;
    }
    if (progressTimeout !== undefined && mode === MIGRATION_MODE_PRE_COPY) {
      const verdict = convergence(samples.samples, progressTimeout);
      if (verdict) return result(ID, 'warn', { ...args, ...verdict, budgetExceeded }, evidence, 'not-converging');
    }
    return result(ID, 'pass', { ...args, kind: 'progressing', budgetExceeded, samples: samples.samples.length }, evidence);
  },
};

/**
 * The user deleted the VMIM (condition migrationAbortRequested) or the controller asked the source
 * to cancel (migrationState.abortRequested / abortStatus, §6). abortStatus Failed: libvirt refused
 * the abort (e.g. in post-copy) and the copy goes on.
 */
function abortInFlight(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  state: MigrationState | undefined,
): { kind: 'aborting' | 'abort-failed'; evidence: EvidenceRef } | undefined {
  const condition = m.status?.conditions?.some((c) => c.type === VMIM_COND_ABORT_REQUESTED && c.status === 'True');
  if (!state?.abortRequested && !state?.abortStatus && !condition) return undefined;
  const kind = state?.abortStatus === ABORT_STATUS_FAILED ? 'abort-failed' : 'aborting';
  const evidence: EvidenceRef = state?.abortStatus
    ? { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.abortStatus', message: state.abortStatus }
    : condition
      ? { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name: m.metadata.name ?? '', field: `status.conditions[${VMIM_COND_ABORT_REQUESTED}]`, message: 'True' }
      : { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.abortRequested', message: 'true' };
  return { kind, evidence };
}

/** PreCopy unless the VMI says otherwise; a guest paused by the migration monitor is `Paused` (v1.5+). */
function modeOf(ctx: WhyContext, mode: string | undefined): string {
  const paused = ctx.vmi?.status?.conditions?.some(
    (c) => c.type === COND_PAUSED && c.status === 'True' && c.reason === REASON_PAUSED_BY_MIGRATION_MONITOR,
  );
  if (paused && mode !== MIGRATION_MODE_POST_COPY) return MIGRATION_MODE_PAUSED;
  return mode || MIGRATION_MODE_PRE_COPY;
}

type Samples = { ok: true; pod: string; samples: TimedSample[] } | { ok: false; reason: string };

function progressSamples(ctx: WhyContext): Samples {
  const m = ctx.migration!;
  const log = migrationLog(ctx, m);
  if (!log.ok) return log;
  const samples: TimedSample[] = [];
  for (const line of log.lines) {
    const sample = parseProgressLine(line.msg, ctx.version ? { version: ctx.version } : {});
    if (sample && sample.migrationUid === m.metadata.uid) samples.push({ sample, line });
  }
  return { ok: true, pod: log.pod, samples };
}

function sampleArgs(s: TimedSample): ArgRecord {
  const { sample } = s;
  const out: ArgRecord = { time: s.line.time ?? null, units: sample.units };
  for (const k of ['dataProcessed', 'dataRemaining', 'dataTotal', 'memoryBandwidth', 'dirtyRate', 'iteration', 'elapsedMs'] as const) {
    if (sample[k] !== undefined) out[k] = sample[k];
  }
  return out;
}

/** Milliseconds of a sample on one clock: libvirt's TimeElapsed when every sample has it, else the log time. */
function clock(samples: TimedSample[]): ((s: TimedSample) => number) | undefined {
  if (samples.every((s) => s.sample.elapsedMs !== undefined)) return (s) => s.sample.elapsedMs!;
  if (samples.every((s) => s.line.time !== undefined)) return (s) => time(s.line.time);
  return undefined;
}

/**
 * Not converging when, over the last samples, the guest dirties memory at least as fast as it is
 * sent, or when DataRemaining has made no new minimum for more than half of progressTimeout
 * (KubeVirt aborts at the full progressTimeout, §5.2).
 */
function convergence(samples: TimedSample[], progressTimeout: number): ArgRecord | undefined {
  if (samples.length < 2) return undefined;
  const recent = samples.slice(-RATE_WINDOW);
  const rated = recent.filter((s) => s.sample.dirtyRate !== undefined && s.sample.memoryBandwidth !== undefined);
  if (rated.length >= 2) {
    const dirty = rated.reduce((a, s) => a + s.sample.dirtyRate!, 0) / rated.length;
    const sent = rated.reduce((a, s) => a + s.sample.memoryBandwidth!, 0) / rated.length;
    if (dirty > 0 && dirty >= sent) return { kind: 'dirty-rate', dirtyRate: dirty, transferRate: sent, window: rated.length };
  }
  const at = clock(samples);
  const withRemaining = samples.filter((s) => s.sample.dataRemaining !== undefined);
  if (at && withRemaining.length >= 2) {
    let best = withRemaining[0]!;
    for (const s of withRemaining) if (s.sample.dataRemaining! < best.sample.dataRemaining!) best = s;
    const stalledSeconds = Math.round((at(withRemaining[withRemaining.length - 1]!) - at(best)) / 1000);
    if (stalledSeconds > progressTimeout / 2) {
      return { kind: 'stalled', stalledSeconds, progressTimeout, minRemaining: best.sample.dataRemaining!, minAt: best.line.time ?? null };
    }
  }
  return undefined;
}
