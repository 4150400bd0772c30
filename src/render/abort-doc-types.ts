// The types of `abort`'s document and of what it is made from, apart from the code that builds
// it, so that the text (abort-text.ts) can read them and the document can use the text.
import type { AbortPlan, AbortStage } from '../analyze/abort/decide.js';
import type { GatherError } from '../kube/known.js';
import type { AbortOutcome, AbortRefusalId, MigrationChanged } from '../analyze/abort/outcome.js';
import type { RecreationWarning } from '../analyze/abort/recreation.js';
import type { MigrationOrigin } from '../kubevirt/evacuation-facts.js';
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
  /** Whether KubeVirt creates the migration again (analyze/abort/recreation.ts). */
  recreation?: RecreationWarning;
  /** Reads that failed without deciding the abort. */
  errors?: GatherError[];
  wait?: { outcome: WaitOutcome; seconds: number };
}

/** Ids of abort's warnings (MigrationAbort `warningIds`, in the order of `warnings`). */
export const ABORT_WARNING_IDS = ['evacuation-recreated', 'workload-update-recreated', 'post-copy-forced', 'other-in-flight'] as const;
export type AbortWarningId = (typeof ABORT_WARNING_IDS)[number];

export interface MigrationAbortDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigrationAbort';
  target: { namespace: string; vmi: string; vm?: string };
  migration: { name: string; uid: string; phaseBefore: string; origin: MigrationOrigin } | null;
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
  warningIds: AbortWarningId[];
  errors?: GatherError[];
}
