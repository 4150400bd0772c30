// What the prose of the target-pod checks shares (target-pod-scheduling, storage-visibility,
// target-pod-readiness, handoff): short lists, the per-node reasons, durations.
import type { BlockedNode } from '../../analyze/why/check-args/target-pod-scheduling.js';
import { placementReasonText } from '../why-placement.js';

/** `a, b and 3 more` */
export function list(items: readonly string[], max = 3): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** `node-b: missing label …, taint …; node-c: …` from target-pod-scheduling's blocked nodes. */
export function nodeReasons(all: readonly BlockedNode[], maxNodes = 3, maxReasons = 3): string {
  const parts = all.slice(0, maxNodes).map((n) => `${n.name}: ${list(n.reasons.map(placementReasonText), maxReasons)}`);
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
