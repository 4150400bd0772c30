// One VMI, one migration at a time (pkg/virt-controller/watch/migration/migration.go
// `canMigrateVMI`; the create webhook's `ensureNoMigrationConflict`). The controller fails a VMIM
// whose VMI is owned by another unfinished migration (`VMI is not eligible for migration because
// another migration job is in progress.`); a second unfinished VMIM that slipped past the webhook
// sits in Pending. The webhook's own refusal (`in-flight migration detected. Active migration job
// (<uid>) …`) reaches us in evacuation/workload-update `FailedCreate` events.
// Of several unfinished migrations of the VMI exactly one is the owner, chosen the same way
// whichever of them is diagnosed (rule 5: two migrations never wait behind each other).
// With no migration (rule 3), a VMI whose status still names an unfinished migration that no
// longer exists is refused new migrations by KubeVirt up to v0.39 (kubevirt/kubevirt#2495).
import type { VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { MSG_FAILED_NOT_ELIGIBLE } from '../../../kubevirt/constants.js';
import { atLeast } from '../../../kubevirt/version.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { MigrationConflictArgs } from '../check-args/migration-conflict.js';
import type { WhyContext } from '../context.js';
import { time } from '../../../kube/time.js';
import { awaitingTargetPod, migrationRef, recognizedEvents, targetPodsOf } from '../migration-state.js';
import { countsAsRunning, isFinal } from '../../migration/phase.js';
import { liveStateOf } from '../../migration/state.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';

const ID = 'migration-conflict';

export const migrationConflict: WhyCheck<'migration-conflict'> = {
  id: ID,
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return staleState(ctx) ?? result(ID, 'skip', { kind: 'no-migration' });
    const all = ctx.migrations.ok ? ctx.migrations.items : ctx.vmiMigrations;

    // 1. Ours failed because another migration owned the VMI.
    const notEligible = recognizedEvents(ctx.migrationEvents).find(
      ({ recognized }) => recognized.kind === 'migration-failed' && recognized.args.message === MSG_FAILED_NOT_ELIGIBLE,
    );
    if (ours.status?.phase === 'Failed' && notEligible) {
      const other = stateOwner(ctx, all, ours) ?? olderThan(ctx.vmiMigrations, ours);
      return conflict(ctx, 'not-eligible', other, [migrationRef(ours), eventRef(notEligible.event), ...(other ? [migrationRef(other)] : [])]);
    }
    if (ours.status?.phase === 'Failed' && !ctx.events.ok) {
      return { ...result(ID, 'unknown', { kind: 'none' }), missing: ctx.events.reason };
    }
    if (isFinal(ours.status?.phase)) return result(ID, 'pass', { kind: 'none' });

    // 2. Another unfinished VMIM of the same VMI is the one KubeVirt serves: ours waits.
    const unfinished = ctx.vmiMigrations.filter((m) => !isFinal(m.status?.phase));
    if (!unfinished.some((m) => m.metadata.uid === ours.metadata.uid)) unfinished.push(ours);
    const others = unfinished.filter((m) => m.metadata.uid !== ours.metadata.uid);
    // 3. An automatic migration's create was refused because a migration was in flight.
    const denied = recognizedEvents(eventsOfMigration(ctx.vmiEvents, ours)).flatMap(({ event, recognized: r }) =>
      r.kind === 'migration-create-failed' && r.args.classified?.cause === 'migration-conflict' ? [{ event, active: r.args.classified.args.activeMigrationUid }] : [],
    );
    const deniedRefs = denied.map(({ event }) => eventRef(event));
    if (others.length > 0) {
      const owner = ownerOf(ctx, unfinished);
      if (owner && owner.metadata.uid !== ours.metadata.uid && awaitingTargetPod(ctx)) {
        return conflict(ctx, 'in-flight', owner, [migrationRef(ours), migrationRef(owner), ...deniedRefs]);
      }
      if (owner?.metadata.uid === ours.metadata.uid) {
        return result(ID, 'info', { kind: 'owner', migration: ours.metadata.name ?? '', waiting: others.map((m) => m.metadata.name ?? '') }, others.map((m) => migrationRef(m)));
      }
    }
    if (!ctx.migrations.ok) {
      return { ...result(ID, 'unknown', { kind: 'none' }), missing: ctx.migrations.reason };
    }
    // Ours is the active one an automatic migration is queued behind: worth saying, not a cause.
    const behindOurs = denied.filter((d) => d.active === ours.metadata.uid).map(({ event }) => eventRef(event));
    if (behindOurs.length > 0) return result(ID, 'info', { kind: 'blocks-automatic', migration: ours.metadata.name ?? '' }, behindOurs);
    return result(ID, 'pass', { kind: 'none' });
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
  return result(ID, 'fail', args, evidence, 'migration-conflict');
}

/** The migration the VMI's `migrationState.migrationUid` names: what the controller's `canMigrateVMI` compares. */
function stateOwner(ctx: WhyContext, candidates: readonly VirtualMachineInstanceMigration[], ours: VirtualMachineInstanceMigration) {
  const uid = ctx.vmi?.status?.migrationState?.migrationUid;
  return uid && uid !== ours.metadata.uid ? candidates.find((m) => m.metadata.uid === uid) : undefined;
}

/**
 * The one unfinished migration KubeVirt serves: the one the VMI's migrationState names, else
 * the one furthest along (past Pending, then with a target pod: the controller creates a second
 * target pod only once the first is gone), else the oldest. Independent of which migration is
 * diagnosed, so the answer is the same from every side.
 */
function ownerOf(ctx: WhyContext, unfinished: readonly VirtualMachineInstanceMigration[]): VirtualMachineInstanceMigration | undefined {
  const named = unfinished.find((m) => liveStateOf(m, ctx.vmi) !== undefined);
  if (named) return named;
  const pods = ctx.pods.ok ? ctx.pods.items : ctx.launcherPods;
  const oldestFirst = [...unfinished].sort(
    (a, b) => time(a.metadata.creationTimestamp) - time(b.metadata.creationTimestamp) || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? '') || (a.metadata.uid ?? '').localeCompare(b.metadata.uid ?? ''),
  );
  return oldestFirst.find((m) => countsAsRunning(m.status?.phase)) ?? oldestFirst.find((m) => targetPodsOf(ctx.index, pods, m).length > 0) ?? oldestFirst[0];
}

/** The newest other migration of the VMI created no later than ours (newest-first input). */
function olderThan(vmiMigrations: readonly VirtualMachineInstanceMigration[], ours: VirtualMachineInstanceMigration) {
  const created = time(ours.metadata.creationTimestamp);
  return vmiMigrations.find((m) => m.metadata.uid !== ours.metadata.uid && time(m.metadata.creationTimestamp) <= created);
}

/** Rule 3: no migration, and the VMI's status names an unfinished migration whose VMIM is gone. */
function staleState(ctx: WhyContext): CheckResult<'migration-conflict'> | undefined {
  const state = ctx.vmi?.status?.migrationState;
  const uid = state?.migrationUid;
  if (!ctx.vmi || !state || !uid || state.completed === true || state.failed === true) return undefined;
  if (!ctx.migrations.ok) return { ...result(ID, 'unknown', { kind: 'none' }), missing: ctx.migrations.reason };
  if (ctx.migrations.items.some((m) => m.metadata.uid === uid)) return undefined;
  const v = atLeast(ctx.version, 0, 40);
  const args: MigrationConflictArgs = {
    kind: 'stale-state',
    namespace: ctx.namespace,
    vmi: ctx.vmi.metadata.name ?? '',
    migrationUid: uid,
    ...(state.targetPod ? { targetPod: state.targetPod } : {}),
    version: ctx.version?.raw ?? null,
    ignored: v === true,
  };
  const evidence = [{ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi.metadata.name ?? '', field: 'status.migrationState.migrationUid', message: uid }];
  // From v0.40 the webhook looks for unfinished VMIMs and the controller takes a gone one's state over.
  if (v === true) return result(ID, 'info', args, evidence);
  return result(ID, 'fail', args, evidence, 'migration-conflict');
}
