// One HTTP exchange with the API server over node:http(s), plus the retry loop for reads.
// We do the requests ourselves rather than through client-node's fetch path: that path refuses
// plain-http servers, builds a new agent per call, and hides status and body behind generated
// models. Everything here returns raw status and text; live-source.ts gives it meaning.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { StringDecoder } from 'node:string_decoder';
import { SourceError } from '../source.js';
import type { Credentials } from './credentials.js';
import { ClientTimeoutError, errorFromTransport, type Operation } from './errors.js';
import { formatDuration } from '../../kube/duration.js';
import { isRetryableStatus, isRetryableTransportError, retryDelayMs, type RetryPolicy } from './retry.js';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query, relative to the server URL (whose own path prefix, if any, is kept). */
  path: string;
  op: Operation;
  /** JSON-encoded when present. */
  body?: unknown;
  accept?: string;
}

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpClientOptions {
  server: URL;
  credentials: Credentials;
  /** Per request (each attempt, each page); 0 = none. */
  requestTimeoutMs: number;
  retry: RetryPolicy;
  /** -v: one line per request, retry and failure. */
  log?: (line: string) => void;
}

const USER_AGENT = `kubectl-vmigrate (${process.platform}/${process.arch}) node/${process.version}`;

export class HttpClient {
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
      try {
        res = await this.exchange(req, { stream: false });
      } catch (err) {
        if (err instanceof SourceError) throw err; // credentials: already phrased, never retried
        if (last || !isRetryableTransportError(err)) throw errorFromTransport(err, req.op, this.opts.server);
        await this.backoff(req, attempt, attempts, errorText(err));
        continue;
      }
      if (last || !isRetryableStatus(res.status)) return res;
      const retryAfter = headerValue(res.headers['retry-after']);
      await this.backoff(req, attempt, attempts, `${res.status} ${res.statusText}`, retryAfter);
    }
  }

  /**
   * Opens a streaming GET (watch). Resolves with the response once headers arrive, whatever its
   * status; the request timeout covers only the wait for headers, since a watch is meant to stay
   * open. `signal` ends the stream.
   */
  async openStream(req: HttpRequest, signal: AbortSignal): Promise<http.IncomingMessage> {
    try {
      return await this.exchange(req, { signal, stream: true });
    } catch (err) {
      throw err instanceof SourceError ? err : errorFromTransport(err, req.op, this.opts.server);
    }
  }

  private async backoff(req: HttpRequest, attempt: number, attempts: number, why: string, retryAfter?: string): Promise<void> {
    const delay = retryDelayMs(attempt, this.opts.retry, retryAfter);
    this.opts.log?.(`${req.method} ${this.url(req.path).href} failed (${why}); retrying in ${formatDuration(delay)} (attempt ${attempt + 1} of ${attempts})`);
    await this.opts.retry.sleep(delay);
  }

  private exchange(req: HttpRequest, mode: { stream: false }): Promise<HttpResponse>;
  private exchange(req: HttpRequest, mode: { stream: true; signal: AbortSignal }): Promise<http.IncomingMessage>;
  private async exchange(
    req: HttpRequest,
    mode: { stream: boolean; signal?: AbortSignal },
  ): Promise<HttpResponse | http.IncomingMessage> {
    const url = this.url(req.path);
    const creds = await this.opts.credentials.forRequest();
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers: Record<string, string> = {
      Accept: req.accept ?? 'application/json',
      'User-Agent': USER_AGENT,
      ...creds.headers,
    };
    if (payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(payload));
    }
    const started = performance.now();
    const elapsed = () => formatDuration(performance.now() - started);
    const transport = url.protocol === 'https:' ? https : http;
    const timeoutMs = this.opts.requestTimeoutMs;

    return new Promise((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      // Set when our deadline fires: the socket error that follows is a consequence, not the cause.
      let timedOut: ClientTimeoutError | undefined;
      const settle = () => {
        settled = true;
        if (timer) clearTimeout(timer);
      };
      const fail = (err: unknown) => {
        if (settled) return;
        settle();
        const cause = timedOut ?? err;
        this.opts.log?.(`${req.method} ${url.href} failed in ${elapsed()}: ${errorText(cause)}`);
        reject(cause);
      };
      const r = transport.request(
        url,
        { method: req.method, agent: creds.agent, headers, auth: creds.auth, signal: mode.signal },
        (res) => {
          const status = res.statusCode ?? 0;
          const statusText = res.statusMessage || http.STATUS_CODES[status] || '';
          if (mode.stream) {
            settle();
            this.opts.log?.(`${req.method} ${url.href} ${status} ${statusText} in ${elapsed()} (streaming)`);
            resolve(res);
            return;
          }
          readBody(res).then((body) => {
            if (settled) return;
            settle();
            this.opts.log?.(`${req.method} ${url.href} ${status} ${statusText} in ${elapsed()}`);
            resolve({ status, statusText, headers: res.headers, body });
          }, fail);
        },
      );
      // Stays attached after settling: a stream's later socket errors surface through the
      // response instead, and an error without a listener would crash the process.
      r.on('error', fail);
      if (timeoutMs > 0) {
        // A deadline for the whole exchange (headers and body), like Go's http.Client.Timeout,
        // which is what kubectl's --request-timeout sets.
        timer = setTimeout(() => {
          timedOut = new ClientTimeoutError(timeoutMs);
          r.destroy(timedOut);
        }, timeoutMs);
      }
      r.end(payload);
    });
  }
}

async function readBody(res: http.IncomingMessage): Promise<string> {
  // Decoded chunk by chunk (StringDecoder keeps a multi-byte character split across chunks
  // intact), not gathered into one Buffer first: a page of 500 VMIs is ~2 MB, and copying every
  // page into a fresh Buffer left ~30 MB more resident at the end of check-migratable -A on
  // 10,000 VMs.
  const decoder = new StringDecoder('utf8');
  let body = '';
  for await (const chunk of res) body += decoder.write(chunk as Buffer);
  return body + decoder.end();
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (!(e instanceof Error)) return String(err);
  return e.code && !e.message.includes(e.code) ? `${e.code} ${e.message}` : e.message;
}
