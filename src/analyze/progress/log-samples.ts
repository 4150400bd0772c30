// Progress samples from the source launcher's `compute` log: the `Migration info for <VMIM UID>:`
// lines (`logMigrationInfo`, pkg/virt-launcher/virtwrap/live-migration-source.go) of one migration,
// in any era's format (progress-line.ts does the units).
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import type { LauncherLogLine } from '../why/launcher-log-lines.js';
import { parseProgressLine } from '../why/progress-line.js';
import { time } from '../../kube/time.js';
import { isoTime, type TransferSample } from './sample.js';

export interface LogSample {
  sample: TransferSample;
  /** The line it was read from (for evidence). */
  line: LauncherLogLine;
}

export interface LogSampleOptions {
  version?: KubeVirtVersion;
  /**
   * When libvirt started (migrationState.startTimestamp): dates a line that carries no timestamp
   * from its TimeElapsed.
   */
  startedAt?: string;
}

/** The samples of migration `migrationUid`, oldest first; lines of other migrations are skipped. */
export function logSamples(lines: readonly LauncherLogLine[], migrationUid: string | undefined, opts: LogSampleOptions = {}): LogSample[] {
  if (!migrationUid) return [];
  // 0: no start to date from (absent, malformed, or Go's zero time).
  const start = time(opts.startedAt);
  const out: LogSample[] = [];
  for (const line of lines) {
    const p = parseProgressLine(line.msg, opts.version ? { version: opts.version } : {});
    if (!p || p.migrationUid !== migrationUid) continue;
    const dated = p.elapsedMs !== undefined && start > 0 ? new Date(start + p.elapsedMs).getTime() : NaN;
    const at = line.time ?? (dated > 0 ? isoTime(dated) : undefined);
    if (!at) continue;
    const sample: TransferSample = { time: at };
    if (p.dataProcessed !== undefined) sample.dataProcessed = p.dataProcessed;
    if (p.dataRemaining !== undefined) sample.dataRemaining = p.dataRemaining;
    if (p.dataTotal !== undefined) sample.dataTotal = p.dataTotal;
    if (p.dirtyRate !== undefined) sample.memoryDirtyRate = p.dirtyRate;
    if (p.memoryBandwidth !== undefined) sample.memoryTransferRate = p.memoryBandwidth;
    if (p.iteration !== undefined) sample.iteration = p.iteration;
    out.push({ sample, line });
  }
  return out.sort((a, b) => Date.parse(a.sample.time) - Date.parse(b.sample.time));
}
