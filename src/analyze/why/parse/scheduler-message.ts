// Parse kube-scheduler's FailedScheduling event / PodScheduled=False condition message for the
// target pod, e.g. `0/5 nodes are available: 1 node(s) didn't match pod anti-affinity rules,
// 4 Insufficient memory. preemption: 0/5 nodes are available: 5 Preemption is not helpful for
// scheduling.` These are Kubernetes texts, not KubeVirt's; wordings covered, by era:
// - predicates era (≤1.18): `node(s) didn't match node selector`, `node(s) had taints that the pod
//   didn't tolerate`, `node(s) didn't match pod affinity/anti-affinity`, `node(s) were not ready`;
// - framework (1.19–1.24): `node(s) didn't match Pod's node affinity` (later `.../selector`),
//   `node(s) had taint {k: v}, that the pod didn't tolerate`;
// - 1.25+: `node(s) had untolerated taint {k: v}`, `node(s) didn't match pod anti-affinity rules`,
//   `node(s) didn't satisfy existing pods anti-affinity rules`, plus the `preemption:` tail.
// The counts can add up to more than the total (kubevirt/kubevirt#7780, harvester/harvester#3762:
// `1 ... anti-affinity rules, 13 ... node affinity/selector` of 13 nodes).

import {
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_MODEL,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_CPU_VENDOR,
  PREFIX_HOST_MODEL_CPU,
  PREFIX_HOST_MODEL_REQUIRED_FEATURES,
  PREFIX_HYPERV,
  PREFIX_TSC_FREQUENCY_SCHEDULING,
} from '../../../kubevirt/constants.js';
import type { CauseId } from '../cause.js';
import { normalizeEventMessage } from './go-format.js';

/** Kubernetes event reason and pod condition for an unschedulable pod. */
export const EVENT_FAILED_SCHEDULING = 'FailedScheduling';
export const COND_POD_SCHEDULED = 'PodScheduled';
export const REASON_UNSCHEDULABLE = 'Unschedulable';

export type SchedulerReasonKind =
  | 'selector'
  | 'resources'
  | 'taint'
  | 'anti-affinity'
  | 'affinity'
  | 'storage'
  | 'unschedulable'
  | 'not-ready'
  | 'ports'
  | 'other';

export interface SchedulerReason {
  /** Nodes that failed for this reason; for pod-level reasons (no count in the text) = total. */
  count: number;
  /** Verbatim reason text, e.g. `node(s) didn't match Pod's node affinity/selector`. */
  reason: string;
  kind: SchedulerReasonKind;
  /** For `Insufficient X` / `Too many pods`: the resource name (`memory`, `devices.kubevirt.io/kvm`). */
  resource?: string;
  /** For taint reasons that name the taint: `{key: value}`. */
  taint?: { key: string; value?: string };
  /** True when the reason applies to the pod, not to counted nodes (`pod has unbound immediate PersistentVolumeClaims`). */
  podLevel?: boolean;
}

export interface SchedulerMessage {
  available: number;
  total: number;
  reasons: SchedulerReason[];
  /** The `preemption: ...` tail (1.22+), verbatim. */
  preemption?: string;
}

// Taints that stand for a node state rather than an operator's choice.
const NOT_READY_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];
const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';

// First match wins: storage before selector (`volume node affinity conflict` mentions node
// affinity), anti-affinity before affinity (`pod affinity/anti-affinity`).
const KINDS: [RegExp, SchedulerReasonKind][] = [
  [/Insufficient |Too many pods/, 'resources'],
  [
    /volume node affinity conflict|PersistentVolumeClaim|persistent volumes? to bind|volume zone|max volume count|pvc|VolumeBinding/i,
    'storage',
  ],
  [/anti-affinity/i, 'anti-affinity'],
  [/pod affinity/i, 'affinity'],
  [/node affinity|node selector|affinity\/selector/i, 'selector'],
  [/taint/i, 'taint'],
  [/unschedulable/i, 'unschedulable'],
  [/not ready|NotReady|network unavailable|memory pressure|disk pressure|pid pressure|out of disk/i, 'not-ready'],
  [/free ports|host ?port/i, 'ports'],
];

function classifyReason(reason: string): Omit<SchedulerReason, 'count' | 'podLevel'> {
  const kind = KINDS.find(([re]) => re.test(reason))?.[1] ?? 'other';
  const out: Omit<SchedulerReason, 'count' | 'podLevel'> = { reason, kind };
  if (kind === 'resources') {
    out.resource = /Insufficient (\S+)/.exec(reason)?.[1] ?? 'pods';
  }
  if (kind === 'taint') {
    const m = /\{([^}]*)\}/.exec(reason);
    if (m) {
      const [key, ...rest] = (m[1] ?? '').split(':');
      const value = rest.join(':').trim();
      out.taint = value ? { key: key!.trim(), value } : { key: key!.trim() };
      if (NOT_READY_TAINTS.includes(out.taint.key)) out.kind = 'not-ready';
      if (out.taint.key === UNSCHEDULABLE_TAINT) out.kind = 'unschedulable';
    }
  }
  return out;
}

/** Split the reasons on commas that are not inside `{…}` or `[…]` (taint text, node names). */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '{' || c === '[') depth++;
    if (c === '}' || c === ']') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  // 1.19–1.24 put a comma inside one reason: `had taint {k: v}, that the pod didn't tolerate`.
  const out: string[] = [];
  for (const part of parts.map((p) => p.trim()).filter((p) => p.length > 0)) {
    if (out.length > 0 && /^that the pod didn't tolerate/.test(part)) out[out.length - 1] += `, ${part}`;
    else out.push(part);
  }
  return out;
}

const HEAD = /^(\d+)\/(\d+) nodes are available:?\s*([\s\S]*)$/;

/** Parse a scheduler message; undefined when it is not of the `N/M nodes are available` form. */
export function parseSchedulerMessage(message: string): SchedulerMessage | undefined {
  const text = normalizeEventMessage(message);
  if (/^no nodes available to schedule pods/i.test(text)) return { available: 0, total: 0, reasons: [] };
  const head = HEAD.exec(text);
  if (!head) return undefined;
  const total = Number(head[2]);
  let body = head[3] ?? '';
  let preemption: string | undefined;
  const p = /\.?\s*preemption:\s*/.exec(body);
  if (p) {
    preemption = body.slice(p.index + p[0].length).trim();
    body = body.slice(0, p.index);
  }
  body = body.trim().replace(/\.$/, '');
  const reasons = splitTopLevel(body).map((part): SchedulerReason => {
    const counted = /^(\d+)\s+([\s\S]+)$/.exec(part);
    if (counted) return { count: Number(counted[1]), ...classifyReason(counted[2]!) };
    return { count: total, ...classifyReason(part), podLevel: true };
  });
  const out: SchedulerMessage = { available: Number(head[1]), total, reasons };
  if (preemption !== undefined) out.preemption = preemption;
  return out;
}

const CPU_LABEL_PREFIXES = [
  PREFIX_CPU_MODEL,
  PREFIX_CPU_MODEL_MIGRATION,
  PREFIX_CPU_FEATURE,
  PREFIX_CPU_VENDOR,
  PREFIX_HOST_MODEL_CPU,
  PREFIX_HOST_MODEL_REQUIRED_FEATURES,
  PREFIX_TSC_FREQUENCY_SCHEDULING,
  PREFIX_HYPERV,
];

/** True for node-selector keys KubeVirt derives from the guest CPU (model, features, vendor, TSC, Hyper-V). */
export function isCpuSchedulingLabel(key: string): boolean {
  // A requirement in a dump may lack its key.
  return typeof key === 'string' && CPU_LABEL_PREFIXES.some((p) => key.startsWith(p));
}

export type UnschedulableCause = Extract<CauseId, `target-unschedulable-${string}`>;

export interface DominantCauseOptions {
  /**
   * The target pod's nodeSelector keys. The message cannot tell a CPU label from any other selector
   * key: when a selector reason dominates and these include CPU labels the answer is
   * `target-unschedulable-cpu`, a presumption the engine confirms against node labels.
   */
  nodeSelectorKeys?: Iterable<string>;
  /**
   * Nodes that every migration target fails by design: the required anti-affinity on
   * `kubevirt.io/created-by` excludes the node(s) already running a pod of the VMI. Default 1.
   */
  expectedAntiAffinity?: number;
}

// Tie-break, most actionable first.
const CAUSE_ORDER: UnschedulableCause[] = [
  'target-unschedulable-storage',
  'target-unschedulable-resources',
  'target-unschedulable-cpu',
  'target-unschedulable-node-selector',
  'target-unschedulable-taints',
  'target-unschedulable-anti-affinity',
];

function causeOfKind(kind: SchedulerReasonKind, cpuSelector: boolean): UnschedulableCause | undefined {
  switch (kind) {
    case 'selector':
      return cpuSelector ? 'target-unschedulable-cpu' : 'target-unschedulable-node-selector';
    case 'resources':
    case 'ports':
      return 'target-unschedulable-resources';
    case 'taint':
    case 'unschedulable':
    case 'not-ready':
      return 'target-unschedulable-taints';
    case 'anti-affinity':
    case 'affinity':
      return 'target-unschedulable-anti-affinity';
    case 'storage':
      return 'target-unschedulable-storage';
    case 'other':
      return undefined;
  }
}

/**
 * The cause that keeps most nodes out. A pod-level storage reason wins outright (no node can
 * bind). Anti-affinity counts minus the source node(s) it always excludes, so `1 anti-affinity,
 * 2 node selector` on 3 nodes is a selector problem, while a single-node cluster still reads as
 * anti-affinity. Undefined when no reason maps to a cause (only `other`, or no reasons).
 */
export function dominantCause(parsed: SchedulerMessage, opts: DominantCauseOptions = {}): UnschedulableCause | undefined {
  const cpuSelector = [...(opts.nodeSelectorKeys ?? [])].some(isCpuSchedulingLabel);
  const expected = opts.expectedAntiAffinity ?? 1;
  const score = new Map<UnschedulableCause, number>();
  for (const r of parsed.reasons) {
    const cause = causeOfKind(r.kind, cpuSelector);
    if (!cause) continue;
    if (r.podLevel && cause === 'target-unschedulable-storage') return cause;
    const n = r.kind === 'anti-affinity' ? r.count - expected : r.count;
    score.set(cause, (score.get(cause) ?? 0) + n);
  }
  if (score.size === 0) return undefined;
  let best: UnschedulableCause | undefined;
  let bestScore = -Infinity;
  for (const cause of CAUSE_ORDER) {
    const s = score.get(cause);
    if (s !== undefined && s > bestScore) {
      best = cause;
      bestScore = s;
    }
  }
  return best;
}
