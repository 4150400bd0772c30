// Prometheus HTTP API answers (`/api/v1/query`, `/api/v1/query_range`) as metric points, and the
// PromQL that asks for a VMI's progress series under every name they have had.
import type { MetricPoint } from './prometheus-text.js';
import { PROGRESS_METRIC_NAMES } from '../../kubevirt/metrics.js';

/** `{__name__=~"a|b|…", name="vmi"}`; the namespace is matched afterwards (it may be `exported_namespace`). */
export function progressQuery(vmiName?: string, names: readonly string[] = PROGRESS_METRIC_NAMES): string {
  const matchers = [`__name__=~"${names.join('|')}"`];
  if (vmiName !== undefined) matchers.push(`name="${promEscape(vmiName)}"`);
  return `{${matchers.join(',')}}`;
}

function promEscape(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

export type PrometheusAnswer = { ok: true; points: MetricPoint[] } | { ok: false; reason: string };

/**
 * Points of a vector (instant query) or matrix (range query) result. Values are strings in the
 * API; timestamps are seconds (float). An `error` status or an unexpected shape is a reason.
 */
export function parsePrometheusResponse(body: unknown): PrometheusAnswer {
  if (!body || typeof body !== 'object') return { ok: false, reason: 'the answer is not a JSON object' };
  const b = body as { status?: unknown; error?: unknown; errorType?: unknown; data?: { resultType?: unknown; result?: unknown } };
  if (b.status !== 'success') {
    const why = typeof b.error === 'string' ? b.error : 'status is not "success"';
    return { ok: false, reason: typeof b.errorType === 'string' ? `${b.errorType}: ${why}` : why };
  }
  const type = b.data?.resultType;
  const result = b.data?.result;
  if (!Array.isArray(result) || (type !== 'vector' && type !== 'matrix')) return { ok: false, reason: `unexpected result type ${String(type)}` };
  const points: MetricPoint[] = [];
  for (const r of result as { metric?: Record<string, unknown>; value?: unknown; values?: unknown }[]) {
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(r.metric ?? {})) if (typeof v === 'string') labels[k] = v;
    const name = labels.__name__;
    if (!name) continue;
    delete labels.__name__;
    const pairs = type === 'vector' ? [r.value] : Array.isArray(r.values) ? r.values : [];
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2) continue;
      const ts = Number(pair[0]);
      const value = Number(pair[1]);
      if (!Number.isFinite(ts) || Number.isNaN(value)) continue;
      points.push({ name, labels, value, timestampMs: Math.round(ts * 1000) });
    }
  }
  return { ok: true, points };
}
