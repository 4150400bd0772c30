// Tiny HTTP helpers for the fake-apiserver's own tests: JSON requests and a line-reading watch
// client. Built on node:http rather than fetch so a dropped socket surfaces as an error code.

import { request } from 'node:http';

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed body; undefined when the body is not JSON. */
  json: any;
}

export function http(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; contentType?: string; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const url = new URL(path, base);
  const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: {
          Accept: 'application/json',
          // Explicit length: Node sends DELETE bodies unchunked, so without it the body is lost.
          ...(payload !== undefined ? { 'Content-Type': opts.contentType ?? 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export interface WatchEvent {
  type: string;
  object: any;
}

export interface WatchClient {
  events: WatchEvent[];
  /** Resolves when `n` events in total have arrived. */
  waitForEvents(n: number, timeoutMs?: number): Promise<WatchEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function watch(base: string, path: string, headers: Record<string, string> = {}): Promise<WatchClient> {
  return new Promise((resolve, reject) => {
    const events: WatchEvent[] = [];
    const waiters: (() => void)[] = [];
    let endResolve!: () => void;
    const ended = new Promise<void>((r) => (endResolve = r));
    const req = request(new URL(path, base), { headers: { Accept: 'application/json', ...headers } }, (res) => {
      let buf = '';
      res.on('data', (c: Buffer) => {
        buf += c.toString('utf8');
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.trim()) events.push(JSON.parse(line) as WatchEvent);
        }
        for (const w of [...waiters]) w();
      });
      const finish = () => {
        endResolve();
        for (const w of [...waiters]) w();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      resolve({
        events,
        ended,
        close: () => req.destroy(),
        waitForEvents: (n, timeoutMs = 3000) =>
          new Promise((ok, fail) => {
            const check = () => {
              if (events.length >= n) {
                clearTimeout(timer);
                waiters.splice(waiters.indexOf(check), 1);
                ok(events.slice(0, n));
              }
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(check), 1);
              fail(new Error(`expected ${n} watch events, got ${events.length}: ${JSON.stringify(events.map((e) => e.type))}`));
            }, timeoutMs);
            waiters.push(check);
            check();
          }),
      });
    });
    req.on('error', (e) => {
      endResolve();
      reject(e);
    });
    req.end();
  });
}
