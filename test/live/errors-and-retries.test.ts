import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../src/collect/live/retry.js';
import { failure, json, open, serve, startServer, status, tmpDir, writeKubeconfig } from './helpers.js';

const emptyList = { metadata: {}, items: [] };

describe('error mapping', () => {
  it('Status bodies become kubectl one-liners', async () => {
    const forbidden = 'nodes is forbidden: User "x" cannot list resource "nodes" in API group "" at the cluster scope';
    const cases: [number, string, string, { kindOf: string; message: string }][] = [
      [403, 'Forbidden', forbidden, { kindOf: 'Forbidden', message: `Error from server (Forbidden): ${forbidden}` }],
      [401, 'Unauthorized', 'Unauthorized', { kindOf: 'Unauthorized', message: 'error: You must be logged in to the server (Unauthorized)' }],
      [409, 'Conflict', 'Operation cannot be fulfilled on nodes "n": the object has been modified', {
        kindOf: 'Conflict',
        message: 'Error from server (Conflict): Operation cannot be fulfilled on nodes "n": the object has been modified',
      }],
      [400, 'BadRequest', 'line one\n  line two', { kindOf: 'BadRequest', message: 'Error from server (BadRequest): line one line two' }],
      [503, 'ServiceUnavailable', 'nodes: apiserver is shutting down', { kindOf: 'ServerError', message: 'Error from server (ServiceUnavailable): nodes: apiserver is shutting down' }],
      [429, 'TooManyRequests', 'Too many requests, please try again later.', {
        kindOf: 'TooManyRequests',
        message: 'Error from server (TooManyRequests): Too many requests, please try again later. (list nodes)',
      }],
    ];
    for (const [code, reason, message, expected] of cases) {
      const { source } = await serve((_req, res) => status(res, code, reason, message));
      expect(await failure(source.list('node'))).toMatchObject({ ...expected, resource: 'nodes', status: code });
    }
  });

  it('a 500 after retries keeps the server message, plus the operation it does not name; reads were tried 3 times', async () => {
    const { source, server, delays } = await serve((_req, res) => status(res, 500, 'InternalError', 'etcdserver: request timed out'));
    expect(await failure(source.get('vmi', 'ns1', 'vm1'))).toMatchObject({
      kindOf: 'ServerError',
      message: 'Error from server (InternalError): etcdserver: request timed out (get virtualmachineinstances.kubevirt.io vm1)',
      resource: 'virtualmachineinstances.kubevirt.io',
      status: 500,
    });
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([200, 400]);
  });

  it('non-Status bodies get client-go wording with the operation', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<html>upstream down</html>');
    });
    expect(await failure(source.get('node', undefined, 'n1'))).toMatchObject({
      kindOf: 'ServerError',
      message: 'Error from server (ServiceUnavailable): the server is currently unable to handle the request (get nodes n1)',
    });
    const plain403 = await serve((_req, res) => {
      res.writeHead(403);
      res.end('forbidden by proxy');
    });
    expect((await failure(plain403.source.list('pod'))).message).toBe(
      'Error from server (Forbidden): the server does not allow access to the requested resource (list pods)',
    );
  });

  it('invalid or truncated JSON is InvalidResponse naming the resource; not retried', async () => {
    const { source, server } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"metadata":{},"items":[{"metadata":');
    });
    const err = await failure(source.list('vmi', { namespace: 'ns1' }));
    expect(err.kindOf).toBe('InvalidResponse');
    expect(err.resource).toBe('virtualmachineinstances.kubevirt.io');
    expect(err.message).toMatch(/^error: invalid response from the server \(list virtualmachineinstances\.kubevirt\.io\): /);
    expect(server.requests).toHaveLength(1);
    const notAList = await serve((_req, res) => json(res, 200, { kind: 'Status' }));
    expect((await failure(notAList.source.list('node'))).message).toBe(
      'error: invalid response from the server (list nodes): the list has no "items" array',
    );
  });

  it('connection refused reads like kubectl', async () => {
    const port = await freePort();
    const path = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: `http://127.0.0.1:${port}` }], 'a');
    const { source } = await open({ kubeconfig: path });
    expect(await failure(source.list('node'))).toMatchObject({
      kindOf: 'Connection',
      message: `The connection to the server 127.0.0.1:${port} was refused - did you specify the right host or port?`,
    });
  });
});

describe('retries (reads only)', () => {
  it('429 honours Retry-After, then succeeds', async () => {
    const { source, server, delays } = await serve((_req, res, i) =>
      i === 0 ? status(res, 429, 'TooManyRequests', 'slow down', { 'Retry-After': '1' }) : json(res, 200, emptyList),
    );
    expect(await source.list('node')).toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([1000]);
  });

  it('really waits for Retry-After with the default sleep, capped by the policy', async () => {
    const server = await startServer((_req, res, i) =>
      i === 0 ? status(res, 429, 'TooManyRequests', 'slow down', { 'Retry-After': '5' }) : json(res, 200, emptyList),
    );
    // The real timer-based sleep, with a small cap so the test stays fast while proving the wait.
    const { source } = await open(
      { kubeconfig: writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: server.url }], 'a') },
      { retry: { sleep: DEFAULT_RETRY_POLICY.sleep, maxRetryAfterMs: 150 } },
    );
    const t0 = Date.now();
    await source.list('node');
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2000);
    expect(server.requests).toHaveLength(2);
  });

  it('503 twice then 200: three requests, exponential backoff', async () => {
    let lists = 0;
    const { source, server, delays, log } = await serve(
      (req, res) => {
        if (req.path === '/version') return json(res, 200, { gitVersion: 'v1.34.0' });
        return lists++ < 2 ? status(res, 503, 'ServiceUnavailable', 'apiserver restarting') : json(res, 200, emptyList);
      },
      { verbose: true },
    );
    expect(await source.list('node')).toEqual([]);
    // -v reads /version first (to say where lists come from), then the list: three attempts.
    expect(server.requests.map((r) => r.path)).toEqual(['/version', '/api/v1/nodes', '/api/v1/nodes', '/api/v1/nodes']);
    expect(delays).toEqual([200, 400]);
    expect(log.filter((l) => l.includes('retrying'))).toEqual([
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/nodes\?limit=500 failed \(503 Service Unavailable\); retrying in 200ms \(attempt 2 of 3\)$/),
      expect.stringMatching(/retrying in 400ms \(attempt 3 of 3\)$/),
    ]);
  });

  it('a dropped connection is retried for reads', async () => {
    const { source, server } = await serve((_req, res, i) => (i === 0 ? res.socket?.destroy() : json(res, 200, emptyList)));
    expect(await source.get('node', undefined, 'n1')).toBeDefined();
    expect(server.requests).toHaveLength(2);
  });

  it('a dropped connection on every attempt ends as a Connection error', async () => {
    const { source, server } = await serve((_req, res) => res.socket?.destroy());
    const err = await failure(source.podLog('ns1', 'p', { container: 'compute', tailLines: 10 }));
    expect(err.kindOf).toBe('Connection');
    expect(err.message).toMatch(/^Unable to connect to the server: the connection was closed unexpectedly: .*\(get pods\/log p\)$/);
    expect(server.requests).toHaveLength(3);
  });

  it('create and delete are never retried: 500, 503 and a dropped connection each cost exactly one request', async () => {
    for (const fault of ['500', '503', 'drop'] as const) {
      const { source, server, delays } = await serve((_req, res) => {
        if (fault === 'drop') return res.socket?.destroy();
        status(res, Number(fault), fault === '500' ? 'InternalError' : 'ServiceUnavailable', 'boom');
      });
      const created = await failure(source.create('vmim', 'ns1', { metadata: { name: 'm' } }));
      const deleted = await failure(source.delete('vmim', 'ns1', 'm', { uid: 'u' }));
      expect(created.kindOf).toBe(fault === 'drop' ? 'Connection' : 'ServerError');
      expect(deleted.kindOf).toBe(fault === 'drop' ? 'Connection' : 'ServerError');
      expect(server.requests.map((r) => r.method)).toEqual(['POST', 'DELETE']);
      expect(delays).toEqual([]);
    }
  });

  it('a 409 on delete (uid precondition) surfaces at once', async () => {
    const msg = 'Operation cannot be fulfilled on virtualmachineinstancemigrations.kubevirt.io "m": Precondition failed: UID in precondition: u, UID in object meta: v';
    const { source, server } = await serve((_req, res) => status(res, 409, 'Conflict', msg));
    expect(await failure(source.delete('vmim', 'ns1', 'm', { uid: 'u' }))).toMatchObject({ kindOf: 'Conflict', message: `Error from server (Conflict): ${msg}` });
    expect(server.requests).toHaveLength(1);
  });
});

describe('--request-timeout', () => {
  it('a slow server times out per request with a one-liner naming the resource; not retried', async () => {
    const { source, server } = await serve((_req, res) => {
      setTimeout(() => json(res, 200, emptyList), 2000).unref();
    }, { requestTimeoutMs: 150 });
    const t0 = Date.now();
    const err = await failure(source.list('vmi', { namespace: 'ns1' }));
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(err).toMatchObject({
      kindOf: 'Timeout',
      resource: 'virtualmachineinstances.kubevirt.io',
      message: 'error: timed out after 150ms waiting for the server (list virtualmachineinstances.kubevirt.io); raise --request-timeout or use 0 for none',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('also covers a body that stalls after the headers', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"metadata":{},');
    }, { requestTimeoutMs: 150 });
    expect((await failure(source.list('node'))).kindOf).toBe('Timeout');
  });

  it('0 means no timeout', async () => {
    const { source } = await serve((_req, res) => {
      setTimeout(() => json(res, 200, emptyList), 300);
    }, { requestTimeoutMs: 0 });
    expect(await source.list('node')).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
