// A minimal Prometheus HTTP API client for `--prometheus URL` (why, list): instant queries
// (`/api/v1/query`) and range queries (`/api/v1/query_range`), GET with an optional bearer token
// (`--prometheus-token-file`, e.g. an OpenShift thanos-querier token). The URL may carry a path
// prefix (`https://host/prometheus`). The server is the user's: its failures are partial (the
// progress source says why), never fatal. Node's own http/https, so no new dependency.
// Its TLS is its own: the API server's --insecure-skip-tls-verify does not turn its verification
// off (--prometheus-insecure-skip-tls-verify does), --prometheus-certificate-authority names its
// CA, and NODE_TLS_REJECT_UNAUTHORIZED cannot override either. A token (or a user:password in the
// URL) is never sent over plain http:// unless --prometheus-allow-http-token says so.
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { redactUrl } from './live/redact.js';
import { SourceError } from './source.js';

export interface PrometheusSettings {
  url: string;
  /** Bearer token (already read from the token file). */
  token?: string;
  /** Per request; 0 = the default below. */
  timeoutMs?: number;
  insecureSkipTlsVerify?: boolean;
  /** PEM of the CA that signed Prometheus's certificate (else the system's). */
  ca?: Buffer;
}

/** `--prometheus…` flags as the commands parse them. */
export interface PrometheusFlags {
  url: string;
  tokenFile?: string;
  insecureSkipTlsVerify?: boolean;
  certificateAuthority?: string;
  /** Send the token (or URL credentials) over plain http:// anyway. */
  allowHttpToken?: boolean;
}

/** What why/list ask of Prometheus; tests may pass their own. */
export interface PrometheusApi {
  /** For messages: a password in the URL shows as ***. */
  readonly url: string;
  /** `/api/v1/query` at `timeSeconds`: the parsed JSON body. */
  instant(query: string, timeSeconds: number): Promise<unknown>;
  /** `/api/v1/query_range`: the parsed JSON body. */
  range(query: string, startSeconds: number, endSeconds: number, stepSeconds: number): Promise<unknown>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export async function readTokenFile(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (err) {
    throw new SourceError('InvalidInput', `error: cannot read --prometheus-token-file ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

export function prometheusClient(settings: PrometheusSettings): PrometheusApi {
  const base = new URL(settings.url);
  const prefix = base.pathname.replace(/\/+$/, '');
  const get = (path: string, params: Record<string, string>): Promise<unknown> => {
    const u = new URL(base.toString());
    u.pathname = `${prefix}${path}`;
    u.search = new URLSearchParams(params).toString();
    return getJson(u, settings);
  };
  return {
    url: base.password ? redactUrl(base) : settings.url,
    instant: (query, timeSeconds) => get('/api/v1/query', { query, time: String(timeSeconds) }),
    range: (query, start, end, step) => get('/api/v1/query_range', { query, start: String(start), end: String(end), step: String(step) }),
  };
}

/**
 * GET and parse JSON. Prometheus answers errors (400 bad_data, 422, 503) with a JSON body that
 * says why: those bodies are returned as they are; anything else rejects with a one-line reason.
 */
function getJson(url: URL, settings: PrometheusSettings): Promise<unknown> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeout = settings.timeoutMs && settings.timeoutMs > 0 ? settings.timeoutMs : DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: { Accept: 'application/json', ...(settings.token ? { Authorization: `Bearer ${settings.token}` } : {}) },
        ...(url.protocol === 'https:' ? { rejectUnauthorized: !settings.insecureSkipTlsVerify, ...(settings.ca ? { ca: settings.ca } : {}) } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_BODY_BYTES) {
            req.destroy(new Error(`answer larger than ${MAX_BODY_BYTES} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          try {
            const body = JSON.parse(text) as unknown;
            if (status >= 200 && status < 300) return resolve(body);
            if (body && typeof body === 'object' && 'status' in body) return resolve(body);
          } catch {
            // not JSON: described below
          }
          reject(new Error(status === 401 || status === 403 ? `HTTP ${status} (check --prometheus-token-file)` : `HTTP ${status}${text ? `: ${text.trim().split('\n')[0]!.slice(0, 200)}` : ''}`));
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeout, () => req.destroy(new Error(`no answer within ${timeout} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * The client for `--prometheus` (reads the token file and CA once). A credential over plain
 * http:// is refused (exit 3) unless `allowHttpToken`, which sends it with a warning.
 */
export async function openPrometheus(
  o: PrometheusFlags | undefined,
  g: { requestTimeoutMs: number },
  warn: (line: string) => void = () => undefined,
): Promise<PrometheusApi | undefined> {
  if (!o) return undefined;
  const token = o.tokenFile !== undefined ? await readTokenFile(o.tokenFile) : undefined;
  const url = new URL(o.url);
  const credential = token ? 'the --prometheus-token-file token' : url.username || url.password ? 'the user and password in the URL' : undefined;
  if (url.protocol === 'http:' && credential) {
    if (!o.allowHttpToken) {
      throw new SourceError(
        'InvalidInput',
        `error: --prometheus ${redactUrl(url)} is plain http://: ${credential} would be sent unencrypted; use https://, or --prometheus-allow-http-token to send it anyway`,
      );
    }
    warn(`Warning: sending ${credential} to ${redactUrl(url)} unencrypted (--prometheus-allow-http-token)`);
  }
  let ca: Buffer | undefined;
  if (o.certificateAuthority !== undefined) {
    try {
      ca = await readFile(o.certificateAuthority);
    } catch (err) {
      throw new SourceError('InvalidInput', `error: cannot read --prometheus-certificate-authority ${o.certificateAuthority}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }
  return prometheusClient({
    url: o.url,
    ...(token ? { token } : {}),
    timeoutMs: g.requestTimeoutMs,
    insecureSkipTlsVerify: o.insecureSkipTlsVerify ?? false,
    ...(ca ? { ca } : {}),
  });
}
