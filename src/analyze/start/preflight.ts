// `start`'s pre-flight: would a new migration of this VMI work, now? Pure over what was gathered.
// It reuses the engines that already judge a real migration, applied to a *planned* one: a
// VMIM that does not exist yet (phase Pending, no target pod), put into a WhyContext, so that
// `why`'s own checks (VMI running, conflict, active pods, migration slots, quota headroom) count
// exactly as they count for a stuck migration, and the target-pod placement helpers judge the pod
// KubeVirt would create (./target-pod.ts). On top: check-migratable's rules, and the
// `--node-selector` version gate (spec.addedNodeSelector is v1.6+,
// staging/src/kubevirt.io/api/core/v1/types.go).
//
// Refusal order (the first failing gate names `refused.cause`): VMI running → migration in
// flight → --node-selector support → migratability blockers → active pods → slots → quota →
// target placement. `--force` overrides the predictions (blockers, capacity); it never overrides
// what KubeVirt itself would refuse or fail for certain: no running VMI, another migration in
// flight (the webhook denies it: `ensureNoMigrationConflict`,
// pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go), or a node
// selector the cluster would silently drop.
import type { EvidenceRef } from '../findings.js';
import type { Node, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { LABEL_VMI_NAME } from '../../kubevirt/constants.js';
import { atLeast } from '../../kubevirt/version.js';
import type { CauseId, CheckStatus } from '../why/cause.js';
import type { CheckId, CheckResult, WhyCheck } from '../why/check.js';
import type { Placement } from '../why/placement.js';
import type { UnschedulableCause } from '../why/parse/scheduler-message.js';
import type { WhyContext, WhyInputs } from '../why/context.js';
import { deriveContext } from '../why/derive.js';
import { vmiRunning } from '../why/checks/vmi-running.js';
import { migrationConflict } from '../why/checks/migration-conflict.js';
import { activePods } from '../why/checks/active-pods.js';
import { migrationSlots } from '../why/checks/migration-slots.js';
import { resourceQuota } from '../why/checks/resource-quota.js';
import { decidePlacementCause, evaluateTargetPlacement } from '../why/target-placement.js';
import { buildSubject } from '../migratability/subject.js';
import { evaluateMigratability, type MigratabilityEvaluation } from '../migratability/evaluate.js';
import type { ClusterFacts, Subject } from '../migratability/rule.js';
import { plannedTargetPod } from './target-pod.js';

/** UID of the planned migration inside the pre-flight context (never sent to the server). */
export const PLANNED_MIGRATION_UID = 'vmigrate-preflight-planned';

/** The why checks the pre-flight runs on the planned migration. */
export type PreflightWhyCheckId = 'vmi-running' | 'migration-conflict' | 'active-pods' | 'migration-slots' | 'resource-quota';
export type PreflightCheckId = PreflightWhyCheckId | 'node-selector' | 'target-placement';

/** Refusal causes of `start`: the documented cause ids, plus `node-selector-unsupported` (docs/start.md). */
export type StartCause = CauseId | 'node-selector-unsupported';

/** `--node-selector` as given (`key=value`), the keys the VM overrides, and whether this KubeVirt honours it. */
export type NodeSelectorArgs = { selector: string[]; overridden: string[] } & ({ kind: 'unsupported' | 'supported'; version: string } | { kind: 'version-unknown' });

/** Nodes other than the source that would fit the planned target pod. */
interface PlacementCount {
  candidates: number;
  fitting: string[];
  sourceNode?: string;
  /** Why volume reachability was not judged. */
  storageUnknown?: string;
}

export type TargetPlacementArgs =
  | { kind: 'nodes-unreadable' | 'no-source-pod' }
  | (PlacementCount & { kind: 'fits' })
  /** None fits, and no cause stands out (`blocked`: the nodes that do not fit). */
  | (PlacementCount & { kind: 'undecided'; blocked: string[] })
  | (PlacementCount & { kind: 'none-fits'; cause: UnschedulableCause; blocked: string[] });

interface OwnCheck<Id extends PreflightCheckId, Args, Cause extends StartCause> {
  id: Id;
  status: CheckStatus;
  cause?: Cause;
  args: Args;
  evidence: EvidenceRef[];
  missing?: string;
}

/** A pre-flight gate: a why check's result (with `fail` lowered to `warn` when it names no cause), or one of start's own. */
export type PreflightCheck =
  | CheckResult<PreflightWhyCheckId>
  | OwnCheck<'node-selector', NodeSelectorArgs, 'node-selector-unsupported'>
  | OwnCheck<'target-placement', TargetPlacementArgs, UnschedulableCause>;

/** A gate that says no; `overridable` ones give way to `--force`. */
export interface Refusal {
  cause: StartCause;
  /** The check that refused, or `migratability` for check-migratable's blockers. */
  from: PreflightCheckId | 'migratability';
  overridable: boolean;
}

export interface Preflight {
  subject: Subject;
  evaluation: MigratabilityEvaluation;
  checks: PreflightCheck[];
  /** Per-node verdict for the planned target pod (docs/documents.md placement shape). */
  placement?: Placement;
  /** `--node-selector` as requested, as KubeVirt would apply it, and the keys the VM overrides. */
  nodeSelector?: { requested: Record<string, string>; overridden: string[] };
  /** Every failing gate, in refusal order. */
  refusals: Refusal[];
  /** What stops the start (after `--force`); undefined = go. */
  refused?: Refusal;
  /** Refusals `--force` overrode. */
  forced: Refusal[];
}

export interface PreflightInput {
  /** From preflightContext: the gathered inputs with the planned migration in them. */
  ctx: WhyContext;
  /** check-migratable's facts (storage classes, data volumes, … besides what ctx has). */
  facts: ClusterFacts;
  addedNodeSelector: Readonly<Record<string, string>>;
  force: boolean;
  /** check-migratable's evaluation of this VM when the caller has made it already (the drain preview). */
  evaluation?: MigratabilityEvaluation;
}

/** The VMIM `start` would create, as the pre-flight judges it (and, with a real uid, as it is sent). */
export function plannedMigration(namespace: string, vmiName: string, now: Date, addedNodeSelector: Readonly<Record<string, string>>): VirtualMachineInstanceMigration {
  const m = migrationManifest(namespace, vmiName, addedNodeSelector);
  m.metadata = { ...m.metadata, name: '', uid: PLANNED_MIGRATION_UID, creationTimestamp: now.toISOString() };
  m.status = { phase: 'Pending' };
  return m;
}

/**
 * The object `start` POSTs: generateName from the VMI name (virtctl uses `kubevirt-migrate-vm-`;
 * ours says which VM it moves), the `kubevirt.io/vmi-name` label the mutating webhook would add
 * anyway, `spec.vmiName`, and `spec.addedNodeSelector` only when asked for.
 */
export function migrationManifest(namespace: string, vmiName: string, addedNodeSelector: Readonly<Record<string, string>>): VirtualMachineInstanceMigration {
  const spec: NonNullable<VirtualMachineInstanceMigration['spec']> = { vmiName };
  if (Object.keys(addedNodeSelector).length > 0) spec.addedNodeSelector = { ...addedNodeSelector };
  return {
    apiVersion: 'kubevirt.io/v1',
    kind: 'VirtualMachineInstanceMigration',
    metadata: { generateName: `${vmiName}-migration-`, namespace, labels: { [LABEL_VMI_NAME]: vmiName } },
    spec,
  };
}

/** The why-context of the planned migration: what the reused checks run on. */
export function preflightContext(inputs: Omit<WhyInputs, 'namedMigration'>, addedNodeSelector: Readonly<Record<string, string>>): WhyContext {
  const vmiName = inputs.vmi?.metadata.name ?? inputs.vm?.metadata.name ?? inputs.requested.name;
  return deriveContext({ ...inputs, namedMigration: plannedMigration(inputs.namespace, vmiName, inputs.now, addedNodeSelector) });
}

const ORDER: readonly (PreflightCheckId | 'migratability')[] = [
  'vmi-running',
  'migration-conflict',
  'node-selector',
  'migratability',
  'active-pods',
  'migration-slots',
  'resource-quota',
  'target-placement',
];
const NOT_OVERRIDABLE: ReadonlySet<string> = new Set(['vmi-running', 'migration-conflict', 'node-selector']);

export function decidePreflight(input: PreflightInput): Preflight {
  const { ctx } = input;
  const subject = buildSubject({ vm: ctx.vm, vmi: ctx.vmi });
  const evaluation = input.evaluation ?? evaluateMigratability(subject, input.facts);
  const added = { ...input.addedNodeSelector };
  const running = ctx.vmi?.status?.phase === 'Running';

  const checks: PreflightCheck[] = [fromWhy(vmiRunning, ctx), fromWhy(migrationConflict, ctx)];
  let placement: Placement | undefined;
  let overridden: string[] = [];
  let pod: Pod | undefined;
  if (running && ctx.vmi && ctx.sourcePod) {
    const sourceNode = ctx.nodes.ok ? ctx.nodes.items.find((n) => n.metadata.name === ctx.vmi?.status?.nodeName) : undefined;
    const planned = plannedTargetPod({ sourcePod: ctx.sourcePod, vmi: ctx.vmi, sourceNode, addedNodeSelector: added, version: ctx.version, migrationUid: PLANNED_MIGRATION_UID });
    pod = planned.pod;
    overridden = planned.overriddenKeys;
  }
  const selectorCheck = nodeSelectorCheck(ctx, added, overridden);
  if (selectorCheck) checks.push(selectorCheck);
  if (running) {
    checks.push(fromWhy(activePods, ctx), fromWhy(migrationSlots, ctx), fromWhy(resourceQuota, ctx));
    const tp = targetPlacementCheck(ctx, pod);
    checks.push(tp.check);
    placement = tp.placement;
  }

  const refusals: Refusal[] = [];
  for (const id of ORDER) {
    if (id === 'migratability') {
      if (evaluation.verdict === 'not-migratable') refusals.push({ cause: 'not-live-migratable', from: id, overridable: true });
      continue;
    }
    const c = checks.find((x) => x.id === id);
    if (c?.status === 'fail' && c.cause && c.cause !== 'unknown') refusals.push({ cause: c.cause, from: id, overridable: !NOT_OVERRIDABLE.has(id) });
  }
  const refused = input.force ? refusals.find((r) => !r.overridable) : refusals[0];
  const forced = input.force && !refused ? refusals.filter((r) => r.overridable) : [];
  const out: Preflight = { subject, evaluation, checks, refusals, forced };
  if (refused) out.refused = refused;
  if (placement) out.placement = placement;
  if (Object.keys(added).length > 0) out.nodeSelector = { requested: added, overridden };
  return out;
}

/** A why check run on the planned migration, kept with its id, status, cause and args. */
function fromWhy<Id extends PreflightWhyCheckId>(check: WhyCheck<Id>, ctx: WhyContext): CheckResult<Id> {
  const r = check.run(ctx, new Map<CheckId, CheckResult>(), {});
  // Checks written for an existing migration may call a planned one "pending": only a failure with a cause refuses.
  return r.status === 'fail' && !r.cause ? { ...r, status: 'warn' } : r;
}

/** `--node-selector` on this cluster: v1.6+ has spec.addedNodeSelector; older ones would drop it silently. */
function nodeSelectorCheck(ctx: WhyContext, added: Record<string, string>, overridden: string[]): PreflightCheck | undefined {
  if (Object.keys(added).length === 0) return undefined;
  const version = ctx.version?.raw;
  const evidence: EvidenceRef[] = ctx.kubevirtCR
    ? [{ kind: 'KubeVirt', namespace: ctx.kubevirtCR.metadata.namespace, name: ctx.kubevirtCR.metadata.name ?? '', field: 'status.observedKubeVirtVersion', ...(version ? { message: version } : {}) }]
    : [];
  const supported = atLeast(ctx.version, 1, 6);
  const base = { selector: Object.entries(added).map(([k, v]) => `${k}=${v}`), overridden };
  if (supported === false) {
    return { id: 'node-selector', status: 'fail', cause: 'node-selector-unsupported', args: { ...base, kind: 'unsupported', version: version ?? '' }, evidence };
  }
  if (supported === undefined) {
    const missing = ctx.kubevirt.ok ? 'no KubeVirt CR with a version' : ctx.kubevirt.reason;
    return { id: 'node-selector', status: 'warn', args: { ...base, kind: 'version-unknown' }, evidence, missing };
  }
  return { id: 'node-selector', status: overridden.length > 0 ? 'warn' : 'pass', args: { ...base, kind: 'supported', version: version ?? '' }, evidence };
}

/** At least one node other than the source must fit the planned target pod. */
function targetPlacementCheck(ctx: WhyContext, pod: Pod | undefined): { check: OwnCheck<'target-placement', TargetPlacementArgs, UnschedulableCause>; placement?: Placement } {
  const id = 'target-placement';
  if (!ctx.nodes.ok) return { check: { id, status: 'unknown', args: { kind: 'nodes-unreadable' }, evidence: [], missing: ctx.nodes.reason } };
  if (!pod) {
    const missing = ctx.pods.ok ? 'no source virt-launcher pod found' : ctx.pods.reason;
    return { check: { id, status: 'unknown', args: { kind: 'no-source-pod' }, evidence: [], missing } };
  }
  const nodes: Node[] = ctx.nodes.items;
  const sourceNode = ctx.vmi?.status?.nodeName;
  const tp = evaluateTargetPlacement(ctx, pod, nodes, sourceNode);
  const decision = decidePlacementCause(tp.candidates);
  const count: PlacementCount = { candidates: tp.candidates.length, fitting: decision.fitting };
  if (sourceNode) count.sourceNode = sourceNode;
  if (tp.gaps.length > 0) count.storageUnknown = tp.gaps.join('; ');
  if (decision.fitting.length > 0) return { check: { id, status: 'pass', args: { kind: 'fits', ...count }, evidence: [] }, placement: tp.placement };
  const cause = decision.cause;
  const blocked = tp.candidates.filter((c) => !c.fits).map((c) => c.name);
  const evidence: EvidenceRef[] = blocked.slice(0, 5).map((name) => ({ kind: 'Node', name }));
  if (ctx.sourcePod) evidence.unshift({ kind: 'Pod', namespace: ctx.sourcePod.metadata.namespace, name: ctx.sourcePod.metadata.name ?? '', field: 'spec' });
  if (!cause) return { check: { id, status: 'unknown', args: { ...count, kind: 'undecided', blocked }, evidence, missing: 'no cause' }, placement: tp.placement };
  return { check: { id, status: 'fail', cause, args: { ...count, kind: 'none-fits', cause, blocked }, evidence }, placement: tp.placement };
}
