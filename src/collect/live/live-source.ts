// The live ClusterSource: generic REST over the resource table. Reads return undefined for 404
// where the interface says so; everything else that is not 2xx becomes a kubectl-style
// SourceError. Retries live in the HTTP client and apply to GETs only.
import { RESOURCES, apiVersionOf, qualifiedName, type ResourceId } from '../../kube/resources.js';
import type { KubeObject } from '../../kube/types.js';
import { SourceError, type ListOptions, type LogOptions, type MutableClusterSource } from '../source.js';
import { DEFAULT_LOG_BYTES, MAX_LIST_PAGE_BYTES, MAX_OBJECT_BYTES, MAX_TEXT_BYTES, MAX_UNPAGED_LIST_BYTES } from './body-limits.js';
import { errorFromResponse, invalidResponse, type Operation } from './errors.js';
import { safeJsonMessage } from '../parse-messages.js';
import type { BodyRead, HttpClient, HttpResponse } from './http-client.js';
import { listPlan, parseServerVersion } from './list-cache.js';
import type { RequestStats } from './request-stats.js';
import { collectionPath, objectPath, podLogPath, withQuery } from './paths.js';
import { fillTypeMeta, withTypeMeta } from './type-meta.js';
import { watchResource, type WatchEnd, type WatchEvent, type WatchOptions } from './watch.js';

export interface LiveSourceSettings {
  defaultNamespace: string;
  /** `limit` per list page (kubectl's --chunk-size). */
  pageSize: number;
  /** `--cache-ok`: lists may come from the watch cache (resourceVersion=0) where pages would not. */
  cacheOk: boolean;
  stats: RequestStats;
  /** How long past timeoutSeconds a watch may stay open (tests shorten it). */
  watchGraceMs?: number;
  log?: (line: string) => void;
}

/** A paged list whose continue token keeps expiring (410) is started over at most this often. */
const MAX_LIST_RESTARTS = 2;

const OBJECT_READ: BodyRead = { kind: 'text', maxBytes: MAX_OBJECT_BYTES, what: 'the object' };

interface ListBody<T> {
  metadata?: { continue?: string; resourceVersion?: string };
  items?: T[] | null;
}

export class LiveSource implements MutableClusterSource {
  readonly kind = 'live' as const;
  private readonly watches = new Set<AbortController>();
  /** Decided once, before the first list (it may read /version). */
  private plan: Promise<{ resourceVersion0: boolean }> | undefined;

  constructor(
    private readonly client: HttpClient,
    private readonly settings: LiveSourceSettings,
    private readonly onClose: () => void,
  ) {}

  now(): Date {
    return new Date();
  }

  defaultNamespace(): string {
    return this.settings.defaultNamespace;
  }

  /** A namespaced resource read with no namespace uses the default namespace, as kubectl get does. */
  async get<T extends KubeObject = KubeObject>(resource: ResourceId, namespace: string | undefined, name: string): Promise<T | undefined> {
    const r = RESOURCES[resource];
    const ns = r.namespaced ? (namespace ?? this.defaultNamespace()) : undefined;
    const op: Operation = { verb: 'get', resource: qualifiedName(r), name };
    const res = await this.client.request({ method: 'GET', path: objectPath(r, ns, name), op, read: OBJECT_READ });
    if (res.status === 404) return undefined;
    return withTypeMeta(parseObject<T>(expectOk(res, op), op), r);
  }

  async list<T extends KubeObject = KubeObject>(resource: ResourceId, opts: ListOptions = {}): Promise<T[]> {
    return (await this.listWithResourceVersion<T>(resource, opts)).items;
  }

  /**
   * Every page, plus the list's resourceVersion to start a watch from (what `--wait` needs to
   * miss no event between listing and watching). `timeoutMs` overrides --request-timeout per page.
   */
  async listWithResourceVersion<T extends KubeObject = KubeObject>(
    resource: ResourceId,
    opts: ListOptions = {},
    { timeoutMs }: { timeoutMs?: number } = {},
  ): Promise<{ items: T[]; resourceVersion?: string }> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'list', resource: qualifiedName(r) };
    const { resourceVersion0 } = await (this.plan ??= this.decidePlan());
    const keep = (raw: unknown) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
      // Typed in place, not copied, and without the managedFields no analyzer reads (as the
      // snapshot source drops them too).
      const typed = dropManagedFields(fillTypeMeta(raw as T, r));
      return opts.select ? opts.select(typed) : typed;
    };
    const items: T[] = [];
    let token: string | undefined;
    let restarts = 0;
    for (;;) {
      // A continuation carries no resourceVersion: the token holds it. A probe of a few items
      // (`limit`) asks the paged server: the cache would ignore the limit and send everything.
      const fromCache = resourceVersion0 && token === undefined && opts.limit === undefined;
      const path = withQuery(collectionPath(r, opts.namespace), {
        labelSelector: opts.labelSelector,
        fieldSelector: opts.fieldSelector,
        limit: opts.limit ?? opts.pageSize ?? this.settings.pageSize,
        continue: token,
        resourceVersion: fromCache ? '0' : undefined,
      });
      // From the watch cache the limit is ignored and the whole list comes in one response.
      const read: BodyRead = fromCache
        ? { kind: 'list', maxBytes: MAX_UNPAGED_LIST_BYTES, maxItemBytes: MAX_OBJECT_BYTES, what: 'the list', keep }
        : { kind: 'list', maxBytes: MAX_LIST_PAGE_BYTES, maxItemBytes: MAX_OBJECT_BYTES, what: 'one page', keep };
      const res = await this.client.request({ method: 'GET', path, op, read, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
      if (res.status === 410 && token !== undefined && restarts < MAX_LIST_RESTARTS) {
        // The continue token expired (etcd compacted it during a long list): start over, in pages
        // again (client-go's pager would fall back to one unpaged list, which no cap could bound).
        restarts += 1;
        this.settings.log?.(`list of ${op.resource} expired mid-way (410 Expired); listing again from the start (restart ${restarts} of ${MAX_LIST_RESTARTS})`);
        items.length = 0;
        token = undefined;
        continue;
      }
      const page = parseObject<ListBody<T>>(expectOk(res, op), op);
      // `items: null` is how some aggregated APIs say "empty"; a missing array is not a list.
      if (page.items !== null && !Array.isArray(page.items)) throw invalidResponse(op, 'the list has no "items" array', res.status);
      for (const item of (res.items ?? []) as T[]) items.push(item);
      // A body whose `items` key the stream did not recognise (spelt with escapes) still counts.
      for (const raw of page.items ?? []) {
        const kept = keep(raw);
        if (kept) items.push(kept as T);
      }
      const resourceVersion = page.metadata?.resourceVersion;
      const next = page.metadata?.continue || undefined;
      if (next !== undefined && next === token) throw invalidResponse(op, 'the server repeated the same continue token', res.status);
      token = next;
      if (token === undefined || opts.limit !== undefined) return { items, resourceVersion };
    }
  }

  /** With -v or --cache-ok, the server's version decides where lists come from; -v says which. */
  private async decidePlan(): Promise<{ resourceVersion0: boolean }> {
    if (!this.settings.cacheOk && !this.settings.log) return { resourceVersion0: false };
    let version;
    try {
      const res = await this.client.request({ method: 'GET', path: '/version', op: { verb: 'get', resource: '/version' }, read: OBJECT_READ });
      if (res.status === 200) version = parseServerVersion(JSON.parse(res.body));
    } catch {
      // Unknown version: the plan says so.
    }
    const plan = listPlan(version, this.settings.cacheOk);
    this.settings.log?.(`Lists: ${plan.note}`);
    return plan;
  }

  async podLog(namespace: string, pod: string, opts: LogOptions): Promise<string | undefined> {
    const op: Operation = { verb: 'get', resource: 'pods', subresource: 'log', name: pod };
    const limitBytes = opts.limitBytes ?? DEFAULT_LOG_BYTES;
    const path = withQuery(podLogPath(namespace, pod), {
      container: opts.container,
      tailLines: opts.tailLines,
      limitBytes,
    });
    // The kubelet stops at limitBytes; a server that sends more ignored it, and is not believed.
    const read: BodyRead = { kind: 'text', maxBytes: limitBytes, what: 'the log', note: 'the limitBytes asked for: the server ignored it' };
    const res = await this.client.request({ method: 'GET', path, op, accept: 'text/plain, */*', read });
    if (res.status === 404) return undefined;
    return expectOk(res, op).body;
  }

  async create<T extends KubeObject>(resource: ResourceId, namespace: string, body: T, opts: { dryRun?: boolean } = {}): Promise<T> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'create', resource: qualifiedName(r), name: body.metadata?.name ?? body.metadata?.generateName };
    const path = withQuery(collectionPath(r, namespace), { dryRun: opts.dryRun ? 'All' : undefined });
    // The server rejects an object without apiVersion/kind; the resource id already says them.
    const payload = { ...body, apiVersion: body.apiVersion ?? apiVersionOf(r), kind: body.kind ?? r.kind };
    const res = await this.client.request({ method: 'POST', path, op, body: payload, read: OBJECT_READ });
    return withTypeMeta(parseObject<T>(expectOk(res, op), op), r);
  }

  /** Deletes exactly the object with this uid: a precondition, so a re-created namesake survives. */
  async delete(resource: ResourceId, namespace: string, name: string, opts: { uid: string; dryRun?: boolean }): Promise<void> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'delete', resource: qualifiedName(r), name };
    const path = withQuery(objectPath(r, namespace, name), { dryRun: opts.dryRun ? 'All' : undefined });
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: opts.uid } };
    expectOk(await this.client.request({ method: 'DELETE', path, op, body, read: OBJECT_READ }), op);
  }

  /** Streams watch events until the server closes the stream or `signal` fires. Not retried. */
  async watch<T extends KubeObject = KubeObject>(
    resource: ResourceId,
    opts: WatchOptions,
    onEvent: (event: WatchEvent<T>) => void | Promise<void>,
    signal?: AbortSignal,
  ): Promise<WatchEnd> {
    // Our own controller too, so close() can end watches that are still open.
    const own = new AbortController();
    const combined = signal ? AbortSignal.any([signal, own.signal]) : own.signal;
    this.watches.add(own);
    try {
      return await watchResource(this.client, RESOURCES[resource], opts, onEvent, combined, this.settings.watchGraceMs);
    } finally {
      this.watches.delete(own);
    }
  }

  /**
   * GET of any API path (e.g. a pod proxy `/api/v1/namespaces/NS/pods/https:POD:8443/proxy/metrics`),
   * as text. undefined on 404; retried like every read.
   */
  async rawGet(path: string): Promise<string | undefined> {
    if (!path.startsWith('/')) throw new SourceError('InvalidInput', `error: an API path must start with "/": ${path}`);
    const op: Operation = { verb: 'get', resource: path.split('?')[0] ?? path };
    const res = await this.client.request({ method: 'GET', path, op, accept: '*/*', read: { kind: 'text', maxBytes: MAX_TEXT_BYTES, what: 'the answer' } });
    if (res.status === 404) return undefined;
    return expectOk(res, op).body;
  }

  /** Ends open watches and releases sockets; with -v, the summary line is the last one. */
  async close(): Promise<void> {
    for (const w of this.watches) w.abort();
    this.watches.clear();
    this.onClose();
    this.settings.log?.(this.settings.stats.summary());
  }
}

/**
 * `metadata.managedFields` (server-side apply bookkeeping) is often a third of an object's bytes
 * on a real cluster: kubectl hides it, nothing here reads it, and a list of 10,000 VMIs should
 * not keep it in memory. (src/collect/snapshot drops it from dumps for the same reason.)
 */
function dropManagedFields<T extends KubeObject>(obj: T): T {
  const meta = obj.metadata as unknown as Record<string, unknown> | undefined;
  if (meta && 'managedFields' in meta) delete meta.managedFields;
  return obj;
}

function expectOk(res: HttpResponse, op: Operation): HttpResponse {
  if (res.status >= 200 && res.status < 300) return res;
  throw errorFromResponse(res.status, res.body, op);
}

function parseObject<T>(res: HttpResponse, op: Operation): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch (err) {
    throw invalidResponse(op, safeJsonMessage(err instanceof Error ? err.message : String(err)), res.status);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidResponse(op, 'expected a JSON object', res.status);
  return parsed as T;
}
