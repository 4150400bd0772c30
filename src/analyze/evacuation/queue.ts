// The queue position of the node's waiting items (docs/documents.md `waiting`, with the limit): the
// place `why` computed for a Pending VMIM, now with when a slot frees from the forecasts of the
// node's own migrations; and, for a marked VMI the evacuation controller has not given a VMIM yet
// (≤v1.6, v1.7/v1.8 without the priority queue), the others waiting alike. Pure.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { countsAsRunning, isFinal } from '../migration/phase.js';
import { qualified } from '../why/migration-state.js';
import { slotFreeIn, type Etas } from '../why/queue-position.js';
import type { EvacuationItem, SlotLimit } from './item.js';

/** The ETAs of the node's migrations, by VMIM uid (every item whose progress was read). */
export function etasOf(items: readonly EvacuationItem[]): Etas {
  const seconds = new Map<string, number>();
  const read = new Set<string>();
  for (const it of items) {
    const uid = it.migration?.uid;
    if (!uid || it.diagnosis === undefined) continue;
    read.add(uid);
    if (it.etaSeconds !== undefined) seconds.set(uid, it.etaSeconds);
  }
  return { seconds, read };
}

/**
 * Queue positions for the waiting items. `holders` are the running migrations of each scope
 * (cluster: every one; node: those leaving the node).
 */
export function withQueues(items: readonly EvacuationItem[], holders: { cluster: readonly VirtualMachineInstanceMigration[]; node: readonly VirtualMachineInstanceMigration[] }): EvacuationItem[] {
  const etas = etasOf(items);
  const unmigrated = items.filter((i) => i.state === 'waiting' && !i.queue && i.limit && i.migration === undefined);
  return items.map((it) => {
    if (it.state !== 'waiting') return it;
    if (it.queue) return { ...it, queue: { ...it.queue, slotFree: slotFreeIn(it.queue.holders, etas) } };
    if (!it.limit || it.migration !== undefined) return it;
    const held = refs(it.limit, holders);
    return {
      ...it,
      queue: {
        order: { kind: 'evacuation-controller' },
        priority: 0,
        ahead: [],
        behind: 0,
        alongside: unmigrated.filter((o) => o !== it).map((o) => `${o.namespace}/${o.vmi}`),
        holders: held,
        slotFree: slotFreeIn(held, etas),
      },
    };
  });
}

function refs(limit: SlotLimit, holders: { cluster: readonly VirtualMachineInstanceMigration[]; node: readonly VirtualMachineInstanceMigration[] }) {
  return (limit.scope === 'cluster' ? holders.cluster : holders.node).map((m) => ({ name: qualified(m), uid: m.metadata.uid ?? '' }));
}

/** Unfinished migrations that hold a slot by their phase (the counts of diagnose-node.ts). */
export function holdsSlot(m: VirtualMachineInstanceMigration | undefined): m is VirtualMachineInstanceMigration {
  return m !== undefined && !isFinal(m.status?.phase) && countsAsRunning(m.status?.phase);
}
