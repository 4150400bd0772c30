// The shape of one `why` check (one per file in ./checks) and of its result.
import type { EvidenceRef } from '../findings.js';
import type { CheckCause, CheckStatus } from './cause.js';
import type { WhyContext } from './context.js';

export type CheckId =
  | 'vmi-running'
  | 'live-migratable'
  | 'migration-phase'
  | 'migration-conflict'
  | 'migration-slots'
  | 'resource-quota'
  | 'admission'
  | 'active-pods'
  | 'migration-backoff'
  | 'target-pod-scheduling'
  | 'storage-visibility'
  | 'target-pod-readiness'
  | 'handoff'
  | 'transfer'
  | 'failure-reason'
  | 'migration-policy';

export type ArgValue = string | number | boolean | null | string[] | number[] | ArgRecord | ArgRecord[];
export interface ArgRecord {
  [k: string]: ArgValue | undefined;
}

export interface CheckResult {
  id: CheckId;
  status: CheckStatus;
  /** The cause this check establishes; set with `fail` (and with `warn` for at-risk). */
  cause?: CheckCause;
  /**
   * Typed facts for the summary and hint, which the renderer writes (src/render/why-text.ts).
   * `kind` picks the sentence when a check can say several things.
   */
  args: ArgRecord & { kind?: string };
  evidence: EvidenceRef[];
  /** With `unknown`: what could not be read. */
  missing?: string;
}

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

export interface WhyCheck {
  id: CheckId;
  run(ctx: WhyContext, prior: ReadonlyMap<CheckId, CheckResult>, out: CheckOutputs): CheckResult;
}

export function result(id: CheckId, status: CheckStatus, args: CheckResult['args'] = {}, evidence: EvidenceRef[] = [], cause?: CheckCause): CheckResult {
  return cause ? { id, status, args, evidence, cause } : { id, status, args, evidence };
}
