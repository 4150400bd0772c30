// The migration's timeline: phase entries from `phaseTransitionTimestamps` (v1.0+; absent on
// older VMIMs, then the creation time and phase are all we have), with the time spent in each.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { isFinal } from '../migration/phase.js';
import { time } from '../../kube/time.js';
import { listOf } from '../shape.js';

export interface TimelineEntry {
  phase: string;
  time: string;
  /** Seconds until the next phase, or until now for the current non-final phase. */
  durationSeconds?: number;
}

export function migrationTimeline(m: VirtualMachineInstanceMigration, now: Date): TimelineEntry[] {
  const entries: TimelineEntry[] = listOf(m.status?.phaseTransitionTimestamps)
    // An entry whose time is malformed says nothing about when, and would date the phase to 1970.
    .filter((t): t is { phase: string; phaseTransitionTimestamp: string } => Boolean(t.phase && time(t.phaseTransitionTimestamp) > 0))
    .map((t) => ({ phase: t.phase, time: t.phaseTransitionTimestamp }))
    .sort((a, b) => time(a.time) - time(b.time));
  if (entries.length === 0 && m.metadata.creationTimestamp && time(m.metadata.creationTimestamp) > 0) {
    entries.push({ phase: m.status?.phase || 'Pending', time: m.metadata.creationTimestamp });
  }
  const phase = m.status?.phase;
  return entries.map((e, i) => {
    const next = entries[i + 1];
    const last = !next;
    if (!last) return { ...e, durationSeconds: Math.max(0, Math.round((time(next.time) - time(e.time)) / 1000)) };
    if (isFinal(phase)) return e;
    return { ...e, durationSeconds: Math.max(0, Math.round((now.getTime() - time(e.time)) / 1000)) };
  });
}

/** Seconds since the migration entered its current phase (undefined when unknown). */
export function secondsInCurrentPhase(m: VirtualMachineInstanceMigration, now: Date): number | undefined {
  const t = migrationTimeline(m, now);
  return t[t.length - 1]?.durationSeconds;
}

export function ageSeconds(timestamp: string | undefined, now: Date): number | undefined {
  if (!timestamp) return undefined;
  const t = time(timestamp);
  return t === 0 ? undefined : Math.max(0, Math.round((now.getTime() - t) / 1000));
}
