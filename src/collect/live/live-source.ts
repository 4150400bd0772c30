// The live ClusterSource: generic REST over the resource table. Reads return undefined for 404
// where the interface says so; everything else that is not 2xx becomes a kubectl-style
// SourceError. Retries live in the HTTP client and apply to GETs only.
import { RESOURCES, apiVersionOf, qualifiedName, type ResourceId } from '../../kube/resources.js';
import type { KubeObject } from '../../kube/types.js';
import { SourceError, type ListOptions, type LogOptions, type MutableClusterSource } from '../source.js';
import { errorFromResponse, invalidResponse, type Operation } from './errors.js';
import type { HttpClient, HttpResponse } from './http-client.js';
import { collectionPath, objectPath, podLogPath, withQuery } from './paths.js';
import { fillTypeMeta, withTypeMeta } from './type-meta.js';
import { watchResource, type WatchEnd, type WatchEvent, type WatchOptions } from './watch.js';

export interface LiveSourceSettings {
  defaultNamespace: string;
  /** `limit` per list page (kubectl's --chunk-size). */
  pageSize: number;
  log?: (line: string) => void;
}

interface ListBody<T> {
  metadata?: { continue?: string; resourceVersion?: string };
  items?: T[] | null;
}

export class LiveSource implements MutableClusterSource {
  readonly kind = 'live' as const;
  private readonly watches = new Set<AbortController>();

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
    const res = await this.client.request({ method: 'GET', path: objectPath(r, ns, name), op });
    if (res.status === 404) return undefined;
    return withTypeMeta(parseObject<T>(expectOk(res, op), op), r);
  }

  async list<T extends KubeObject = KubeObject>(resource: ResourceId, opts: ListOptions = {}): Promise<T[]> {
    return (await this.listWithResourceVersion<T>(resource, opts)).items;
  }

  /**
   * Every page, plus the list's resourceVersion to start a watch from (what `--wait` needs to
   * miss no event between listing and watching).
   */
  async listWithResourceVersion<T extends KubeObject = KubeObject>(
    resource: ResourceId,
    opts: ListOptions = {},
  ): Promise<{ items: T[]; resourceVersion?: string }> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'list', resource: qualifiedName(r) };
    const items: T[] = [];
    let token: string | undefined;
    let paged = true;
    let resourceVersion: string | undefined;
    for (;;) {
      const path = withQuery(collectionPath(r, opts.namespace), {
        labelSelector: opts.labelSelector,
        fieldSelector: opts.fieldSelector,
        limit: paged ? (opts.limit ?? opts.pageSize ?? this.settings.pageSize) : undefined,
        continue: token,
      });
      const res = await this.client.request({ method: 'GET', path, op });
      if (res.status === 410 && token !== undefined && paged) {
        // The continue token expired (etcd compaction during a long list). As client-go's pager
        // does, start over with one unpaged list rather than fail.
        this.settings.log?.(`list of ${op.resource} expired mid-way (410); listing again without paging`);
        items.length = 0;
        token = undefined;
        paged = false;
        continue;
      }
      const page = parseObject<ListBody<T>>(expectOk(res, op), op);
      // `items: null` is how some aggregated APIs say "empty"; a missing array is not a list.
      if (page.items !== null && !Array.isArray(page.items)) throw invalidResponse(op, 'the list has no "items" array', res.status);
      // The items were parsed from this response: typed in place, not copied, and without the
      // managedFields no analyzer reads (as the snapshot source drops them too).
      for (const item of page.items ?? []) {
        const typed = dropManagedFields(fillTypeMeta(item, r));
        const kept = opts.select ? opts.select(typed) : typed;
        if (kept) items.push(kept as T);
      }
      resourceVersion = page.metadata?.resourceVersion;
      const next = page.metadata?.continue || undefined;
      if (next !== undefined && next === token) throw invalidResponse(op, 'the server repeated the same continue token', res.status);
      token = next;
      if (token === undefined || opts.limit !== undefined) return { items, resourceVersion };
    }
  }

  async podLog(namespace: string, pod: string, opts: LogOptions): Promise<string | undefined> {
    const op: Operation = { verb: 'get', resource: 'pods', subresource: 'log', name: pod };
    const path = withQuery(podLogPath(namespace, pod), {
      container: opts.container,
      tailLines: opts.tailLines,
      limitBytes: opts.limitBytes,
    });
    const res = await this.client.request({ method: 'GET', path, op, accept: 'text/plain, */*' });
    if (res.status === 404) return undefined;
    return expectOk(res, op).body;
  }

  async create<T extends KubeObject>(resource: ResourceId, namespace: string, body: T, opts: { dryRun?: boolean } = {}): Promise<T> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'create', resource: qualifiedName(r), name: body.metadata?.name ?? body.metadata?.generateName };
    const path = withQuery(collectionPath(r, namespace), { dryRun: opts.dryRun ? 'All' : undefined });
    // The server rejects an object without apiVersion/kind; the resource id already says them.
    const payload = { ...body, apiVersion: body.apiVersion ?? apiVersionOf(r), kind: body.kind ?? r.kind };
    const res = await this.client.request({ method: 'POST', path, op, body: payload });
    return withTypeMeta(parseObject<T>(expectOk(res, op), op), r);
  }

  /** Deletes exactly the object with this uid: a precondition, so a re-created namesake survives. */
  async delete(resource: ResourceId, namespace: string, name: string, opts: { uid: string; dryRun?: boolean }): Promise<void> {
    const r = RESOURCES[resource];
    const op: Operation = { verb: 'delete', resource: qualifiedName(r), name };
    const path = withQuery(objectPath(r, namespace, name), { dryRun: opts.dryRun ? 'All' : undefined });
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: opts.uid } };
    expectOk(await this.client.request({ method: 'DELETE', path, op, body }), op);
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
      return await watchResource(this.client, RESOURCES[resource], opts, onEvent, combined);
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
    const res = await this.client.request({ method: 'GET', path, op, accept: '*/*' });
    if (res.status === 404) return undefined;
    return expectOk(res, op).body;
  }

  async close(): Promise<void> {
    for (const w of this.watches) w.abort();
    this.watches.clear();
    this.onClose();
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
    throw invalidResponse(op, err instanceof Error ? err.message : String(err), res.status);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidResponse(op, 'expected a JSON object', res.status);
  return parsed as T;
}
