// How an abort ended. The DELETE itself: a 409/404 whose re-read finds another object (or none)
// under the name means the migration changed between read and delete (`migration-changed`).
// The cancel (`abort --wait`), from the last VMIM seen and the VMI read at the end. Before hand-off the controller fails the VMIM and removes it (no abortStatus); once
// running, the launcher reports abortStatus (`cancelMigration`,
// pkg/virt-launcher/virtwrap/live-migration-source.go): Succeeded → the migration ends Failed with
// the guest still on the source; Failed → libvirt refused (post-copy) and the migration goes on. A
// migration that Succeeded anyway finished before the abort reached libvirt. Pure.
import type { VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { ABORT_STATUS_FAILED } from '../../kubevirt/constants.js';
import { isFinal } from '../migration/phase.js';
import { stateOf } from '../migration/state.js';
import type { AbortPlan, AbortRefusalCause } from './decide.js';

/** Why nothing was cancelled: decideAbort's refusals, or the migration changed under the DELETE. */
export type AbortRefusalId = AbortRefusalCause | 'migration-changed';

/** What bears the name after a 409/404 on the DELETE, when it is not the migration inspected. */
export interface MigrationChanged {
  /** undefined: nothing does. */
  now?: VirtualMachineInstanceMigration;
}

/** undefined when the migration inspected (same uid) is still there: then nothing changed. */
export function migrationChanged(inspected: VirtualMachineInstanceMigration, now: VirtualMachineInstanceMigration | undefined): MigrationChanged | undefined {
  if (now && now.metadata.uid === inspected.metadata.uid) return undefined;
  return now ? { now } : {};
}

export function abortRefusal(plan: AbortPlan, changed: MigrationChanged | undefined): AbortRefusalId | undefined {
  return changed ? 'migration-changed' : plan.refused?.cause;
}

export type AbortOutcomeKind =
  /** Cancelled: the VMIM ended Failed (or vanished) and the guest stays on the source. */
  | 'aborted'
  /** The migration completed before the abort took effect: the guest is on the target. */
  | 'completed'
  /** libvirt refused to abort (abortStatus Failed). */
  | 'abort-failed'
  /** Not final yet (the wait ended first). */
  | 'pending';

export interface AbortOutcome {
  kind: AbortOutcomeKind;
  /** The VMIM's last phase seen; `''` when it vanished before a final phase was seen. */
  phase: string;
  gone: boolean;
  abortStatus?: string;
  failureReason?: string;
}

export function abortOutcome(lastSeen: VirtualMachineInstanceMigration, gone: boolean, vmi: VirtualMachineInstance | undefined): AbortOutcome {
  const phase = lastSeen.status?.phase ?? '';
  const state = stateOf(lastSeen, vmi);
  const out: AbortOutcome = { kind: 'pending', phase, gone };
  if (state?.abortStatus) out.abortStatus = state.abortStatus;
  if (state?.failureReason) out.failureReason = state.failureReason;
  if (state?.abortStatus === ABORT_STATUS_FAILED) out.kind = 'abort-failed';
  else if (phase === 'Succeeded' || (state?.completed && !state.failed)) out.kind = 'completed';
  else if (phase === 'Failed' || state?.failed || gone) out.kind = 'aborted';
  else if (isFinal(phase)) out.kind = 'aborted';
  return out;
}
