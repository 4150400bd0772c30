// What `start --wait` and `abort --wait` show while they follow a migration: where it is, and how
// far the transfer got. The percentage comes from the source launcher's progress lines (facts
// §5.1) of THIS migration's UID, read by the progress model. Pure.
import type { MigrationState, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { FINAL_MIGRATION_PHASES } from '../../kubevirt/constants.js';
import type { KubeVirtVersion } from '../../kubevirt/version.js';
import { parseLauncherLogLines } from '../why/launcher-log-lines.js';
import { logSamples } from '../progress/log-samples.js';
import { percentDone } from '../progress/forecast.js';

export function isFinalPhase(phase: string | undefined): boolean {
  return FINAL_MIGRATION_PHASES.includes(phase ?? '');
}

/** The migration state that belongs to this migration: the VMI's while it names it, else the VMIM's copy. */
export function stateOf(m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined): MigrationState | undefined {
  const live = vmi?.status?.migrationState;
  if (live && m.metadata.uid && live.migrationUid === m.metadata.uid) return live;
  const copy = m.status?.migrationState;
  return copy && (!copy.migrationUid || copy.migrationUid === m.metadata.uid) ? copy : undefined;
}

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
