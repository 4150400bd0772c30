// The types of `abort`'s document and of what it is made from, apart from the code that builds
// it, so that the text (abort-text.ts) can read them and the document can use the text.
import type { AbortPlan, AbortStage } from '../analyze/abort/decide.js';
import type { AbortOutcome, AbortRefusalId, MigrationChanged } from '../analyze/abort/outcome.js';
import type { API_VERSION } from './document.js';
import type { WaitOutcome } from './start-doc-types.js';

/** What was done: the DELETE sent, a dry run of it, nothing because a deletion was already pending, or nothing. */
export type AbortAction = 'deleted' | 'dry-run' | 'already-requested' | 'none';

export interface AbortReport {
  namespace: string;
  plan: AbortPlan;
  vm?: string;
  dryRun: boolean;
  action: AbortAction;
  /** Why nothing was cancelled (analyze/abort/outcome.ts abortRefusal). */
  refusal?: AbortRefusalId;
  /** A 409/404 on the DELETE: what exists under that name now (undefined = nothing). */
  changed?: MigrationChanged;
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
