// KubeVirt's migration progress metrics (pkg/monitoring/metrics/virt-handler/migrationdomainstats
// v1.4+, the domain-stats collector before): every name a series has had, and what each name means
// in which version. Published by virt-handler on its /metrics page (read through the pod proxy) and
// scraped by Prometheus. The names changed with the versions:
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
import { atLeast, type KubeVirtVersion } from './version.js';

const OLD = 'kubevirt_migrate_vmi_';
const NEW = 'kubevirt_vmi_migration_';

export type MetricField = 'dataRemaining' | 'dataProcessed' | 'dataTotal' | 'memoryDirtyRate' | 'memoryTransferRate' | 'diskTransferRate';

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

/** v1.1 published the two transfer rates under each other's names; with an unknown version, both names present means v1.1. */
export function transferRatesSwapped(version: KubeVirtVersion | undefined, names: ReadonlySet<string>): boolean {
  if (version) return version.major === 1 && version.minor === 1;
  return names.has(`${NEW}disk_transfer_rate_bytes`) && names.has(`${NEW}memory_transfer_rate_bytes`);
}

/** Whether `version` publishes `name` at all: before v1.1 only the kubevirt_migrate_vmi_ names (unknown version: any). */
export function publishes(version: KubeVirtVersion | undefined, name: string): boolean {
  return atLeast(version, 1, 1) !== false || name.startsWith(OLD);
}
