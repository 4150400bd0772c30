// Kind to the API server (issue #17 item 4), counted by the fake API server: at most four LIST
// pages in flight whatever is asked at once, pages of 500, gzip negotiated and decoded, the -v
// summary with APF's classification, and --cache-ok (resourceVersion=0) only where paged lists
// are not served from the watch cache.
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { open, tmpDir } from './helpers.js';

let servers: FakeApiServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.close();
  servers = [];
});

async function cluster(opts: Parameters<typeof startFakeApiServer>[0] = {}, nodes = 1200): Promise<FakeApiServer> {
  const s = await startFakeApiServer(opts);
  servers.push(s);
  s.load(Array.from({ length: nodes }, (_, i) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: `node-${String(i).padStart(5, '0')}`, labels: { 'kubevirt.io/schedulable': 'true' } } })));
  return s;
}

describe('LISTs in flight', () => {
  it('twelve lists asked for at once: never more than four pages at the server, all complete', async () => {
    const s = await cluster();
    s.fault({ verb: 'list', delayMs: 60 });
    const { source } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()) });
    const results = await Promise.all(Array.from({ length: 12 }, () => source.list('node')));
    expect(results.map((r) => r.length)).toEqual(Array(12).fill(1200));
    // 1200 nodes in pages of 500: three pages per list.
    expect(s.requests.filter((r) => r.path === '/api/v1/nodes')).toHaveLength(36);
    expect(s.requests.every((r) => r.path !== '/api/v1/nodes' || r.query.limit === '500')).toBe(true);
    expect(s.peakInFlight.list).toBe(4);
  });

  it('GETs are not held back by the LIST slots', async () => {
    const s = await cluster({}, 10);
    s.fault({ verb: 'list', delayMs: 300 });
    const { source } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()) });
    const lists = Promise.all(Array.from({ length: 8 }, () => source.list('node')));
    const t0 = Date.now();
    expect((await source.get('node', undefined, 'node-00001'))?.metadata.name).toBe('node-00001');
    expect(Date.now() - t0).toBeLessThan(250);
    await lists;
  });
});

describe('gzip and the -v summary', () => {
  it('every request asks for gzip; a page over the threshold comes back gzipped and is read', async () => {
    const s = await cluster({ gzipThresholdBytes: 16 * 1024 });
    const { source } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()) });
    expect(await source.list('node')).toHaveLength(1200);
    expect(s.requests.every((r) => r.acceptEncoding === 'gzip')).toBe(true);
    expect(s.requests.filter((r) => r.contentEncoding === 'gzip').length).toBeGreaterThan(0);
  });

  it('ends with one line: requests, bytes (received and decompressed), peak in flight, time, APF flow schema and priority level', async () => {
    const s = await cluster({ apf: { flowSchemaUid: 'fs-1234', priorityLevelUid: 'pl-5678' }, gzipThresholdBytes: 16 * 1024 });
    const { source, log } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()), verbose: true });
    await Promise.all([source.list('node'), source.list('pod'), source.get('node', undefined, 'node-00000')]);
    await source.close();
    expect(log.at(-1)).toMatch(
      /^Summary: 6 requests, [\d.]+ KiB received \([\d.]+ KiB decompressed\), peak [2-5] in flight, \d+(ms|\.\ds|s); APF flow schema fs-1234, priority level pl-5678$/,
    );
    // /version, three node pages, one pod page, one node GET.
    expect(s.requests).toHaveLength(6);
  });
});

describe('--cache-ok', () => {
  const lists = (s: FakeApiServer) => s.requests.filter((r) => r.path === '/api/v1/nodes');

  it('on a server that pages from etcd (v1.30): lists ask for resourceVersion=0, and -v says so', async () => {
    const s = await cluster({ gitVersion: 'v1.30.4' });
    const { source, log } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()), cacheOk: true, verbose: true });
    await source.list('node');
    // The fake server honours the limit even with resourceVersion=0; continuations carry no resourceVersion.
    expect(lists(s).map((r) => [r.query.resourceVersion, r.query.continue !== undefined])).toEqual([
      ['0', false],
      [undefined, true],
      [undefined, true],
    ]);
    expect(log).toContain('Lists: server v1.30.4 serves paged lists from etcd; --cache-ok: lists are read from the watch cache (resourceVersion=0, one response each, possibly slightly stale)');
  });

  it('v1.31–v1.33 serve only the first page from the cache: --cache-ok applies', async () => {
    const s = await cluster({ gitVersion: 'v1.32.4' });
    const { source, log } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()), cacheOk: true, verbose: true });
    await source.list('node');
    expect(lists(s)[0]?.query.resourceVersion).toBe('0');
    expect(log).toContainEqual(expect.stringContaining('serves paged lists from etcd after the first page; --cache-ok'));
  });

  it('from v1.34 paged lists come from the cache anyway: consistent pages, --cache-ok not needed', async () => {
    const s = await cluster({ gitVersion: 'v1.34.1' });
    const { source, log } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()), cacheOk: true, verbose: true });
    await source.list('node');
    expect(lists(s).every((r) => r.query.resourceVersion === undefined)).toBe(true);
    expect(log).toContain('Lists: server v1.34.1 serves paged lists from its watch cache: lists are read in consistent pages of 500 (--cache-ok not needed)');
  });

  it('without --cache-ok and without -v: no /version request, consistent pages', async () => {
    const s = await cluster({ gitVersion: 'v1.30.4' });
    const { source } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()) });
    await source.list('node');
    expect(s.requests.map((r) => r.path)).toEqual(['/api/v1/nodes', '/api/v1/nodes', '/api/v1/nodes']);
    expect(lists(s).every((r) => r.query.resourceVersion === undefined)).toBe(true);
  });
});

describe('410 Expired on a continue token, at the fake server', () => {
  it('restarts the list from its first page', async () => {
    const s = await cluster();
    s.fault({ verb: 'list', withQuery: 'continue', status: 410, message: 'The provided continue parameter is too old to display a consistent list result.', times: 1 });
    const { source } = await open({ kubeconfig: s.writeKubeconfig(tmpDir()) });
    expect(await source.list('node')).toHaveLength(1200);
    expect(lists410(s)).toEqual([false, true, false, true, true]);
  });
});

const lists410 = (s: FakeApiServer) => s.requests.filter((r) => r.path === '/api/v1/nodes').map((r) => r.query.continue !== undefined);
