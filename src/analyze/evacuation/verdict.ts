// The node's verdict (docs/documents.md; the verdict rules of docs/why.md): the cause that holds back the most VMIs. Blocked
// while any VMI is blocked (or a PDB holds a pod of the node), at risk while a migration may
// fail, unknown when a part of the picture could not be read (never a false all-clear),
// progressing while VMIs still leave, succeeded when nothing is left, idle when the node is not
// being evacuated and nothing migrates away from it. Pure.
import type { EvacuationItem, NodeCause } from './item.js';
import type { Blocker } from './blockers.js';

export const NODE_VERDICT_STATUSES = ['succeeded', 'progressing', 'blocked', 'at-risk', 'idle', 'unknown'] as const;
export type NodeVerdictStatus = (typeof NODE_VERDICT_STATUSES)[number];

/** A part of the node view that could not be read, and why. */
export interface UnknownPart {
  part: 'node' | 'vmis' | 'migrations' | 'pods' | 'disruption-budgets' | 'kubevirt';
  reason: string;
}

export interface NodeVerdict {
  status: NodeVerdictStatus;
  cause: NodeCause;
  /** VMIs (or pods, for a PDB on another pod) held back by `cause`. */
  held: number;
  /** Every cause that holds something back, most first. */
  causes: { cause: NodeCause; count: number }[];
  unknown: UnknownPart[];
}

export function nodeVerdict(items: readonly EvacuationItem[], blockers: readonly Blocker[], active: boolean, unknown: UnknownPart[]): NodeVerdict {
  const blocked = items.filter((i) => i.state === 'blocked').map((i) => i.cause);
  blocked.push(...blockers.filter((b) => b.holdsDrain).map((): NodeCause => 'disruption-budget'));
  const atRisk = items.filter((i) => i.state === 'migrating' && i.status === 'at-risk').map((i) => i.cause);
  const waiting = items.filter((i) => i.state === 'waiting').map((i) => i.cause);
  const decide = (status: NodeVerdictStatus, causes: NodeCause[]): NodeVerdict => {
    const ranked = rank(causes);
    const top = ranked[0] ?? { cause: 'none' as NodeCause, count: 0 };
    return { status: status === 'blocked' && top.cause === 'unknown' ? 'unknown' : status, cause: top.cause, held: top.count, causes: ranked, unknown };
  };
  // Without the VMIs or the migrations nothing can be claimed, not even "idle".
  const blind = unknown.some((u) => u.part === 'vmis' || u.part === 'migrations');
  if (blocked.length > 0) return decide('blocked', blocked);
  if (atRisk.length > 0) return decide('at-risk', atRisk);
  if (blind || (active && unknown.length > 0)) return { status: 'unknown', cause: 'unknown', held: 0, causes: [], unknown };
  if (!active) return { status: 'idle', cause: 'no-migration', held: 0, causes: [], unknown };
  const remaining = items.some((i) => i.state === 'migrating' || i.state === 'waiting' || i.state === 'external' || (i.state === 'shutdown' && i.status === 'progressing'));
  if (remaining) return waiting.length > 0 ? decide('progressing', waiting) : { status: 'progressing', cause: 'none', held: 0, causes: [], unknown };
  return { status: 'succeeded', cause: 'none', held: 0, causes: [], unknown };
}

/** Causes by how many they hold, most first; ties in the order first seen. */
function rank(causes: readonly NodeCause[]): { cause: NodeCause; count: number }[] {
  const counts = new Map<NodeCause, number>();
  for (const c of causes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([cause, count]) => ({ cause, count })).sort((a, b) => b.count - a.count);
}
