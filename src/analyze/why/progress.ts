// The progress of the diagnosed migration (docs/documents.md `progress`): samples from the first
// source that has any — (1) the source launcher's log, (2) virt-handler's metrics, (3)
// Prometheus — and the convergence forecast of src/analyze/progress. Shared by the transfer
// check and the document; computed once per context.
import type { EvidenceRef } from '../findings.js';
import type { MigrationConfiguration, MigrationState, VirtualMachineInstanceMigration } from '../../kube/types.js';
import {
  COND_PAUSED,
  MIGRATION_MODE_PAUSED,
  MIGRATION_MODE_POST_COPY,
  MIGRATION_MODE_PRE_COPY,
  REASON_PAUSED_BY_MIGRATION_MONITOR,
} from '../../kubevirt/constants.js';
import { atLeast } from '../../kubevirt/version.js';
import { completionBudget, type CompletionBudget } from './completion-budget.js';
import type { WhyContext } from './context.js';
import { isFinal } from '../migration/phase.js';
import { stateOf } from '../migration/state.js';
import { time } from '../../kube/time.js';
import { resolveMigrationConfig } from './migration-config.js';
import { logEvidence, migrationLog } from './migration-log.js';
import { forecast, type Forecast } from '../progress/forecast.js';
import { logSamples } from '../progress/log-samples.js';
import { PROGRESS_METRIC_NAME_SET } from '../../kubevirt/metrics.js';
import { isVmiPoint, samplesFromMetrics } from '../progress/metric-samples.js';
import { parsePrometheusText, type MetricPoint } from '../progress/prometheus-text.js';
import { parsePrometheusResponse } from '../progress/prometheus-api.js';
import { sampleTime, type ProgressSourceId, type TransferSample } from '../progress/sample.js';
import { listOf } from '../shape.js';

/** Launcher verbosity at which the progress line is logged before v1.2 (`logMigrationInfo`, pkg/virt-launcher/virtwrap/live-migration-source.go). */
export const PROGRESS_LOG_VERBOSITY_OLD = 4;

export interface SourceMiss {
  source: Exclude<ProgressSourceId, 'none'>;
  reason: string;
}

export interface MigrationProgress {
  source: ProgressSourceId;
  /** logs: the launcher pod; metrics: the virt-handler pod; prometheus: the URL. */
  from?: string;
  /** Sources tried before the one used (or all of them, with `none`), and why they gave nothing. */
  unavailable: SourceMiss[];
  /** Oldest first. */
  samples: TransferSample[];
  /** The newest sample as evidence (the log line, the metric). */
  evidence?: EvidenceRef;
  mode: string;
  startedAt?: string;
  /** Before v1.2 the launcher logs progress only at verbosity 4: set when that explains a missing line. */
  needsLogVerbosity?: number;
  budget?: CompletionBudget;
  config: MigrationConfiguration;
  configOrigin: string;
  finished: boolean;
  forecast: Forecast;
}

/** Where a migration stands for the data plane: not started, copying, or over. */
export interface CopyState {
  copying: boolean;
  finished: boolean;
  started: boolean;
  startedAt?: string;
  state?: MigrationState;
}

export function copyState(ctx: WhyContext, m: VirtualMachineInstanceMigration): CopyState {
  const phase = m.status?.phase ?? '';
  const state = stateOf(m, ctx.vmi);
  const finished = isFinal(phase) || Boolean(state?.completed || state?.failed);
  const startedAt = state?.startTimestamp ?? listOf(m.status?.phaseTransitionTimestamps).find((t) => t.phase === 'Running')?.phaseTransitionTimestamp ?? undefined;
  const started = phase === 'Running' || Boolean(state?.startTimestamp) || (finished && startedAt !== undefined);
  // A malformed start time is no start time: elapsed from 1970 would read as a timeout.
  return { copying: started && !finished, finished, started, ...(startedAt && time(startedAt) > 0 ? { startedAt } : {}), ...(state ? { state } : {}) };
}

/** PreCopy unless the VMI says otherwise; a guest paused by the migration monitor is `Paused` (v1.5+). */
export function migrationMode(ctx: WhyContext, mode: string | undefined): string {
  const paused = listOf(ctx.vmi?.status?.conditions).some(
    (c) => c.type === COND_PAUSED && c.status === 'True' && c.reason === REASON_PAUSED_BY_MIGRATION_MONITOR,
  );
  if (paused && mode !== MIGRATION_MODE_POST_COPY) return MIGRATION_MODE_PAUSED;
  return mode || MIGRATION_MODE_PRE_COPY;
}

/**
 * undefined when there is no migration or libvirt never started copying. Computed once per
 * context (the transfer check and the diagnosis both ask).
 */
export function migrationProgress(ctx: WhyContext): MigrationProgress | undefined {
  return ctx.index.derived(ctx, 'progress', () => computeProgress(ctx)) ?? undefined;
}

/** The source-1 samples alone: what the gatherer looks at to decide whether to read metrics. */
export function logProgressSamples(ctx: WhyContext): TransferSample[] {
  const m = ctx.migration;
  if (!m) return [];
  const log = migrationLog(ctx, m);
  if (!log.ok) return [];
  const cs = copyState(ctx, m);
  return logSamples(log.lines, m.metadata.uid, { ...(ctx.version ? { version: ctx.version } : {}), ...(cs.startedAt ? { startedAt: cs.startedAt } : {}) }).map((s) => s.sample);
}

function computeProgress(ctx: WhyContext): MigrationProgress | undefined {
  const m = ctx.migration;
  if (!m) return undefined;
  const cs = copyState(ctx, m);
  if (!cs.started) return undefined;
  const mode = migrationMode(ctx, cs.state?.mode);
  const { effective } = resolveMigrationConfig(ctx);
  const config = effective.config;
  const budget = completionBudget(ctx.vmi, config, ctx.version);
  const unavailable: SourceMiss[] = [];
  const picked = pickSource(ctx, m, cs, unavailable);
  const end = cs.finished ? (cs.state?.endTimestamp ?? finalTransition(m)) : undefined;
  const vfio = Boolean(ctx.vmi?.spec?.domain?.devices?.hostDevices?.length || ctx.vmi?.spec?.domain?.devices?.gpus?.length);
  const f = forecast({
    samples: picked?.samples ?? [],
    now: end ? time(end) : ctx.now.getTime(),
    ...(cs.startedAt ? { startedAt: time(cs.startedAt) } : {}),
    ...(budget ? { sizeBytes: budget.memoryBytes + (budget.migratedVolumes?.counted ? budget.migratedVolumes.bytes : 0), sizeIsLowerBound: budget.lowerBound } : {}),
    // The copied volumes are in libvirt's DataTotal but in KubeVirt's size only from v1.7.2.
    ...(budget?.migratedVolumes && budget.migratedVolumes.counted !== true ? { dataTotalBudgeted: false } : {}),
    mode,
    config,
    ...(ctx.version ? { version: ctx.version } : {}),
    vfio,
    finished: cs.finished,
  });
  const out: MigrationProgress = {
    source: picked?.source ?? 'none',
    unavailable,
    samples: picked?.samples ?? [],
    mode,
    config,
    configOrigin: effective.origin,
    finished: cs.finished,
    forecast: f,
  };
  if (picked?.from) out.from = picked.from;
  if (picked?.evidence) out.evidence = picked.evidence;
  if (cs.startedAt) out.startedAt = cs.startedAt;
  if (budget) out.budget = budget;
  // A readable log without a progress line on a launcher older than v1.2: it logs the line only at verbosity 4.
  const logHadNoLine = ctx.sourceLog.ok && unavailable.some((u) => u.source === 'logs');
  if (logHadNoLine && atLeast(ctx.version, 1, 2) === false) out.needsLogVerbosity = PROGRESS_LOG_VERBOSITY_OLD;
  return out;
}

function finalTransition(m: VirtualMachineInstanceMigration): string | undefined {
  return listOf(m.status?.phaseTransitionTimestamps).find((t) => isFinal(t.phase ?? undefined))?.phaseTransitionTimestamp ?? undefined;
}

interface Picked {
  source: Exclude<ProgressSourceId, 'none'>;
  from: string;
  samples: TransferSample[];
  evidence?: EvidenceRef;
}

function pickSource(ctx: WhyContext, m: VirtualMachineInstanceMigration, cs: CopyState, unavailable: SourceMiss[]): Picked | undefined {
  // 1. The source launcher's log.
  const log = migrationLog(ctx, m);
  if (log.ok) {
    const samples = logSamples(log.lines, m.metadata.uid, { ...(ctx.version ? { version: ctx.version } : {}), ...(cs.startedAt ? { startedAt: cs.startedAt } : {}) });
    const last = samples.at(-1);
    if (last) return { source: 'logs', from: log.pod, samples: samples.map((s) => s.sample), evidence: logEvidence(ctx, log.pod, last.line) };
    unavailable.push({ source: 'logs', reason: `pods/log ${log.pod}: no "Migration info" line for migration ${m.metadata.uid ?? ''}` });
  } else unavailable.push({ source: 'logs', reason: log.reason });

  const vmi = { namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '' };
  // 2. virt-handler's metrics on the source node.
  const hm = ctx.handlerMetrics;
  if (hm?.ok) {
    const points = parsePrometheusText(hm.text, { names: PROGRESS_METRIC_NAME_SET });
    const samples = samplesFromMetrics(points, vmi, { ...(ctx.version ? { version: ctx.version } : {}), readAtMs: time(hm.readAt) });
    if (samples.length > 0) {
      return { source: 'metrics', from: hm.pod, samples, evidence: metricEvidence({ kind: 'Pod', namespace: hm.namespace, name: hm.pod, field: 'metrics' }, points, vmi) };
    }
    unavailable.push({ source: 'metrics', reason: `virt-handler ${hm.pod} on ${hm.node}: no migration series for ${vmi.namespace}/${vmi.name}` });
  } else if (hm) unavailable.push({ source: 'metrics', reason: hm.reason });

  // 3. Prometheus (--prometheus).
  const pr = ctx.prometheus;
  if (pr?.ok) {
    const points: MetricPoint[] = [];
    const bad: string[] = [];
    for (const body of [pr.range, pr.instant]) {
      const a = parsePrometheusResponse(body);
      if (a.ok) points.push(...a.points);
      else bad.push(a.reason);
    }
    const samples = samplesFromMetrics(points, vmi, { ...(ctx.version ? { version: ctx.version } : {}), readAtMs: ctx.now.getTime() });
    if (samples.length > 0) {
      return { source: 'prometheus', from: pr.url, samples, evidence: metricEvidence({ kind: 'Prometheus', name: pr.url, field: pr.query }, points, vmi) };
    }
    unavailable.push({ source: 'prometheus', reason: bad.length > 0 ? `${pr.url}: ${bad[0]}` : `${pr.url}: no migration series for ${vmi.namespace}/${vmi.name}` });
  } else if (pr) unavailable.push({ source: 'prometheus', reason: pr.reason });
  return undefined;
}

/** The newest DataRemaining point, verbatim as `name value`. */
function metricEvidence(ref: EvidenceRef, points: MetricPoint[], vmi: { namespace: string; name: string }): EvidenceRef {
  const remaining = points
    .filter((p) => PROGRESS_METRIC_NAME_SET.has(p.name) && /data_remaining_bytes$/.test(p.name) && isVmiPoint(p, vmi))
    .sort((a, b) => (a.timestampMs ?? 0) - (b.timestampMs ?? 0))
    .at(-1);
  return remaining ? { ...ref, message: `${remaining.name} ${remaining.value}` } : ref;
}

/** For tests and renderers: the samples' time span in seconds. */
export function sampleSpanSeconds(samples: readonly TransferSample[]): number {
  if (samples.length < 2) return 0;
  return Math.round((sampleTime(samples[samples.length - 1]!) - sampleTime(samples[0]!)) / 1000);
}
