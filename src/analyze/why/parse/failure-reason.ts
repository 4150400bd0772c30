// Classify why a migration failed from the text KubeVirt gives: VMI `migrationState.failureReason`
// (v1.3+), the VMI Warning `Migrated` event `VirtualMachineInstance migration uid %s failed.
// reason:%s` (the only place in v0.59–v1.2), and the VMIM `FailedMigration` messages
// (pkg/virt-controller/watch/migration/migration.go; launcher texts in
// pkg/virt-launcher/virtwrap/live-migration-source.go). KubeVirt's own texts are matched first;
// whatever libvirt said inside them goes to libvirt-error.ts.

import {
  FAILURE_ABORTED,
  FAILURE_ABORTED_OLD,
  FAILURE_COMPLETION_TIMEOUT,
  FAILURE_DEST_VOLUME_SMALLER,
  FAILURE_DEST_VOLUME_SMALLER_OLD,
  FAILURE_DOMAIN_STATE,
  FAILURE_GENERATING_PARAMS,
  FAILURE_LIVE_MIGRATION_FAILED,
  FAILURE_MIGRATE_TO_URI3,
  FAILURE_MONITOR_LOOKUP,
  FAILURE_POST_COPY_IRRECOVERABLE,
  FAILURE_PREPARING_DOMAIN,
  FAILURE_PROGRESS_TIMEOUT,
  FAILURE_TARGET_POD_DOWN,
  MSG_DOMAIN_NEVER_OBSERVED,
  MSG_FAILED_ATTACHMENT_POD_SHUTDOWN,
  MSG_FAILED_CANCELED,
  MSG_FAILED_NOT_ELIGIBLE,
  MSG_FAILED_STATE_TAKEN_OVER,
  MSG_FAILED_TARGET_POD_REMOVED,
  MSG_FAILED_TARGET_POD_SHUTDOWN,
  MSG_FAILED_VMI_MISSING,
  MSG_FAILED_VMI_SHUTDOWN,
  MSG_MIGRATED_UNKNOWN_HOST,
  MSG_MIGRATION_UID_FAILED,
} from '../../../kubevirt/constants.js';
import { matchGoFormat, normalizeEventMessage } from './go-format.js';
import { classifyLibvirtText, parseVirError, type LibvirtFailure } from './libvirt-error.js';

export type FailureClass =
  | LibvirtFailure
  | { cause: 'progress-timeout'; args: { quote: string; seconds: number } }
  | { cause: 'completion-timeout'; args: { quote: string; seconds: number } }
  /**
   * `ambiguous`: v1.9+ writes `Live migration has been aborted` for a user cancel AND for both
   * timeouts; refine with the launcher log (launcher-log.ts `refineAmbiguousAbort`).
   */
  | { cause: 'aborted'; args: { quote: string; ambiguous: boolean } }
  /**
   * `mayBePendingTimeout`: the controller also writes `Migration target pod was removed during
   * active migration.` after it deleted a Pending target pod on timeout (§3.6); a `SuccessfulDelete`
   * `... timeout period exceeded` event turns this into target-pod-timeout.
   */
  | { cause: 'target-pod-lost'; args: { quote: string; mayBePendingTimeout: boolean } }
  | { cause: 'migration-conflict'; args: { quote: string } }
  | { cause: 'vmi-not-running'; args: { quote: string } };

/** Texts that say the whole story, compared after trimming (`Live migration aborted ` has a trailing space). */
const EXACT: [string, (quote: string) => FailureClass][] = [
  [FAILURE_ABORTED, (quote) => ({ cause: 'aborted', args: { quote, ambiguous: true } })],
  [FAILURE_ABORTED_OLD.trim(), (quote) => ({ cause: 'aborted', args: { quote, ambiguous: false } })],
  [MSG_FAILED_CANCELED, (quote) => ({ cause: 'aborted', args: { quote, ambiguous: false } })],
  [FAILURE_TARGET_POD_DOWN, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } })],
  [MSG_FAILED_TARGET_POD_SHUTDOWN, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } })],
  [MSG_FAILED_ATTACHMENT_POD_SHUTDOWN, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } })],
  [MSG_FAILED_TARGET_POD_REMOVED, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: true } })],
  [MSG_DOMAIN_NEVER_OBSERVED, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } })],
  [MSG_MIGRATED_UNKNOWN_HOST, (quote) => ({ cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } })],
  [MSG_FAILED_NOT_ELIGIBLE, (quote) => ({ cause: 'migration-conflict', args: { quote } })],
  [MSG_FAILED_STATE_TAKEN_OVER, (quote) => ({ cause: 'migration-conflict', args: { quote } })],
  [MSG_FAILED_VMI_MISSING, (quote) => ({ cause: 'vmi-not-running', args: { quote } })],
  [MSG_FAILED_VMI_SHUTDOWN, (quote) => ({ cause: 'vmi-not-running', args: { quote } })],
  [FAILURE_POST_COPY_IRRECOVERABLE, (quote) => ({ cause: 'post-copy-failed', args: { quote } })],
  [FAILURE_DOMAIN_STATE, (quote) => ({ cause: 'libvirt-error', args: { quote } })],
];

/** KubeVirt prefixes around a libvirt error; peeled off in any order and nesting. */
const WRAPPERS = [
  FAILURE_LIVE_MIGRATION_FAILED,
  FAILURE_MIGRATE_TO_URI3,
  FAILURE_PREPARING_DOMAIN,
  FAILURE_GENERATING_PARAMS,
  FAILURE_MONITOR_LOOKUP,
];

/** Split a VMI `Migrated`/`FailedMigration` event (`... failed. reason:<text>`) from its reason. */
function splitMigratedEvent(text: string): { reason: string; fromEvent: boolean } {
  const t = normalizeEventMessage(text);
  const m = matchGoFormat(MSG_MIGRATION_UID_FAILED, t);
  return m ? { reason: m[1]!.trim(), fromEvent: true } : { reason: t, fromEvent: false };
}

/**
 * The reason inside a VMI `Migrated`/`FailedMigration` event (`... failed. reason:<text>`), else
 * the text itself. The controller's `Target pod is down` variant has a space after `reason:`.
 */
export function failureReasonOf(text: string): string {
  return splitMigratedEvent(text).reason;
}

export interface ClassifyFailureOptions {
  /**
   * The text is known to describe a failure (VMI `migrationState.failureReason`): unrecognised text
   * is then quoted as `libvirt-error` — v1.6+ may store libvirt's raw message there — instead of
   * returning undefined. Implied for the reason of a failed `Migrated` event.
   */
  isFailureReason?: boolean;
}

/**
 * Classify a failure text of any KubeVirt version (v0.59–v1.9). Returns undefined for texts that
 * carry no cause (`source node reported migration failed`, `VMI's migration state was cleared
 * during the active migration.`, utility-volume timeouts) or that are not migration failures.
 */
export function classifyFailure(text: string, opts: ClassifyFailureOptions = {}): FailureClass | undefined {
  const { reason, fromEvent } = splitMigratedEvent(text);
  if (reason === '') return undefined;

  for (const [known, make] of EXACT) {
    // v0.59 writes `target pod is down` in lower case: compare KubeVirt's sentences case-insensitively.
    if (reason.toLowerCase() === known.toLowerCase()) return make(reason);
  }

  // Timeouts (≤v1.8) may arrive wrapped (`Live migration abort detected with reason: ...`).
  const progress = matchGoFormat(FAILURE_PROGRESS_TIMEOUT, reason, 'contains');
  if (progress) return { cause: 'progress-timeout', args: { quote: reason, seconds: Number(progress[0]) } };
  const completion = matchGoFormat(FAILURE_COMPLETION_TIMEOUT, reason, 'contains');
  if (completion) return { cause: 'completion-timeout', args: { quote: reason, seconds: Number(completion[0]) } };

  for (const t of [FAILURE_DEST_VOLUME_SMALLER, FAILURE_DEST_VOLUME_SMALLER_OLD]) {
    if (matchGoFormat(t, reason, 'contains')) return { cause: 'storage-error', args: { quote: reason, kind: 'destination-smaller' } };
  }

  let inner = reason;
  let wrapped = false;
  for (let peeled = true; peeled; ) {
    peeled = false;
    for (const w of WRAPPERS) {
      const m = matchGoFormat(w, inner);
      if (m) {
        inner = m[0]!.trim();
        wrapped = peeled = true;
      }
    }
  }
  // A KubeVirt wrapper or a virError(...) says libvirt failed, even when we do not know the words.
  if (wrapped || fromEvent || opts.isFailureReason || parseVirError(inner)) return classifyLibvirtText(inner);

  // Free text of unknown origin: only name a cause when libvirt's wording is recognisable.
  const guess = classifyLibvirtText(inner);
  return guess.cause === 'libvirt-error' ? undefined : guess;
}
