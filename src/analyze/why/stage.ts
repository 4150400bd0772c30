// Where a migration is, as the verdict rules see it (docs/why.md, "How the verdict is chosen" rule 1): `progressing` /
// `none` and `succeeded` are claims that every check of the migration's current stage passed,
// so each stage lists the checks whose `unknown` (could not read what it needs) or anomaly
// (a warning no cause explains) makes the verdict `unknown` instead. A check outside the stage
// may still decide the verdict by failing with a cause; its gaps just do not matter here.
import type { CheckId } from './check.js';
import type { WhyContext } from './context.js';
import { awaitingTargetPod } from './migration-state.js';
import { copyState } from './progress.js';
import { isPastScheduling, phaseFacts } from '../migration/phase.js';
import { targetPodElsewhere } from '../decentralized/half.js';

export type Stage =
  /** No migration: rule 3 (no-migration only when nothing would stop a new one). */
  | 'none'
  /** Pending without a target pod: the controller's gates and the pod's admission. */
  | 'queue'
  /** A target pod exists and is not Ready yet: scheduling, volumes, containers. */
  | 'target-pod'
  /** Scheduled … TargetReady before libvirt copies: the target virt-handler takes over. */
  | 'handoff'
  /** libvirt copies (Running, or TargetReady with a start time). */
  | 'transfer'
  /**
   * A decentralized half waiting on the other cluster: the sync phases, and a source half until
   * libvirt copies (its target pod is in the other cluster).
   */
  | 'decentralized'
  | 'succeeded'
  | 'failed'
  /** A phase this version does not know. */
  | 'unknown-phase';

/**
 * The checks whose gaps forbid an all-clear in each stage. `volume-migration` is in every stage a
 * volume migration passes through (it skips for the other kinds): the volume update's own state is
 * part of each of them, not only of the wait for a VMIM.
 */
export const STAGE_CHECKS: Record<Stage, readonly CheckId[]> = {
  none: ['volume-migration'],
  queue: ['volume-migration', 'vmi-running', 'live-migratable', 'migration-conflict', 'migration-backoff', 'active-pods', 'migration-slots', 'resource-quota', 'admission'],
  'target-pod': ['volume-migration', 'vmi-running', 'live-migratable', 'migration-conflict', 'target-pod-scheduling', 'storage-visibility', 'target-pod-readiness'],
  handoff: ['volume-migration', 'vmi-running', 'target-pod-readiness', 'handoff'],
  transfer: ['volume-migration', 'handoff', 'transfer'],
  decentralized: ['vmi-running', 'live-migratable', 'peer-migration', 'sync-channel', 'peer-half'],
  succeeded: ['volume-migration', 'failure-reason'],
  failed: [],
  'unknown-phase': [],
};

export function stageOf(ctx: WhyContext): Stage {
  const m = ctx.migration;
  if (!m) return 'none';
  const phase = m.status?.phase ?? '';
  const facts = phaseFacts(phase);
  if (!facts) return 'unknown-phase';
  if (facts.final) return phase === 'Succeeded' ? 'succeeded' : 'failed';
  if (facts.decentralized) return 'decentralized';
  if (targetPodElsewhere(m) && !copyState(ctx, m).started) return 'decentralized';
  if (awaitingTargetPod(ctx)) return 'queue';
  // Unset, Pending, Scheduling: the target pod is not Ready yet.
  if (!isPastScheduling(phase)) return 'target-pod';
  if (copyState(ctx, m).started) return 'transfer';
  return 'handoff';
}
