// One progress sample of a live migration, whatever it was read from (the launcher log, the
// virt-handler metrics, Prometheus): sizes in bytes, rates in bytes per second (docs/documents.md
// `progress.samples`). Every field but the time is optional: each source and KubeVirt version
// reports a different subset (see analyze/why/progress-line.ts and kubevirt/metrics.ts).

export type ProgressSourceId = 'logs' | 'metrics' | 'prometheus' | 'none';

export interface TransferSample {
  /** RFC 3339. */
  time: string;
  /** Bytes sent so far (memory + disks; pages sent again count again). */
  dataProcessed?: number;
  /** Bytes still to send in this iteration. */
  dataRemaining?: number;
  /** Bytes to migrate (memory + copied disks). */
  dataTotal?: number;
  /** Bytes/s the guest dirties (dirty pages/s × page size). */
  memoryDirtyRate?: number;
  /** Bytes/s of memory sent (libvirt MemBps). */
  memoryTransferRate?: number;
  /** Pre-copy pass. */
  iteration?: number;
}

export const SAMPLE_FIELDS = ['dataProcessed', 'dataRemaining', 'dataTotal', 'memoryDirtyRate', 'memoryTransferRate', 'iteration'] as const;
export type SampleField = (typeof SAMPLE_FIELDS)[number];

export function sampleTime(s: Pick<TransferSample, 'time'>): number {
  const t = Date.parse(s.time);
  return Number.isNaN(t) ? 0 : t;
}

/** Oldest first; of two samples at the same instant the later one wins (it is the newer read). */
export function sortSamples(samples: readonly TransferSample[]): TransferSample[] {
  const byTime = new Map<number, TransferSample>();
  for (const s of samples) {
    const t = sampleTime(s);
    byTime.set(t, { ...byTime.get(t), ...s });
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

/** RFC 3339 of epoch milliseconds, without a `.000` fraction (as the apiserver writes times). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}
