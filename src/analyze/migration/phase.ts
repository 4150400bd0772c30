// What every command judges from a migration's phase (why, start --wait, abort, list), over the
// one table of src/kubevirt/phases.ts. Pure.
//
// A phase in no row of that table (a newer KubeVirt's) is decided here, once:
// - it is not final: only Succeeded and Failed end a migration, in every version. So abort may
//   cancel it, and start --wait, abort --wait and why --watch keep following it;
// - its stage is `unknown`: no command says where it is. why's verdict is `unknown`
//   (`unknown-phase`) and its stage-bound checks treat it as not past scheduling; abort names no
//   stage (what the delete will do is not known); --wait polls no progress for it;
// - it counts as running against the migration limits, as KubeVirt's IsRunning() counts every
//   phase it does not list.
import { MIGRATION_PHASE_TABLE, type PhaseFacts } from '../../kubevirt/phases.js';

/**
 * Where a migration is, for what can still happen to it: the target is not handed off yet,
 * handed off but not copying, copying (phase Running), over, or not known (a phase in no row).
 */
export type MigrationStage = 'before-handoff' | 'handed-off' | 'running' | 'final' | 'unknown';

const BY_PHASE: ReadonlyMap<string, PhaseFacts> = new Map(MIGRATION_PHASE_TABLE.map((p) => [p.phase, p]));
const SCHEDULED = BY_PHASE.get('Scheduled')!.order;

/** The table's row for `status.phase` (absent = `''`); undefined for a phase in no row. */
export function phaseFacts(phase: string | undefined): PhaseFacts | undefined {
  return BY_PHASE.get(phase ?? '');
}

/** `IsFinal()`: Succeeded or Failed. */
export function isFinal(phase: string | undefined): boolean {
  return phaseFacts(phase)?.final ?? false;
}

export function stageOf(phase: string | undefined): MigrationStage {
  const f = phaseFacts(phase);
  if (!f) return 'unknown';
  if (f.final) return 'final';
  if (!f.handedOff) return 'before-handoff';
  return f.phase === 'Running' ? 'running' : 'handed-off';
}

/** Handed off and not over (PreparingTarget, TargetReady, Running): virt-handler has it. */
export function isHandedOffInFlight(phase: string | undefined): boolean {
  const stage = stageOf(phase);
  return stage === 'handed-off' || stage === 'running';
}

/** Scheduled or later, not over: the target pod was Ready at least once. */
export function isPastScheduling(phase: string | undefined): boolean {
  const f = phaseFacts(phase);
  return f !== undefined && !f.final && f.order >= SCHEDULED;
}

/** `IsRunning()`: held against the parallel-migration limits. */
export function countsAsRunning(phase: string | undefined): boolean {
  return phaseFacts(phase)?.countsAsRunning ?? true;
}
