// The args of the transfer check (checks/transfer.ts), for render/why-text/transfer.ts. Types only.
import type { SourceMiss } from '../progress.js';
import type { BudgetAction, ForecastVerdict, Recommendation } from '../../progress/forecast.js';
import type { ProgressSourceId, TransferSample } from '../../progress/sample.js';

/** The copy's clock and budget, in every result once libvirt copies. Numbers are finite or null. */
export interface TransferClock {
  namespace: string;
  vmi: string;
  pod: string | null;
  mode: string;
  source: ProgressSourceId;
  elapsedSeconds: number | null;
  budgetSeconds: number | null;
  budgetRemainingSeconds: number | null;
  budgetLowerBound: boolean;
  memoryBytes: number | null;
  sizeGB: number | null;
  /** The configuration's completionTimeoutPerGiB, when it is a number. */
  completionTimeoutPerGiB: number | null;
  configOrigin: string;
  disruptionAllowed: boolean;
  onBudgetExpiry: BudgetAction;
  percent: number | null;
  etaSeconds: number | null;
  progressTimeout: number | null;
  /** The newest sample (its finite fields) and how many there are, once a source had one. */
  latest?: TransferSample;
  samples?: number;
}

/** What the forecast says of a copy it warns about, or that progresses. */
export interface TransferOutlook {
  forecast: ForecastVerdict;
  recommendation: Recommendation | null;
  /** Every change not yet in force that could let it finish, most likely first (the fix). */
  recommendations: Recommendation[];
}

export type TransferArgs =
  | { kind: 'no-migration' }
  | { kind: 'finished' | 'not-started'; phase: string }
  | (TransferClock & { kind: 'aborting' | 'abort-failed'; abortStatus: string | null })
  | (TransferClock & { kind: 'post-copy' })
  | (TransferClock & TransferOutlook & { kind: 'budget-exceeded' | 'eta-beyond-budget' })
  | (TransferClock & TransferOutlook & { kind: 'dirty-rate'; dirtyRate: number | null; transferRate: number | null; window: number })
  | (TransferClock &
      TransferOutlook & { kind: 'stalled'; stalledSeconds: number | null; stall: 'none' | 'approaching' | 'exceeded' | null; minRemaining: number | null; minAt: string | null })
  | (TransferClock & TransferOutlook & { kind: 'not-shrinking'; slope: number | null; windowSeconds: number | null; window: number })
  | (TransferClock & {
      kind: 'no-progress-source';
      budgetExceeded: boolean;
      migrationUid: string;
      unavailable: SourceMiss[];
      prometheusAsked: boolean;
      /** Before v1.2 the launcher logs progress only at this verbosity. */
      needsLogVerbosity?: number;
    })
  | (TransferClock & { kind: 'progressing'; forecast: ForecastVerdict; slope: number | null; budgetExceeded: boolean });
