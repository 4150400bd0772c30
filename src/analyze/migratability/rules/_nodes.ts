// Node-derived data shared by the rules (not a rule: the `_` prefix keeps it out of the
// one-rule-per-file listing). check-migratable -A judges every VM against the same node list, so
// what depends only on the nodes (the KubeVirt-schedulable ones, a host model's candidates, the
// nodes a placement or a PV affinity matches) is computed once per node list and reused for every
// VM, instead of once per VM: 10,000 VMs × 2,000 nodes is what made the analysis quadratic.
// The rules stay pure functions of (subject, facts): the memo is keyed by the node list itself
// (the `Known` items array) and by a string naming everything else the value depends on, so a
// different list, or the same list with other inputs, never sees a stale value. Facts are
// treated as read-only during an analysis, as everywhere else.
import type { Node } from '../../../kube/types.js';
import { isKubeVirtSchedulable } from '../../scheduling/placement.js';
import { nodeName } from './_facts.js';

interface NodeMemo {
  /** Guards against a list that grew after values were memoised. */
  length: number;
  values: Map<string, unknown>;
}

const memos = new WeakMap<readonly Node[], NodeMemo>();

/**
 * `compute()` once per node list and `key`; `key` must spell every other input of `compute`
 * (a node name, a JSON-encoded selector…).
 */
export function memoByNodes<T>(nodes: readonly Node[], key: string, compute: () => T): T {
  let memo = memos.get(nodes);
  if (!memo || memo.length !== nodes.length) {
    memo = { length: nodes.length, values: new Map() };
    memos.set(nodes, memo);
  }
  if (memo.values.has(key)) return memo.values.get(key) as T;
  const value = compute();
  memo.values.set(key, value);
  return value;
}

/**
 * A memo key for a selector or an affinity: its JSON, with `undefined` spelled out (JSON would
 * drop it, and `{a: undefined}` does not select what `{}` selects).
 */
export function memoKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '\u0000undefined' : v)) ?? '';
}

/** The nodes virt-handler serves (`kubevirt.io/schedulable=true`), in list order. */
export function kubeVirtNodes(nodes: readonly Node[]): Node[] {
  return memoByNodes(nodes, 'kubevirt-schedulable', () => nodes.filter(isKubeVirtSchedulable));
}

/** Names of `kubeVirtNodes`, in list order. */
export function kubeVirtNodeNames(nodes: readonly Node[]): string[] {
  return memoByNodes(nodes, 'kubevirt-schedulable-names', () => kubeVirtNodes(nodes).map(nodeName));
}

/** Names of `kubeVirtNodes`, as a set. */
export function kubeVirtNodeNameSet(nodes: readonly Node[]): ReadonlySet<string> {
  return memoByNodes(nodes, 'kubevirt-schedulable-name-set', () => new Set(kubeVirtNodeNames(nodes)));
}

const occurrences = new WeakMap<readonly unknown[], { length: number; counts: Map<unknown, number> }>();

/**
 * How many entries of `list` are not `excluded` (`list.filter((x) => x !== excluded).length`),
 * from a count memoised per list: the rules ask it of the same node lists for every VM.
 */
export function countOtherThan<T>(list: readonly T[], excluded: T | undefined): number {
  let memo = occurrences.get(list);
  if (!memo || memo.length !== list.length) {
    const counts = new Map<unknown, number>();
    for (const x of list) counts.set(x, (counts.get(x) ?? 0) + 1);
    memo = { length: list.length, counts };
    occurrences.set(list, memo);
  }
  return list.length - (memo.counts.get(excluded) ?? 0);
}
