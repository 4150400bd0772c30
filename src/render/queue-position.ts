// A waiting migration's place in KubeVirt's queue (src/analyze/why/queue-position.ts), as the
// `queue` of why's and why --node's documents and as one sentence for the texts.
import type { QueuePosition, SlotFree } from '../analyze/why/queue-position.js';
import { assertNever } from './assert-never.js';
import { formatSeconds } from './format.js';

const LIST_MAX = 5;

function list(names: readonly string[]): string {
  const shown = names.slice(0, LIST_MAX).join(', ');
  return names.length > LIST_MAX ? `${shown}, +${names.length - LIST_MAX} more` : shown;
}

export interface QueueDoc {
  order: QueuePosition['order']['kind'];
  /** `unordered`: why there is no order; `priority`: how the priority queue is on. */
  reason?: string;
  gate?: string;
  priority: number;
  priorityClass?: string;
  /** 1 = next to get a slot of its scope (as far as KubeVirt's order is defined). */
  position: number;
  ahead: string[];
  behind: number;
  alongside?: string[];
  unplaced?: number;
  holders: string[];
  slotFree: { kind: 'eta'; seconds: number; migration: string; partial?: true } | { kind: 'unknown'; reason: string };
}

export function queueDocument(q: QueuePosition): QueueDoc {
  const o = q.order;
  return {
    order: o.kind,
    ...(o.kind === 'unordered' ? { reason: o.reason } : o.kind === 'priority' ? { reason: o.via } : {}),
    ...(o.kind !== 'evacuation-controller' ? { gate: o.gate } : {}),
    priority: q.priority,
    ...(q.priorityClass ? { priorityClass: q.priorityClass } : {}),
    position: q.ahead.length + 1,
    ahead: [...q.ahead],
    behind: q.behind,
    ...(q.alongside ? { alongside: [...q.alongside] } : {}),
    ...(q.unplaced ? { unplaced: q.unplaced } : {}),
    holders: q.holders.map((h) => h.name),
    slotFree: { ...q.slotFree },
  };
}

function orderText(q: QueuePosition): string {
  const o = q.order;
  const n = q.ahead.length;
  const ahead = n > 0 ? `${n} Pending migration${n === 1 ? '' : 's'} ahead (${list(q.ahead)})` : 'none ahead';
  const behind = q.behind > 0 ? `, ${q.behind} behind` : '';
  const unplaced = q.unplaced ? `; ${q.unplaced} more Pending whose source node is not known` : '';
  switch (o.kind) {
    case 'priority': {
      const how = o.via === 'ga' ? 'KubeVirt v1.9+' : `feature gate ${o.gate} on`;
      const p = q.priorityClass ? `${q.priority} (${q.priorityClass})` : `${q.priority} (no spec.priority)`;
      return `queue position ${n + 1} by priority (${how}): priority ${p}, ${ahead}${behind}${unplaced}`;
    }
    case 'unordered': {
      const why = o.reason === 'before-priority-queue' ? 'KubeVirt before v1.7 has no priority queue' : `feature gate ${o.gate} is off`;
      return `no defined order (${why}: a freed slot goes to whichever Pending migration the controller reconciles first): ${n > 0 ? `${n} created earlier (${list(q.ahead)})` : 'none created earlier'}${q.behind > 0 ? `, ${q.behind} later` : ''}${unplaced}`;
    }
    case 'version-unknown':
      return `order not known (KubeVirt version not known; by priority from v1.9, or v1.7/v1.8 with ${o.gate}): ${n > 0 ? `${n} created earlier (${list(q.ahead)})` : 'none created earlier'}${q.behind > 0 ? `, ${q.behind} later` : ''}${unplaced}`;
    case 'evacuation-controller': {
      const others = q.alongside?.length ?? 0;
      return `no migration yet: the evacuation controller creates one per free slot, in no defined order${others > 0 ? `, among ${others} other marked VMI${others === 1 ? '' : 's'} (${list(q.alongside ?? [])})` : ''}`;
    }
    default:
      return assertNever(o);
  }
}

export function slotFreeText(s: SlotFree): string {
  switch (s.kind) {
    case 'eta':
      return `a slot is expected to free in ${formatSeconds(s.seconds)} (${s.migration}${s.partial ? ', the soonest of those whose progress was read' : ''})`;
    case 'unknown':
      return s.reason === 'no-forecast'
        ? 'when a slot frees is unknown (no migration holding one has an ETA)'
        : 'when a slot frees is unknown here (the progress of the migrations holding the slots is not read; why --node NODE forecasts a node\'s migrations)';
    default:
      return assertNever(s);
  }
}

/** One sentence: the order and place, and when a slot frees. */
export function queueText(q: QueuePosition): string {
  return `${orderText(q)}; ${slotFreeText(q.slotFree)}`;
}
