// The shape of one `why` check (one per file in ./checks) and of its result.
import type { EvidenceRef } from '../findings.js';
import type { CheckCause, CheckStatus, VerdictStatus } from './cause.js';
import type { WhyContext } from './context.js';
import type { Placement } from './placement.js';
import type { VmiRunningArgs } from './check-args/vmi-running.js';
import type { LiveMigratableArgs } from './check-args/live-migratable.js';
import type { MigrationPhaseArgs } from './check-args/migration-phase.js';
import type { MigrationConflictArgs } from './check-args/migration-conflict.js';
import type { MigrationSlotsArgs } from './check-args/migration-slots.js';
import type { ResourceQuotaArgs } from './check-args/resource-quota.js';
import type { AdmissionArgs } from './check-args/admission.js';
import type { ActivePodsArgs } from './check-args/active-pods.js';
import type { MigrationBackoffArgs } from './check-args/migration-backoff.js';
import type { TargetPodSchedulingArgs } from './check-args/target-pod-scheduling.js';
import type { StorageVisibilityArgs } from './check-args/storage-visibility.js';
import type { TargetPodReadinessArgs } from './check-args/target-pod-readiness.js';
import type { HandoffArgs } from './check-args/handoff.js';
import type { TransferArgs } from './check-args/transfer.js';
import type { FailureReasonArgs } from './check-args/failure-reason.js';
import type { MigrationPolicyArgs } from './check-args/migration-policy.js';
import type { PeerMigrationArgs } from './check-args/peer-migration.js';
import type { SyncChannelArgs } from './check-args/sync-channel.js';
import type { PeerHalfArgs } from './check-args/peer-half.js';
import type { VolumeMigrationArgs } from './check-args/volume-migration.js';

/**
 * Each check's args by its id: the typed facts its result hands the renderer
 * (render/why-text/<id>.ts), a union discriminated by `kind` where the check says several things.
 * Each check-args/<id>.ts declares its own.
 */
export interface CheckArgs {
  'volume-migration': VolumeMigrationArgs;
  'vmi-running': VmiRunningArgs;
  'live-migratable': LiveMigratableArgs;
  'migration-phase': MigrationPhaseArgs;
  'migration-conflict': MigrationConflictArgs;
  'migration-slots': MigrationSlotsArgs;
  'resource-quota': ResourceQuotaArgs;
  admission: AdmissionArgs;
  'active-pods': ActivePodsArgs;
  'migration-backoff': MigrationBackoffArgs;
  'peer-migration': PeerMigrationArgs;
  'sync-channel': SyncChannelArgs;
  'peer-half': PeerHalfArgs;
  'target-pod-scheduling': TargetPodSchedulingArgs;
  'storage-visibility': StorageVisibilityArgs;
  'target-pod-readiness': TargetPodReadinessArgs;
  handoff: HandoffArgs;
  transfer: TransferArgs;
  'failure-reason': FailureReasonArgs;
  'migration-policy': MigrationPolicyArgs;
}

/** The check ids, in the operator's order (registry.ts runs them so). */
export type CheckId = keyof CheckArgs;

interface ResultOf<Id extends CheckId> {
  id: Id;
  status: CheckStatus;
  /** The cause this check establishes; set with `fail` (and with `warn` for at-risk). */
  cause?: CheckCause;
  args: CheckArgs[Id];
  evidence: EvidenceRef[];
  /** With `unknown`: what could not be read (or, for an anomaly, what evidence would decide it). */
  missing?: string;
  /**
   * The verdict's status when this check decides it and its cause's default does not fit: an
   * abort still in progress (`at-risk`) or one this KubeVirt cannot finish (`blocked`), a stuck
   * state nothing names (`unknown` cause, `blocked`).
   */
  verdictStatus?: VerdictStatus;
  /**
   * Set by the consistency pass (consistency.ts) on a check that would have passed what another
   * check failed: it is reported `info`, naming the check and cause that contradict it.
   */
  contradictedBy?: { check: CheckId; cause: CheckCause };
}

/** The result of check `Id`; without a type argument, of any check (narrow it on `id`). */
export type CheckResult<Id extends CheckId = CheckId> = { [K in Id]: ResultOf<K> }[Id];

/** Data some checks produce for the document beside their result. */
export interface CheckOutputs {
  placement?: Placement;
}

export interface WhyCheck<Id extends CheckId = CheckId> {
  id: Id;
  /** `prior`: the results of the checks before this one. */
  run(ctx: WhyContext, prior: ReadonlyMap<CheckId, CheckResult>, out: CheckOutputs): CheckResult<Id>;
}

export function result<Id extends CheckId>(id: Id, status: CheckStatus, args: CheckArgs[Id], evidence: EvidenceRef[] = [], cause?: CheckCause): CheckResult<Id> {
  const r: ResultOf<Id> = cause ? { id, status, args, evidence, cause } : { id, status, args, evidence };
  return r as CheckResult<Id>;
}
