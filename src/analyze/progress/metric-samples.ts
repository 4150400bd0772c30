// Progress samples from KubeVirt's migration metrics (names and their per-version meaning:
// src/kubevirt/metrics.ts), read from virt-handler's /metrics page or from Prometheus.
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { PROGRESS_METRIC_NAME_SET, metricField, publishes, transferRatesSwapped } from '../../kubevirt/metrics.js';
import { parsePrometheusText, type MetricPoint } from './prometheus-text.js';
import { isoTime, sortSamples, type TransferSample } from './sample.js';

export interface VmiSeriesSelector {
  namespace: string;
  /** The VMI name (label `name`). */
  name: string;
}

/** Whether a point belongs to the VMI (label `namespace`, or `exported_namespace` after a relabel). */
export function isVmiPoint(p: MetricPoint, vmi: VmiSeriesSelector): boolean {
  const ns = p.labels.exported_namespace ?? p.labels.namespace;
  const name = p.labels.exported_name ?? p.labels.name;
  return ns === vmi.namespace && name === vmi.name;
}

export interface MetricSampleOptions {
  version?: KubeVirtVersion;
  /** When the points carry no timestamp: the time they were read (epoch ms). */
  readAtMs: number;
}

/**
 * Samples of one VMI from metric points of any version: one sample per timestamp (virt-handler
 * v1.4+ buffers up to 10 polls with explicit timestamps; a Prometheus range query gives one per
 * step). Points without a timestamp are dated `readAtMs`.
 */
export function samplesFromMetrics(points: readonly MetricPoint[], vmi: VmiSeriesSelector, opts: MetricSampleOptions): TransferSample[] {
  const mine = points.filter((p) => PROGRESS_METRIC_NAME_SET.has(p.name) && isVmiPoint(p, vmi) && Number.isFinite(p.value));
  if (mine.length === 0) return [];
  const swapped = transferRatesSwapped(opts.version, new Set(mine.map((p) => p.name)));
  const byTime = new Map<number, TransferSample>();
  for (const p of mine) {
    // A name this version does not publish (a v1.1+ name on an older one) is noise.
    if (!publishes(opts.version, p.name)) continue;
    const field = metricField(p.name, swapped);
    if (!field || field === 'diskTransferRate') continue;
    const t = p.timestampMs ?? opts.readAtMs;
    const s = byTime.get(t) ?? { time: isoTime(t) };
    // data_bytes_total (v1.8 counter) and data_total_bytes (its recording rule) say the same.
    s[field] = p.value;
    byTime.set(t, s);
  }
  return sortSamples([...byTime.values()]);
}

/**
 * Whether a virt-handler /metrics page holds samples of the VMI, exactly as samplesFromMetrics
 * reads them (its namespace and name, names this version publishes): `why` asks Prometheus as
 * well only when it does not.
 */
export function hasProgressSeries(text: string, vmi: VmiSeriesSelector, version?: KubeVirtVersion): boolean {
  const points = parsePrometheusText(text, { names: PROGRESS_METRIC_NAME_SET });
  return samplesFromMetrics(points, vmi, { readAtMs: 0, ...(version ? { version } : {}) }).length > 0;
}
