// Kubernetes timestamps as numbers, for ordering and ages. Every layer reads them.
import type { KubeEvent, KubeObject } from './types.js';

/**
 * Milliseconds of an RFC 3339 time; 0 ("unknown") when absent or malformed (`not-a-date`, a
 * number, which Date.parse would read as a year) and for Go's zero time, 0001-01-01 ("never").
 */
export function time(t: unknown): number {
  const v = typeof t === 'string' && /^\d{4}-\d{2}-\d{2}[Tt]/.test(t) ? Date.parse(t) : NaN;
  return Number.isNaN(v) || v < 0 ? 0 : v;
}

/** The timestamp as written when it is a known time (see `time`), else undefined: what documents print. */
export function knownTime(t: string | undefined): string | undefined {
  return t !== undefined && time(t) > 0 ? t : undefined;
}

/** When an event last happened, across the core/v1 and events.k8s.io shapes. */
export function eventTime(e: KubeEvent): string | undefined {
  return e.lastTimestamp ?? e.series?.lastObservedTime ?? e.eventTime ?? e.firstTimestamp ?? e.metadata.creationTimestamp ?? undefined;
}

export function newestFirst<T extends KubeObject>(objs: T[]): T[] {
  return [...objs].sort((a, b) => time(b.metadata.creationTimestamp) - time(a.metadata.creationTimestamp) || (b.metadata.name ?? '').localeCompare(a.metadata.name ?? ''));
}
