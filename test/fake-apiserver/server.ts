// The fake Kubernetes API server: node:http (or https) on 127.0.0.1 with an ephemeral port.
// Request pipeline, in kube-apiserver order where it matters:
//   record → authenticate (401) → fault → authorize (403) → raw routes → discovery → resources.
// Module is free of vitest imports so benchmarks can bundle it with esbuild.

import { createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { gzipSync } from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ResourceId } from '../../src/kube/resources.js';
import type { KubeObject } from '../../src/kube/types.js';
import { apiGroupDocument, apiGroupList, apiResourceList, apiVersions, versionInfo } from './discovery.js';
import type { FaultTarget } from './faults.js';
import { FaultRegistry } from './faults.js';
import type { LoadOptions } from './fixtures.js';
import { readObjectFiles } from './fixtures.js';
import { writeKubeconfigFile } from './kubeconfig.js';
import { LogStore } from './logs.js';
import type { ResourcePath } from './paths.js';
import { parseResourcePath } from './paths.js';
import type { ApiContext } from './routes.js';
import { handleResource, verbOf } from './routes.js';
import type { KubeStatus } from './status.js';
import { failure, forbidden, genericFailure, pathNotFound, unauthorized } from './status.js';
import { ObjectStore, requireResource } from './store.js';
import type {
  AnyObject,
  ApiVerb,
  FakeApiServerOptions,
  FaultHandle,
  FaultSpec,
  KubeconfigOptions,
  LogSource,
  RequestRecord,
  RouteContext,
  RouteHandler,
} from './types.js';
import type { OpenWatch } from './watch.js';

interface Route {
  method: string;
  pattern: RegExp;
  handler: RouteHandler;
}

/** How the response of the current request must be distorted by a fault. */
interface ResponseShaping {
  truncate: boolean;
  /** A fault that ends a watch stream early (closeWatchAfter*). */
  watchFault?: FaultSpec;
}

const DEFAULT_USER = 'system:serviceaccount:default:default';
/** kube-apiserver gzips a response larger than this when asked (responsewriters' defaultGzipThresholdBytes). */
const GZIP_THRESHOLD_BYTES = 128 * 1024;
/** What the priority-and-fairness filter of a default install reports (global-default schema/level). */
const DEFAULT_APF = { flowSchemaUid: 'd2ba4f7e-fake-flowschema-global-default', priorityLevelUid: '7d1aa5f5-fake-prioritylevel-global-default' };
/** Per response: whether (and above what size) its body may be gzipped. */
const gzipFor = new WeakMap<ServerResponse, number>();

export class FakeApiServer {
  /** Every request received, in arrival order (discovery requests included). */
  readonly requests: RequestRecord[] = [];
  /** Requests being served right now, by verb (list, get, watch, …; `other` for the rest). */
  readonly inFlight: Record<string, number> = {};
  /** The most requests of each verb that were served at once (since the last resetRequests()). */
  readonly peakInFlight: Record<string, number> = {};
  private readonly store: ObjectStore;
  private readonly logStore = new LogStore();
  private readonly faultRegistry = new FaultRegistry();
  private readonly routes: Route[] = [];
  private readonly openWatches = new Set<OpenWatch>();
  private readonly sockets = new Set<Socket>();
  private readonly waiters = new Set<() => void>();
  private readonly now: () => Date;
  private server!: Server;
  port = 0;
  url = '';

  constructor(private readonly opts: FakeApiServerOptions = {}) {
    this.now = opts.now ?? (() => new Date());
    this.store = new ObjectStore(this.now);
    if (opts.objects) this.load(opts.objects);
  }

  /** @internal use startFakeApiServer() */
  async listen(): Promise<this> {
    const handler = (req: IncomingMessage, res: ServerResponse) => void this.handle(req, res);
    const tls = this.opts.tls;
    // As kube-apiserver: ask for a client certificate but let the handshake succeed without a
    // valid one, so that authentication (token, or 401) decides, not a TLS alert.
    const clientAuth = tls?.clientCa ? { ca: tls.clientCa, requestCert: true, rejectUnauthorized: false } : {};
    this.server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert, ...clientAuth }, handler) : createHttpServer(handler);
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.url = `${this.opts.tls ? 'https' : 'http'}://127.0.0.1:${this.port}`;
    return this;
  }

  // ---- state ----

  /** Add or replace objects (kind/apiVersion decide the resource). Emits watch events. */
  load(objects: readonly KubeObject[]): AnyObject[] {
    return objects.map((o) => this.store.upsert(o as AnyObject));
  }

  /** Load YAML/JSON files or directories (multi-document, `kind: List` expanded). */
  loadFiles(paths: string | string[], opts: LoadOptions = {}): AnyObject[] {
    return this.load(readObjectFiles(paths, opts));
  }

  /** Create or replace one object; returns it as stored (uid, resourceVersion filled in). */
  put<T extends KubeObject>(obj: T): T & AnyObject {
    return this.store.upsert(obj as AnyObject) as T & AnyObject;
  }

  /** Read-modify-write helper: mutate the stored object in place, then store it (MODIFIED). */
  modify<T extends KubeObject = AnyObject>(resource: ResourceId | string, namespace: string | undefined, name: string, mutate: (o: T) => void): T {
    const r = requireResource(resource);
    const o = this.store.get(r, namespace, name);
    if (!o) throw new Error(`fake-apiserver: ${r.plural} ${namespace ?? ''}/${name} not found`);
    mutate(o as unknown as T);
    return this.store.upsert(o) as unknown as T;
  }

  remove(resource: ResourceId | string, namespace: string | undefined, name: string): AnyObject | undefined {
    return this.store.remove(requireResource(resource), namespace, name);
  }

  get<T extends KubeObject = AnyObject>(resource: ResourceId | string, namespace: string | undefined, name: string): T | undefined {
    return this.store.get(requireResource(resource), namespace, name) as T | undefined;
  }

  /** Stored objects of a resource, optionally in one namespace, in server list order. */
  objects<T extends KubeObject = AnyObject>(resource: ResourceId | string, namespace?: string): T[] {
    return this.store.list(requireResource(resource), namespace).map((e) => e.object as unknown as T);
  }

  /** Drop all objects and logs (no watch events); faults, routes and requests stay. */
  reset(): void {
    this.store.clear();
    this.logStore.clear();
  }

  setLog(namespace: string, pod: string, container: string, text: LogSource): void {
    this.logStore.set(namespace, pod, container, text);
  }

  get resourceVersion(): string {
    return String(this.store.resourceVersion);
  }

  // ---- requests, faults, routes ----

  resetRequests(): void {
    this.requests.length = 0;
    for (const verb of Object.keys(this.peakInFlight)) this.peakInFlight[verb] = this.inFlight[verb] ?? 0;
  }

  fault(spec: FaultSpec): FaultHandle {
    return this.faultRegistry.add(spec);
  }

  clearFaults(): void {
    this.faultRegistry.clear();
  }

  /** Serve `method` (or '*') on paths matching `pattern` before the built-in handlers. Returns an unregister function. */
  route(method: string, pattern: RegExp, handler: RouteHandler): () => void {
    const r: Route = { method: method.toUpperCase(), pattern, handler };
    this.routes.unshift(r); // newest first, so a test can override an earlier route
    return () => {
      const i = this.routes.indexOf(r);
      if (i >= 0) this.routes.splice(i, 1);
    };
  }

  /** Number of watch (and log follow) streams currently open. */
  get watchCount(): number {
    return this.openWatches.size;
  }

  /** End every open watch stream cleanly, as an apiserver restart or timeout would. */
  closeWatches(): void {
    for (const w of [...this.openWatches]) w.end();
  }

  /** Resolve once `predicate` holds (checked after every request and watch change). */
  waitFor(predicate: (s: this) => boolean, timeoutMs = 5000): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this)) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`fake-apiserver: waitFor timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  writeKubeconfig(dir: string, opts: KubeconfigOptions = {}): string {
    const ca = this.opts.tls?.ca;
    const caData = ca ? Buffer.from(ca).toString('base64') : undefined;
    return writeKubeconfigFile(dir, this.url, { ...opts, ...(caData ? { caData } : {}) });
  }

  async close(): Promise<void> {
    this.closeWatches();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
      for (const s of this.sockets) s.destroy();
    });
  }

  // ---- request pipeline ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: RequestRecord = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      time: Date.now(),
      ...(req.headers.accept ? { accept: req.headers.accept } : {}),
      ...(req.headers['content-type'] ? { contentType: req.headers['content-type'] } : {}),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      ...(req.headers['accept-encoding'] ? { acceptEncoding: String(req.headers['accept-encoding']) } : {}),
    };
    this.requests.push(record);
    this.countBytes(res, record);
    const parsedPath = parseResourcePath(url.pathname);
    const verb = (parsedPath.kind === 'resource' ? verbOf(req.method ?? 'GET', parsedPath.target, url.searchParams) : undefined) ?? 'other';
    this.inFlight[verb] = (this.inFlight[verb] ?? 0) + 1;
    this.peakInFlight[verb] = Math.max(this.peakInFlight[verb] ?? 0, this.inFlight[verb]!);
    let counted = true;
    const finish = () => {
      if (counted) {
        counted = false;
        this.inFlight[verb] = (this.inFlight[verb] ?? 1) - 1;
      }
      if (res.headersSent) {
        record.status = res.statusCode;
        const encoding = res.getHeader('content-encoding');
        if (encoding) record.contentEncoding = String(encoding);
      }
      this.notify();
    };
    res.on('finish', finish);
    res.on('close', finish);
    const apf = this.opts.apf === undefined ? DEFAULT_APF : this.opts.apf;
    if (apf) {
      res.setHeader('X-Kubernetes-PF-FlowSchema-UID', apf.flowSchemaUid);
      res.setHeader('X-Kubernetes-PF-PriorityLevel-UID', apf.priorityLevelUid);
    }
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) gzipFor.set(res, this.opts.gzipThresholdBytes ?? GZIP_THRESHOLD_BYTES);
    try {
      const body = await readBody(req);
      await this.pipeline(req, res, url, body, record);
      if (res.headersSent) record.status = res.statusCode;
      this.notify();
    } catch (e) {
      if (!res.headersSent) {
        sendJson(res, 500, genericFailure(500), false);
      } else res.destroy();
      // Surface handler bugs in the test output instead of hiding them behind a 500.
      console.error('fake-apiserver: handler error', e);
    }
  }

  /** Adds the bytes of the response body, as sent (after any compression), to `record.bytes`. */
  private countBytes(res: ServerResponse, record: RequestRecord): void {
    record.bytes = 0;
    const size = (chunk: unknown, encoding?: unknown) =>
      typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? chunk.byteLength : 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      record.bytes! += size(args[0], args[1]);
      return write(...args);
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== 'function') record.bytes! += size(args[0], args[1]);
      return end(...args);
    }) as typeof res.end;
  }

  /** kube-apiserver's order: a verified client certificate, then a bearer token; else 401. */
  private authenticate(req: IncomingMessage): { user: string; groups: string[] } | undefined {
    const certAuth = Boolean(this.opts.tls?.clientCa);
    if (certAuth) {
      const identity = certificateIdentity(req.socket as TLSSocket);
      if (identity) return identity;
    }
    if (this.opts.tokens) {
      const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
      const user = m ? this.opts.tokens[m[1]!.trim()] : undefined;
      return user === undefined ? undefined : { user, groups: [] };
    }
    return certAuth ? undefined : { user: this.opts.defaultUser ?? DEFAULT_USER, groups: [] };
  }

  private async pipeline(req: IncomingMessage, res: ServerResponse, url: URL, body: Buffer, record: RequestRecord): Promise<void> {
    const method = req.method ?? 'GET';
    const identity = this.authenticate(req);
    if (identity === undefined) return sendJson(res, 401, unauthorized(), false);
    const { user, groups } = identity;
    record.user = user;
    if (groups.length) record.groups = groups;

    const parsed = parseResourcePath(url.pathname);
    const target = parsed.kind === 'resource' ? parsed.target : undefined;
    const verb = target ? verbOf(method, target, url.searchParams) : undefined;
    const faultTarget: FaultTarget = {
      method,
      path: url.pathname,
      ...(verb ? { verb: target?.subresource === 'log' ? 'log' : verb } : {}),
      ...(target
        ? { resource: target.resource, subresource: target.subresource, namespace: target.namespace, name: target.name }
        : {}),
    };

    const fault = this.faultRegistry.take(faultTarget, url.searchParams);
    if (fault) record.faulted = true;
    const shaping = fault ? await this.applyFault(fault, req, res, user, target, verb) : { truncate: false };
    if (shaping === 'answered') return;

    if (target && verb && this.opts.authorize) {
      const resource = target.subresource ? `${target.resource.plural}/${target.subresource}` : target.resource.plural;
      const attrs = {
        userGroups: groups,
        group: target.resource.group,
        resource: target.resource.plural,
        ...(target.subresource ? { subresource: target.subresource } : {}),
        ...(target.name ? { name: target.name } : {}),
      };
      if (!this.opts.authorize(user, verb, resource, target.namespace, attrs)) {
        return sendJson(res, 403, forbiddenFor(user, verb, target), false);
      }
    }

    for (const r of this.routes) {
      if (r.method !== '*' && r.method !== method) continue;
      r.pattern.lastIndex = 0;
      const match = r.pattern.exec(url.pathname);
      if (!match) continue;
      await r.handler(routeContext(req, res, url, match, body, user, shaping));
      return;
    }

    if (method === 'GET' && this.serveDiscovery(res, url.pathname, shaping)) return;

    if (!target || !verb) {
      if (parsed.kind === 'unknown-resource') return sendJson(res, 404, pathNotFound(), shaping.truncate);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('404 page not found\n');
      return;
    }

    const ctx: ApiContext = {
      req,
      res,
      url,
      body,
      target,
      verb,
      store: this.store,
      logs: this.logStore,
      now: this.now,
      honourFinalizers: this.opts.honourFinalizers ?? false,
      ...(shaping.watchFault ? { watchFault: shaping.watchFault } : {}),
      trackWatch: (w) => {
        this.openWatches.add(w);
        this.notify();
        res.on('close', () => {
          this.openWatches.delete(w);
          this.notify();
        });
      },
      send: (status, b) => sendJson(res, status, b, shaping.truncate),
      sendJsonText: (status, text) => sendBody(res, status, 'application/json', text, shaping.truncate),
      sendText: (status, text) => sendBody(res, status, 'text/plain', text, shaping.truncate),
      sendStatus: (s) => sendJson(res, s.code, s, shaping.truncate),
    };
    await handleResource(ctx);
  }

  /**
   * Carry out a fault: answer or drop the request here ('answered'), or return how the normal
   * response must be shaped (truncated body, a watch that closes early).
   */
  private async applyFault(
    fault: FaultSpec,
    req: IncomingMessage,
    res: ServerResponse,
    user: string,
    target: ResourcePath | undefined,
    verb: ApiVerb | undefined,
  ): Promise<ResponseShaping | 'answered'> {
    if (fault.delayMs) await sleep(fault.delayMs);
    if (verb === 'watch' && (fault.closeWatchAfterEvents !== undefined || fault.closeWatchAfterMs !== undefined)) {
      return { truncate: false, watchFault: fault };
    }
    if (fault.drop) {
      req.socket.destroy();
      return 'answered';
    }
    if (fault.endless) {
      streamEndless(res, fault.endless);
      return 'answered';
    }
    if (fault.stall === 'headers') return 'answered'; // never a byte: the client's deadline must end it
    if (fault.stall === 'body') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
      return 'answered';
    }
    if (fault.status === 410 && verb === 'watch') {
      // An expired resourceVersion reaches watchers as an ERROR event on a 200 stream.
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const status = failure(410, 'Expired', fault.message ?? `too old resource version: 1 (${this.store.resourceVersion})`);
      res.end(`${JSON.stringify({ type: 'ERROR', object: status })}\n`);
      return 'answered';
    }
    if (fault.status !== undefined) {
      sendJson(res, fault.status, this.faultStatus(fault, user, target, verb), false, fault.retryAfterSeconds);
      return 'answered';
    }
    if (fault.invalidJson) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"kind": "Status", this is not JSON <html>');
      return 'answered';
    }
    return { truncate: fault.truncateBody === true };
  }

  private faultStatus(f: FaultSpec, user: string, target: ResourcePath | undefined, verb: ApiVerb | undefined): KubeStatus {
    let s: KubeStatus;
    if (f.status === 403 && target && verb) s = forbiddenFor(f.user ?? user, verb, target);
    else if (f.status === 401) s = unauthorized();
    else s = genericFailure(f.status!, f.retryAfterSeconds);
    if (f.message !== undefined) s.message = f.message;
    return s;
  }

  private serveDiscovery(res: ServerResponse, path: string, shaping: ResponseShaping): boolean {
    const p = path.replace(/\/+$/, '') || '/';
    let doc: unknown;
    if (p === '/version') doc = versionInfo(this.opts.gitVersion ?? 'v1.32.4');
    else if (p === '/api') doc = apiVersions(`127.0.0.1:${this.port}`);
    else if (p === '/apis') doc = apiGroupList();
    else {
      const m = /^\/(?:api\/(v1)|apis\/([^/]+)(?:\/([^/]+))?)$/.exec(p);
      if (!m) return false;
      if (m[1]) doc = apiResourceList('', m[1]);
      else if (m[3]) doc = apiResourceList(m[2]!, m[3]);
      else doc = apiGroupDocument(m[2]!);
      if (doc === undefined) {
        sendJson(res, 404, pathNotFound(), false);
        return true;
      }
    }
    // Plain application/json even when aggregated discovery was asked for: clients fall back.
    sendJson(res, 200, doc, shaping.truncate);
    return true;
  }
}

/** kube-apiserver's x509 authenticator: Subject CN is the user name, each O a group. */
function certificateIdentity(socket: TLSSocket): { user: string; groups: string[] } | undefined {
  if (!socket.authorized) return undefined;
  const subject = socket.getPeerCertificate().subject;
  // node gives a repeated attribute (several O) as an array.
  const values = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  const user = values(subject?.CN)[0];
  return user ? { user, groups: values(subject?.O) } : undefined;
}

function forbiddenFor(user: string, verb: ApiVerb, t: ResourcePath): KubeStatus {
  return forbidden({
    user,
    verb,
    group: t.resource.group,
    resource: t.resource.plural,
    ...(t.subresource ? { subresource: t.subresource } : {}),
    ...(t.namespace ? { namespace: t.namespace } : {}),
    ...(t.name ? { name: t.name } : {}),
  });
}

function routeContext(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  match: RegExpExecArray,
  body: Buffer,
  user: string,
  shaping: ResponseShaping,
): RouteContext {
  return {
    req,
    res,
    url,
    match,
    body,
    user,
    json: (status, b) => sendJson(res, status, b, shaping.truncate),
    text: (status, text, contentType = 'text/plain; charset=utf-8') => sendBody(res, status, contentType, text, shaping.truncate),
    status: (code, reason, message) =>
      sendJson(res, code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code }, shaping.truncate),
  };
}

function sendBody(res: ServerResponse, status: number, contentType: string, text: string, truncate: boolean): void {
  let buf = Buffer.from(text, 'utf8');
  const threshold = gzipFor.get(res);
  const gzip = threshold !== undefined && buf.length > threshold;
  if (gzip) buf = gzipSync(buf);
  if (truncate) buf = buf.subarray(0, Math.floor(buf.length / 2));
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': buf.length, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) });
  res.end(buf);
}

function sendJson(res: ServerResponse, status: number, body: unknown, truncate: boolean, retryAfterSeconds?: number): void {
  if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
  sendBody(res, status, 'application/json', JSON.stringify(body), truncate);
}

/** `head`, then `unit` repeated, honouring back-pressure, until the client closes. */
function streamEndless(res: ServerResponse, e: NonNullable<FaultSpec['endless']>): void {
  res.writeHead(200, { 'Content-Type': e.contentType ?? 'application/json' });
  if (e.head) res.write(e.head);
  const chunk = Buffer.from(e.unit.repeat(Math.max(1, Math.ceil(65536 / e.unit.length))));
  const pump = () => {
    while (!res.destroyed && !res.writableEnded) if (!res.write(chunk)) return void res.once('drain', pump);
  };
  res.on('error', () => undefined);
  pump();
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Start a fake API server on 127.0.0.1 with an ephemeral port. */
export async function startFakeApiServer(opts: FakeApiServerOptions = {}): Promise<FakeApiServer> {
  return new FakeApiServer(opts).listen();
}
