// Where the migration is: its phase, for how long, who created it, and whether an abort is
// pending (a deleted VMIM lingers with deletionTimestamp until final:
// pkg/virt-controller/watch/migration/migration.go removes the finalizer only then). The timeline
// itself is built by diagnose.ts. The phase alone explains nothing; an abort requested and not
// final yet is the cause (verdict rule 4): `at-risk` while the cancel is in progress, `blocked`
// before Running where KubeVirt cannot finish it — before v0.56 (kubevirt/kubevirt#7599 "Allow
// aborting non-running migrations") the controller left such a migration in its phase.
// From v0.56 the controller fails a pre-hand-off migration in the same update that adds the
// condition, so the condition on a pre-Running phase is itself that older behaviour unless the
// version says otherwise.
import { ANNOTATION_EVACUATION_MIGRATION, VMIM_COND_ABORT_REQUESTED } from '../../../kubevirt/constants.js';
import { atLeast } from '../../../kubevirt/version.js';
import { result, type WhyCheck } from '../check.js';
import type { MigrationPhaseArgs } from '../check-args/migration-phase.js';
import { migrationRef } from '../migration-state.js';
import { isFinal, phaseFacts, stageOf } from '../../migration/phase.js';
import { originOf } from '../../migration/origin.js';
import { liveStateOf } from '../../migration/state.js';
import { ageSeconds, secondsInCurrentPhase } from '../timeline.js';
import { listOf } from '../../shape.js';

export const migrationPhase: WhyCheck<'migration-phase'> = {
  id: 'migration-phase',
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result('migration-phase', 'info', { kind: 'none', vmi: ctx.vmi?.metadata.name ?? ctx.requested.name });
    const phase = m.status?.phase ?? '';
    const args: Extract<MigrationPhaseArgs, { kind: 'phase' | 'abort-pending' }> = { kind: 'phase', namespace: ctx.namespace, migration: m.metadata.name ?? '', phase, origin: originOf(m, ctx.vmi) };
    const inPhase = secondsInCurrentPhase(m, ctx.now);
    if (inPhase !== undefined) args.secondsInPhase = inPhase;
    const age = ageSeconds(m.metadata.creationTimestamp, ctx.now);
    if (age !== undefined) args.ageSeconds = age;
    const evacuatedNode = m.metadata.annotations?.[ANNOTATION_EVACUATION_MIGRATION];
    if (evacuatedNode) args.evacuatedNode = evacuatedNode;
    // The user named an older VMIM: say that a newer one exists.
    const newest = ctx.vmiMigrations[0];
    if (newest && newest.metadata.uid !== m.metadata.uid) args.newerMigration = newest.metadata.name ?? '';

    const evidence = [migrationRef(m, 'status.phase', phase)];
    const abortRequested = listOf(m.status?.conditions).some((c) => c.type === VMIM_COND_ABORT_REQUESTED && c.status === 'True');
    if (abortRequested) args.abortRequested = true;
    const vmiState = liveStateOf(m, ctx.vmi);
    if ((m.metadata.deletionTimestamp || abortRequested || vmiState?.abortRequested === true) && !isFinal(m.status?.phase)) {
      args.kind = 'abort-pending';
      if (m.metadata.deletionTimestamp) {
        args.deletionTimestamp = m.metadata.deletionTimestamp;
        evidence.push(migrationRef(m, 'metadata.deletionTimestamp', m.metadata.deletionTimestamp));
      }
      if (abortRequested) evidence.push(migrationRef(m, `status.conditions[${VMIM_COND_ABORT_REQUESTED}]`));
      if (vmiState?.abortRequested === true) {
        evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.abortRequested', message: 'true' });
      }
      args.abortStuck = beforeRunning(phase) && atLeast(ctx.version, 0, 56) !== true;
      return { ...result('migration-phase', 'warn', args, evidence, 'aborted'), verdictStatus: args.abortStuck ? 'blocked' : 'at-risk' };
    }
    return result('migration-phase', phase === 'Succeeded' ? 'pass' : 'info', args, evidence);
  },
};

/** Phases before Running (the decentralized ones are v1.6+): up to v0.55 an abort requested there was never carried out. */
function beforeRunning(phase: string): boolean {
  const stage = stageOf(phase);
  return (stage === 'before-handoff' || stage === 'handed-off') && !phaseFacts(phase)?.decentralized;
}
