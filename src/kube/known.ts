// What a read of the cluster yields when parts of it may fail: collect produces these, analyze
// reads them, render reports them. A leaf, so that no layer has to import another for them.

/** A collection that may have been unreadable: `undefined` items means "unknown, see reason". */
export type Known<T> = { ok: true; items: T[] } | { ok: false; reason: string };

export function known<T>(items: T[]): Known<T> {
  return { ok: true, items };
}
export function unknownList<T>(reason: string): Known<T> {
  return { ok: false, reason };
}

/** A partial failure, as reported in every document's `errors[]`. */
export interface GatherError {
  /** In a fleet (--contexts): the context of the cluster it comes from. */
  cluster?: string;
  resource: string;
  message: string;
}

/**
 * virt-handler's /metrics page on the source node, read through the API server's pod proxy
 * (src/collect/handler-metrics.ts), or why it was not read. `readAt`: RFC 3339, dates points
 * without a timestamp.
 */
export type HandlerMetrics =
  | { ok: true; pod: string; namespace: string; node: string; text: string; readAt: string }
  | { ok: false; reason: string };

/** A log of a cluster component (virt-controller, virt-handler, a CNI daemon) a snapshot holds. */
export interface ComponentLog {
  pod: string;
  container?: string;
  namespace?: string;
  /** A bounded tail. */
  text: string;
}
