// The convergence forecast of a live migration from its progress samples (pure; numbers in
// bytes, bytes/s and seconds). What KubeVirt's migration monitor does
// (pkg/virt-launcher/virtwrap/live-migration-source.go, `processInflightMigration`; v1.9
// `handleLegacyConvergence`):
// - it remembers the lowest DataRemaining; no new minimum for more than `progressTimeout` s ⇒
//   "stuck" ⇒ abort (pre-copy only);
// - past the completion budget (completionTimeoutPerGiB × data size rounded up to whole GB):
//   post-copy if allowed; else, v1.5+, pause the guest if workload disruption is allowed (the
//   budget doubles); else abort. v0.59–v1.4 have no pause. v1.9+ does not use post-copy for VFIO
//   devices: it forces the switch-over with a large max downtime instead (mode Paused);
// - in post-copy nothing is checked any more.
// We add the two signals an operator reads: is the guest dirtying memory as fast as it is sent,
// and does DataRemaining shrink (least-squares slope over the last couple of minutes)?
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import { MIGRATION_MODE_PAUSED, MIGRATION_MODE_POST_COPY } from '../../kubevirt/constants.js';
import { parseQuantity } from '../../kube/quantity.js';
import { sampleTime, type TransferSample } from './sample.js';

/** The trend of DataRemaining is fitted over the samples of the last … seconds. */
export const TREND_WINDOW_SECONDS = 120;
/** Flat or growing remaining data counts as "not shrinking" only over at least this span. */
export const NOT_SHRINKING_MIN_SPAN_SECONDS = 90;
/** Dirty rate vs transfer rate: the mean of the last … samples that have both. */
export const RATE_WINDOW_SAMPLES = 3;
/** The transfer rate is "at the cap" above this share of bandwidthPerMigration. */
const AT_CAP = 0.9;
/** Above this share of the transfer rate, the guest's writes are what slows the copy down. */
const DIRTY_BOUND = 0.5;

export type BudgetAction = 'post-copy' | 'pause' | 'abort' | 'none';
export type Recommendation = 'auto-converge' | 'post-copy' | 'bandwidth' | 'migration-network' | 'workload-disruption';
export type ForecastVerdict = 'converging' | 'at-risk' | 'not-converging' | 'unknown' | 'finished';
export type ForecastReason =
  | 'budget-exceeded'
  | 'dirty-rate'
  | 'stalled'
  | 'not-shrinking'
  | 'eta-beyond-budget'
  | 'shrinking'
  | 'post-copy'
  | 'paused'
  | 'insufficient-data'
  | 'finished';

export interface ForecastConfig {
  completionTimeoutPerGiB?: number;
  progressTimeout?: number;
  allowAutoConverge?: boolean;
  allowPostCopy?: boolean;
  allowWorkloadDisruption?: boolean;
  bandwidthPerMigration?: string;
  /** A dedicated migration network (NetworkAttachmentDefinition) is configured. */
  network?: string;
}

export interface ForecastInput {
  samples: readonly TransferSample[];
  /** Epoch ms: the wall clock live, the snapshot's time offline; the end time of a finished migration. */
  now: number;
  /** Epoch ms when libvirt started copying (migrationState.startTimestamp). */
  startedAt?: number;
  /** Data size KubeVirt budgets for, bytes (guest memory; + disks for a block migration). */
  sizeBytes?: number;
  /** The size leaves out copied disks (block migration): the real budget may be longer. */
  sizeIsLowerBound?: boolean;
  /**
   * false: libvirt's DataTotal holds disks KubeVirt leaves out of the size (a volume migration
   * before v1.7.2, or of an unknown version), so it is no estimate of the size. Default true.
   */
  dataTotalBudgeted?: boolean;
  /** PreCopy, PostCopy or Paused (v1.5+). */
  mode: string;
  config: ForecastConfig;
  version?: KubeVirtVersion;
  /** The VMI has host devices / GPUs (VFIO): v1.9+ does not use post-copy for it. */
  vfio?: boolean;
  /** The migration is over (succeeded or failed): no forecast, only the record. */
  finished?: boolean;
}

export interface Forecast {
  verdict: ForecastVerdict;
  reason: ForecastReason;
  /** true: it will finish; false: the copy does not converge; null: not enough to say. */
  converging: boolean | null;
  /** Done share of the data, 0–100, one decimal. */
  percent: number | null;
  latest: TransferSample | null;
  /** Means over the last RATE_WINDOW_SAMPLES samples with both rates. */
  dirtyRate: number | null;
  transferRate: number | null;
  rateSamples: number;
  /** Least-squares slope of DataRemaining, bytes/s (negative = shrinking). */
  slope: number | null;
  trendSamples: number;
  trendSpanSeconds: number | null;
  /** Seconds until DataRemaining reaches 0, from the latest sample. */
  etaSeconds: number | null;
  elapsedSeconds: number | null;
  /** completionTimeoutPerGiB × size in whole GB (10^9, rounded up); doubled once the guest is paused. */
  budgetSeconds: number | null;
  sizeGB: number | null;
  budgetLowerBound: boolean;
  budgetRemainingSeconds: number | null;
  budgetExceeded: boolean;
  /** The lowest DataRemaining seen, when it was first reached, and the time since (to the latest sample). */
  minimumRemaining: number | null;
  minimumAt: string | null;
  sinceMinimumSeconds: number | null;
  progressTimeout: number | null;
  /** No new minimum for more than half of progressTimeout (`approaching`) or all of it (`exceeded`). */
  stall: 'none' | 'approaching' | 'exceeded' | null;
  /** What KubeVirt does when the budget runs out. */
  onBudgetExpiry: BudgetAction;
  /** `recommendations[0]`: the one change most likely to let it finish. */
  recommendation: Recommendation | null;
  /** Every change not yet in force that could let it finish, most likely first. */
  recommendations: Recommendation[];
}

export function forecast(input: ForecastInput): Forecast {
  const samples = [...input.samples].sort((a, b) => sampleTime(a) - sampleTime(b));
  const latest = samples.at(-1) ?? null;
  const { config, mode } = input;
  const rates = rateMeans(samples);
  const trend = remainingTrend(samples);
  const minimum = lastMinimum(samples);
  const progressTimeout = config.progressTimeout ?? null;

  // A block migration also copies disks, which KubeVirt adds to the size: libvirt's DataTotal
  // (memory + disks) is then the better estimate of it.
  const blockTotal = input.sizeIsLowerBound && input.dataTotalBudgeted !== false ? Math.max(0, ...samples.map((s) => s.dataTotal ?? 0)) : 0;
  const size = Math.max(input.sizeBytes ?? 0, blockTotal);
  const sizeGB = size > 0 ? Math.ceil(size / 1e9) : null;
  const perGiB = config.completionTimeoutPerGiB;
  const baseBudget = sizeGB !== null && perGiB !== undefined ? perGiB * sizeGB : null;
  const budgetSeconds = baseBudget === null ? null : mode === MIGRATION_MODE_PAUSED ? baseBudget * 2 : baseBudget;
  const elapsedSeconds = input.startedAt !== undefined ? Math.max(0, Math.round((input.now - input.startedAt) / 1000)) : null;
  const budgetRemainingSeconds = budgetSeconds !== null && elapsedSeconds !== null ? budgetSeconds - elapsedSeconds : null;
  const budgetExceeded = budgetRemainingSeconds !== null && budgetRemainingSeconds < 0;
  const lowerBound = Boolean(input.sizeIsLowerBound);

  const stall: Forecast['stall'] =
    minimum && progressTimeout !== null && minimum.sinceSeconds !== null && samples.length >= 2
      ? minimum.sinceSeconds > progressTimeout
        ? 'exceeded'
        : minimum.sinceSeconds > progressTimeout / 2
          ? 'approaching'
          : 'none'
      : null;

  const out: Forecast = {
    verdict: 'unknown',
    reason: 'insufficient-data',
    converging: null,
    percent: percentDone(latest, input.sizeBytes),
    latest,
    dirtyRate: rates?.dirty ?? null,
    transferRate: rates?.sent ?? null,
    rateSamples: rates?.n ?? 0,
    slope: trend?.slope ?? null,
    trendSamples: trend?.n ?? 0,
    trendSpanSeconds: trend?.spanSeconds ?? null,
    etaSeconds: null,
    elapsedSeconds,
    budgetSeconds,
    sizeGB,
    budgetLowerBound: lowerBound,
    budgetRemainingSeconds,
    budgetExceeded,
    minimumRemaining: minimum?.remaining ?? null,
    minimumAt: minimum?.at ?? null,
    sinceMinimumSeconds: minimum?.sinceSeconds ?? null,
    progressTimeout,
    stall,
    onBudgetExpiry: budgetAction(mode, config, input.version, input.vfio),
    recommendation: null,
    recommendations: [],
  };
  if (input.finished) return { ...out, verdict: 'finished', reason: 'finished' };

  const remaining = latest?.dataRemaining;
  if (mode === MIGRATION_MODE_POST_COPY) {
    // The guest runs on the target and pulls the rest: it always finishes.
    return { ...out, verdict: 'converging', reason: 'post-copy', converging: true, etaSeconds: eta(remaining, rates?.sent ?? null) };
  }
  const decide = (verdict: ForecastVerdict, reason: ForecastReason, converging: boolean | null, etaSeconds: number | null = null): Forecast => {
    const f = { ...out, verdict, reason, converging, etaSeconds };
    if (verdict === 'at-risk' || verdict === 'not-converging') {
      f.recommendations = recommendations(f, config, input.version);
      f.recommendation = f.recommendations[0] ?? null;
    }
    return f;
  };
  // With a block migration the budget is a lower bound; it is still the best estimate we have.
  const abortsAtBudget = out.onBudgetExpiry === 'abort';
  if (budgetExceeded && abortsAtBudget) return decide('at-risk', 'budget-exceeded', null);
  if (mode === MIGRATION_MODE_PAUSED) {
    // The monitor paused the guest: nothing is dirtied any more, the copy finishes at link speed.
    const e = eta(remaining, rates?.sent ?? null) ?? (trend && trend.slope < 0 && remaining !== undefined ? Math.round(remaining / -trend.slope) : null);
    return decide('converging', 'paused', true, e);
  }
  if (rates && rates.n >= 2 && rates.dirty > 0 && rates.dirty >= rates.sent) return decide('not-converging', 'dirty-rate', false);
  if (stall === 'approaching' || stall === 'exceeded') return decide('not-converging', 'stalled', false);
  if (trend && trend.slope >= 0 && trend.spanSeconds >= NOT_SHRINKING_MIN_SPAN_SECONDS) return decide('not-converging', 'not-shrinking', false);

  const shrinking = trend ? trend.slope < 0 : undefined;
  const rateOk = rates ? rates.dirty < rates.sent : undefined;
  if (!shrinking && !rateOk) return out;
  const etaSeconds =
    shrinking && remaining !== undefined ? Math.round(remaining / -trend!.slope) : rates && remaining !== undefined ? eta(remaining, rates.sent - rates.dirty) : null;
  if (etaSeconds !== null && budgetRemainingSeconds !== null && etaSeconds > budgetRemainingSeconds && abortsAtBudget) {
    return decide('at-risk', 'eta-beyond-budget', true, etaSeconds);
  }
  return decide('converging', 'shrinking', true, etaSeconds);
}

/**
 * What the monitor does once the budget is spent: nothing in post-copy; abort once a paused guest's
 * doubled budget runs out; else by version and configuration.
 */
export function budgetAction(mode: string, config: ForecastConfig, version?: KubeVirtVersion, vfio = false): BudgetAction {
  if (mode === MIGRATION_MODE_POST_COPY) return 'none';
  if (mode === MIGRATION_MODE_PAUSED) return 'abort';
  const postCopy = config.allowPostCopy === true;
  // Unknown version: today's behaviour.
  if (atLeast(version, 1, 5) === false) return postCopy ? 'post-copy' : 'abort';
  // v1.5+: a nil allowWorkloadDisruption follows allowPostCopy.
  const disruption = config.allowWorkloadDisruption ?? postCopy;
  if (!disruption) return 'abort';
  if (postCopy && !(vfio && atLeast(version, 1, 9) !== false)) return 'post-copy';
  return 'pause';
}

/** Which change would most likely let it finish (only for at-risk / not converging). */
export function recommend(f: Pick<Forecast, 'dirtyRate' | 'transferRate' | 'reason'>, config: ForecastConfig, version?: KubeVirtVersion): Recommendation | null {
  return recommendations(f, config, version)[0] ?? null;
}

/**
 * Every change that could let it finish and is not in force yet, most likely first: a setting
 * already on (allowAutoConverge: true, a migration network) is never suggested, and a bandwidth
 * cap only when one is set (0 = unlimited).
 */
export function recommendations(f: Pick<Forecast, 'dirtyRate' | 'transferRate' | 'reason'>, config: ForecastConfig, version?: KubeVirtVersion): Recommendation[] {
  // No rates and no trend (e.g. only the budget is known): nothing to base a choice on.
  if (f.transferRate === null && f.reason === 'budget-exceeded') return [];
  const cap = parseQuantity(config.bandwidthPerMigration);
  const capped = cap !== undefined && cap > 0;
  const atCap = capped && f.transferRate !== null && f.transferRate >= AT_CAP * cap;
  const disruptionExists = atLeast(version, 1, 5) !== false;
  const disruption = config.allowWorkloadDisruption ?? config.allowPostCopy ?? false;
  const dirtyBound =
    f.reason === 'dirty-rate' || (f.dirtyRate !== null && f.transferRate !== null && f.transferRate > 0 && f.dirtyRate >= DIRTY_BOUND * f.transferRate);
  const order: [Recommendation, boolean][] = dirtyBound
    ? [
        ['auto-converge', !config.allowAutoConverge],
        ['post-copy', !config.allowPostCopy],
        ['workload-disruption', disruptionExists && !disruption],
        ['migration-network', !config.network],
      ]
    : [
        ['migration-network', !config.network],
        ['post-copy', !config.allowPostCopy],
        ['auto-converge', !config.allowAutoConverge],
        ['workload-disruption', disruptionExists && !disruption],
      ];
  const rest = order.filter(([, applies]) => applies).map(([r]) => r);
  return atCap ? ['bandwidth', ...rest] : capped ? [...rest, 'bandwidth'] : rest;
}

function eta(remaining: number | undefined, rate: number | null): number | null {
  if (remaining === undefined || rate === null || !(rate > 0)) return null;
  return Math.round(remaining / rate);
}

/** (total − remaining) / total, with the budgeted size standing in for a missing DataTotal. */
export function percentDone(s: TransferSample | null | undefined, sizeBytes?: number): number | null {
  if (!s) return null;
  const total = s.dataTotal !== undefined && s.dataTotal > 0 ? s.dataTotal : sizeBytes;
  if (total === undefined || !(total > 0)) return null;
  let done: number;
  if (s.dataRemaining !== undefined) done = total - s.dataRemaining;
  else if (s.dataProcessed !== undefined) done = s.dataProcessed;
  else return null;
  return Math.round(Math.min(100, Math.max(0, (done / total) * 100)) * 10) / 10;
}

function rateMeans(samples: readonly TransferSample[]): { dirty: number; sent: number; n: number } | undefined {
  const rated = samples.filter((s) => s.memoryDirtyRate !== undefined && s.memoryTransferRate !== undefined).slice(-RATE_WINDOW_SAMPLES);
  if (rated.length === 0) return undefined;
  const dirty = rated.reduce((a, s) => a + s.memoryDirtyRate!, 0) / rated.length;
  const sent = rated.reduce((a, s) => a + s.memoryTransferRate!, 0) / rated.length;
  return { dirty, sent, n: rated.length };
}

/** Least squares of DataRemaining over time, on the samples of the last TREND_WINDOW_SECONDS (at least 3 when there are). */
export function remainingTrend(samples: readonly TransferSample[]): { slope: number; n: number; spanSeconds: number } | undefined {
  const pts = samples.filter((s) => s.dataRemaining !== undefined).map((s) => ({ x: sampleTime(s) / 1000, y: s.dataRemaining! }));
  if (pts.length < 2) return undefined;
  const last = pts[pts.length - 1]!.x;
  let window = pts.filter((p) => p.x >= last - TREND_WINDOW_SECONDS);
  if (window.length < 3) window = pts.slice(-3);
  const slope = leastSquaresSlope(window);
  if (slope === undefined) return undefined;
  return { slope, n: window.length, spanSeconds: Math.round(last - window[0]!.x) };
}

export function leastSquaresSlope(pts: readonly { x: number; y: number }[]): number | undefined {
  if (pts.length < 2) return undefined;
  const mx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const my = pts.reduce((a, p) => a + p.y, 0) / pts.length;
  let num = 0;
  let den = 0;
  for (const p of pts) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? undefined : num / den;
}

/** The lowest DataRemaining (first reached) and seconds from then to the latest sample. */
function lastMinimum(samples: readonly TransferSample[]): { remaining: number; at: string; sinceSeconds: number | null } | undefined {
  const withRemaining = samples.filter((s) => s.dataRemaining !== undefined);
  if (withRemaining.length === 0) return undefined;
  let best = withRemaining[0]!;
  for (const s of withRemaining) if (s.dataRemaining! < best.dataRemaining!) best = s;
  const last = withRemaining[withRemaining.length - 1]!;
  return { remaining: best.dataRemaining!, at: best.time, sinceSeconds: Math.round((sampleTime(last) - sampleTime(best)) / 1000) };
}
