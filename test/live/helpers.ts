// Tiny API-server stand-ins for the live source tests: a node:http(s) server with a handler per
// test, every request recorded, and kubeconfig files written as JSON (valid YAML).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { openLiveSource, type LiveSource, type LiveSourceOptions, type LiveSourceTuning } from '../../src/collect/live/index.js';

export interface Recorded {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client's port: equal across requests when a keep-alive connection was reused. */
  remotePort?: number;
}

export type Handler = (req: Recorded, res: http.ServerResponse, index: number) => unknown;

export interface TestServer {
  url: string;
  port: number;
  requests: Recorded[];
  close(): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

export async function startServer(handler: Handler, tls?: { cert: string; key: string }): Promise<TestServer> {
  const requests: Recorded[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://x');
      const rec: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: u.pathname,
        query: u.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      requests.push(rec);
      Promise.resolve(handler(rec, res, requests.length - 1)).catch((err) => {
        res.statusCode = 599;
        res.end(String(err));
      });
    });
  };
  const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, port, requests, close };
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function status(res: http.ServerResponse, code: number, reason: string, message: string, headers: Record<string, string> = {}): void {
  json(res, code, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, code }, headers);
}

export function tmpDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vmigrate-live-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface KcContext {
  name: string;
  server: string;
  namespace?: string;
  token?: string;
  user?: Record<string, unknown>;
  cluster?: Record<string, unknown>;
}

/** A kubeconfig with one cluster and one user per context, named after it. */
export function writeKubeconfig(dir: string, file: string, contexts: KcContext[], current?: string): string {
  const doc = {
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': current,
    clusters: contexts.map((c) => ({ name: `${c.name}-cluster`, cluster: { server: c.server, ...c.cluster } })),
    users: contexts.map((c) => ({ name: `${c.name}-user`, user: { ...(c.token ? { token: c.token } : {}), ...c.user } })),
    contexts: contexts.map((c) => ({
      name: c.name,
      context: { cluster: `${c.name}-cluster`, user: `${c.name}-user`, ...(c.namespace !== undefined ? { namespace: c.namespace } : {}) },
    })),
  };
  const path = join(dir, file);
  writeFileSync(path, JSON.stringify(doc, null, 2));
  return path;
}

export interface Opened {
  source: LiveSource;
  log: string[];
  delays: number[];
}

/** Opens a live source on a kubeconfig; retries sleep for 0 ms but record what they were asked. */
export async function open(opts: Partial<LiveSourceOptions>, tuning: LiveSourceTuning = {}): Promise<Opened> {
  const log: string[] = [];
  const delays: number[] = [];
  const source = await openLiveSource(
    {
      requestTimeoutMs: 0,
      insecureSkipTlsVerify: false,
      verbose: false,
      stderr: (line) => log.push(line),
      env: {},
      ...opts,
    },
    {
      ...tuning,
      retry: {
        sleep: async (ms) => {
          delays.push(ms);
        },
        ...tuning.retry,
      },
    },
  );
  cleanups.push(() => source.close());
  return { source, log, delays };
}

/** A server plus a kubeconfig pointing at it, opened: the common case. */
export async function serve(
  handler: Handler,
  opts: Partial<LiveSourceOptions> = {},
  ctx: Partial<KcContext> = {},
  tuning: LiveSourceTuning = {},
): Promise<Opened & { server: TestServer }> {
  const server = await startServer(handler);
  const kubeconfig = writeKubeconfig(tmpDir(), 'config', [{ name: 'test', server: server.url, namespace: 'ns1', ...ctx }], 'test');
  return { server, ...(await open({ kubeconfig, ...opts }, tuning)) };
}

/** A self-signed certificate for 127.0.0.1, or undefined when openssl is not available. */
export function selfSignedCert(): { cert: string; key: string } | undefined {
  const dir = tmpDir();
  const r = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  if (r.status !== 0) return undefined;
  return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
}

/** Resolves with the SourceError (or other error) a promise rejects with. */
export async function failure(p: Promise<unknown>): Promise<{ kindOf?: string; message: string; resource?: string; status?: number }> {
  try {
    await p;
  } catch (err) {
    return err as { kindOf?: string; message: string };
  }
  throw new Error('expected a rejection');
}
