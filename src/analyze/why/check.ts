// The shape of one `why` check (one per file in ./checks) and of its result.
import type { EvidenceRef } from '../findings.js';
import type { CheckCause, CheckStatus } from './cause.js';
import type { WhyContext } from './context.js';
import type { VmiRunningArgs } from './checks/vmi-running.js';
import type { LiveMigratableArgs } from './checks/live-migratable.js';
import type { MigrationPhaseArgs } from './checks/migration-phase.js';
import type { MigrationConflictArgs } from './checks/migration-conflict.js';
import type { MigrationSlotsArgs } from './checks/migration-slots.js';
import type { ResourceQuotaArgs } from './checks/resource-quota.js';
import type { AdmissionArgs } from './checks/admission.js';
import type { ActivePodsArgs } from './checks/active-pods.js';
import type { MigrationBackoffArgs } from './checks/migration-backoff.js';
import type { TargetPodSchedulingArgs } from './checks/target-pod-scheduling.js';
import type { StorageVisibilityArgs } from './checks/storage-visibility.js';
import type { TargetPodReadinessArgs } from './checks/target-pod-readiness.js';
import type { HandoffArgs } from './checks/handoff.js';
import type { TransferArgs } from './checks/transfer.js';
import type { FailureReasonArgs } from './checks/failure-reason.js';
import type { MigrationPolicyArgs } from './checks/migration-policy.js';

/**
 * Each check's args by its id: the typed facts its result hands the renderer
 * (render/why-text/<id>.ts), a union discriminated by `kind` where the check says several things.
 * Each checks/<id>.ts exports its own.
 */
export interface CheckArgs {
  'vmi-running': VmiRunningArgs;
  'live-migratable': LiveMigratableArgs;
  'migration-phase': MigrationPhaseArgs;
  'migration-conflict': MigrationConflictArgs;
  'migration-slots': MigrationSlotsArgs;
  'resource-quota': ResourceQuotaArgs;
  admission: AdmissionArgs;
  'active-pods': ActivePodsArgs;
  'migration-backoff': MigrationBackoffArgs;
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
  /** With `unknown`: what could not be read. */
  missing?: string;
}

/** The result of check `Id`; without a type argument, of any check (narrow it on `id`). */
export type CheckResult<Id extends CheckId = CheckId> = { [K in Id]: ResultOf<K> }[Id];

/** Per-node placement for an unschedulable target pod (contract §4.1 `placement`). */
export interface Placement {
  pod?: string;
  nodeSelector: Record<string, string>;
  nodes: { name: string; fits: boolean; reasons: PlacementReason[] }[];
}

/** Why a node cannot take the pod; the renderer turns it into "missing label …" etc. */
export type PlacementReason =
  | { kind: 'source-node' }
  | { kind: 'not-ready' }
  | { kind: 'unschedulable' }
  | { kind: 'missing-label'; key: string; value: string; cpu: boolean }
  | { kind: 'affinity'; expression: string }
  | { kind: 'taint'; key: string; value?: string; effect: string }
  /**
   * `free` = allocatable − requests of the pods we can see (this namespace's launchers and all
   * target pods). With `estimated`, other pods on the node were not visible: `free` is an upper bound.
   */
  | { kind: 'insufficient'; resource: string; requested: number; free: number; estimated?: boolean }
  | { kind: 'anti-affinity'; pod: string }
  | { kind: 'volume-affinity'; pv: string };

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
