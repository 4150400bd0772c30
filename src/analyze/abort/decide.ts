// `abort`: which migration to cancel, whether cancelling makes sense, and what to warn about.
// Pure over what was read. Cancelling = deleting the VMIM (there is no abort subresource; virtctl
// migrate-cancel does the same, pkg/virtctl/vm/migrate_cancel.go); what that does depends on how
// far the migration got:
// - before hand-off (Pending, Scheduling, Scheduled; also the decentralized WaitingForSync /
//   Synchronizing): the controller marks it Failed at once and deletes the target pod;
// - after hand-off, before the transfer (PreparingTarget, TargetReady): the abort is only
//   requested (condition migrationAbortRequested) and takes effect once Running;
// - Running: virt-handler cancels the libvirt job; abortStatus Aborting → Succeeded | Failed;
// - a phase KubeVirt does not name (a newer version's): cancelled all the same, no stage said
//   (src/analyze/migration/phase.ts).
// In post-copy the guest already runs on the target and libvirt does not abort a post-copy job
// this way (the launcher's `cancelMigration` calls AbortJob without flags,
// pkg/virt-launcher/virtwrap/live-migration-source.go): refused unless --force. Whether KubeVirt
// creates the migration again (evacuation, workload update) is recreation.ts.
import type { MigrationState, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { MIGRATION_MODE_POST_COPY } from '../../kubevirt/constants.js';
import { newestFirst } from '../../kube/time.js';
import { migrationsOfVmi } from '../migration/history.js';
import { ObjectIndex } from '../object-index.js';
import { isFinal, stageOf, type MigrationStage } from '../migration/phase.js';
import { recordedStateOf, stateOf } from '../migration/state.js';
import { originOf } from '../migration/origin.js';
import type { MigrationOrigin } from '../../kubevirt/evacuation-facts.js';

export type AbortRefusalCause = 'no-migration' | 'post-copy';

/** What a refusal names: the VMI, and its last (finished) migration or the one in post-copy. */
export type AbortRefusalArgs =
  | { kind: 'never'; vmi: string; namespace: string }
  | { kind: 'finished'; vmi: string; namespace: string; migration: string; phase: string }
  | { kind: 'post-copy'; migration: string; vmi: string; namespace: string; targetNode: string };

/** Where the migration is, for what deleting it will do. */
export type AbortStage = Extract<MigrationStage, 'before-handoff' | 'handed-off' | 'running'>;

export interface AbortInput {
  namespace: string;
  vmi?: VirtualMachineInstance;
  /** The VM, when NAME was one (its VMI may be gone: its migrations are still found by name). */
  vmName?: string;
  /** The VMIM NAME resolved to, when NAME was a VMIM. */
  named?: VirtualMachineInstanceMigration;
  /** VMIMs of the namespace (any order). */
  migrations: readonly VirtualMachineInstanceMigration[];
  force: boolean;
}

export interface AbortPlan {
  vmiName: string;
  /** The migration to delete (undefined: nothing in flight). */
  migration?: VirtualMachineInstanceMigration;
  /** With nothing in flight: the VMI's newest finished migration. */
  last?: VirtualMachineInstanceMigration;
  /** `last`'s own migrationState (the VMIM's copy: the VMI's may belong to a later migration). */
  lastState?: MigrationState;
  /** This migration's migrationState (src/analyze/migration/state.ts). */
  state?: MigrationState;
  /** Undefined for a phase KubeVirt does not name: what the delete does then is not known. */
  stage?: AbortStage;
  mode?: string;
  abortStatus?: string;
  /** deletionTimestamp of a VMIM whose deletion was already requested (nothing more to send). */
  deletionRequested?: string;
  refused?: { cause: AbortRefusalCause; args: AbortRefusalArgs };
  /** --force overrode the post-copy refusal. */
  forcedPostCopy: boolean;
  /** Who created the migration to delete (whether the cancel sticks: recreation.ts). */
  origin?: MigrationOrigin;
  /** Other unfinished migrations of the VMI that this abort leaves alone. */
  otherInFlight: VirtualMachineInstanceMigration[];
}

/** The stage of a migration in flight; undefined when final or not known. */
export function abortStage(phase: string | undefined): AbortStage | undefined {
  const stage = stageOf(phase);
  return stage === 'final' || stage === 'unknown' ? undefined : stage;
}

export function decideAbort(input: AbortInput): AbortPlan {
  const vmiName = input.vmi?.metadata.name ?? input.named?.spec?.vmiName ?? input.vmName ?? '';
  const all = migrationsOfVmi(new ObjectIndex(), input.migrations, input.namespace, vmiName);
  if (input.named && !all.some((m) => m.metadata.uid === input.named?.metadata.uid)) all.unshift(input.named);
  const history = newestFirst(all);
  const inFlight = history.filter((m) => !isFinal(m.status?.phase));
  // NAME = a VMIM: exactly that one; otherwise the newest unfinished migration of the VMI.
  const target = input.named ? (isFinal(input.named.status?.phase) ? undefined : input.named) : inFlight[0];
  const plan: AbortPlan = { vmiName, forcedPostCopy: false, otherInFlight: inFlight.filter((m) => m !== target && m.metadata.uid !== target?.metadata.uid) };

  if (!target) {
    const last = input.named ?? history.find((m) => isFinal(m.status?.phase));
    if (last) plan.last = last;
    const lastState = recordedStateOf(last);
    if (lastState) plan.lastState = lastState;
    const args: AbortRefusalArgs = last
      ? { kind: 'finished', vmi: vmiName, namespace: input.namespace, migration: last.metadata.name ?? '', phase: last.status?.phase ?? '' }
      : { kind: 'never', vmi: vmiName, namespace: input.namespace };
    plan.refused = { cause: 'no-migration', args };
    return plan;
  }

  plan.migration = target;
  plan.origin = originOf(target, input.vmi);
  const state = stateOf(target, input.vmi);
  if (state) plan.state = state;
  const stage = abortStage(target.status?.phase);
  if (stage) plan.stage = stage;
  if (state?.mode) plan.mode = state.mode;
  if (state?.abortStatus) plan.abortStatus = state.abortStatus;
  if (target.metadata.deletionTimestamp) plan.deletionRequested = target.metadata.deletionTimestamp;
  if (plan.mode === MIGRATION_MODE_POST_COPY && plan.stage === 'running') {
    if (input.force) plan.forcedPostCopy = true;
    else plan.refused = { cause: 'post-copy', args: { kind: 'post-copy', migration: target.metadata.name ?? '', vmi: vmiName, namespace: input.namespace, targetNode: state?.targetNode ?? '' } };
  }
  return plan;
}
