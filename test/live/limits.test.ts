// Every read from the API server is bounded (issue #16 item 2), after gzip decompression:
// a list page, one object, a log the server sends past limitBytes, a watch event line, an error
// body. Past a cap: one line naming the request, kind InvalidResponse (a partial failure for the
// commands), and the read stops (the server sees the client go). gzip is asked for (kubectl's
// default) and decoded. Peak RSS of the plugin under these: test/e2e/limits.e2e.test.ts.
import type http from 'node:http';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGE_BYTES, MAX_OBJECT_BYTES } from '../../src/collect/live/body-limits.js';
import { failure, json, serve } from './helpers.js';

/** Writes `head`, then `unit` until the client goes away; resolves with the bytes written. */
function endless(res: http.ServerResponse, head: string, unit: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<number> {
  res.writeHead(200, headers);
  res.write(head);
  const chunk = Buffer.from(unit.repeat(Math.max(1, Math.floor(65536 / unit.length))));
  let written = head.length;
  return new Promise((resolve) => {
    const pump = () => {
      while (!res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    res.on('close', () => resolve(written));
    pump();
  });
}

describe('list pages and objects', () => {
  it('an endless page stops at the page cap with one line naming the list', async () => {
    let sent: Promise<number> | undefined;
    const { source } = await serve((_req, res) => {
      sent = endless(res, '{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[', '{"metadata":{"name":"p","namespace":"ns1"}},');
    });
    const err = await failure(source.list('pod'));
    expect(err).toMatchObject({
      kindOf: 'InvalidResponse',
      resource: 'pods',
      message: 'error: response too large from the server (list pods): one page is larger than 64 MiB; stopped reading',
    });
    // The client hung up soon after the cap, rather than reading on.
    expect(await sent).toBeLessThan(MAX_LIST_PAGE_BYTES + 8 * 1024 * 1024);
  });

  it('one item over the object cap, in a page of small ones', async () => {
    const { source } = await serve((_req, res) =>
      endless(res, '{"kind":"PodList","metadata":{},"items":[{"metadata":{"name":"a"}},{"metadata":{"name":"b"},"data":"', 'x'),
    );
    expect(await failure(source.list('pod'))).toMatchObject({
      kindOf: 'InvalidResponse',
      message: 'error: response too large from the server (list pods): an object is larger than 16 MiB; stopped reading',
    });
  });

  it('a single object over the cap', async () => {
    const { source } = await serve((_req, res) => endless(res, '{"kind":"Node","metadata":{"name":"n","annotations":{"a":"', 'y'));
    expect(await failure(source.get('node', undefined, 'n'))).toMatchObject({
      kindOf: 'InvalidResponse',
      message: 'error: response too large from the server (get nodes n): the object is larger than 16 MiB; stopped reading',
    });
  });

  it('an error body is cut, not refused: its Status message still reads', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Forbidden', code: 403, message: 'nodes is forbidden', details: { pad: 'z'.repeat(3 * 1024 * 1024) } }));
    });
    // Cut at 1 MiB the body is no longer JSON: client-go's generic wording, as for any non-Status body.
    expect(await failure(source.list('node'))).toMatchObject({ kindOf: 'Forbidden', status: 403 });
  });
});

describe('pod logs: limitBytes asked for, and enforced on what arrives', () => {
  it('a server that ignores limitBytes is cut off at it, with one line naming the pod', async () => {
    let sent: Promise<number> | undefined;
    const { source, server } = await serve((_req, res) => {
      sent = endless(res, '', 'level=info msg="Migration info for 1234: TimeElapsed:100ms"\n', { 'Content-Type': 'text/plain' });
    });
    const err = await failure(source.podLog('ns1', 'virt-launcher-vm1-abcde', { container: 'compute', tailLines: 400, limitBytes: 128 * 1024 }));
    expect(err).toMatchObject({
      kindOf: 'InvalidResponse',
      resource: 'pods',
      message:
        'error: response too large from the server (get pods/log virt-launcher-vm1-abcde): the log is larger than 128 KiB (the limitBytes asked for: the server ignored it); stopped reading',
    });
    expect(server.requests[0]?.query.get('limitBytes')).toBe('131072');
    expect(await sent).toBeLessThan(16 * 1024 * 1024);
  });

  it('exactly limitBytes is fine', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('a'.repeat(1024));
    });
    expect(await source.podLog('ns1', 'p', { container: 'compute', tailLines: 10, limitBytes: 1024 })).toHaveLength(1024);
  });
});

describe('gzip', () => {
  const nodes = (n: number) => ({ kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '9' }, items: Array.from({ length: n }, (_, i) => ({ metadata: { name: `node-${i}` } })) });

  it('asks for gzip and decodes it', async () => {
    const { source, server } = await serve((_req, res) => {
      const body = gzipSync(JSON.stringify(nodes(3)));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': body.length });
      res.end(body);
    });
    expect((await source.list('node')).map((n) => n.metadata.name)).toEqual(['node-0', 'node-1', 'node-2']);
    expect(server.requests[0]?.headers['accept-encoding']).toBe('gzip');
  });

  it('the caps apply to the decompressed bytes: a gzip bomb stops at the object cap', async () => {
    // 40 MiB of one string compress to ~40 KiB.
    const bomb = gzipSync(`{"kind":"NodeList","metadata":{},"items":[{"metadata":{"name":"n"},"x":"${'0'.repeat(40 * 1024 * 1024)}"}]}`);
    expect(bomb.length).toBeLessThan(MAX_OBJECT_BYTES / 100);
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': bomb.length });
      res.end(bomb);
    });
    expect(await failure(source.list('node'))).toMatchObject({ message: 'error: response too large from the server (list nodes): an object is larger than 16 MiB; stopped reading' });
  });

  it('disable-compression in the kubeconfig cluster: no Accept-Encoding', async () => {
    const { source, server } = await serve((_req, res) => json(res, 200, nodes(1)), {}, { cluster: { 'disable-compression': true } });
    await source.list('node');
    expect(server.requests[0]?.headers['accept-encoding']).toBeUndefined();
  });

  it('an encoding we did not ask for is an invalid response, not garbage parsed', async () => {
    const { source } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' });
      res.end('xx');
    });
    expect(await failure(source.list('node'))).toMatchObject({ kindOf: 'InvalidResponse', message: 'error: invalid response from the server (list nodes): unsupported Content-Encoding "br"' });
  });
});
