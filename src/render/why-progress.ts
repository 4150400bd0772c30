// `progress` of the MigrationDiagnosis (docs/documents.md) and its lines in the checklist: a summary
// (percent, remaining, rates, ETA, budget) and a one-line sparkline of the remaining data.
import type { MigrationProgress } from '../analyze/why/progress.js';
import type { TransferSample } from '../analyze/progress/sample.js';
import { formatBytes } from '../kube/quantity.js';
import type { Style } from './style.js';
import { budgetActionText, formatRate, recommendationText } from './why-text/transfer.js';

/** At most this many samples (the newest) go into the document. */
export const MAX_DOC_SAMPLES = 60;
/** Sparkline width in characters. */
export const SPARKLINE_WIDTH = 40;

export interface ProgressDocSample {
  time: string;
  dataProcessed: number | null;
  dataRemaining: number | null;
  dataTotal: number | null;
  memoryDirtyRate: number | null;
  memoryTransferRate: number | null;
  iteration: number | null;
}

export interface ProgressDoc {
  // The documented fields (docs/documents.md).
  source: string;
  samples: ProgressDocSample[];
  converging: boolean | null;
  etaSeconds: number | null;
  elapsedSeconds: number | null;
  budgetSeconds: number | null;
  mode: string;
  // Additions (docs/progress.md).
  from: string | null;
  percent: number | null;
  forecast: string;
  reason: string;
  dirtyRate: number | null;
  transferRate: number | null;
  trend: { slope: number | null; windowSeconds: number | null; samples: number };
  budgetRemainingSeconds: number | null;
  budgetLowerBound: boolean;
  sinceMinimumSeconds: number | null;
  progressTimeout: number | null;
  onBudgetExpiry: string;
  recommendation: string | null;
  unavailable: { source: string; reason: string }[];
}

export function progressDocument(p: MigrationProgress): ProgressDoc {
  const f = p.forecast;
  return {
    source: p.source,
    samples: p.samples.slice(-MAX_DOC_SAMPLES).map(docSample),
    converging: f.converging,
    etaSeconds: f.etaSeconds,
    elapsedSeconds: f.elapsedSeconds,
    budgetSeconds: f.budgetSeconds,
    mode: p.mode,
    from: p.from ?? null,
    percent: f.percent,
    forecast: f.verdict,
    reason: f.reason,
    dirtyRate: f.dirtyRate,
    transferRate: f.transferRate,
    trend: { slope: f.slope, windowSeconds: f.trendSpanSeconds, samples: f.trendSamples },
    budgetRemainingSeconds: f.budgetRemainingSeconds,
    budgetLowerBound: f.budgetLowerBound,
    sinceMinimumSeconds: f.sinceMinimumSeconds,
    progressTimeout: f.progressTimeout,
    onBudgetExpiry: f.onBudgetExpiry,
    recommendation: f.recommendation,
    unavailable: p.unavailable.map((u) => ({ source: u.source, reason: u.reason })),
  };
}

function docSample(s: TransferSample): ProgressDocSample {
  return {
    time: s.time,
    dataProcessed: s.dataProcessed ?? null,
    dataRemaining: s.dataRemaining ?? null,
    dataTotal: s.dataTotal ?? null,
    memoryDirtyRate: s.memoryDirtyRate ?? null,
    memoryTransferRate: s.memoryTransferRate ?? null,
    iteration: s.iteration ?? null,
  };
}

const BARS = '▁▂▃▄▅▆▇█';

/**
 * The values as one line of block characters, scaled from 0 to the largest value; more values
 * than `width` are averaged into `width` buckets, oldest left.
 */
export function sparkline(values: readonly number[], width = SPARKLINE_WIDTH): string {
  const vs = values.filter((v) => Number.isFinite(v));
  if (vs.length === 0) return '';
  const buckets: number[] = [];
  if (vs.length <= width) buckets.push(...vs);
  else {
    for (let i = 0; i < width; i++) {
      const from = Math.floor((i * vs.length) / width);
      const to = Math.floor(((i + 1) * vs.length) / width);
      const slice = vs.slice(from, Math.max(to, from + 1));
      buckets.push(slice.reduce((a, v) => a + v, 0) / slice.length);
    }
  }
  const max = Math.max(...buckets);
  if (max <= 0) return BARS[0]!.repeat(buckets.length);
  return buckets.map((v) => BARS[Math.min(BARS.length - 1, Math.max(0, Math.round((v / max) * (BARS.length - 1))))]).join('');
}

/** Checklist section: `Progress (launcher log): …`, the sparkline, the forecast. */
export function progressLines(doc: ProgressDoc, style: Style, fmtSeconds: (s: number) => string): string[] {
  const lines: string[] = [];
  const where = doc.source === 'logs' ? 'launcher log' : doc.source === 'metrics' ? 'virt-handler metrics' : doc.source === 'prometheus' ? 'Prometheus' : 'no source';
  const head: string[] = [];
  const last = doc.samples.at(-1);
  if (doc.percent !== null) head.push(`${doc.percent}% done`);
  if (last?.dataRemaining !== null && last?.dataRemaining !== undefined) {
    head.push(`${formatBytes(last.dataRemaining)} remaining${last.dataTotal !== null ? ` of ${formatBytes(last.dataTotal)}` : ''}`);
  }
  if (doc.etaSeconds !== null) head.push(`ETA ${fmtSeconds(doc.etaSeconds)}`);
  if (doc.elapsedSeconds !== null) {
    head.push(doc.budgetSeconds !== null ? `${fmtSeconds(doc.elapsedSeconds)} of ${doc.budgetLowerBound ? '≥' : ''}${fmtSeconds(doc.budgetSeconds)} budget` : `running ${fmtSeconds(doc.elapsedSeconds)}`);
  }
  lines.push(style.bold(`Progress (${where}, ${doc.mode}):`) + (head.length > 0 ? ` ${head.join(' · ')}` : ''));
  const remaining = doc.samples.map((s) => s.dataRemaining).filter((v): v is number => v !== null);
  if (remaining.length > 1) lines.push(`  remaining ${sparkline(remaining)} ${style.dim(`(${remaining.length} samples)`)}`);
  const rates: string[] = [];
  if (doc.transferRate !== null) rates.push(`sent ${formatRate(doc.transferRate)}`);
  if (doc.dirtyRate !== null) rates.push(`dirtied ${formatRate(doc.dirtyRate)}`);
  if (doc.trend.slope !== null) rates.push(`trend ${doc.trend.slope <= 0 ? '' : '+'}${formatBytes(doc.trend.slope)}/s`);
  if (rates.length > 0) lines.push(`  ${rates.join(' · ')}`);
  if (doc.source !== 'none' || doc.budgetSeconds !== null) {
    const verdict =
      doc.forecast === 'converging'
        ? style.ok('converging')
        : doc.forecast === 'not-converging'
          ? style.bad('not converging')
          : doc.forecast === 'at-risk'
            ? style.warn('at risk')
            : doc.forecast === 'finished'
              ? 'finished'
              : style.warn('convergence unknown');
    const then = doc.forecast === 'finished' ? '' : `; ${budgetActionText(doc.onBudgetExpiry)}`;
    lines.push(`  ${verdict}${then}`);
  }
  const rec = doc.recommendation ? recommendationText(doc.recommendation) : undefined;
  if (rec) lines.push(`  ${style.dim('try:')} ${rec}`);
  return lines;
}
