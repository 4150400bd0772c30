// Where each VMI of the node stands in the evacuation (docs/documents.md `items[].state`). A VMI on
// the node is judged from `why`'s own diagnosis of its latest migration (its verdict names the
// cause), next to what the drain does by its eviction strategy (the drain preview's rule). Pure.
import type { Pod, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { COND_LIVE_MIGRATABLE } from '../../kubevirt/constants.js';
import type { CauseId, VerdictStatus } from '../why/cause.js';
import type { Diagnosis } from '../why/diagnose.js';
import type { CheckResult } from '../why/check.js';
import { predictDrain, type DrainOutcome, type DrainPrediction } from '../migratability/drain.js';
import { originOf } from '../migration/origin.js';
import { isFinal } from '../migration/phase.js';
import { stateOf } from '../migration/state.js';
import { listOf } from '../shape.js';
import type { MigrationOrigin } from '../../kubevirt/evacuation-facts.js';
import type { KubeVirt } from '../../kube/types.js';
import type { RefusingPdb } from './pdbs.js';
import type { QueuePosition } from '../why/queue-position.js';

export const ITEM_STATES = ['migrated', 'migrating', 'waiting', 'blocked', 'shutdown', 'external', 'idle'] as const;
/** `idle`: the node is not being evacuated and nothing moves this VMI (an addition to the documented states). */
export type ItemState = (typeof ITEM_STATES)[number];

/** Causes of the node view: every `why` cause, and a PodDisruptionBudget that refuses an eviction. */
export const NODE_ONLY_CAUSES = ['disruption-budget'] as const;
export type NodeCause = CauseId | (typeof NODE_ONLY_CAUSES)[number];

/** The limit a waiting migration is queued behind, with the count against it. */
export interface SlotLimit {
  scope: 'cluster' | 'node';
  running: number;
  limit: number;
}

export interface ItemMigration {
  name: string;
  uid: string;
  phase: string;
  origin: MigrationOrigin;
  sourceNode?: string;
  targetNode?: string;
}

/** What the item's sentence is made from (render): `why`'s verdict, or the node view's own. */
export type ItemReason =
  | { kind: 'diagnosis' }
  /** A check of the diagnosis that KubeVirt acts on before the one `why`'s verdict names (backoff). */
  | { kind: 'check'; check: CheckResult }
  | { kind: 'migrated' }
  | { kind: 'not-live-migratable'; message?: string }
  | { kind: 'shutdown'; vmiPhase?: string }
  | { kind: 'external' }
  | { kind: 'idle' }
  | { kind: 'queued'; limit?: SlotLimit }
  | { kind: 'disruption-budget'; pdb: string; kubevirt: boolean; pod: string };

export interface EvacuationItem {
  namespace: string;
  vmi: string;
  vm?: string;
  evictionStrategy: string;
  strategySource: DrainPrediction['strategySource'];
  outcome: DrainOutcome;
  state: ItemState;
  cause: NodeCause;
  /** The item's own verdict status (`why`'s, for a VMI whose migration it judged). */
  status: VerdictStatus;
  reason: ItemReason;
  migration?: ItemMigration;
  percent?: number;
  etaSeconds?: number;
  /** Seconds the migration has copied, for the whole evacuation's ETA. */
  elapsedSeconds?: number;
  limit?: SlotLimit;
  /** A waiting item's place in KubeVirt's queue for the slot of `limit` (queue.ts). */
  queue?: QueuePosition;
  /** `why`'s diagnosis of a VMI on the node: its summary and fix are the item's. */
  diagnosis?: Diagnosis;
}

/** What every VMI of the node is judged against. */
export interface ItemContext {
  nodeName: string;
  evacuating: boolean;
  kubevirt: KubeVirt | undefined;
  /** PDBs refusing the eviction of each pod, by `namespace/name`. */
  refusing: ReadonlyMap<string, RefusingPdb[]>;
  /** The node's slots, for a VMI that waits without a VMIM (throttled evacuation, ≤v1.6). */
  slots: { full?: SlotLimit };
}

export function isLiveMigratable(vmi: VirtualMachineInstance): boolean {
  return liveMigratable(vmi)?.status === 'True';
}

function liveMigratable(vmi: VirtualMachineInstance) {
  return listOf(vmi.status?.conditions).find((c) => c.type === COND_LIVE_MIGRATABLE);
}

export function itemMigration(m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined): ItemMigration {
  const state = stateOf(m, vmi);
  return {
    name: m.metadata.name ?? '',
    uid: m.metadata.uid ?? '',
    phase: m.status?.phase ?? '',
    origin: originOf(m, vmi),
    ...(state?.sourceNode ? { sourceNode: state.sourceNode } : {}),
    ...(state?.targetNode ? { targetNode: state.targetNode } : {}),
  };
}

function base(vmi: VirtualMachineInstance, kubevirt: KubeVirt | undefined, vm: string | undefined) {
  const drain = predictDrain(vmi, isLiveMigratable(vmi), kubevirt);
  return {
    namespace: vmi.metadata.namespace ?? '',
    vmi: vmi.metadata.name ?? '',
    ...(vm ? { vm } : {}),
    evictionStrategy: drain.evictionStrategy,
    strategySource: drain.strategySource,
    outcome: drain.outcome,
  };
}

/** A VMI that has left the node by this evacuation's migration `m`. */
export function migratedItem(vmi: VirtualMachineInstance, m: VirtualMachineInstanceMigration, kubevirt: KubeVirt | undefined, vm: string | undefined): EvacuationItem {
  return { ...base(vmi, kubevirt, vm), state: 'migrated', cause: 'none', status: 'succeeded', reason: { kind: 'migrated' }, migration: itemMigration(m, vmi), percent: 100 };
}

/** A VMI still on the node, with `why`'s diagnosis of it. */
export function itemOnNode(d: Diagnosis, c: ItemContext): EvacuationItem {
  const vmi = d.ctx.vmi!;
  const b = { ...base(vmi, c.kubevirt, d.ctx.vmName), diagnosis: d };
  const m = d.ctx.migration;
  const migration = m ? { migration: itemMigration(m, vmi) } : {};
  const v = d.verdict;

  if (m && !isFinal(m.status?.phase)) {
    const forecast = d.progress?.forecast;
    const progress = {
      ...(forecast?.percent != null ? { percent: forecast.percent } : {}),
      ...(forecast?.etaSeconds != null ? { etaSeconds: Math.round(forecast.etaSeconds) } : {}),
      ...(forecast?.elapsedSeconds != null ? { elapsedSeconds: Math.round(forecast.elapsedSeconds) } : {}),
    };
    const judged = { ...b, ...migration, ...progress, cause: v.cause, status: v.status, reason: { kind: 'diagnosis' } as const };
    // KubeVirt holds a Pending VMIM in backoff before it looks at the slots (migration.go sync:
    // handleMigrationBackoff, then handleTargetPodCreation), so a failing backoff check is the cause.
    const backoff = d.checks.find((r) => r.id === 'migration-backoff' && r.status === 'fail' && r.cause === 'migration-backoff');
    if (backoff) return { ...judged, state: 'blocked', cause: 'migration-backoff', status: 'blocked', reason: { kind: 'check', check: backoff } };
    if (v.check === 'migration-slots' && v.args.kind === 'full') {
      return { ...judged, state: 'waiting', limit: { scope: v.args.scope, running: v.args.running, limit: v.args.limit }, queue: v.args.queue };
    }
    if (v.status === 'progressing' || v.status === 'at-risk' || v.status === 'succeeded') return { ...judged, state: 'migrating' };
    return { ...judged, state: 'blocked' };
  }

  const phase = vmi.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') {
    return { ...b, ...migration, state: 'shutdown', cause: 'none', status: 'succeeded', reason: { kind: 'shutdown', vmiPhase: phase } };
  }
  switch (b.outcome) {
    case 'block-drain': {
      // Not drained yet: nothing is held now, but a drain would be (a blocker, and --fail-on warning).
      const message = liveMigratable(vmi)?.message;
      const held = c.evacuating ? ({ state: 'blocked', status: 'blocked' } as const) : ({ state: 'idle', status: 'idle' } as const);
      return { ...b, ...migration, ...held, cause: 'not-live-migratable', reason: { kind: 'not-live-migratable', ...(message ? { message } : {}) } };
    }
    case 'external':
      return { ...b, ...migration, state: 'external', cause: 'none', status: c.evacuating ? 'progressing' : 'idle', reason: { kind: 'external' } };
    case 'shutdown': {
      const pod = d.ctx.sourcePod;
      const refusal = pod ? refusalOf(pod, c.refusing) : undefined;
      if (refusal && c.evacuating) {
        const reason = { kind: 'disruption-budget', pdb: refusal.pdb.metadata.name ?? '', kubevirt: refusal.kubevirt, pod: pod?.metadata.name ?? '' } as const;
        return { ...b, ...migration, state: 'blocked', cause: 'disruption-budget', status: 'blocked', reason };
      }
      return { ...b, ...migration, state: 'shutdown', cause: 'none', status: c.evacuating ? 'progressing' : 'idle', reason: { kind: 'shutdown' } };
    }
    case 'migrate':
      break;
  }
  if (!c.evacuating) return { ...b, ...migration, state: 'idle', cause: 'none', status: 'idle', reason: { kind: 'idle' } };
  // Marked, and its last migration failed with no new one yet: why names that failure.
  if (m?.status?.phase === 'Failed') return { ...b, ...migration, state: 'blocked', cause: v.cause, status: 'blocked', reason: { kind: 'diagnosis' } };
  // No VMIM yet: the evacuation controller creates one when a slot frees (≤v1.6, v1.7/v1.8 without the priority queue).
  const full = c.slots.full;
  return {
    ...b,
    ...migration,
    state: 'waiting',
    cause: full ? 'concurrency-limit' : 'no-migration',
    status: 'progressing',
    reason: { kind: 'queued', ...(full ? { limit: full } : {}) },
    ...(full ? { limit: full } : {}),
  };
}

function refusalOf(pod: Pod, refusing: ReadonlyMap<string, RefusingPdb[]>): RefusingPdb | undefined {
  return refusing.get(`${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}`)?.[0];
}
