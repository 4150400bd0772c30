// Recognise the source virt-launcher's migration log messages (`msg` of its JSON lines,
// pkg/virt-launcher/virtwrap/live-migration-source.go) and use them to tell v1.9's undifferentiated
// `Live migration has been aborted` apart.

import {
  LOG_ABORT_DETECTED,
  LOG_ABORT_SUCCEEDED,
  LOG_ABORT_TIMED_OUT,
  LOG_ABORTING_NOT_COMPLETED,
  LOG_ABORTING_STUCK,
  LOG_INITIATING_MIGRATION,
  LOG_LARGE_MAX_DOWNTIME,
  LOG_MIGRATION_FAILED,
  LOG_MIGRATION_SUCCEEDED,
  LOG_PAUSING_GUEST,
  LOG_SET_MAX_DOWNTIME,
  LOG_SIGNALED_PAUSE,
  LOG_STALL_ABORT,
  LOG_STALL_ABORT_COMPLETION,
  LOG_STALL_FORCING_SWITCHOVER,
  LOG_STALL_MAX_DOWNTIME_SET,
  LOG_STALL_POST_COPY,
  LOG_STALL_STARTING_POST_COPY,
  LOG_STALL_SWITCHOVER,
  LOG_STARTING_POST_COPY,
  LOG_STUCK,
  LOG_STUCK_OLD,
} from '../../../kubevirt/constants.js';
import { classifyFailure, type FailureClass } from './failure-reason.js';
import { matchGoFormat } from './go-format.js';

export type LauncherLogEvent =
  | { kind: 'migration-started' }
  | { kind: 'migration-succeeded' }
  /** `Live migration failed.`; the error is in the line's `reason` field. */
  | { kind: 'migration-failed'; reason?: string; failure?: FailureClass }
  /** `Live migration stuck for %d seconds` (≤v1.8, abort follows) / `live migration stuck ...` (v1.9+). */
  | { kind: 'stuck'; seconds: number }
  /** v1.9+ `Aborting migration: stuck for %d seconds`. */
  | { kind: 'abort-progress-timeout'; seconds: number }
  /** v1.9+ `Aborting migration: not completed after %d seconds`, or the stall detector's variant. */
  | { kind: 'abort-completion-timeout'; seconds: number; budgetSeconds?: number }
  /** ≤v1.8 `Live migration abort detected with reason: %s`. */
  | { kind: 'abort-detected'; reason: string; failure?: FailureClass }
  /** v1.9+ stall detector `aborting migration: %s`. */
  | { kind: 'abort-requested'; reason: string }
  | { kind: 'abort-succeeded' }
  | { kind: 'abort-timed-out' }
  | { kind: 'post-copy-started'; reason?: string }
  | { kind: 'guest-paused'; vmi?: string }
  | { kind: 'switchover-forced'; maxDowntimeMs?: number; reason?: string };

type Rule = [template: string, make: (v: string[]) => LauncherLogEvent];

// Exact templates. Case matters: `Live migration stuck` (≤v1.8) vs `live migration stuck` (v1.9+)
// are both "stuck"; order only matters where one template is a prefix of another.
const RULES: Rule[] = [
  [LOG_INITIATING_MIGRATION, () => ({ kind: 'migration-started' })],
  [LOG_MIGRATION_SUCCEEDED, () => ({ kind: 'migration-succeeded' })],
  [LOG_ABORT_SUCCEEDED, () => ({ kind: 'abort-succeeded' })],
  [LOG_ABORT_TIMED_OUT, () => ({ kind: 'abort-timed-out' })],
  [LOG_STUCK_OLD, (v) => ({ kind: 'stuck', seconds: Number(v[0]) })],
  [LOG_STUCK, (v) => ({ kind: 'stuck', seconds: Number(v[0]) })],
  [LOG_ABORTING_STUCK, (v) => ({ kind: 'abort-progress-timeout', seconds: Number(v[0]) })],
  [LOG_ABORTING_NOT_COMPLETED, (v) => ({ kind: 'abort-completion-timeout', seconds: Number(v[0]) })],
  [
    LOG_STALL_ABORT_COMPLETION,
    (v) => ({ kind: 'abort-completion-timeout', seconds: Number(v[0]), budgetSeconds: Number(v[1]) }),
  ],
  [LOG_ABORT_DETECTED, (v) => abortDetected(v[0]!)],
  [LOG_STALL_ABORT, (v) => ({ kind: 'abort-requested', reason: v[0]! })],
  [LOG_STARTING_POST_COPY, () => ({ kind: 'post-copy-started' })],
  [LOG_STALL_POST_COPY, () => ({ kind: 'post-copy-started' })],
  [LOG_STALL_STARTING_POST_COPY, (v) => ({ kind: 'post-copy-started', reason: v[0]! })],
  [LOG_PAUSING_GUEST, () => ({ kind: 'guest-paused' })],
  [LOG_SIGNALED_PAUSE, (v) => ({ kind: 'guest-paused', vmi: v[0]! })],
  [LOG_LARGE_MAX_DOWNTIME, () => ({ kind: 'switchover-forced' })],
  [LOG_SET_MAX_DOWNTIME, (v) => ({ kind: 'switchover-forced', maxDowntimeMs: Number(v[0]) * 1000 })],
  [LOG_STALL_SWITCHOVER, (v) => ({ kind: 'switchover-forced', maxDowntimeMs: Number(v[0]) })],
  [LOG_STALL_FORCING_SWITCHOVER, (v) => ({ kind: 'switchover-forced', maxDowntimeMs: Number(v[0]), reason: v[1]! })],
  [LOG_STALL_MAX_DOWNTIME_SET, (v) => ({ kind: 'switchover-forced', maxDowntimeMs: Number(v[0]), reason: v[1]! })],
];

function abortDetected(reason: string): LauncherLogEvent {
  const failure = classifyFailure(reason, { isFailureReason: true });
  return failure ? { kind: 'abort-detected', reason, failure } : { kind: 'abort-detected', reason };
}

/**
 * Classify one launcher log message. `reason` is the JSON line's `reason` field, where the error
 * of `Live migration failed.` lives (older launchers log it without the final period).
 */
export function classifyLauncherLogLine(msg: string, reason?: string): LauncherLogEvent | undefined {
  const text = msg.trim();
  if (text === LOG_MIGRATION_FAILED || text === LOG_MIGRATION_FAILED.replace(/\.$/, '')) {
    if (!reason) return { kind: 'migration-failed' };
    const failure = classifyFailure(reason, { isFailureReason: true });
    return failure ? { kind: 'migration-failed', reason, failure } : { kind: 'migration-failed', reason };
  }
  for (const [template, make] of RULES) {
    const v = matchGoFormat(template, text);
    if (v) return make(v);
  }
  return undefined;
}

/**
 * Turn an ambiguous v1.9 abort (`Live migration has been aborted`) into the timeout that caused
 * it when the launcher logged one; otherwise return the failure unchanged. The source pod serves
 * every attempt (each retry is a new VMIM, same launcher), so pass only this attempt's lines, i.e.
 * those after its start; the newest timeout line wins.
 */
export function refineAmbiguousAbort(failure: FailureClass, events: readonly LauncherLogEvent[]): FailureClass {
  if (failure.cause !== 'aborted' || !failure.args.ambiguous) return failure;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === 'abort-progress-timeout' || e.kind === 'stuck') {
      return { cause: 'progress-timeout', args: { quote: failure.args.quote, seconds: e.seconds } };
    }
    if (e.kind === 'abort-completion-timeout') {
      return { cause: 'completion-timeout', args: { quote: failure.args.quote, seconds: e.seconds } };
    }
  }
  return failure;
}
