// Typed reads of the args the target-pod checks return (target-pod-scheduling, storage-visibility,
// target-pod-readiness, handoff), and the per-node list they share.
import type { ArgRecord, ArgValue, PlacementReason } from '../../analyze/why/check.js';
import { placementReasonText } from '../why-placement.js';

export function str(v: ArgValue | undefined, fallback = ''): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
}

export function num(v: ArgValue | undefined): number | undefined {
  return typeof v === 'number' ? v : undefined;
}

export function strs(v: ArgValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function recs(v: ArgValue | undefined): ArgRecord[] {
  return Array.isArray(v) ? v.filter((x): x is ArgRecord => typeof x === 'object' && x !== null) : [];
}

export function rec(v: ArgValue | undefined): ArgRecord | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

/** `a, b and 3 more` */
export function list(items: readonly string[], max = 3): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** `node-b: missing label …, taint …; node-c: …` from `args.nodes` ({name, reasons: PlacementReason[]}). */
export function nodeReasons(nodes: ArgValue | undefined, maxNodes = 3, maxReasons = 3): string {
  const all = recs(nodes);
  const parts = all.slice(0, maxNodes).map((n) => {
    // The checks put PlacementReason values here (check.ts); the records are read back as such.
    const reasons = recs(n.reasons) as unknown as PlacementReason[];
    return `${str(n.name)}: ${list(reasons.map(placementReasonText), maxReasons)}`;
  });
  if (all.length > maxNodes) parts.push(`${all.length - maxNodes} more node(s)`);
  return parts.join('; ');
}

/** Seconds as `45s`, `4m30s`, `1h2m`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? `${s % 60}s` : ''}`;
  return `${Math.floor(s / 3600)}h${Math.floor((s % 3600) / 60) ? `${Math.floor((s % 3600) / 60)}m` : ''}`;
}
