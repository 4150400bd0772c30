// The one interface every command reads the cluster through. Two implementations: the live
// API server (src/collect/live) and an offline snapshot (src/collect/snapshot).
import type { KubeObject } from '../kube/types.js';
import type { ResourceId } from '../kube/resources.js';
import type { ComponentLog, GatherError } from '../kube/known.js';

export interface ListOptions {
  /** undefined = all namespaces (or a cluster-scoped resource). */
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /**
   * Live: applied to each item as its page arrives, keeping what it returns (undefined drops the
   * item), so a caller that needs a part of a large list never holds all of it. A source may
   * skip it (the snapshot's objects are in memory anyway): callers must cope with whole items.
   */
  select?: (item: KubeObject) => KubeObject | undefined;
  /**
   * Live: items per page (`limit`) instead of the source's (500). A page is parsed whole before
   * `select` keeps its part: smaller pages of a list mostly dropped hold less at a time.
   */
  pageSize?: number;
  /**
   * At most this many items: one request with `limit`, no further pages (a probe such as "does
   * any node besides the source match this selector?"). The snapshot answers the first ones too.
   */
  limit?: number;
}

export interface LogOptions {
  container: string;
  /** Bounded tail: never read a whole log. */
  tailLines: number;
  limitBytes?: number;
}

export interface ClusterSource {
  readonly kind: 'live' | 'snapshot';
  /** "Now" for ages and timeouts: the wall clock live, the snapshot's own time offline. */
  now(): Date;
  /** The namespace commands default to (kubeconfig context, else `default`). */
  defaultNamespace(): string;
  /** undefined when the object does not exist (404). Other failures throw SourceError. */
  get<T extends KubeObject = KubeObject>(resource: ResourceId, namespace: string | undefined, name: string): Promise<T | undefined>;
  /** Every page, in order. Throws SourceError (e.g. Forbidden) on failure. */
  list<T extends KubeObject = KubeObject>(resource: ResourceId, opts?: ListOptions): Promise<T[]>;
  /** undefined when the log does not exist. */
  podLog(namespace: string, pod: string, opts: LogOptions): Promise<string | undefined>;
  /**
   * Snapshot only: whether the snapshot holds objects of this kind at all, so that "none in
   * the dump" (checks `unknown`) is told apart from "none in the cluster". Live: absent.
   */
  has?(resource: ResourceId): boolean;
  /**
   * Snapshot only: bounded tails of the component logs the snapshot holds (virt-controller first,
   * then virt-handler and CNI daemons), for `why` to find lines about one migration. Live: absent —
   * reading them would cost requests (and RBAC) beyond `why`'s budget.
   */
  componentLogs?(): Promise<ComponentLog[]>;
  /**
   * Snapshot only: the files inside its directories that could not be read (malformed, binary,
   * too large), each skipped; commands add them to their errors[]. Live: absent.
   */
  inputErrors?(): readonly GatherError[];
  /**
   * Live only: GET of any API path as text (e.g. the pod proxy to virt-handler's /metrics);
   * undefined on 404. A snapshot has none.
   */
  rawGet?(path: string): Promise<string | undefined>;
  /** Releases sockets and timers. */
  close(): Promise<void>;
}

/** Mutations: only the live source has them. */
export interface MutableClusterSource extends ClusterSource {
  create<T extends KubeObject>(resource: ResourceId, namespace: string, body: T, opts?: { dryRun?: boolean }): Promise<T>;
  delete(resource: ResourceId, namespace: string, name: string, opts: { uid: string; dryRun?: boolean }): Promise<void>;
}

export type SourceErrorKind =
  | 'NotFound'
  | 'Forbidden'
  | 'Unauthorized'
  | 'Conflict'
  | 'TooManyRequests'
  | 'ServerError'
  | 'BadRequest'
  | 'Connection'
  | 'Timeout'
  | 'InvalidResponse'
  | 'Config'
  | 'InvalidInput';

/**
 * A failure to read or write the cluster (or snapshot). `message` is already the one line a
 * kubectl user expects, e.g. `Error from server (Forbidden): nodes is forbidden: ...`.
 */
export class SourceError extends Error {
  constructor(
    readonly kindOf: SourceErrorKind,
    message: string,
    /** The resource it concerns, e.g. `nodes`, `virtualmachineinstances.kubevirt.io`. */
    readonly resource?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
