// One HTTP exchange with the API server over node:http(s), plus the retry loop for reads.
// We do the requests ourselves rather than through client-node's fetch path: that path refuses
// plain-http servers, builds a new agent per call, and hides status and body behind generated
// models. Everything here returns raw status and text; live-source.ts gives it meaning.
//
// Every body is read against a cap (body-limits.ts), after gzip decompression, so neither a
// hostile server nor a huge cluster can grow memory without bound: past the cap the read stops
// and the request fails with one line naming it.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { safeJsonMessage } from '../parse-messages.js';
import { SourceError } from '../source.js';
import { BodyTooLarge, ERROR_BODY_BYTES, ITEM_OVERHEAD_BYTES } from './body-limits.js';
import type { Credentials } from './credentials.js';
import { ClientTimeoutError, errorFromTransport, invalidResponse, responseTooLarge, type Operation } from './errors.js';
import { ItemTooLarge, ListStreamParser } from './list-stream.js';
import { redactUrl } from './redact.js';
import { MAX_LISTS_IN_FLIGHT, Semaphore, type RequestStats } from './request-stats.js';
import { formatDuration } from '../../kube/duration.js';
import { isRetryableStatus, isRetryableTransportError, retryDelayMs, type RetryPolicy } from './retry.js';
import type { Transport } from './transport.js';

/** How a 2xx body is read. Other statuses are read as text up to ERROR_BODY_BYTES. */
export type BodyRead =
  | { kind: 'text'; maxBytes: number; what: string; note?: string }
  /** A list: items are cut out as they arrive and passed through `keep` (undefined drops one). */
  | { kind: 'list'; maxBytes: number; maxItemBytes: number; what: string; keep: (item: unknown) => unknown };

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, relative to the server URL (whose own path prefix, if any, is kept). */
  path: string;
  op: Operation;
  /** JSON-encoded when present. */
  body?: unknown;
  accept?: string;
  read: BodyRead;
  /** Overrides --request-timeout for this request (e.g. --wait's re-lists, which must end). */
  timeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  /** The body; for a list, its skeleton (everything but the items). */
  body: string;
  /** A list's kept items, in order. */
  items?: unknown[];
}

/** A streaming response (watch): headers are in, the body is read by the caller. */
export interface HttpStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Decompressed when the server gzipped it. */
  body: AsyncIterable<Buffer>;
  destroy(): void;
}

export interface HttpClientOptions {
  server: URL;
  credentials: Credentials;
  transport: Transport;
  /** Per request (each attempt, each page); 0 = none. */
  requestTimeoutMs: number;
  retry: RetryPolicy;
  stats: RequestStats;
  /** `Accept-Encoding: gzip` (kubectl's default; the kubeconfig's disable-compression turns it off). */
  compression: boolean;
  /** -v: one line per request, retry and failure. */
  log?: (line: string) => void;
}

export const USER_AGENT = `kubectl-vmigrate (${process.platform}/${process.arch}) node/${process.version}`;

export class HttpClient {
  private readonly listSlots = new Semaphore(MAX_LISTS_IN_FLIGHT);

  constructor(private readonly opts: HttpClientOptions) {}

  get server(): URL {
    return this.opts.server;
  }

  url(path: string): URL {
    // Keep a path prefix in the server URL (e.g. Rancher's /k8s/clusters/ID).
    const base = this.opts.server.pathname.replace(/\/+$/, '');
    return new URL(`${base}${path}`, this.opts.server);
  }

  /**
   * Sends a request and reads the whole body. Any HTTP status is returned; transport failures
   * throw SourceError. GETs are retried on 429/5xx and dropped connections; nothing else is.
   */
  async request(req: HttpRequest): Promise<HttpResponse> {
    const { retry } = this.opts;
    const attempts = req.method === 'GET' ? Math.max(1, retry.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let res: HttpResponse;
      // Each page holds a slot only while it is requested and read, not while it waits to retry.
      const release = req.op.verb === 'list' ? await this.listSlots.acquire() : undefined;
      try {
        res = await this.exchange(req);
      } catch (err) {
        if (err instanceof SourceError) throw err; // credentials, caps: already phrased, never retried
        if (last || !isRetryableTransportError(err)) throw errorFromTransport(err, req.op, this.opts.server);
        release?.();
        await this.backoff(req, attempt, attempts, errorText(err));
        continue;
      } finally {
        release?.();
      }
      if (last || !isRetryableStatus(res.status)) return res;
      const retryAfter = headerValue(res.headers['retry-after']);
      await this.backoff(req, attempt, attempts, `${res.status} ${res.statusText}`, retryAfter);
    }
  }

  /**
   * Opens a streaming GET (watch). Resolves once headers arrive, whatever the status; the request
   * timeout covers only the wait for headers, since a watch is meant to stay open. `signal` ends it.
   */
  async openStream(req: Omit<HttpRequest, 'read'>, signal: AbortSignal): Promise<HttpStream> {
    let res: http.IncomingMessage;
    try {
      res = await this.send(req, signal, true);
    } catch (err) {
      throw err instanceof SourceError ? err : errorFromTransport(err, req.op, this.opts.server);
    }
    try {
      const body = decoded(res, this.opts.stats, req.op);
      return { status: res.statusCode ?? 0, headers: res.headers, body, destroy: () => res.destroy() };
    } catch (err) {
      res.destroy();
      throw err;
    }
  }

  private async backoff(req: HttpRequest, attempt: number, attempts: number, why: string, retryAfter?: string): Promise<void> {
    const delay = retryDelayMs(attempt, this.opts.retry, retryAfter);
    this.opts.log?.(`${req.method} ${redactUrl(this.url(req.path))} failed (${why}); retrying in ${formatDuration(delay)} (attempt ${attempt + 1} of ${attempts})`);
    await this.opts.retry.sleep(delay);
  }

  private async exchange(req: HttpRequest): Promise<HttpResponse> {
    const controller = new AbortController();
    const res = await this.send(req, controller.signal, false);
    const status = res.statusCode ?? 0;
    const statusText = res.statusMessage || http.STATUS_CODES[status] || '';
    try {
      const ok = status >= 200 && status < 300;
      if (ok && req.read.kind === 'list') {
        const { body, items } = await readList(decoded(res, this.opts.stats, req.op), req.read);
        return { status, statusText, headers: res.headers, body, items };
      }
      const max = ok && req.read.kind === 'text' ? req.read.maxBytes : ERROR_BODY_BYTES;
      // An error body past its cap is only cut: its message is what matters.
      const body = await readText(decoded(res, this.opts.stats, req.op), max, ok && req.read.kind === 'text' ? req.read : undefined);
      return { status, statusText, headers: res.headers, body };
    } catch (err) {
      throw bodyError(err, req, status);
    } finally {
      res.destroy();
    }
  }

  /**
   * The request, up to the response headers. A deadline covers the whole exchange, body
   * included, like Go's http.Client.Timeout (what kubectl's --request-timeout sets); a stream's
   * deadline ends with its headers.
   */
  private async send(req: Omit<HttpRequest, 'read'>, signal: AbortSignal, stream: boolean): Promise<http.IncomingMessage> {
    const url = this.url(req.path);
    const creds = await this.opts.credentials.forRequest();
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = {
      Accept: req.accept ?? 'application/json',
      'User-Agent': USER_AGENT,
      ...(this.opts.compression ? { 'Accept-Encoding': 'gzip' } : {}),
      ...creds.headers,
    };
    if (payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(payload));
    }
    const prepared = this.opts.transport.prepare(url, this.opts.credentials.tls(), headers);
    const started = performance.now();
    const elapsed = () => formatDuration(performance.now() - started);
    const shown = redactUrl(url);
    const timeoutMs = req.timeoutMs ?? this.opts.requestTimeoutMs;
    const stats = this.opts.stats;
    stats.begin();

    return new Promise((resolve, reject) => {
      let settled = false;
      let response: http.IncomingMessage | undefined;
      let timer: NodeJS.Timeout | undefined;
      // Set when our deadline fires: the socket error that follows is a consequence, not the cause.
      let timedOut: ClientTimeoutError | undefined;
      const done = () => {
        if (timer) clearTimeout(timer);
        stats.end();
      };
      const fail = (err: unknown) => {
        if (settled) return;
        settled = true;
        done();
        const cause = timedOut ?? err;
        this.opts.log?.(`${req.method} ${shown} failed in ${elapsed()}: ${errorText(cause)}`);
        reject(cause);
      };
      const r = prepared.module.request(url, { ...prepared.options, method: req.method, auth: creds.auth, signal }, (res) => {
        if (settled) return;
        settled = true;
        response = res;
        stats.headers(res.headers);
        const status = res.statusCode ?? 0;
        const statusText = res.statusMessage || http.STATUS_CODES[status] || '';
        this.opts.log?.(`${req.method} ${shown} ${status} ${statusText} in ${elapsed()}${stream ? ' (streaming)' : ''}`);
        if (stream && timer) clearTimeout(timer);
        // A plain request's deadline, and every request's in-flight count, last until the body is read.
        res.once('close', done);
        resolve(res);
      });
      // Stays attached after settling: a stream's later socket errors surface through the
      // response instead, and an error without a listener would crash the process.
      r.on('error', fail);
      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          timedOut = new ClientTimeoutError(timeoutMs);
          (response ?? r).destroy(timedOut);
        }, timeoutMs);
      }
      r.end(payload);
    });
  }
}

/** The body's bytes, gunzipped when the server compressed it; wire and decoded bytes are counted. */
function decoded(res: http.IncomingMessage, stats: RequestStats, op: Operation): AsyncIterable<Buffer> {
  const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
  const counted = async function* (source: AsyncIterable<Buffer>, count: (n: number) => void) {
    for await (const chunk of source) {
      count(chunk.length);
      yield chunk;
    }
  };
  if (encoding === 'identity' || encoding === '') {
    return counted(res, (n) => {
      stats.wireBytes += n;
      stats.bodyBytes += n;
    });
  }
  if (encoding !== 'gzip') {
    throw invalidResponse(op, `unsupported Content-Encoding "${encoding}"`, res.statusCode);
  }
  const gunzip = createGunzip();
  res.on('data', (c: Buffer) => (stats.wireBytes += c.length));
  res.on('error', (err) => gunzip.destroy(err));
  res.pipe(gunzip);
  const out = counted(gunzip as Readable, (n) => (stats.bodyBytes += n));
  return (async function* () {
    try {
      yield* out;
    } finally {
      gunzip.destroy();
    }
  })();
}

async function readText(body: AsyncIterable<Buffer>, maxBytes: number, failPast: { what: string; note?: string } | undefined): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    if (total + chunk.length > maxBytes) {
      // A success body past its cap fails; an error body is cut (its Status message comes first).
      if (failPast) throw new BodyTooLarge(failPast.what, maxBytes, failPast.note);
      chunks.push(chunk.subarray(0, maxBytes - total));
      total = maxBytes;
      break;
    }
    chunks.push(chunk);
    total += chunk.length;
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

async function readList(body: AsyncIterable<Buffer>, read: Extract<BodyRead, { kind: 'list' }>): Promise<{ body: string; items: unknown[] }> {
  const items: unknown[] = [];
  let total = 0;
  const parser = new ListStreamParser(read.maxItemBytes, (item) => {
    // Each object costs memory beyond its bytes: counted, a page of tiny objects meets the cap
    // before it holds millions of them.
    total += ITEM_OVERHEAD_BYTES;
    const kept = read.keep(item);
    if (kept !== undefined) items.push(kept);
  });
  for await (const chunk of body) {
    total += chunk.length;
    if (total > read.maxBytes) throw new BodyTooLarge(read.what, read.maxBytes);
    parser.write(chunk);
  }
  return { body: parser.end(), items };
}

/** A failure while reading a body: our caps and bad JSON are phrased here; socket errors go on. */
function bodyError(err: unknown, req: HttpRequest, status: number): unknown {
  if (err instanceof SourceError) return err;
  if (err instanceof BodyTooLarge) return responseTooLarge(req.op, err.what, err.maxBytes, status, err.note);
  if (err instanceof ItemTooLarge) return responseTooLarge(req.op, 'an object', err.maxBytes, status);
  if (err instanceof SyntaxError) return invalidResponse(req.op, /not an object/.test(err.message) ? err.message : safeJsonMessage(err.message), status);
  if ((err as NodeJS.ErrnoException)?.code?.startsWith('Z_')) return invalidResponse(req.op, `bad gzip data: ${(err as Error).message}`, status);
  return err;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!(e instanceof Error)) return String(err);
  return e.code && !e.message.includes(e.code) ? `${e.code} ${e.message}` : e.message;
}
