// What `start --wait` and `abort --wait` show while they follow a migration: where it is, and how
// far the transfer got. The percentage comes from the source launcher's progress lines (facts
// §5.1) of THIS migration's UID, read by the progress model. Pure.
import type { VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { parseLauncherLogLines } from '../why/launcher-log-lines.js';
import { logSamples } from '../progress/log-samples.js';
import { percentDone } from '../progress/forecast.js';
import { stateOf } from './state.js';

/**
 * Percent of the data transferred (0–100) for `migrationUid`, from a launcher log tail, through
 * the progress model (src/analyze/progress): its samples of this migration, the newest one's
 * (DataTotal − DataRemaining) / DataTotal. undefined when the tail has no usable line.
 */
export function transferPercent(logText: string, migrationUid: string, version?: KubeVirtVersion): number | undefined {
  const samples = logSamples(parseLauncherLogLines(logText), migrationUid, version ? { version } : {});
  return percentDone(samples[samples.length - 1]?.sample) ?? undefined;
}

/** One update of the progress line. */
export interface FollowStatus {
  phase: string;
  /** Seconds since the command started waiting. */
  seconds: number;
  percent?: number;
  mode?: string;
  sourceNode?: string;
  targetNode?: string;
  abortStatus?: string;
  deleting?: boolean;
}

export function followStatus(m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined, seconds: number, percent?: number): FollowStatus {
  const state = stateOf(m, vmi);
  const out: FollowStatus = { phase: m.status?.phase ?? '', seconds };
  if (percent !== undefined) out.percent = percent;
  if (state?.mode) out.mode = state.mode;
  if (state?.sourceNode) out.sourceNode = state.sourceNode;
  if (state?.targetNode) out.targetNode = state.targetNode;
  if (state?.abortStatus) out.abortStatus = state.abortStatus;
  if (m.metadata.deletionTimestamp) out.deleting = true;
  return out;
}
