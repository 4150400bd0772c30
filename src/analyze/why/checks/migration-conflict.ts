// One VMI, one migration at a time (facts §3.1, §9). The controller fails a VMIM whose VMI is
// owned by another unfinished migration (`VMI is not eligible for migration because another
// migration job is in progress.`); a second unfinished VMIM that slipped past the webhook sits
// in Pending. The webhook's own refusal (`in-flight migration detected. Active migration job
// (<uid>) …`) reaches us in evacuation/workload-update `FailedCreate` events.
import type { VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { MSG_FAILED_NOT_ELIGIBLE } from '../../../kubevirt/constants.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { MigrationConflictArgs } from '../check-args/migration-conflict.js';
import type { WhyContext } from '../context.js';
import { time } from '../../../kube/time.js';
import { awaitingTargetPod, migrationRef, recognizedEvents } from '../migration-state.js';
import { countsAsRunning, isFinal } from '../../migration/phase.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';

export const migrationConflict: WhyCheck<'migration-conflict'> = {
  id: 'migration-conflict',
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return result('migration-conflict', 'skip', { kind: 'no-migration' });
    const all = ctx.migrations.ok ? ctx.migrations.items : ctx.vmiMigrations;

    // 1. Ours failed because another migration owned the VMI.
    const notEligible = recognizedEvents(ctx.migrationEvents).find(
      ({ recognized }) => recognized.kind === 'migration-failed' && recognized.args.message === MSG_FAILED_NOT_ELIGIBLE,
    );
    if (ours.status?.phase === 'Failed' && notEligible) {
      const other = owner(ctx, all, ours) ?? olderThan(ctx.vmiMigrations, ours);
      return conflict(ctx, 'not-eligible', other, [migrationRef(ours), eventRef(notEligible.event), ...(other ? [migrationRef(other)] : [])]);
    }
    if (ours.status?.phase === 'Failed' && !ctx.events.ok) {
      return { ...result('migration-conflict', 'unknown', { kind: 'none' }), missing: ctx.events.reason };
    }
    if (isFinal(ours.status?.phase)) return result('migration-conflict', 'pass', { kind: 'none' });

    // 2. Ours waits while another unfinished VMIM of the same VMI exists.
    const others = ctx.vmiMigrations.filter((m) => m.metadata.uid !== ours.metadata.uid && !isFinal(m.status?.phase));
    // 3. An automatic migration's create was refused because a migration was in flight.
    const denied = recognizedEvents(eventsOfMigration(ctx.vmiEvents, ours)).flatMap(({ event, recognized: r }) =>
      r.kind === 'migration-create-failed' && r.args.classified?.cause === 'migration-conflict' ? [{ event, active: r.args.classified.args.activeMigrationUid }] : [],
    );
    const deniedRefs = denied.map(({ event }) => eventRef(event));
    if (awaitingTargetPod(ctx) && others.length > 0) {
      const other = owner(ctx, others, ours) ?? pickOther(others);
      return conflict(ctx, 'in-flight', other, [migrationRef(ours), ...others.map((m) => migrationRef(m)), ...deniedRefs]);
    }
    if (!ctx.migrations.ok) {
      return { ...result('migration-conflict', 'unknown', { kind: 'none' }), missing: ctx.migrations.reason };
    }
    // Ours is the active one an automatic migration is queued behind: worth saying, not a cause.
    const behindOurs = denied.filter((d) => d.active === ours.metadata.uid).map(({ event }) => eventRef(event));
    if (behindOurs.length > 0) return result('migration-conflict', 'info', { kind: 'blocks-automatic', migration: ours.metadata.name ?? '' }, behindOurs);
    return result('migration-conflict', 'pass', { kind: 'none' });
  },
};

function conflict(
  ctx: WhyContext,
  kind: 'not-eligible' | 'in-flight',
  other: VirtualMachineInstanceMigration | undefined,
  evidence: CheckResult['evidence'],
): CheckResult<'migration-conflict'> {
  const args: MigrationConflictArgs = { kind, namespace: ctx.namespace, migration: ctx.migration?.metadata.name ?? '' };
  if (other) args.other = { name: other.metadata.name ?? '', uid: other.metadata.uid ?? '', phase: other.status?.phase ?? '' };
  return result('migration-conflict', 'fail', args, evidence, 'migration-conflict');
}

/** The migration the VMI's `migrationState.migrationUid` names: what the controller's `canMigrateVMI` compares. */
function owner(ctx: WhyContext, candidates: readonly VirtualMachineInstanceMigration[], ours: VirtualMachineInstanceMigration) {
  const uid = ctx.vmi?.status?.migrationState?.migrationUid;
  return uid && uid !== ours.metadata.uid ? candidates.find((m) => m.metadata.uid === uid) : undefined;
}

/** The newest other migration of the VMI created no later than ours (newest-first input). */
function olderThan(vmiMigrations: readonly VirtualMachineInstanceMigration[], ours: VirtualMachineInstanceMigration) {
  const created = time(ours.metadata.creationTimestamp);
  return vmiMigrations.find((m) => m.metadata.uid !== ours.metadata.uid && time(m.metadata.creationTimestamp) <= created);
}

/** Of several unfinished others, the one furthest along (it holds the VMI), else the oldest. */
function pickOther(others: readonly VirtualMachineInstanceMigration[]): VirtualMachineInstanceMigration | undefined {
  return others.find((m) => countsAsRunning(m.status?.phase)) ?? others[others.length - 1];
}
