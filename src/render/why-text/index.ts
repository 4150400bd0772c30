import type { CheckId, CheckResult } from '../../analyze/why/check.js';
import type { CheckText } from './check-text.js';
import { vmiRunningText } from './vmi-running.js';
import { liveMigratableText } from './live-migratable.js';
import { migrationPhaseText } from './migration-phase.js';
import { migrationConflictText } from './migration-conflict.js';
import { migrationSlotsText } from './migration-slots.js';
import { resourceQuotaText } from './resource-quota.js';
import { admissionText } from './admission.js';
import { activePodsText } from './active-pods.js';
import { migrationBackoffText } from './migration-backoff.js';
import { targetPodSchedulingText } from './target-pod-scheduling.js';
import { storageVisibilityText } from './storage-visibility.js';
import { targetPodReadinessText } from './target-pod-readiness.js';
import { handoffText } from './handoff.js';
import { transferText } from './transfer.js';
import { failureReasonText } from './failure-reason.js';
import { migrationPolicyText } from './migration-policy.js';
import { peerMigrationText } from './peer-migration.js';
import { syncChannelText } from './sync-channel.js';
import { peerHalfText } from './peer-half.js';
import { volumeMigrationText } from './volume-migration.js';

/** Exhaustive over CheckId: a check without prose fails type-checking. */
export const CHECK_TEXT: { readonly [Id in CheckId]: CheckText<Id> } = {
  'volume-migration': volumeMigrationText,
  'vmi-running': vmiRunningText,
  'live-migratable': liveMigratableText,
  'migration-phase': migrationPhaseText,
  'migration-conflict': migrationConflictText,
  'migration-slots': migrationSlotsText,
  'resource-quota': resourceQuotaText,
  admission: admissionText,
  'active-pods': activePodsText,
  'migration-backoff': migrationBackoffText,
  'peer-migration': peerMigrationText,
  'sync-channel': syncChannelText,
  'peer-half': peerHalfText,
  'target-pod-scheduling': targetPodSchedulingText,
  'storage-visibility': storageVisibilityText,
  'target-pod-readiness': targetPodReadinessText,
  handoff: handoffText,
  transfer: transferText,
  'failure-reason': failureReasonText,
  'migration-policy': migrationPolicyText,
};

export function checkTitle(id: CheckId): string {
  return CHECK_TEXT[id].title;
}

export function checkSummary<Id extends CheckId>(r: CheckResult<Id>): string {
  const text: CheckText<Id> = CHECK_TEXT[r.id];
  const summary = text.summary(r);
  // The consistency pass kept this check from passing what another one failed (verdict rule 5).
  const c = r.contradictedBy;
  return c ? `${summary} Not a pass: "${CHECK_TEXT[c.check].title}" found ${c.cause}.` : summary;
}

export function checkHint<Id extends CheckId>(r: CheckResult<Id>): string | undefined {
  const text: CheckText<Id> = CHECK_TEXT[r.id];
  return text.hint(r);
}
