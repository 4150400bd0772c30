// Parse the source launcher's progress line (`logMigrationInfo`, v1.9+ `LogMigrationInfo`,
// pkg/virt-launcher/virtwrap/live-migration-source.go) into bytes and bytes/s.
// Eras, all logged every 4 s while libvirt's job is unbounded:
// - v0.59–v1.0 (V(4)): raw units — `DataProcessed:%dB … MemoryBandwidth:%dB/s DirtyRate:%dB/s … DiskBps:%d`;
// - v1.1–v1.8 (V(4) in v1.1, V(2) = default verbosity from v1.2): `…:%dMiB`, rates `%dMbps`, `DiskMbps:%d`;
// - v1.9+: as v1.8, `ExpectedDowntime:%dms` may be `Downtime:%dms DowntimeNet:%dms`, and a trailing
//   ` CompressionRatio:%.2fx` may follow.
// Units: MiB = bytes/1024/1024 (integer, so a lower bound within 1 MiB); Mbps = bytes/s × 8 / 10^6.
// The fields are read as `Key:<number><unit>` tokens rather than one template per era, so a field
// added or dropped in some release does not make the whole line unreadable.
import { LOG_MIGRATION_INFO } from '../../kubevirt/constants.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { goFormatRegExp } from './parse/go-format.js';

export interface ProgressSample {
  /** The VMIM UID the line is about (`Migration info for <uid>:`). */
  migrationUid: string;
  /** Libvirt's TimeElapsed of the job, milliseconds. */
  elapsedMs?: number;
  /** Bytes (memory + disks). */
  dataProcessed?: number;
  dataRemaining?: number;
  dataTotal?: number;
  memoryProcessed?: number;
  memoryRemaining?: number;
  memoryTotal?: number;
  /** Memory transfer rate, bytes/s (libvirt MemBps). */
  memoryBandwidth?: number;
  /** Guest dirty rate, bytes/s (dirty pages/s × page size). */
  dirtyRate?: number;
  iteration?: number;
  postcopyRequests?: number;
  expectedDowntimeMs?: number;
  downtimeMs?: number;
  downtimeNetMs?: number;
  compressionRatio?: number;
  /** Disk (block migration) transfer rate, bytes/s. */
  diskBandwidth?: number;
  /** How sizes were logged: `MiB` (v1.1+) or raw `bytes` (v0.59–v1.0). */
  units: 'MiB' | 'bytes';
}

export interface ParseProgressOptions {
  /**
   * The KubeVirt version, when known. v1.1's launcher divided instead of multiplied when it
   * converted to Mbps (`bytes / 8 / 1000000`), so its rates read 64× too low; the ratio of dirty
   * rate to bandwidth is right either way.
   */
  version?: KubeVirtVersion;
}

type Field = Exclude<keyof ProgressSample, 'migrationUid' | 'units'>;

const MIB = 1024 * 1024;
const MBPS = 1e6 / 8;

const SIZES: Partial<Record<string, Field>> = {
  DataProcessed: 'dataProcessed',
  DataRemaining: 'dataRemaining',
  DataTotal: 'dataTotal',
  MemoryProcessed: 'memoryProcessed',
  MemoryRemaining: 'memoryRemaining',
  MemoryTotal: 'memoryTotal',
};
const RATES: Partial<Record<string, Field>> = { MemoryBandwidth: 'memoryBandwidth', DirtyRate: 'dirtyRate' };
const COUNTS: Partial<Record<string, Field>> = { Iteration: 'iteration', PostcopyRequests: 'postcopyRequests' };
const MILLIS: Partial<Record<string, Field>> = {
  TimeElapsed: 'elapsedMs',
  ExpectedDowntime: 'expectedDowntimeMs',
  Downtime: 'downtimeMs',
  DowntimeNet: 'downtimeNetMs',
};

const TOKEN = /^([A-Za-z]+):(-?\d+(?:\.\d+)?)([A-Za-z/]*)$/;

/** One progress sample from a launcher `msg`, or undefined when the text is not a progress line. */
export function parseProgressLine(msg: string, opts: ParseProgressOptions = {}): ProgressSample | undefined {
  const text = msg.trim();
  const head = goFormatRegExp(LOG_MIGRATION_INFO, 'prefix').exec(text);
  if (!head) return undefined;
  const migrationUid = head[1]!;
  const sample: ProgressSample = { migrationUid, units: 'MiB' };
  const v11 = opts.version?.major === 1 && opts.version.minor === 1;
  const mbps = v11 ? 8e6 : MBPS;
  let sawSize = false;
  let rawBytes = false;
  for (const token of text.slice(head[0].length).split(/\s+/)) {
    const m = TOKEN.exec(token);
    if (!m) continue;
    const [, key, num, unit] = m as unknown as [string, string, string, string];
    const value = Number(num);
    // A garbled line's 400-digit number: Infinity would print as null in the JSON samples.
    if (!Number.isFinite(value)) continue;
    const size = SIZES[key];
    if (size) {
      if (unit !== 'MiB' && unit !== 'B') continue;
      sample[size] = unit === 'MiB' ? value * MIB : value;
      sawSize = true;
      rawBytes ||= unit === 'B';
    } else if (RATES[key]) {
      if (unit === 'Mbps') sample[RATES[key]!] = value * mbps;
      else if (unit === 'B/s') sample[RATES[key]!] = value;
    } else if (key === 'DiskMbps') sample.diskBandwidth = value * mbps;
    else if (key === 'DiskBps') sample.diskBandwidth = value;
    else if (COUNTS[key]) sample[COUNTS[key]!] = value;
    else if (MILLIS[key] && unit === 'ms') sample[MILLIS[key]!] = value;
    else if (key === 'CompressionRatio' && unit === 'x') sample.compressionRatio = value;
  }
  if (!sawSize) return undefined;
  if (rawBytes) sample.units = 'bytes';
  return sample;
}
