// Parse kube-scheduler's FailedScheduling event / PodScheduled=False condition message for the
// target pod, e.g. `0/5 nodes are available: 1 node(s) didn't match pod anti-affinity rules,
// 4 Insufficient memory. preemption: 0/5 nodes are available: 5 Preemption is not helpful for
// scheduling.`, and the fragments users post of it (`7 node(s) had volume node affinity conflict.`
// without the head, a line cut inside a phrase, the event's ` ...` truncation). Every phrase is looked
// up in SCHEDULER_REASON_PHRASES (src/kube/scheduler-reasons.ts: 1.12–1.34 wordings, their versions
// and the cause each implies); a phrase not in it stays verbatim in `unrecognized` and implies no cause.
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
import {
  PREEMPTION_PREFIX,
  SCHEDULER_REASON_PHRASES,
  categoryOfPlugin,
  type SchedulerReasonCategory,
  type SchedulerReasonKind,
  type SchedulerReasonPhrase,
} from '../../../kube/scheduler-reasons.js';
import type { CauseId } from '../cause.js';
import { goFormatRegExp, normalizeEventMessage } from './go-format.js';

export { COND_POD_SCHEDULED, EVENT_FAILED_SCHEDULING, REASON_UNSCHEDULABLE } from '../../../kube/scheduler-reasons.js';
export type { SchedulerReasonCategory, SchedulerReasonKind } from '../../../kube/scheduler-reasons.js';

export interface SchedulerReason {
  /**
   * Nodes that failed for this reason. Without a count in the text: the total (a lower bound in a
   * fragment, 0 when nothing gives it).
   */
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
  /** The SCHEDULER_REASON_PHRASES id; absent when the phrase is not known (quote `reason`). */
  phrase?: string;
  /** The cause the phrase implies (`target-unschedulable-<category>`); absent when unknown. */
  category?: SchedulerReasonCategory;
  plugin?: string;
  /** About the pod's own nodeSelector/node-affinity labels: `cpu` when those are KubeVirt CPU labels. */
  selectorLabels?: true;
  /** The plugins named by `node(s) didn't satisfy plugin(s) [A B]`. */
  plugins?: string[];
  /** The text ends inside this phrase: it was recognised from its beginning. */
  truncated?: true;
}

export interface SchedulerMessage {
  available: number;
  total: number;
  reasons: SchedulerReason[];
  /** The `preemption: ...` tail (1.24+), verbatim. */
  preemption?: string;
  /** The phrases of the `preemption:` tail (the dry run's verdict: never a cause). */
  preemptionReasons?: SchedulerReason[];
  /** Phrases of `reasons` that are in no table, verbatim, for callers to quote. */
  unrecognized?: string[];
  /** No `0/N nodes are available` head: `total` is the preemption tail's N or the largest count. */
  fragment?: true;
  /** A scheduling-cycle error (condition reason SchedulerError), e.g. a PreBind volume-binding timeout. */
  schedulerError?: true;
  /** The text was cut (the event's ` ...`, or a phrase recognised from its beginning only). */
  truncated?: true;
}

// Taints that stand for a node state rather than an operator's choice.
const NOT_READY_TAINTS = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];
const UNSCHEDULABLE_TAINT = 'node.kubernetes.io/unschedulable';
/** A cut phrase shorter than this names too little to be recognised. */
const MIN_CUT_PHRASE = 8;

/** A pattern without its own final period: the joiner's `.` and the phrase's merge (`Never..`). */
function bare(text: string): string {
  return text.trim().replace(/\.+$/, '').trimEnd();
}

// The RegExps are made on first use (goFormatRegExp caches them): at load they were most of the
// time this module took, for commands that never read a scheduler message.
const PHRASES = SCHEDULER_REASON_PHRASES.map((p) => ({ p, pattern: bare(p.pattern), literal: bare(p.pattern.split('%')[0] ?? '') }));

function pluginList(raw: string): string[] {
  return raw.replace(/^\[|\]$/g, '').split(/\s+/).filter((s) => s.length > 0);
}

function fromPhrase(text: string, p: SchedulerReasonPhrase, args: string[]): Omit<SchedulerReason, 'count'> {
  const out: Omit<SchedulerReason, 'count'> = { reason: text, kind: p.kind, phrase: p.id, category: p.category, plugin: p.plugin };
  if (p.selectorLabels) out.selectorLabels = true;
  if (p.scope === 'pod') out.podLevel = true;
  if (p.id === 'insufficient-resource' && args[0]) out.resource = args[0];
  if (p.id === 'too-many-pods') out.resource = 'pods';
  if (p.kind === 'taint' && args.length >= 2) {
    const key = (args[0] ?? '').trim();
    const value = (args[1] ?? '').trim();
    out.taint = value ? { key, value } : { key };
    if (NOT_READY_TAINTS.includes(key)) out.kind = 'not-ready';
    if (key === UNSCHEDULABLE_TAINT) out.kind = 'unschedulable';
  }
  if (p.plugin === 'framework' && p.id.startsWith('prefilter-') && args[0] !== undefined) {
    const plugins = pluginList(args[0]);
    out.plugins = plugins;
    const cats = new Set(plugins.map(categoryOfPlugin).filter((c) => c !== 'none'));
    if (cats.size === 1) out.category = [...cats][0]!;
  }
  return out;
}

/** The phrase a whole part matches, or (for a part cut short) the one phrase family it begins. */
function classify(text: string, cut: boolean): Omit<SchedulerReason, 'count'> | undefined {
  const t = bare(text);
  for (const { p, pattern } of PHRASES) {
    const m = goFormatRegExp(pattern).exec(t);
    if (m) return fromPhrase(text, p, m.slice(1).map((g) => g ?? ''));
  }
  if (!cut || t.length < MIN_CUT_PHRASE) return undefined;
  // Cut inside the fixed text, or (for a format) inside its arguments.
  const begun = PHRASES.filter(({ p, literal }) => literal.startsWith(t) || (p.pattern.includes('%') && t.startsWith(literal)));
  const first = begun[0];
  if (!first || new Set(begun.map(({ p }) => p.category)).size !== 1) return undefined;
  return { ...fromPhrase(text, first.p, []), truncated: true };
}

/**
 * Split on commas and sentence ends (`. `) that are not inside `{…}`, `[…]` or quotes (taint text,
 * plugin lists, object names): a 1.26+ message may hold a PreFilter sentence and a counted one.
 * Phrases with a comma of their own are put back together by parseBody.
 */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '{' || c === '[')) depth++;
    if (!quoted && (c === '}' || c === ']')) depth = Math.max(0, depth - 1);
    const sentenceEnd = c === '.' && s[i + 1] === ' ';
    if (!quoted && depth === 0 && (c === ',' || sentenceEnd)) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

const HEAD = /(\d+)\/(\d+) nodes are available:?\s*/;
const COUNTED = /^(\d+)\s+([\s\S]+)$/;

interface Body {
  reasons: SchedulerReason[];
  unrecognized: string[];
  truncated: boolean;
}

/** Parts a phrase with its own commas spans at most (`had taint {k: v}, that the pod didn't tolerate`). */
const MAX_COMMA_PARTS = 3;

/** `parts` of the reasons text; uncounted ones get `total`; only the last can be `cut`. */
function parseBody(parts: string[], total: number, cut: boolean): Body {
  const out: Body = { reasons: [], unrecognized: [], truncated: false };
  for (let i = 0; i < parts.length; i++) {
    const counted = COUNTED.exec(parts[i]!);
    let text = counted ? counted[2]! : parts[i]!;
    const count = counted ? Number(counted[1]) : total;
    let known = classify(text, false);
    for (let k = 1; !known && k < MAX_COMMA_PARTS && i + k < parts.length; k++) {
      const joined = [text, ...parts.slice(i + 1, i + k + 1)].join(', ');
      known = classify(joined, false);
      if (known) {
        text = joined;
        i += k;
      }
    }
    if (!known && cut && i === parts.length - 1) known = classify(text, true);
    if (known) {
      if (known.truncated) out.truncated = true;
      out.reasons.push({ count, ...known });
      continue;
    }
    out.unrecognized.push(text);
    out.reasons.push(counted ? { count, reason: text, kind: 'other' } : { count, reason: text, kind: 'other', podLevel: true });
  }
  return out;
}

function schedulerErrorOf(text: string): SchedulerMessage | undefined {
  for (const { p, pattern } of PHRASES) {
    if (!p.schedulerError) continue;
    const m = goFormatRegExp(pattern, 'contains').exec(text);
    if (!m) continue;
    const reason = fromPhrase(text.slice(m.index).trim(), p, m.slice(1).map((g) => g ?? ''));
    return { available: 0, total: 0, reasons: [{ count: 0, ...reason }], schedulerError: true };
  }
  return undefined;
}

/**
 * Parse a scheduler message or a fragment of one. Undefined when it is neither of the
 * `N/M nodes are available` form nor holds any known phrase (e.g. `Successfully assigned …`).
 */
export function parseSchedulerMessage(message: string): SchedulerMessage | undefined {
  let text = normalizeEventMessage(message);
  if (/^no nodes available to schedule pods/i.test(text)) return { available: 0, total: 0, reasons: [] };
  const error = schedulerErrorOf(text);
  if (error) return error;
  // The event's ` ...` (cut at the note limit), or an ellipsis a user put where the line was cut.
  const cutMark = /\s*(?:\.\.\.|…)$/.exec(text);
  if (cutMark) text = text.slice(0, cutMark.index);
  let preemption: string | undefined;
  const p = text.indexOf(PREEMPTION_PREFIX.trim());
  if (p >= 0) {
    preemption = text.slice(p + PREEMPTION_PREFIX.trim().length).trim();
    text = text.slice(0, p);
  }
  const tail = preemption ? parseSchedulerMessage(preemption) : undefined;
  const head = HEAD.exec(text);
  const parts = splitTopLevel(bare(head ? text.slice(head.index + head[0].length) : text));
  // A fragment's N: the preemption tail's, else at least its largest count.
  const lowerBound = Math.max(0, ...parts.map((part) => Number(COUNTED.exec(part)?.[1] ?? 0)));
  const total = head ? Number(head[2]) : tail && !tail.fragment ? tail.total : lowerBound;
  // A whole message (or reasons text) ends with a period; a line cut short does not.
  const cut = Boolean(cutMark) || (preemption === undefined && !/\.\s*$/.test(text));
  const body = parseBody(parts, total, cut);
  if (!head && body.unrecognized.length === body.reasons.length && !tail) return undefined;
  const out: SchedulerMessage = { available: head ? Number(head[1]) : 0, total, reasons: body.reasons };
  if (preemption !== undefined) out.preemption = preemption;
  if (tail && tail.reasons.length > 0) out.preemptionReasons = tail.reasons;
  if (body.unrecognized.length > 0) out.unrecognized = body.unrecognized;
  if (!head) out.fragment = true;
  if (cutMark || body.truncated) out.truncated = true;
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

/**
 * The cause a reason implies: its phrase's category; `node-selector` becomes `cpu` for a phrase about
 * the pod's own selector labels when those include KubeVirt CPU labels. Unknown phrases imply none.
 */
export function causeOfReason(r: SchedulerReason, cpuSelector: boolean): UnschedulableCause | undefined {
  switch (r.category) {
    case undefined:
    case 'none':
      return undefined;
    case 'node-selector':
      return r.selectorLabels && cpuSelector ? 'target-unschedulable-cpu' : 'target-unschedulable-node-selector';
    default:
      return `target-unschedulable-${r.category}`;
  }
}

/**
 * The cause that keeps most nodes out. A pod-level storage reason wins outright (no node can
 * bind). Anti-affinity counts minus the source node(s) it always excludes, so `1 anti-affinity,
 * 2 node selector` on 3 nodes is a selector problem, while a single-node cluster still reads as
 * anti-affinity. Undefined when no reason maps to a cause (unknown or `none` phrases, or no reasons).
 */
export function dominantCause(parsed: SchedulerMessage, opts: DominantCauseOptions = {}): UnschedulableCause | undefined {
  const cpuSelector = [...(opts.nodeSelectorKeys ?? [])].some(isCpuSchedulingLabel);
  const expected = opts.expectedAntiAffinity ?? 1;
  const score = new Map<UnschedulableCause, number>();
  for (const r of parsed.reasons) {
    const cause = causeOfReason(r, cpuSelector);
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
