// Why the migration target pod fits no node, node by node (docs/documents.md `placement`), and which
// cause that makes. Shared by target-pod-scheduling (live pod), storage-visibility (PV node
// affinity) and target-pod-readiness (the pod deleted on the unschedulable timeout: only the last
// scheduler message is left).
//
// Each node is judged against the target pod's own spec in kube-scheduler's filter order (node
// unschedulable/ready, taints, nodeSelector + required node affinity, resources, volumes), after
// the two exclusions every migration has: the source node and any node already running a pod of
// the VMI (KubeVirt's required anti-affinity on kubevirt.io/created-by,
// `createMigrationPodAntiAffinityRule` in pkg/virt-controller/watch/migration/migration.go). The
// first reason of a node is its primary one. Resources are computed from the pods we can see
// (launchers of this namespace and target pods cluster-wide), so a shortfall is certain but a "fit"
// is not: the scheduler's `Insufficient X` counts stay the authority.
import type { EvidenceRef } from '../findings.js';
import type {
  Container,
  KubeEvent,
  Node,
  NodeSelectorRequirement,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodAffinityTerm,
} from '../../kube/types.js';
import {
  CPU_HOST_MODEL,
  CPU_HOST_PASSTHROUGH,
  EVENT_NO_SUITABLE_NODES_HOST_MODEL,
  LABEL_HOSTNAME,
  LABEL_OBSOLETE_HOST_MODEL,
  LABEL_SCHEDULABLE,
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_MODEL,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_HOST_MODEL_CPU,
} from '../../kubevirt/constants.js';
import { parseQuantity } from '../../kube/quantity.js';
import { claimVolumes } from '../migratability/rules/_claims.js';
import { buildSubject } from '../migratability/subject.js';
import { matchesRequiredNodeAffinity, unmetRequirements } from '../scheduling/node-affinity.js';
import { matchesLabelSelector } from '../scheduling/label-selector.js';
import { unmatchedSelectorKeys } from '../scheduling/node-selector.js';
import { isNodeReady } from '../scheduling/readiness.js';
import { quantitiesOf, resourceFit, type ParseResources, type ResourceList } from '../scheduling/resource-fit.js';
import { TAINT_UNSCHEDULABLE, untoleratedTaints } from '../scheduling/taints.js';
import type { Placement, PlacementReason } from './placement.js';
import type { WhyContext } from './context.js';
import { recognizeControllerEvent } from './parse/controller-events.js';
import {
  EVENT_FAILED_SCHEDULING,
  dominantCause,
  isCpuSchedulingLabel,
  parseSchedulerMessage,
  type SchedulerMessage,
  type UnschedulableCause,
} from './parse/scheduler-message.js';
import { eventMessage, eventRef, eventsOfMigration, isPodTerminated, podRef, unschedulableCondition } from './target-pod-state.js';
import { listOf, objectOf, stringMapOf } from '../shape.js';
import { BY_NAME, type ListKey, type ObjectIndex } from '../object-index.js';
import { labelValue } from '../../kube/labels.js';

/** Taints the node lifecycle controller puts on a NotReady node (reported as `not-ready` instead). */
const NOT_READY_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

type Category = UnschedulableCause;

/** A node's verdict; `categories` (one per reason) drive the cause. */
export interface NodeEvaluation {
  name: string;
  fits: boolean;
  source: boolean;
  reasons: PlacementReason[];
  categories: Category[];
}

export interface TargetPlacement {
  placement: Placement;
  sourceNode?: string;
  /** Every node but the source, in node-list order. */
  candidates: NodeEvaluation[];
  /** Inputs that were not readable (PVCs/PVs): volume reasons are then missing. */
  gaps: string[];
}

// ---- pod requests ----

type PodContainer = Container & { restartPolicy?: string };

function requestsOf(c: PodContainer): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, q] of Object.entries(c.resources?.requests ?? {})) {
    const v = parseQuantity(q);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function add(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
}

/**
 * A pod's effective requests as the scheduler counts them: app containers plus native sidecars
 * (init containers with restartPolicy Always, e.g. v1.6+ `guest-console-log`), or the largest
 * regular init container if bigger, plus the pod overhead.
 */
export function podRequests(pod: Pod): ResourceList {
  const inits = listOf(pod.spec?.initContainers) as PodContainer[];
  const sidecars = inits.filter((c) => c.restartPolicy === 'Always').map(requestsOf).reduce(add, {});
  let total = (listOf(pod.spec?.containers) as PodContainer[]).map(requestsOf).reduce(add, sidecars);
  for (const c of inits.filter((i) => i.restartPolicy !== 'Always')) {
    const r = add(requestsOf(c), sidecars);
    for (const [k, v] of Object.entries(r)) if (v > (total[k] ?? 0)) total = { ...total, [k]: v };
  }
  for (const [k, q] of Object.entries(pod.spec?.overhead ?? {})) total = add(total, { [k]: parseQuantity(q) ?? 0 });
  return Object.fromEntries(Object.entries(total).map(([k, v]) => [k, String(v)]));
}

// ---- pod anti-affinity ----

function termNamespaces(term: PodAffinityTerm, own: string | undefined): string[] | 'all' {
  const sel = term.namespaceSelector;
  if (sel && Object.keys(sel.matchLabels ?? {}).length === 0 && listOf(sel.matchExpressions).length === 0) return 'all';
  return term.namespaces?.length ? term.namespaces : own ? [own] : [];
}

/** Pods that keep `node` out through the target pod's required anti-affinity terms. */
function antiAffinityPods(p: Placing, node: Node): Pod[] {
  const { pod, known } = p;
  const terms = listOf(pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution);
  const out: Pod[] = [];
  for (const term of terms) {
    const key = term.topologyKey ?? LABEL_HOSTNAME;
    const domain = labelValue(node.metadata.labels, key);
    if (domain === undefined) continue;
    const ns = termNamespaces(term, pod.metadata.namespace);
    for (const other of p.index.where(known, p.byDomain(key), domain)) {
      if (ns !== 'all' && !ns.includes(other.metadata.namespace ?? '')) continue;
      if (matchesLabelSelector(other.metadata.labels, term.labelSelector) && !out.includes(other)) out.push(other);
    }
  }
  return out;
}

// ---- node affinity ----

export function formatRequirement(r: NodeSelectorRequirement): string {
  const values = listOf(r.values);
  return values.length ? `${r.key} ${r.operator} (${values.join(', ')})` : `${r.key} ${r.operator}`;
}

/** CPU-derived keys (node labeller) and the obsolete-host-model marker count as CPU constraints. */
function isCpuKey(key: string): boolean {
  return isCpuSchedulingLabel(key) || key === LABEL_OBSOLETE_HOST_MODEL;
}

/** The unmet requirements of the closest term (fewest failures), when no term matches. */
function unmetAffinity(node: Node, pod: Pod): NodeSelectorRequirement[] {
  const sel = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (!sel || matchesRequiredNodeAffinity(node, sel)) return [];
  const terms = listOf(sel.nodeSelectorTerms);
  const unmet = terms.map((t) => unmetRequirements(node, t)).filter((u) => u.length > 0);
  return unmet.sort((a, b) => a.length - b.length)[0] ?? [];
}

// ---- the VMI's claims ----

export interface VmiClaim {
  volume: string;
  claim: string;
  pvc?: PersistentVolumeClaim;
  pv?: PersistentVolume;
}

/** The VMI's PVC/DataVolume volumes with their PVC and PV (when readable). */
export function vmiClaims(ctx: WhyContext): VmiClaim[] {
  if (!ctx.vmi) return [];
  const pvcs = ctx.pvcs.ok ? ctx.pvcs.items : [];
  const pvs = ctx.pvs.ok ? ctx.pvs.items : [];
  return claimVolumes(buildSubject({ vmi: ctx.vmi })).map((v) => {
    const c: VmiClaim = { volume: v.volume, claim: v.claim };
    const pvc = ctx.index.where(pvcs, BY_NAME, v.claim).find((p) => (p.metadata.namespace ?? ctx.namespace) === ctx.namespace);
    if (pvc) c.pvc = pvc;
    const pv = pvc?.spec?.volumeName ? ctx.index.byName(pvs, pvc.spec.volumeName) : undefined;
    if (pv) c.pv = pv;
    return c;
  });
}

/**
 * The PVC says it is not bound (Pending, Lost). A Bound PVC without `spec.volumeName`, or one
 * without a status (a hand-made dump), is not unbound: a missing field is never a cause (rule 2).
 */
export function isClaimUnbound(c: VmiClaim): boolean {
  const phase = c.pvc?.status?.phase;
  return typeof phase === 'string' && phase !== '' && phase !== 'Bound';
}

// ---- per-node evaluation ----

/** Pods of any namespace we can see that hold resources (or anti-affinity) on a node. */
function livePods(ctx: WhyContext, except: Pod): Pod[] {
  const pods = ctx.pods.ok ? ctx.pods.items : [];
  const same = (p: Pod) => p === except || (except.metadata.uid !== undefined && p.metadata.uid === except.metadata.uid);
  return pods.filter((p) => !same(p) && p.spec?.nodeName && !isPodTerminated(p));
}

/** One placement: what every node is judged against, and the index that groups it. */
interface Placing {
  pod: Pod;
  sourceNode: string | undefined;
  claims: VmiClaim[];
  /** The pods that hold resources or anti-affinity on a node. */
  known: readonly Pod[];
  index: ObjectIndex;
  /** `known` by topology domain: one key per topology key, as the domain of a pod is its node's label. */
  byDomain(topologyKey: string): ListKey<Pod>;
  /** A pod's requests, parsed, once per pod for the analysis (every placement counts every pod again). */
  requests(pod: Pod): ResourceList;
  parse: ParseResources;
}

/** Pods by `spec.nodeName`. */
const BY_NODE: ListKey<Pod> = { name: 'spec.nodeName', of: (p) => p.spec?.nodeName };

function placing(ctx: WhyContext, pod: Pod, nodes: readonly Node[], sourceNode: string | undefined): Placing {
  const { index } = ctx;
  const domains = new Map<string, ListKey<Pod>>();
  const byDomain = (key: string): ListKey<Pod> => {
    let k = domains.get(key);
    if (!k) {
      const of = (p: Pod) => {
        const where = p.spec?.nodeName;
        return where === undefined ? undefined : labelValue(index.byName(nodes, where)?.metadata.labels, key);
      };
      domains.set(key, (k = { name: `topology ${key}`, of }));
    }
    return k;
  };
  return {
    pod,
    sourceNode,
    claims: vmiClaims(ctx),
    known: livePods(ctx, pod),
    index,
    byDomain,
    requests: (p) => index.derived(p, 'requests', () => podRequests(p)),
    parse: (list) => index.derived(list, 'quantities', () => quantitiesOf(list)),
  };
}

function evaluateNode(p: Placing, node: Node): NodeEvaluation {
  const { pod, sourceNode, claims, known } = p;
  const name = node.metadata.name ?? '';
  if (name === sourceNode) return { name, fits: false, source: true, reasons: [{ kind: 'source-node' }], categories: ['target-unschedulable-anti-affinity'] };
  const reasons: PlacementReason[] = [];
  const categories: Category[] = [];
  const push = (r: PlacementReason, c: Category) => {
    reasons.push(r);
    categories.push(c);
  };

  // A node running a pod of this VMI is excluded like the source (KubeVirt's anti-affinity).
  for (const other of antiAffinityPods(p, node)) push({ kind: 'anti-affinity', pod: other.metadata.name ?? '' }, 'target-unschedulable-anti-affinity');

  const ready = isNodeReady(node);
  if (!ready) push({ kind: 'not-ready' }, 'target-unschedulable-taints');
  if (node.spec?.unschedulable) push({ kind: 'unschedulable' }, 'target-unschedulable-taints');
  for (const t of untoleratedTaints(node, pod.spec?.tolerations)) {
    if (t.key === TAINT_UNSCHEDULABLE && node.spec?.unschedulable) continue;
    if (!ready && NOT_READY_TAINTS.includes(t.key)) continue;
    const r: PlacementReason = t.value ? { kind: 'taint', key: t.key, value: t.value, effect: t.effect } : { kind: 'taint', key: t.key, effect: t.effect };
    push(r, 'target-unschedulable-taints');
  }

  const selector = stringMapOf(pod.spec?.nodeSelector);
  for (const key of unmatchedSelectorKeys(node.metadata.labels, selector)) {
    const cpu = isCpuSchedulingLabel(key);
    push({ kind: 'missing-label', key, value: selector[key] ?? '', cpu }, cpu ? 'target-unschedulable-cpu' : 'target-unschedulable-node-selector');
  }
  for (const r of unmetAffinity(node, pod)) {
    push({ kind: 'affinity', expression: formatRequirement(r) }, isCpuKey(r.key) ? 'target-unschedulable-cpu' : 'target-unschedulable-node-selector');
  }

  const onNode = p.index.where(known, BY_NODE, name);
  const fit = resourceFit(objectOf(node.status?.allocatable) ?? {}, onNode.map(p.requests), p.requests(pod), p.parse);
  // A node that reports no ephemeral-storage has local storage isolation off: the scheduler skips it.
  const shortfalls = fit.shortfalls.filter((s) => s.resource !== 'ephemeral-storage' || node.status?.allocatable?.['ephemeral-storage'] !== undefined);
  for (const s of shortfalls) {
    const r: PlacementReason = { kind: 'insufficient', resource: s.resource, requested: s.requested, free: Math.max(0, s.free) };
    if (s.used > 0) r.estimated = true;
    push(r, 'target-unschedulable-resources');
  }

  for (const c of claims) {
    const required = c.pv?.spec?.nodeAffinity?.required;
    if (c.pv && required && !matchesRequiredNodeAffinity(node, required)) push({ kind: 'volume-affinity', pv: c.pv.metadata.name ?? '' }, 'target-unschedulable-storage');
  }
  return { name, fits: reasons.length === 0, source: false, reasons, categories };
}

/** Judge every node for the target pod. */
export function evaluateTargetPlacement(ctx: WhyContext, pod: Pod, nodes: readonly Node[], sourceNode: string | undefined): TargetPlacement {
  const gaps: string[] = [];
  if (!ctx.pvcs.ok) gaps.push(ctx.pvcs.reason);
  if (!ctx.pvs.ok) gaps.push(ctx.pvs.reason);
  const p = placing(ctx, pod, nodes, sourceNode);
  const evals = nodes.map((n) => evaluateNode(p, n));
  const placement: Placement = {
    nodeSelector: stringMapOf(pod.spec?.nodeSelector),
    nodes: evals.map((e) => ({ name: e.name, fits: e.fits, reasons: e.reasons })),
  };
  if (pod.metadata.name) placement.pod = pod.metadata.name;
  const out: TargetPlacement = { placement, candidates: evals.filter((e) => !e.source), gaps };
  if (sourceNode) out.sourceNode = sourceNode;
  return out;
}

/** Tie-break when several causes keep every candidate out: the one nothing else can work around first. */
const CAUSE_PRIORITY: Category[] = [
  'target-unschedulable-node-selector',
  'target-unschedulable-cpu',
  'target-unschedulable-storage',
  'target-unschedulable-taints',
  'target-unschedulable-resources',
  'target-unschedulable-anti-affinity',
];

export interface PlacementDecision {
  cause?: UnschedulableCause;
  /** Candidates our evaluation could not rule out (the scheduler knows pods we do not see). */
  fitting: string[];
}

/**
 * The cause from the per-node evaluation: a cause that keeps EVERY candidate out wins (ties by
 * CAUSE_PRIORITY); otherwise the most frequent primary reason. No candidate at all (one-node
 * cluster) is the migration anti-affinity. Undefined cause when some candidate seems to fit.
 */
export function decidePlacementCause(candidates: readonly NodeEvaluation[]): PlacementDecision {
  if (candidates.length === 0) return { cause: 'target-unschedulable-anti-affinity', fitting: [] };
  const fitting = candidates.filter((c) => c.fits).map((c) => c.name);
  if (fitting.length > 0) return { fitting };
  const everywhere = CAUSE_PRIORITY.filter((cause) => candidates.every((c) => c.categories.includes(cause)));
  if (everywhere[0]) return { cause: everywhere[0], fitting };
  const primary = new Map<Category, number>();
  for (const c of candidates) if (c.categories[0]) primary.set(c.categories[0], (primary.get(c.categories[0]) ?? 0) + 1);
  let best: Category | undefined;
  for (const cause of CAUSE_PRIORITY) if ((primary.get(cause) ?? 0) > (best ? (primary.get(best) ?? 0) : 0)) best = cause;
  return best ? { cause: best, fitting } : { fitting };
}

/** The reasons of a node that belong to `cause` (what the summary names per node). */
export function reasonsFor(e: NodeEvaluation, cause: UnschedulableCause): PlacementReason[] {
  return e.reasons.filter((_, i) => e.categories[i] === cause);
}

// ---- CPU detail (host-model / named model) ----

export interface CpuRequirement {
  /** `cpu-model-migration.…/<M>` (host-model) or `cpu-model.…/<M>` (named model). */
  model?: string;
  features: string[];
  /** The model is a host model (`cpu-model-migration.…`): the VMI runs `host-model`. */
  hostModel: boolean;
  /** Models every KubeVirt node offers in cpu-model.node.kubevirt.io/*: what an explicit cpu.model could be. */
  commonModels: string[];
}

export function cpuRequirement(selector: Readonly<Record<string, string>>, nodes: readonly Node[]): CpuRequirement {
  const keys = Object.keys(selector);
  // NoSuitableNodesForHostModelMigration may name the source's host-model-cpu.… label instead.
  const hostKey = keys.find((k) => k.startsWith(PREFIX_CPU_MODEL_MIGRATION) || k.startsWith(PREFIX_HOST_MODEL_CPU));
  const modelKey = hostKey ?? keys.find((k) => k.startsWith(PREFIX_CPU_MODEL));
  const features = keys.filter((k) => k.startsWith(PREFIX_CPU_FEATURE)).map((k) => k.slice(PREFIX_CPU_FEATURE.length));
  const kv = nodes.filter((n) => n.metadata.labels?.[LABEL_SCHEDULABLE] === 'true');
  const models = (n: Node) => Object.keys(n.metadata.labels ?? {}).filter((k) => k.startsWith(PREFIX_CPU_MODEL)).map((k) => k.slice(PREFIX_CPU_MODEL.length));
  const commonModels = kv.length === 0 ? [] : models(kv[0]!).filter((m) => kv.every((n) => n.metadata.labels?.[PREFIX_CPU_MODEL + m] === 'true')).sort();
  const out: CpuRequirement = { features, hostModel: hostKey !== undefined, commonModels };
  if (modelKey) out.model = modelKey.slice(modelKey.indexOf('/') + 1);
  return out;
}

// ---- the scheduler's own words ----

export interface SchedulerEvidence {
  message: string;
  parsed?: SchedulerMessage;
  ref: EvidenceRef;
}

/** The newest FailedScheduling event among `events` (oldest first). */
export function lastFailedScheduling(events: readonly KubeEvent[]): KubeEvent | undefined {
  return [...events].reverse().find((e) => e.reason === EVENT_FAILED_SCHEDULING);
}

/** The pod's current PodScheduled=False message, else its newest FailedScheduling event. */
export function schedulerEvidence(pod: Pod | undefined, events: readonly KubeEvent[]): SchedulerEvidence | undefined {
  const cond = pod ? unschedulableCondition(pod) : undefined;
  if (pod && cond?.message) {
    const out: SchedulerEvidence = { message: cond.message, ref: podRef(pod, 'status.conditions[PodScheduled]', cond.message) };
    const parsed = parseSchedulerMessage(cond.message);
    if (parsed) out.parsed = parsed;
    return out;
  }
  const e = lastFailedScheduling(events);
  if (!e) return undefined;
  const out: SchedulerEvidence = { message: eventMessage(e), ref: eventRef(e) };
  const parsed = parseSchedulerMessage(eventMessage(e));
  if (parsed) out.parsed = parsed;
  return out;
}

/**
 * The cause the scheduler message alone supports (nodes unreadable, or the pod is gone). The
 * message cannot tell a CPU label from another selector key: `selectorKeys` decides, except
 * that a `kubernetes.io/hostname` pin is a node-selector problem whatever else is selected.
 */
export function causeFromMessage(parsed: SchedulerMessage, selectorKeys: readonly string[]): UnschedulableCause | undefined {
  const pinned = selectorKeys.includes(LABEL_HOSTNAME);
  const cause = dominantCause(parsed, { nodeSelectorKeys: pinned ? selectorKeys.filter((k) => !isCpuSchedulingLabel(k)) : selectorKeys });
  // Anti-affinity that only excludes the source node explains nothing in a multi-node cluster
  // (`1 … anti-affinity rules, 2 … topology spread constraints`): the rest is unknown.
  if (cause === 'target-unschedulable-anti-affinity' && parsed.total > 1) {
    const excluded = Math.max(0, ...parsed.reasons.filter((r) => r.kind === 'anti-affinity' || r.kind === 'affinity').map((r) => r.count));
    if (excluded <= 1) return undefined;
  }
  return cause;
}

/** NoSuitableNodesForHostModelMigration on the VMI during this migration: KubeVirt's own CPU verdict. */
export function hostModelEvent(ctx: WhyContext): { event: KubeEvent; labels: Record<string, string>; model?: string; features: string[] } | undefined {
  const events = eventsOfMigration(ctx.vmiEvents, ctx.migration).filter((e) => e.reason === EVENT_NO_SUITABLE_NODES_HOST_MODEL);
  const e = events[events.length - 1];
  if (!e) return undefined;
  const rec = recognizeControllerEvent(e);
  // The reason alone is KubeVirt's verdict (a report may quote nothing else); the message adds the labels.
  if (rec?.kind !== 'no-suitable-nodes-host-model') return { event: e, labels: {}, features: [] };
  const out: { event: KubeEvent; labels: Record<string, string>; model?: string; features: string[] } = { event: e, labels: rec.args.labels, features: rec.args.features };
  if (rec.args.model) out.model = rec.args.model;
  return out;
}

/**
 * The target pod's nodeSelector keys when the pod itself is gone: the CPU labels KubeVirt named in
 * NoSuitableNodesForHostModelMigration, the VMI's own nodeSelector and a named model's label.
 * (A host-model VMI without that event had CPU labels some node satisfied.)
 */
export function selectorKeysWithoutPod(ctx: WhyContext): string[] {
  const keys = new Set<string>(Object.keys(ctx.vmi?.spec?.nodeSelector ?? {}));
  for (const k of Object.keys(hostModelEvent(ctx)?.labels ?? {})) keys.add(k);
  const model = ctx.vmi?.spec?.domain?.cpu?.model;
  if (model && model !== CPU_HOST_MODEL && model !== CPU_HOST_PASSTHROUGH) keys.add(PREFIX_CPU_MODEL + model);
  return [...keys];
}
