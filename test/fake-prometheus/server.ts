// A tiny stand-in for a Prometheus server on 127.0.0.1 (tests only): `/api/v1/query` and
// `/api/v1/query_range` answered by the test's function, every request recorded. No vitest
// imports, so e2e tests can run it in their own event loop while the plugin queries it.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface PrometheusRequest {
  path: string;
  params: Record<string, string>;
  authorization?: string;
}

/** The JSON body to send (status 200), or `{ status, body }` for another status. */
export type PrometheusHandler = (req: PrometheusRequest) => unknown | { httpStatus: number; body: unknown };

export interface FakePrometheus {
  url: string;
  requests: PrometheusRequest[];
  close(): Promise<void>;
}

export async function startFakePrometheus(
  handler: PrometheusHandler,
  opts: { token?: string; pathPrefix?: string; tls?: { key: string | Buffer; cert: string | Buffer } } = {},
): Promise<FakePrometheus> {
  const requests: PrometheusRequest[] = [];
  const prefix = opts.pathPrefix ?? '';
  const listener = (req: IncomingMessage, res: import('node:http').ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: PrometheusRequest = { path: url.pathname, params: Object.fromEntries(url.searchParams), ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
    requests.push(record);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) return send(401, { status: 'error', errorType: 'unauthorized', error: 'bad token' });
    if (url.pathname !== `${prefix}/api/v1/query` && url.pathname !== `${prefix}/api/v1/query_range`) return send(404, { status: 'error', errorType: 'not_found', error: url.pathname });
    const out = handler({ ...record, path: url.pathname.slice(prefix.length) });
    if (out && typeof out === 'object' && 'httpStatus' in out) {
      const o = out as { httpStatus: number; body: unknown };
      return send(o.httpStatus, o.body);
    }
    send(200, out);
  };
  const server: Server = opts.tls ? createHttpsServer(opts.tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}${prefix}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
