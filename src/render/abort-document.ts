// `abort -o json|yaml`: the contract's MigrationAbort (§4.3): the migration cancelled (name, uid,
// phase before), its mode, abortStatus, dryRun, `refused` when nothing was cancelled. Additive
// fields (README): target, action, stage, lastMigration, now, result, wait, evacuation,
// otherInFlight, warnings.
import type { AbortPlan, AbortStage } from '../analyze/abort/decide.js';
import type { AbortOutcome } from '../analyze/abort/outcome.js';
import type { VirtualMachineInstanceMigration } from '../kube/types.js';
import { stateOf } from '../analyze/preflight/progress.js';
import { time } from '../kube/time.js';
import { API_VERSION } from './migratability-document.js';
import type { WaitOutcome } from './start-document.js';
import { abortRefusalText, abortResultText, abortWarnings, evacuationHint } from './abort-text.js';

/** What was done: the DELETE sent, a dry run of it, nothing because a deletion was already pending, or nothing. */
export type AbortAction = 'deleted' | 'dry-run' | 'already-requested' | 'none';

export type AbortRefusalId = 'no-migration' | 'post-copy' | 'migration-changed';

export interface AbortReport {
  namespace: string;
  plan: AbortPlan;
  vm?: string;
  dryRun: boolean;
  action: AbortAction;
  /** A 409/404 on the DELETE: what exists under that name now (undefined = nothing). */
  changed?: { now?: VirtualMachineInstanceMigration };
  outcome?: AbortOutcome;
  wait?: { outcome: WaitOutcome; seconds: number };
}

export interface MigrationAbortDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigrationAbort';
  target: { namespace: string; vmi: string; vm?: string };
  migration: { name: string; uid: string; phaseBefore: string } | null;
  mode: string | null;
  abortStatus?: string;
  dryRun: boolean;
  action: AbortAction;
  stage?: AbortStage;
  refused?: { cause: AbortRefusalId; summary: string; hint?: string };
  lastMigration?: { name: string; uid: string; phase: string; endTime?: string; abortStatus?: string; failureReason?: string };
  now?: { name: string; uid: string; phase: string } | null;
  result?: AbortOutcome & { summary: string };
  wait?: { outcome: WaitOutcome; seconds: number };
  evacuation?: { node: string; hint: string };
  otherInFlight?: { name: string; uid: string; phase: string }[];
  warnings: string[];
}

const ref = (m: VirtualMachineInstanceMigration) => ({ name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phase: m.status?.phase ?? '' });

export function abortDocument(r: AbortReport): MigrationAbortDoc {
  const { plan } = r;
  const m = plan.migration;
  const doc: MigrationAbortDoc = {
    apiVersion: API_VERSION,
    kind: 'MigrationAbort',
    target: { namespace: r.namespace, vmi: plan.vmiName, ...(r.vm ? { vm: r.vm } : {}) },
    migration: m ? { name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phaseBefore: m.status?.phase ?? '' } : null,
    mode: plan.mode ?? null,
    dryRun: r.dryRun,
    action: r.action,
    warnings: abortWarnings(r),
  };
  const abortStatus = r.outcome?.abortStatus ?? plan.abortStatus;
  if (abortStatus) doc.abortStatus = abortStatus;
  if (plan.stage) doc.stage = plan.stage;
  const refusal = r.changed ? 'migration-changed' : plan.refused?.cause;
  if (refusal) doc.refused = { cause: refusal, ...abortRefusalText(refusal, r) };
  if (plan.last) {
    const state = stateOf(plan.last, undefined);
    const endTime = state?.endTimestamp;
    doc.lastMigration = {
      ...ref(plan.last),
      // Times in documents are RFC 3339 (contract §4): a malformed one is left out.
      ...(endTime && time(endTime) > 0 ? { endTime } : {}),
      ...(state?.abortStatus ? { abortStatus: state.abortStatus } : {}),
      ...(state?.failureReason ? { failureReason: state.failureReason } : {}),
    };
  }
  if (r.changed) doc.now = r.changed.now ? ref(r.changed.now) : null;
  if (r.outcome) doc.result = { ...r.outcome, summary: abortResultText(r.outcome) };
  if (r.wait) doc.wait = r.wait;
  if (plan.evacuationNode) doc.evacuation = { node: plan.evacuationNode, hint: evacuationHint(r) };
  if (plan.otherInFlight.length > 0) doc.otherInFlight = plan.otherInFlight.map(ref);
  return doc;
}
