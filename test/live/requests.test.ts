import { describe, expect, it } from 'vitest';
import { failure, json, open, serve, status, tmpDir, writeKubeconfig } from './helpers.js';

const vmi = (name: string) => ({ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name, namespace: 'ns1' } });

describe('get', () => {
  it('builds core, cluster-scoped and CRD paths; defaults the namespace; 404 is undefined', async () => {
    const { source, server } = await serve((req, res) => {
      if (req.path.endsWith('/missing')) return status(res, 404, 'NotFound', 'virtualmachineinstances.kubevirt.io "missing" not found');
      json(res, 200, { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: req.path.split('/').pop() } });
    });
    expect((await source.get('vmi', 'other', 'vm1'))?.metadata.name).toBe('vm1');
    expect(await source.get('vmi', undefined, 'missing')).toBeUndefined();
    await source.get('node', 'ignored', 'n1');
    await source.get('migrationpolicy', undefined, 'p');
    await source.get('pod', 'ns x', 'a/b');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/apis/kubevirt.io/v1/namespaces/other/virtualmachineinstances/vm1',
      '/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstances/missing',
      '/api/v1/nodes/n1',
      '/apis/migrations.kubevirt.io/v1alpha1/migrationpolicies/p',
      '/api/v1/namespaces/ns%20x/pods/a%2Fb',
    ]);
    expect(server.requests.every((r) => r.method === 'GET' && r.headers.accept === 'application/json')).toBe(true);
  });
});

describe('list', () => {
  it('assembles every page in order with limit and continue, one request per page', async () => {
    const pages: Record<string, { items: unknown[]; next?: string }> = {
      '': { items: [vmi('a'), vmi('b')], next: 'tok1' },
      tok1: { items: [vmi('c'), vmi('d')], next: 'tok2' },
      tok2: { items: [vmi('e')] },
    };
    const { source, server } = await serve((req, res) => {
      const page = pages[req.query.get('continue') ?? ''];
      if (!page) return status(res, 400, 'BadRequest', 'bad token');
      json(res, 200, { kind: 'VirtualMachineInstanceList', metadata: { resourceVersion: '42', continue: page.next }, items: page.items });
    }, { pageSize: 2 });
    const { items, resourceVersion } = await source.listWithResourceVersion('vmi', { namespace: 'ns1' });
    expect(items.map((i) => i.metadata.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(resourceVersion).toBe('42');
    expect(server.requests).toHaveLength(3);
    // One keep-alive connection serves every page.
    expect(new Set(server.requests.map((r) => r.remotePort)).size).toBe(1);
    expect(server.requests.map((r) => [r.path, r.query.get('limit'), r.query.get('continue')])).toEqual([
      ['/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstances', '2', null],
      ['/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstances', '2', 'tok1'],
      ['/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstances', '2', 'tok2'],
    ]);
  });

  it('default page size is 500; no namespace lists across all namespaces', async () => {
    const { source, server } = await serve((_req, res) => json(res, 200, { metadata: {}, items: [] }));
    expect(await source.list('pod')).toEqual([]);
    expect(server.requests[0]?.url).toBe('/api/v1/pods?limit=500');
  });

  it('passes label and field selectors on the wire, encoded', async () => {
    const { source, server } = await serve((_req, res) => json(res, 200, { metadata: {}, items: [] }));
    await source.list('pod', { namespace: 'ns1', labelSelector: 'kubevirt.io=virt-launcher,vm.kubevirt.io/name in (a,b)', fieldSelector: 'spec.nodeName=node-1' });
    const req = server.requests[0]!;
    expect(req.query.get('labelSelector')).toBe('kubevirt.io=virt-launcher,vm.kubevirt.io/name in (a,b)');
    expect(req.query.get('fieldSelector')).toBe('spec.nodeName=node-1');
    expect(req.url).toContain('labelSelector=kubevirt.io%3Dvirt-launcher%2Cvm.kubevirt.io%2Fname%20in%20(a%2Cb)');
  });

  it('fills in apiVersion and kind that built-in lists leave out of items', async () => {
    const { source } = await serve((_req, res) => json(res, 200, { metadata: {}, items: [{ metadata: { name: 'n1' } }] }));
    expect(await source.list('node')).toEqual([{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } }]);
  });

  it('decodes a body whose multi-byte characters are split across chunks', async () => {
    const { source } = await serve(async (_req, res) => {
      const bytes = Buffer.from(JSON.stringify({ metadata: {}, items: [{ ...vmi('a'), metadata: { name: 'a', annotations: { note: 'naïve ✓ 🚀' } } }] }), 'utf8');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // Cut inside ✓ (3 bytes) and inside 🚀 (4 bytes).
      const cuts = [0, bytes.indexOf(Buffer.from('✓')) + 1, bytes.indexOf(Buffer.from('🚀')) + 2, bytes.length];
      for (let i = 0; i + 1 < cuts.length; i++) {
        res.write(bytes.subarray(cuts[i], cuts[i + 1]));
        await new Promise((r) => setTimeout(r, 10));
      }
      res.end();
    });
    expect((await source.list('vmi'))[0]?.metadata.annotations?.note).toBe('naïve ✓ 🚀');
  });

  it('keeps list items without managedFields, as the snapshot source does', async () => {
    const managedFields = [{ manager: 'virt-handler', operation: 'Update', apiVersion: 'kubevirt.io/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:status': {} } }];
    const { source } = await serve((_req, res) =>
      json(res, 200, { metadata: {}, items: [{ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'a', namespace: 'ns1', managedFields, uid: 'u' } }] }),
    );
    expect(await source.list('vmi')).toEqual([{ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'a', namespace: 'ns1', uid: 'u' } }]);
  });

  it('an expired continue token (410) restarts the list from the first page, still paged; bounded', async () => {
    const { source, server } = await serve((req, res, i) => {
      if (i === 0) return json(res, 200, { metadata: { continue: 't' }, items: [vmi('a')] });
      if (i === 1) return status(res, 410, 'Expired', 'The provided continue parameter is too old');
      if (i === 2) return json(res, 200, { metadata: { continue: 't2' }, items: [vmi('a')] });
      json(res, 200, { metadata: {}, items: [vmi('b')] });
    });
    expect((await source.list('vmi')).map((v) => v.metadata.name)).toEqual(['a', 'b']);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/apis/kubevirt.io/v1/virtualmachineinstances?limit=500',
      '/apis/kubevirt.io/v1/virtualmachineinstances?limit=500&continue=t',
      '/apis/kubevirt.io/v1/virtualmachineinstances?limit=500',
      '/apis/kubevirt.io/v1/virtualmachineinstances?limit=500&continue=t2',
    ]);

    // A token that expires every time: two restarts, then the 410 is the answer.
    const always = await serve((req, res) => (req.query.get('continue') ? status(res, 410, 'Expired', 'The provided continue parameter is too old') : json(res, 200, { metadata: { continue: 't' }, items: [vmi('a')] })));
    expect(await failure(always.source.list('vmi'))).toMatchObject({ status: 410, message: 'Error from server (Expired): The provided continue parameter is too old' });
    expect(always.server.requests).toHaveLength(6);
  });

  it('a collection 404 means the resource type is not served (e.g. KubeVirt not installed)', async () => {
    const { source } = await serve((_req, res) => status(res, 404, 'NotFound', 'the server could not find the requested resource'));
    expect(await failure(source.list('vmim'))).toMatchObject({
      kindOf: 'NotFound',
      message: 'error: the server doesn\'t have a resource type "virtualmachineinstancemigrations.kubevirt.io"',
      resource: 'virtualmachineinstancemigrations.kubevirt.io',
      status: 404,
    });
  });
});

describe('pod logs', () => {
  it('asks for a bounded tail of one container; 404 is undefined', async () => {
    const { source, server } = await serve((req, res) => {
      if (req.path.includes('/gone/')) return status(res, 404, 'NotFound', 'pods "gone" not found');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('line 1\nline 2\n');
    });
    expect(await source.podLog('ns1', 'virt-launcher-vm1-abc', { container: 'compute', tailLines: 200, limitBytes: 65536 })).toBe('line 1\nline 2\n');
    expect(await source.podLog('ns1', 'gone', { container: 'compute', tailLines: 5 })).toBeUndefined();
    expect(server.requests[0]?.url).toBe('/api/v1/namespaces/ns1/pods/virt-launcher-vm1-abc/log?container=compute&tailLines=200&limitBytes=65536');
    // Never a log without a byte limit: 4 MiB when the caller names none.
    expect(server.requests[1]?.url).toBe('/api/v1/namespaces/ns1/pods/gone/log?container=compute&tailLines=5&limitBytes=4194304');
  });
});

describe('create and delete', () => {
  it('create POSTs JSON to the collection, fills apiVersion/kind, dryRun=All on request', async () => {
    const { source, server } = await serve((req, res) => json(res, 201, { ...JSON.parse(req.body), metadata: { name: 'mig-x', uid: 'u1' } }));
    const created = await source.create('vmim', 'ns1', { metadata: { generateName: 'mig-' }, spec: { vmiName: 'vm1' } });
    expect(created.metadata).toEqual({ name: 'mig-x', uid: 'u1' });
    await source.create('vmim', 'ns1', { metadata: { name: 'm' } }, { dryRun: true });
    const [first, second] = server.requests;
    expect(first?.method).toBe('POST');
    expect(first?.url).toBe('/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstancemigrations');
    expect(first?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(first!.body)).toEqual({
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstanceMigration',
      metadata: { generateName: 'mig-' },
      spec: { vmiName: 'vm1' },
    });
    expect(second?.url).toBe('/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstancemigrations?dryRun=All');
  });

  it('delete sends DeleteOptions with the uid precondition, and dryRun=All', async () => {
    const { source, server } = await serve((_req, res) => json(res, 200, { kind: 'Status', status: 'Success' }));
    await source.delete('vmim', 'ns1', 'mig-1', { uid: 'uid-1' });
    await source.delete('vmim', 'ns1', 'mig-1', { uid: 'uid-1', dryRun: true });
    const [first, second] = server.requests;
    expect(first?.method).toBe('DELETE');
    expect(first?.url).toBe('/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstancemigrations/mig-1');
    expect(JSON.parse(first!.body)).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'uid-1' } });
    expect(second?.url).toBe('/apis/kubevirt.io/v1/namespaces/ns1/virtualmachineinstancemigrations/mig-1?dryRun=All');
  });
});

describe('rawGet', () => {
  it('returns text for any API path; 404 is undefined', async () => {
    const { source, server } = await serve((req, res) => {
      if (req.path.endsWith('/missing')) return status(res, 404, 'NotFound', 'nope');
      res.end('kubevirt_vmi_migration_data_processed_bytes 1\n');
    });
    expect(await source.rawGet('/api/v1/namespaces/kubevirt/pods/https:virt-handler-x:8443/proxy/metrics')).toContain('kubevirt_vmi');
    expect(await source.rawGet('/missing')).toBeUndefined();
    expect(server.requests[0]?.path).toBe('/api/v1/namespaces/kubevirt/pods/https:virt-handler-x:8443/proxy/metrics');
    expect(await failure(source.rawGet('relative'))).toMatchObject({ kindOf: 'InvalidInput' });
  });
});

describe('verbose', () => {
  it('logs each request kubectl -v=6 style, on the stderr writer only when -v', async () => {
    const quiet = await serve((_req, res) => json(res, 200, { metadata: {}, items: [] }));
    await quiet.source.list('node');
    expect(quiet.log).toEqual([]);

    const loud = await serve(
      (req, res) => (req.path === '/version' ? json(res, 200, { major: '1', minor: '30', gitVersion: 'v1.30.4' }) : json(res, 200, { metadata: {}, items: [] })),
      { verbose: true },
    );
    await loud.source.list('node');
    await loud.source.close();
    expect(loud.log).toEqual([
      expect.stringMatching(/^Config loaded from --kubeconfig .*: context "test", server http:\/\/127\.0\.0\.1:\d+\/, namespace "ns1"$/),
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/version 200 OK in \d+ms$/),
      'Lists: server v1.30.4 serves paged lists from etcd: lists are read in consistent pages of 500; --cache-ok would read them from the watch cache (resourceVersion=0, possibly slightly stale)',
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/nodes\?limit=500 200 OK in \d+ms$/),
      expect.stringMatching(/^Summary: 2 requests, \d+ B received, peak 1 in flight, \d+ms; APF classification not reported by the server$/),
    ]);
  });

  it('a password in the server URL is never shown: ***, as Go prints it', async () => {
    const loud = await serve((_req, res) => json(res, 200, { metadata: {}, items: [] }), { verbose: true });
    const withPassword = loud.server.url.replace('http://', 'http://admin:s3cret@');
    const kubeconfig = writeKubeconfig(tmpDir(), 'pw', [{ name: 'pw', server: withPassword }], 'pw');
    const { source, log } = await open({ kubeconfig, verbose: true });
    await source.list('node');
    await source.close();
    expect(log.join('\n')).not.toContain('s3cret');
    expect(log[0]).toMatch(/server http:\/\/admin:\*\*\*@127\.0\.0\.1:\d+\//);
    expect(log).toContainEqual(expect.stringMatching(/^GET http:\/\/admin:\*\*\*@127\.0\.0\.1:\d+\/api\/v1\/nodes\?limit=500 200 OK/));
    const bad = writeKubeconfig(tmpDir(), 'bad', [{ name: 'b', server: 'ftp://admin:s3cret@host' }], 'b');
    expect((await failure(open({ kubeconfig: bad }))).message).toBe('error: unsupported server URL "ftp://admin:***@host" for cluster "b-cluster": use https:// or http://');
  });
});
