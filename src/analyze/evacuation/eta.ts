// When the whole evacuation should be over: the copying migrations end at their own ETA, and each
// VMI still queued takes the next free slot for as long as this evacuation's migrations took
// (or, before one finished, as long as the copying ones are expected to take). The slots are the
// smaller of parallelOutboundMigrationsPerNode and parallelMigrationsPerCluster. No ETA while
// anything is blocked, waits for another controller, or lacks a forecast. Pure.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { listOf } from '../shape.js';
import { time } from '../../kube/time.js';
import type { EvacuationItem } from './item.js';

/** Seconds `m` held a slot: from Scheduling (the target pod) to Succeeded. */
export function slotSeconds(m: VirtualMachineInstanceMigration): number | undefined {
  const at = (phase: string) => time(listOf(m.status?.phaseTransitionTimestamps).find((t) => t.phase === phase)?.phaseTransitionTimestamp);
  const start = at('Scheduling') || at('Pending');
  const end = at('Succeeded');
  return start > 0 && end >= start ? (end - start) / 1000 : undefined;
}

export function evacuationEta(items: readonly EvacuationItem[], slots: number, finishedSeconds: readonly number[]): number | undefined {
  if (items.some((i) => i.state === 'blocked' || i.state === 'external' || i.state === 'idle')) return undefined;
  const migrating = items.filter((i) => i.state === 'migrating');
  if (migrating.some((i) => i.etaSeconds === undefined)) return undefined;
  const queued = items.filter((i) => i.state === 'waiting').length;
  const lanes = migrating.map((i) => i.etaSeconds ?? 0);
  while (lanes.length < Math.max(1, slots)) lanes.push(0);
  if (queued > 0) {
    const expected = finishedSeconds.length > 0 ? finishedSeconds : migrating.flatMap((i) => (i.elapsedSeconds !== undefined ? [i.elapsedSeconds + (i.etaSeconds ?? 0)] : []));
    if (expected.length === 0) return undefined;
    const each = expected.reduce((a, b) => a + b, 0) / expected.length;
    for (let n = 0; n < queued; n++) {
      lanes.sort((a, b) => a - b);
      lanes[0] = (lanes[0] ?? 0) + each;
    }
  }
  return Math.round(Math.max(0, ...lanes));
}
