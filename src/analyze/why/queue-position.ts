// Where a Pending migration stands in KubeVirt's queue for a parallel-migration slot
// (docs/kubevirt/evacuation-and-queue.md §5): who holds the slots, which Pending migrations come
// before it in that version's order, and when a slot is expected to free. Pure.
// - v1.9+, and v1.7/v1.8 with the MigrationPriorityQueue gate listed: by spec.priority
//   (system-critical 100, user-triggered 50, system-maintenance 20, none 0), then, within one
//   priority, roughly by creation (controller-runtime's queue: ready time, then insertion);
// - before (≤v1.6, v1.7/v1.8 without the gate): whichever Pending migration the controller
//   reconciles first after a slot frees; no defined order, so "ahead" is those created earlier.
import type { KubeVirt, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { LABEL_NODE_NAME } from '../../kubevirt/constants.js';
import {
  FEATURE_GATE_MIGRATION_PRIORITY_QUEUE,
  MIGRATION_PRIORITY,
  MIGRATION_PRIORITY_QUEUE_GATE,
  QUEUE_PRIORITY_DEFAULT,
  type MigrationPriority,
} from '../../kubevirt/evacuation-facts.js';
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import { time } from '../../kube/time.js';
import { BY_NAME, type ObjectIndex } from '../object-index.js';
import { countsAsRunning, isFinal } from '../migration/phase.js';
import { recordedStateOf } from '../migration/state.js';
import { qualified, targetPodsOf } from './migration-state.js';

/** KubeVirt's order for the next free slot on this version. */
export type QueueOrder =
  /** By spec.priority, then creation: v1.9+ (`ga`), v1.7/v1.8 with the gate listed (`feature-gate`). */
  | { kind: 'priority'; gate: typeof FEATURE_GATE_MIGRATION_PRIORITY_QUEUE; via: 'ga' | 'feature-gate' }
  /** No defined order: before v1.7 (`before-priority-queue`), or v1.7/v1.8 without the gate (`gate-off`). */
  | { kind: 'unordered'; reason: 'before-priority-queue' | 'gate-off'; gate: typeof FEATURE_GATE_MIGRATION_PRIORITY_QUEUE }
  /** The KubeVirt version is not known. */
  | { kind: 'version-unknown'; gate: typeof FEATURE_GATE_MIGRATION_PRIORITY_QUEUE }
  /**
   * No VMIM yet: the evacuation controller creates one per free slot (≤v1.6, v1.7/v1.8 without
   * the gate) for the first candidates of its node index, an unspecified order (why --node only).
   */
  | { kind: 'evacuation-controller' };

/** When a slot is expected to free: the soonest ETA among the migrations holding the slots. */
export type SlotFree =
  /** `partial`: some holders' progress was not read (one of them may end sooner). */
  | { kind: 'eta'; seconds: number; migration: string; partial?: true }
  /** `no-forecast`: none of the holders has an ETA; `not-read`: their progress was not read (why reads one VMI's log). */
  | { kind: 'unknown'; reason: 'no-forecast' | 'not-read' };

export interface QueuePosition {
  order: QueueOrder;
  /** Queue priority of this migration and its spec.priority (undefined: none, priority 0). */
  priority: number;
  priorityClass?: MigrationPriority;
  /** `ns/name` of the Pending migrations before this one in `order` (creation order when unordered). */
  ahead: string[];
  /** Pending migrations of the same scope after it. */
  behind: number;
  /** Order `evacuation-controller`: the other marked VMIs waiting without a VMIM (`ns/name`), in no defined order. */
  alongside?: string[];
  /** Node scope: Pending migrations whose source node is not known (they may compete too). */
  unplaced?: number;
  /** The running migrations holding the slots of the full scope. */
  holders: { name: string; uid: string }[];
  slotFree: SlotFree;
}

/**
 * `findRunningMigrations`: unfinished VMIMs that are `IsRunning()`, plus unfinished ones that
 * already have a target pod (Pending, the pod just created). `ours` is never among them.
 */
export function runningMigrations(index: ObjectIndex, all: readonly VirtualMachineInstanceMigration[], pods: readonly Pod[], ours?: VirtualMachineInstanceMigration): VirtualMachineInstanceMigration[] {
  return all.filter(
    (m) => (ours === undefined || m.metadata.uid !== ours.metadata.uid) && !isFinal(m.status?.phase) && (countsAsRunning(m.status?.phase) || targetPodsOf(index, pods, m).length > 0),
  );
}

/**
 * The source node of a migration. The controller reads its VMI's nodeName; we do not list other
 * VMIs, but the target pod copies the VMI's `kubevirt.io/nodeName` label (= the SOURCE node) at
 * creation, and a VMIM's migrationState may name the source node or pod (v1.3+ a Pending VMIM
 * already names its source pod).
 */
export function sourceNodeOfMigration(index: ObjectIndex, m: VirtualMachineInstanceMigration, pods: readonly Pod[]): string | undefined {
  const label = targetPodsOf(index, pods, m)[0]?.metadata.labels?.[LABEL_NODE_NAME];
  if (label) return label;
  const state = recordedStateOf(m);
  if (state?.sourceNode) return state.sourceNode;
  const sourcePod = state?.sourcePod;
  return sourcePod ? index.where(pods, BY_NAME, sourcePod).find((p) => p.metadata.namespace === m.metadata.namespace)?.spec?.nodeName : undefined;
}

export function queueOrder(version: KubeVirtVersion | undefined, kubevirt: KubeVirt | undefined): QueueOrder {
  const gate = FEATURE_GATE_MIGRATION_PRIORITY_QUEUE;
  if (!version) return { kind: 'version-unknown', gate };
  const ga = MIGRATION_PRIORITY_QUEUE_GATE.find((g) => g.defaultOn)!.since;
  if (atLeast(version, ga.major, ga.minor)) return { kind: 'priority', gate, via: 'ga' };
  const first = MIGRATION_PRIORITY_QUEUE_GATE[0].since;
  if (!atLeast(version, first.major, first.minor)) return { kind: 'unordered', reason: 'before-priority-queue', gate };
  // Alpha (v1.7) and Beta (v1.8) are both off unless listed (feature-gates.go isFeatureGateEnabled).
  const listed = kubevirt?.spec?.configuration?.developerConfiguration?.featureGates?.includes(gate) === true;
  return listed ? { kind: 'priority', gate, via: 'feature-gate' } : { kind: 'unordered', reason: 'gate-off', gate };
}

function priorityClassOf(m: VirtualMachineInstanceMigration): MigrationPriority | undefined {
  const p = m.spec?.priority;
  return p !== undefined && Object.hasOwn(MIGRATION_PRIORITY, p) ? (p as MigrationPriority) : undefined;
}

function queuePriority(m: VirtualMachineInstanceMigration): number {
  const c = priorityClassOf(m);
  return c ? MIGRATION_PRIORITY[c] : QUEUE_PRIORITY_DEFAULT;
}

/** Creation time, then name: the order within one priority (and the only one without the priority queue). */
function earlier(a: VirtualMachineInstanceMigration, b: VirtualMachineInstanceMigration): boolean {
  const ta = time(a.metadata.creationTimestamp);
  const tb = time(b.metadata.creationTimestamp);
  return ta !== tb ? ta < tb : qualified(a) < qualified(b);
}

export interface QueueInput {
  ours: VirtualMachineInstanceMigration;
  /** The analysis's index (why's context). */
  index: ObjectIndex;
  migrations: readonly VirtualMachineInstanceMigration[];
  pods: readonly Pod[];
  scope: 'cluster' | 'node';
  /** Ours' source node (node scope). */
  node?: string;
  holders: readonly VirtualMachineInstanceMigration[];
  order: QueueOrder;
  /** ETAs (seconds) of running migrations by uid, and the uids whose progress was read; undefined: none read. */
  etas?: Etas;
}

export interface Etas {
  seconds: ReadonlyMap<string, number>;
  read: ReadonlySet<string>;
}

export function queuePosition(q: QueueInput): QueuePosition {
  const { ours, pods, index } = q;
  const waiting = q.migrations.filter(
    (m) =>
      m.metadata.uid !== ours.metadata.uid &&
      !m.metadata.deletionTimestamp &&
      (m.status?.phase ?? '') === 'Pending' &&
      targetPodsOf(index, pods, m).length === 0,
  );
  let unplaced = 0;
  const competing = waiting.filter((m) => {
    if (q.scope === 'cluster') return true;
    const source = sourceNodeOfMigration(index, m, pods);
    if (source === undefined) unplaced++;
    return source === q.node;
  });
  const mine = queuePriority(ours);
  const byPriority = q.order.kind === 'priority';
  const isAhead = (m: VirtualMachineInstanceMigration) => {
    const p = byPriority ? queuePriority(m) : mine;
    return p > mine || (p === mine && earlier(m, ours));
  };
  const ahead = competing.filter(isAhead).sort((a, b) => (byPriority ? queuePriority(b) - queuePriority(a) : 0) || (earlier(a, b) ? -1 : 1));
  const priorityClass = priorityClassOf(ours);
  const holders = q.holders.map((m) => ({ name: qualified(m), uid: m.metadata.uid ?? '' }));
  return {
    order: q.order,
    priority: mine,
    ...(priorityClass ? { priorityClass } : {}),
    ahead: ahead.map(qualified),
    behind: competing.length - ahead.length,
    ...(q.scope === 'node' && unplaced > 0 ? { unplaced } : {}),
    holders,
    slotFree: slotFreeIn(holders, q.etas),
  };
}

/** The soonest ETA among `holders`; `unknown` when none has one (`not-read` when some were not read). */
export function slotFreeIn(holders: readonly { name: string; uid: string }[], etas: Etas | undefined): SlotFree {
  const unread = holders.some((h) => !etas?.read.has(h.uid));
  let best: { seconds: number; migration: string } | undefined;
  for (const h of holders) {
    const s = etas?.seconds.get(h.uid);
    if (s !== undefined && (best === undefined || s < best.seconds)) best = { seconds: s, migration: h.name };
  }
  if (best) return { kind: 'eta', ...best, ...(unread ? { partial: true as const } : {}) };
  return { kind: 'unknown', reason: unread ? 'not-read' : 'no-forecast' };
}
