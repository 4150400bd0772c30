// Progress samples from KubeVirt's migration metrics (facts §5.4), read from virt-handler's
// /metrics page or from Prometheus. The names changed with the versions:
//
// | meaning              | v0.59–v1.0                                       | v1.1                                   | v1.2–v1.6                  | v1.7  | v1.8+ |
// |----------------------|--------------------------------------------------|----------------------------------------|----------------------------|-------|-------|
// | remaining, processed, dirty rate | kubevirt_migrate_vmi_*               | kubevirt_vmi_migration_*               | same                       | same  | same  |
// | memory transfer rate | kubevirt_migrate_vmi_memory_transfer_rate_bytes  | published as …_disk_transfer_rate_bytes (swapped) | …_disk_transfer_rate_bytes (misnamed) | …_memory_transfer_rate_bytes | same |
// | disk transfer rate   | kubevirt_migrate_vmi_disk_transfer_rate_bytes    | published as …_memory_transfer_rate_bytes | —                       | —     | —     |
// | data total           | —                                                | —                                      | …_data_total_bytes from v1.5 | same | …_data_bytes_total (+ the old name as a recording rule) |
//
// So `kubevirt_vmi_migration_disk_transfer_rate_bytes` is the MEMORY rate wherever it exists, and
// `kubevirt_vmi_migration_memory_transfer_rate_bytes` is the memory rate except in v1.1 (where
// both names are published): with an unknown version, both present means v1.1.
// Series carry labels `namespace`, `name` (the VMI) and `node`; a Prometheus that does not
// honour the exporter's labels renames `namespace` to `exported_namespace`.
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import type { MetricPoint } from './prometheus-text.js';
import { isoTime, sortSamples, type TransferSample } from './sample.js';

const OLD = 'kubevirt_migrate_vmi_';
const NEW = 'kubevirt_vmi_migration_';

type MetricField = 'dataRemaining' | 'dataProcessed' | 'dataTotal' | 'memoryDirtyRate' | 'memoryTransferRate' | 'diskTransferRate';

/** Every name a progress series has had, in any version. */
export const PROGRESS_METRIC_NAMES: readonly string[] = [
  `${OLD}data_remaining_bytes`,
  `${OLD}data_processed_bytes`,
  `${OLD}dirty_memory_rate_bytes`,
  `${OLD}memory_transfer_rate_bytes`,
  `${OLD}disk_transfer_rate_bytes`,
  `${NEW}data_remaining_bytes`,
  `${NEW}data_processed_bytes`,
  `${NEW}dirty_memory_rate_bytes`,
  `${NEW}memory_transfer_rate_bytes`,
  `${NEW}disk_transfer_rate_bytes`,
  `${NEW}data_total_bytes`,
  `${NEW}data_bytes_total`,
];
export const PROGRESS_METRIC_NAME_SET: ReadonlySet<string> = new Set(PROGRESS_METRIC_NAMES);

/** The names `list` needs for a percent: remaining and total (and processed). */
export const PERCENT_METRIC_NAMES: readonly string[] = PROGRESS_METRIC_NAMES.filter((n) => /data_(remaining|processed|total)_bytes|data_bytes_total/.test(n));

/** What a series name means; `swapped` = v1.1's published names (memory ↔ disk transfer rate). */
export function metricField(name: string, swapped: boolean): MetricField | undefined {
  if (name.startsWith(OLD)) {
    switch (name.slice(OLD.length)) {
      case 'data_remaining_bytes':
        return 'dataRemaining';
      case 'data_processed_bytes':
        return 'dataProcessed';
      case 'dirty_memory_rate_bytes':
        return 'memoryDirtyRate';
      case 'memory_transfer_rate_bytes':
        return 'memoryTransferRate';
      case 'disk_transfer_rate_bytes':
        return 'diskTransferRate';
      default:
        return undefined;
    }
  }
  if (name.startsWith(NEW)) {
    switch (name.slice(NEW.length)) {
      case 'data_remaining_bytes':
        return 'dataRemaining';
      case 'data_processed_bytes':
        return 'dataProcessed';
      case 'dirty_memory_rate_bytes':
        return 'memoryDirtyRate';
      case 'data_total_bytes':
      case 'data_bytes_total':
        return 'dataTotal';
      case 'disk_transfer_rate_bytes':
        // v1.1: the memory rate under the disk name; v1.2–v1.6: misnamed, still the memory rate.
        return 'memoryTransferRate';
      case 'memory_transfer_rate_bytes':
        return swapped ? 'diskTransferRate' : 'memoryTransferRate';
      default:
        return undefined;
    }
  }
  return undefined;
}

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
  const names = new Set(mine.map((p) => p.name));
  const v11 = opts.version ? opts.version.major === 1 && opts.version.minor === 1 : names.has(`${NEW}disk_transfer_rate_bytes`) && names.has(`${NEW}memory_transfer_rate_bytes`);
  // Before v1.1 nothing was published under the new prefix: a v1.1+ name on an older version is noise.
  const oldOnly = atLeast(opts.version, 1, 1) === false;
  const byTime = new Map<number, TransferSample>();
  for (const p of mine) {
    if (oldOnly && !p.name.startsWith(OLD)) continue;
    const field = metricField(p.name, v11);
    if (!field || field === 'diskTransferRate') continue;
    const t = p.timestampMs ?? opts.readAtMs;
    const s = byTime.get(t) ?? { time: isoTime(t) };
    // data_bytes_total (v1.8 counter) and data_total_bytes (its recording rule) say the same.
    s[field] = p.value;
    byTime.set(t, s);
  }
  return sortSamples([...byTime.values()]);
}
