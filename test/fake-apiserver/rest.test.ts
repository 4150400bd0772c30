// The fake API server's REST surface, exercised over real HTTP: discovery, list/get, pagination,
// selectors, create/delete/patch, watch, logs, faults, authentication and raw routes.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, watch } from './http-helpers.js';
import type { AnyObject, FakeApiServer } from './index.js';
import { startFakeApiServer } from './index.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const NOW = new Date('2025-12-30T22:05:00Z');
const VMIS = '/apis/kubevirt.io/v1/namespaces/vms/virtualmachineinstances';
const VMIMS = '/apis/kubevirt.io/v1/namespaces/vms/virtualmachineinstancemigrations';
const PODS = '/api/v1/namespaces/vms/pods';
const SOURCE_POD = 'virt-launcher-rhel9-abcde';
const TARGET_POD = 'virt-launcher-rhel9-fghij';

let s: FakeApiServer;
beforeEach(async () => {
  s = await startFakeApiServer({ now: () => NOW });
  s.loadFiles(FIXTURES);
});
afterEach(async () => {
  await s.close();
});

const get = (path: string, headers?: Record<string, string>) => http(s.url, 'GET', path, headers ? { headers } : {});

function pod(name: string, labels: Record<string, string> = {}, extra: Partial<AnyObject> = {}): AnyObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'vms', labels }, spec: { containers: [{ name: 'main' }] }, ...extra };
}

describe('discovery', () => {
  it('serves /version, /api, /apis and resource lists with short names', async () => {
    expect((await get('/version')).json).toMatchObject({ major: '1', minor: '32', gitVersion: 'v1.32.4' });
    expect((await get('/api')).json).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    const groups = (await get('/apis')).json;
    expect(groups.kind).toBe('APIGroupList');
    expect(groups.groups.map((g: { name: string }) => g.name).sort()).toEqual(
      ['cdi.kubevirt.io', 'k8s.cni.cncf.io', 'kubevirt.io', 'migrations.kubevirt.io', 'policy', 'storage.k8s.io'].sort(),
    );
    const kv = (await get('/apis/kubevirt.io/v1')).json;
    expect(kv).toMatchObject({ kind: 'APIResourceList', groupVersion: 'kubevirt.io/v1' });
    const vmi = kv.resources.find((r: { name: string }) => r.name === 'virtualmachineinstances');
    expect(vmi).toMatchObject({ singularName: 'virtualmachineinstance', namespaced: true, kind: 'VirtualMachineInstance', shortNames: ['vmi', 'vmis'] });
    expect(vmi.verbs).toEqual(expect.arrayContaining(['get', 'list', 'watch', 'create', 'delete', 'patch']));
    const core = (await get('/api/v1')).json;
    const names = core.resources.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(['pods', 'pods/log', 'nodes', 'persistentvolumeclaims', 'events', 'resourcequotas']));
    const nad = (await get('/apis/k8s.cni.cncf.io/v1')).json.resources[0];
    expect(nad).toMatchObject({ name: 'network-attachment-definitions', singularName: 'network-attachment-definition', shortNames: ['net-attach-def'] });
  });

  it('answers aggregated-discovery requests with plain JSON so clients fall back', async () => {
    const r = await get('/apis', { Accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json' });
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.json.kind).toBe('APIGroupList');
  });

  it('404s unknown group versions, resources and non-API paths', async () => {
    expect((await get('/apis/kubevirt.io/v1alpha3')).status).toBe(404);
    const unknown = await get('/apis/kubevirt.io/v1/namespaces/vms/virtualmachinepools');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'the server could not find the requested resource' });
    const openapi = await get('/openapi/v2');
    expect(openapi.status).toBe(404);
    expect(openapi.text).toBe('404 page not found\n');
  });
});

describe('list and get', () => {
  it('lists across all namespaces and in one namespace, with list kind and resourceVersion', async () => {
    const all = (await get('/api/v1/pods')).json;
    expect(all.kind).toBe('PodList');
    expect(all.apiVersion).toBe('v1');
    expect(all.metadata.resourceVersion).toBe(s.resourceVersion);
    expect(all.items.map((p: AnyObject) => p.metadata.name)).toEqual([SOURCE_POD, TARGET_POD]);
    // Built-in typed lists carry items without apiVersion/kind, as a real server sends them.
    expect(all.items[0].kind).toBeUndefined();

    const vmis = (await get(VMIS)).json;
    expect(vmis.kind).toBe('VirtualMachineInstanceList');
    expect(vmis.items[0]).toMatchObject({ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'rhel9' } });
    expect((await get('/apis/kubevirt.io/v1/namespaces/other/virtualmachineinstances')).json.items).toEqual([]);
  });

  it('gets namespaced and cluster-scoped objects', async () => {
    const vmi = (await get(`${VMIS}/rhel9`)).json;
    expect(vmi.status.migrationState.targetNode).toBe('worker-2');
    expect(vmi.metadata.uid).toBe('9d2c4b1a-7e6f-4a3b-8c5d-0e1f2a3b4c5d');
    const node = (await get('/api/v1/nodes/worker-2')).json;
    expect(node).toMatchObject({ kind: 'Node', spec: { unschedulable: true } });
    expect((await get('/apis/storage.k8s.io/v1/storageclasses/ceph-rbd')).json.provisioner).toBe('rbd.csi.ceph.com');
    expect((await get('/api/v1/namespaces/vms')).json.kind).toBe('Namespace');
  });

  it('returns kube-apiserver NotFound Status bodies', async () => {
    const r = await get(`${VMIS}/nope`);
    expect(r.status).toBe(404);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'virtualmachineinstances.kubevirt.io "nope" not found',
      reason: 'NotFound',
      details: { name: 'nope', group: 'kubevirt.io', kind: 'virtualmachineinstances' },
      code: 404,
    });
    expect((await get(`${PODS}/nope`)).json.details).toEqual({ name: 'nope', kind: 'pods' });
  });

  it('serves meta.k8s.io Tables when asked', async () => {
    const accept = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json';
    const t = (await get(VMIS, { Accept: accept })).json;
    expect(t.kind).toBe('Table');
    expect(t.columnDefinitions.map((c: { name: string }) => c.name).slice(0, 5)).toEqual(['Name', 'Age', 'Phase', 'IP', 'NodeName']);
    expect(t.rows[0].cells.slice(0, 5)).toEqual(['rhel9', '14m', 'Running', '10.244.1.23', 'worker-1']);
    expect(t.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'rhel9', namespace: 'vms' } });
  });
});

describe('pagination', () => {
  it('pages with limit and opaque continue tokens', async () => {
    for (let i = 0; i < 5; i++) s.put(pod(`extra-${i}`));
    const seen: string[] = [];
    let cont = '';
    let pages = 0;
    do {
      const r = (await get(`${PODS}?limit=3${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`)).json;
      pages++;
      seen.push(...r.items.map((p: AnyObject) => p.metadata.name));
      if (pages === 1) expect(r.metadata.remainingItemCount).toBe(4);
      cont = r.metadata.continue ?? '';
    } while (cont);
    expect(pages).toBe(3);
    expect(seen).toEqual([...Array.from({ length: 5 }, (_, i) => `extra-${i}`), SOURCE_POD, TARGET_POD]);
  });

  it('rejects a malformed continue token', async () => {
    const r = await get(`${PODS}?limit=1&continue=garbage`);
    expect(r.status).toBe(400);
    expect(r.json.reason).toBe('BadRequest');
  });
});

describe('selectors', () => {
  const names = async (path: string) => (await get(path)).json.items.map((o: AnyObject) => o.metadata.name);

  beforeEach(() => {
    s.put(pod('db-0', { app: 'db' }));
    s.put(pod('plain'));
  });

  it('supports equality, set-based and existence label selectors', async () => {
    const q = (sel: string) => names(`${PODS}?labelSelector=${encodeURIComponent(sel)}`);
    expect(await q('kubevirt.io=virt-launcher')).toEqual([SOURCE_POD, TARGET_POD]);
    expect(await q('kubevirt.io==virt-launcher,kubevirt.io/migrationJobUID')).toEqual([TARGET_POD]);
    expect(await q('kubevirt.io=virt-launcher,!kubevirt.io/migrationJobUID')).toEqual([SOURCE_POD]);
    expect(await q('app in (db, web)')).toEqual(['db-0', SOURCE_POD, TARGET_POD]);
    expect(await q('app notin (web)')).toEqual(['db-0', 'plain']);
    expect(await q('app!=web')).toEqual(['db-0', 'plain']);
    const bad = await get(`${PODS}?labelSelector=${encodeURIComponent('app in web')}`);
    expect(bad.status).toBe(400);
  });

  it('supports per-resource field selectors and rejects unsupported fields', async () => {
    const q = (path: string, sel: string) => names(`${path}?fieldSelector=${encodeURIComponent(sel)}`);
    expect(await q(PODS, 'spec.nodeName=worker-2')).toEqual([TARGET_POD]);
    expect(await q('/api/v1/pods', 'status.phase==Running,metadata.namespace=vms')).toEqual([SOURCE_POD, TARGET_POD]);
    expect(await q(PODS, 'metadata.name!=plain,spec.nodeName!=worker-2')).toEqual(['db-0', SOURCE_POD]);
    expect(await q('/api/v1/namespaces/vms/events', 'involvedObject.kind=VirtualMachineInstanceMigration')).toEqual([
      'rhel9-mig-x7k2p.181f2a3b4c5d6e03',
    ]);
    expect(await q('/api/v1/events', 'involvedObject.name=rhel9,involvedObject.uid=9d2c4b1a-7e6f-4a3b-8c5d-0e1f2a3b4c5d')).toHaveLength(2);
    const r = await get(`${VMIS}?fieldSelector=status.phase%3DRunning`);
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('field label not supported: status.phase');
  });
});

describe('create', () => {
  const vmim = { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', metadata: { generateName: 'rhel9-mig-' }, spec: { vmiName: 'rhel9' } };

  it('creates with generateName and fills server-owned metadata', async () => {
    const r = await http(s.url, 'POST', VMIMS, { body: vmim });
    expect(r.status).toBe(201);
    const md = r.json.metadata;
    expect(md.name).toMatch(/^rhel9-mig-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(md.namespace).toBe('vms');
    expect(md.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(md.creationTimestamp).toBe('2025-12-30T22:05:00Z');
    expect(Number(md.resourceVersion)).toBeGreaterThan(0);
    expect((await get(`${VMIMS}/${md.name}`)).json.metadata.uid).toBe(md.uid);
  });

  it('creates nothing on dryRun=All', async () => {
    const r = await http(s.url, 'POST', `${VMIMS}?dryRun=All`, { body: { ...vmim, metadata: { name: 'dry' } } });
    expect(r.status).toBe(201);
    expect(r.json.metadata.name).toBe('dry');
    expect((await get(`${VMIMS}/dry`)).status).toBe(404);
  });

  it('refuses duplicates, missing names and mismatched namespaces', async () => {
    const dup = await http(s.url, 'POST', VMIMS, { body: { ...vmim, metadata: { name: 'rhel9-mig-x7k2p' } } });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({ reason: 'AlreadyExists', message: 'virtualmachineinstancemigrations.kubevirt.io "rhel9-mig-x7k2p" already exists' });
    const noName = await http(s.url, 'POST', VMIMS, { body: { ...vmim, metadata: {} } });
    expect(noName.status).toBe(422);
    expect(noName.json.message).toBe(
      'VirtualMachineInstanceMigration.kubevirt.io "" is invalid: metadata.name: Required value: name or generateName is required',
    );
    const wrongNs = await http(s.url, 'POST', VMIMS, { body: { ...vmim, metadata: { name: 'x', namespace: 'other' } } });
    expect(wrongNs.status).toBe(400);
  });

  it('gives a recreated object a new uid', async () => {
    const body = { ...vmim, metadata: { name: 'again' } };
    const first = (await http(s.url, 'POST', VMIMS, { body })).json.metadata.uid;
    await http(s.url, 'DELETE', `${VMIMS}/again`);
    const second = (await http(s.url, 'POST', VMIMS, { body })).json.metadata.uid;
    expect(second).not.toBe(first);
  });
});

describe('delete', () => {
  const mig = `${VMIMS}/rhel9-mig-x7k2p`;

  it('enforces preconditions.uid with a Conflict Status', async () => {
    const r = await http(s.url, 'DELETE', mig, { body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: 'other-uid' } } });
    expect(r.status).toBe(409);
    expect(r.json.reason).toBe('Conflict');
    expect(r.json.message).toBe(
      'Operation cannot be fulfilled on virtualmachineinstancemigrations.kubevirt.io "rhel9-mig-x7k2p": StorageError: invalid object, Code: 4, ' +
        'Key: /registry/kubevirt.io/virtualmachineinstancemigrations/vms/rhel9-mig-x7k2p, ResourceVersion: 0, AdditionalErrorMsg: ' +
        'Precondition failed: UID in precondition: other-uid, UID in object meta: 1c0d9e8f-7a6b-4c5d-9e4f-3a2b1c0d9e8f',
    );
    expect(s.get('vmim', 'vms', 'rhel9-mig-x7k2p')).toBeDefined();

    const ok = await http(s.url, 'DELETE', mig, { body: { preconditions: { uid: '1c0d9e8f-7a6b-4c5d-9e4f-3a2b1c0d9e8f' } } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      kind: 'Status',
      status: 'Success',
      details: { name: 'rhel9-mig-x7k2p', group: 'kubevirt.io', kind: 'virtualmachineinstancemigrations', uid: '1c0d9e8f-7a6b-4c5d-9e4f-3a2b1c0d9e8f' },
    });
    expect(s.objects('vmim')).toEqual([]);
    expect((await http(s.url, 'DELETE', mig)).status).toBe(404);
  });

  it('keeps the object on dryRun=All and returns pods as objects', async () => {
    expect((await http(s.url, 'DELETE', `${mig}?dryRun=All`)).status).toBe(200);
    expect(s.get('vmim', 'vms', 'rhel9-mig-x7k2p')).toBeDefined();
    const r = await http(s.url, 'DELETE', `${PODS}/${TARGET_POD}`);
    expect(r.json).toMatchObject({ kind: 'Pod', metadata: { name: TARGET_POD } });
  });

  it('deletes collections by selector', async () => {
    const r = await http(s.url, 'DELETE', `${PODS}?labelSelector=kubevirt.io%2FmigrationJobUID`);
    expect(r.json).toMatchObject({ kind: 'PodList', items: [{ metadata: { name: TARGET_POD } }] });
    expect(s.objects('pod').map((p) => p.metadata.name)).toEqual([SOURCE_POD]);
  });

  it('only marks objects with finalizers when honourFinalizers is set', async () => {
    const strict = await startFakeApiServer({ honourFinalizers: true, now: () => NOW });
    try {
      strict.loadFiles(join(FIXTURES, 'migration.json'));
      const r = await http(strict.url, 'DELETE', mig);
      expect(r.status).toBe(200);
      expect(r.json.metadata.deletionTimestamp).toBe('2025-12-30T22:05:00Z');
      expect(strict.get('vmim', 'vms', 'rhel9-mig-x7k2p')?.metadata.deletionTimestamp).toBe('2025-12-30T22:05:00Z');
    } finally {
      await strict.close();
    }
  });
});

describe('patch', () => {
  const vmi = `${VMIS}/rhel9`;

  it('applies merge patches and bumps resourceVersion', async () => {
    const before = s.get('vmi', 'vms', 'rhel9')!;
    const r = await http(s.url, 'PATCH', vmi, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { 'kubevirt.io/migrationTargetNodeName': null, extra: 'yes' } } },
    });
    expect(r.status).toBe(200);
    expect(r.json.metadata.labels).toEqual({ app: 'web', 'kubevirt.io/domain': 'rhel9', 'kubevirt.io/nodeName': 'worker-1', extra: 'yes' });
    expect(Number(r.json.metadata.resourceVersion)).toBeGreaterThan(Number(before.metadata.resourceVersion));
    expect(r.json.metadata.uid).toBe(before.metadata.uid);
  });

  it('applies JSON patches, with test failures as 422', async () => {
    const r = await http(s.url, 'PATCH', vmi, {
      contentType: 'application/json-patch+json',
      body: [
        { op: 'test', path: '/status/phase', value: 'Running' },
        { op: 'replace', path: '/status/phase', value: 'Succeeded' },
        { op: 'add', path: '/metadata/annotations/note', value: 'a/b' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.status.phase).toBe('Succeeded');
    expect(r.json.metadata.annotations.note).toBe('a/b');
    const bad = await http(s.url, 'PATCH', vmi, { contentType: 'application/json-patch+json', body: [{ op: 'test', path: '/status/phase', value: 'Running' }] });
    expect(bad.status).toBe(422);
  });

  it('rejects strategic merge patch on custom resources but accepts it on pods', async () => {
    const crd = await http(s.url, 'PATCH', vmi, { contentType: 'application/strategic-merge-patch+json', body: { metadata: { labels: { a: 'b' } } } });
    expect(crd.status).toBe(415);
    expect(crd.json.reason).toBe('UnsupportedMediaType');
    const p = await http(s.url, 'PATCH', `${PODS}/${SOURCE_POD}`, { contentType: 'application/strategic-merge-patch+json', body: { metadata: { labels: { a: 'b' } } } });
    expect(p.json.metadata.labels.a).toBe('b');
  });

  it('treats a stale resourceVersion as an optimistic-lock Conflict', async () => {
    const r = await http(s.url, 'PATCH', vmi, { contentType: 'application/merge-patch+json', body: { metadata: { resourceVersion: '1' } } });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe(
      'Operation cannot be fulfilled on virtualmachineinstances.kubevirt.io "rhel9": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('changes only status through the status subresource', async () => {
    const r = await http(s.url, 'PATCH', `${vmi}/status`, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { labels: { ignored: 'x' } }, status: { phase: 'Failed' } },
    });
    expect(r.json.status.phase).toBe('Failed');
    expect(r.json.metadata.labels.ignored).toBeUndefined();
  });
});

describe('watch', () => {
  it('sends initial ADDED events, then changes from put/remove/create/patch', async () => {
    const w = await watch(s.url, `${VMIMS}?watch=true`);
    try {
      await w.waitForEvents(1);
      expect(w.events[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'rhel9-mig-x7k2p' } } });
      s.modify('vmim', 'vms', 'rhel9-mig-x7k2p', (o) => {
        (o.status as { phase: string }).phase = 'Succeeded';
      });
      await http(s.url, 'POST', VMIMS, { body: { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', metadata: { name: 'm2' }, spec: { vmiName: 'rhel9' } } });
      await http(s.url, 'PATCH', `${VMIMS}/m2`, { contentType: 'application/merge-patch+json', body: { status: { phase: 'Pending' } } });
      s.remove('vmim', 'vms', 'rhel9-mig-x7k2p');
      const events = await w.waitForEvents(5);
      expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual([
        'ADDED rhel9-mig-x7k2p',
        'MODIFIED rhel9-mig-x7k2p',
        'ADDED m2',
        'MODIFIED m2',
        'DELETED rhel9-mig-x7k2p',
      ]);
      expect(events[1]!.object.status.phase).toBe('Succeeded');
    } finally {
      w.close();
    }
  });

  it('replays from a resourceVersion without initial events, and honours selectors', async () => {
    const rv = s.resourceVersion;
    s.put(pod('late', { app: 'web' }));
    s.put(pod('other', { app: 'db' }));
    const w = await watch(s.url, `${PODS}?watch=1&resourceVersion=${rv}&labelSelector=app%3Dweb`);
    try {
      await w.waitForEvents(1);
      // Relabeling out of the selector is a DELETED for this watcher.
      s.modify('pod', 'vms', 'late', (o) => {
        o.metadata.labels = { app: 'db' };
      });
      const events = await w.waitForEvents(2);
      expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED late', 'DELETED late']);
    } finally {
      w.close();
    }
  });

  it('ends at timeoutSeconds, on a closing fault and on closeWatches()', async () => {
    const timed = await watch(s.url, `${VMIMS}?watch=true&timeoutSeconds=1`);
    s.fault({ resource: 'vmi', verb: 'watch', closeWatchAfterEvents: 1, times: 1 });
    const faulted = await watch(s.url, `${VMIS}?watch=true`);
    await faulted.ended;
    expect(faulted.events).toHaveLength(1);
    const plain = await watch(s.url, '/api/v1/watch/nodes');
    await plain.waitForEvents(2);
    await s.waitFor((x) => x.watchCount === 2);
    s.closeWatches();
    await plain.ended;
    const started = Date.now();
    await timed.ended;
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports an expired resourceVersion as an ERROR event', async () => {
    s.fault({ verb: 'watch', status: 410, times: 1 });
    const w = await watch(s.url, `${VMIS}?watch=true&resourceVersion=1`);
    await w.ended;
    expect(w.events).toEqual([{ type: 'ERROR', object: expect.objectContaining({ kind: 'Status', code: 410, reason: 'Expired' }) }]);
  });
});

describe('pods/log', () => {
  const log = `${PODS}/${SOURCE_POD}/log`;

  it('serves text with tailLines and limitBytes, and logs can advance', async () => {
    let n = 3;
    s.setLog('vms', SOURCE_POD, 'compute', () => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join(''));
    const r = await get(`${log}?container=compute`);
    expect(r.headers['content-type']).toBe('text/plain');
    expect(r.text).toBe('line 1\nline 2\nline 3\n');
    n = 5;
    expect((await get(`${log}?container=compute&tailLines=2`)).text).toBe('line 4\nline 5\n');
    expect((await get(`${log}?container=compute&limitBytes=9`)).text).toBe('line 1\nli');
    expect((await get(`${PODS}/${SOURCE_POD}/log?container=guest-console-log`)).text).toBe('');
  });

  it('picks the only container, and errors like the kubelet proxy otherwise', async () => {
    s.put(pod('single'));
    s.setLog('vms', 'single', 'main', 'hello\n');
    expect((await get(`${PODS}/single/log`)).text).toBe('hello\n');
    const unknown = await get(`${log}?container=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(`container nope is not valid for pod ${SOURCE_POD}`);
    const missing = await get(`${PODS}/gone/log?container=compute`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('pods "gone" not found');
    s.put(pod('two', {}, { spec: { containers: [{ name: 'a' }, { name: 'b' }], initContainers: [{ name: 'init' }] } }));
    expect((await get(`${PODS}/two/log`)).json.message).toBe(
      'a container name must be specified for pod two, choose one of: [a b] or one of the init containers: [init]',
    );
  });

  it('streams appended text with follow=true', async () => {
    let text = 'a\n';
    s.setLog('vms', SOURCE_POD, 'compute', () => text);
    const chunks: string[] = [];
    const { request } = await import('node:http');
    await new Promise<void>((resolve, reject) => {
      const req = request(`${s.url}${log}?container=compute&follow=true`, (res) => {
        res.on('data', (c: Buffer) => {
          chunks.push(c.toString());
          if (chunks.join('') === 'a\n') text = 'a\nb\n';
          if (chunks.join('') === 'a\nb\n') {
            req.destroy();
            resolve();
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(chunks.join('')).toBe('a\nb\n');
  });
});

describe('faults', () => {
  it('injects a realistic Forbidden per resource, counts times and records requests', async () => {
    const f = s.fault({ resource: 'node', status: 403, times: 1 });
    const r = await get('/api/v1/nodes');
    expect(r.status).toBe(403);
    expect(r.json).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: 'nodes is forbidden: User "system:serviceaccount:default:default" cannot list resource "nodes" in API group "" at the cluster scope',
      reason: 'Forbidden',
      details: { kind: 'nodes' },
      code: 403,
    });
    expect(f.hits).toBe(1);
    expect((await get('/api/v1/nodes')).status).toBe(200);
    expect(s.requests.filter((q) => q.path === '/api/v1/nodes').map((q) => [q.status, q.faulted ?? false])).toEqual([
      [403, true],
      [200, false],
    ]);
  });

  it('names resource, group, namespace and subresource in Forbidden messages', async () => {
    s.fault({ resource: 'virtualmachineinstances', status: 403, user: 'jane' });
    expect((await get(`${VMIS}/rhel9`)).json.message).toBe(
      'virtualmachineinstances.kubevirt.io "rhel9" is forbidden: User "jane" cannot get resource "virtualmachineinstances" in API group "kubevirt.io" in the namespace "vms"',
    );
    s.fault({ resource: 'pod', verb: 'log', status: 403 });
    expect((await get(`${PODS}/${SOURCE_POD}/log?container=compute`)).json.message).toBe(
      `pods "${SOURCE_POD}" is forbidden: User "system:serviceaccount:default:default" cannot get resource "pods/log" in API group "" in the namespace "vms"`,
    );
    expect((await get(`${PODS}/${SOURCE_POD}`)).status).toBe(200);
  });

  it('throttles with Retry-After, fails with 5xx and overrides messages', async () => {
    s.fault({ path: /\/persistentvolumes$/, status: 429, retryAfterSeconds: 2, times: 1 });
    const r = await get('/api/v1/persistentvolumes');
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('2');
    expect(r.json).toMatchObject({ reason: 'TooManyRequests', details: { retryAfterSeconds: 2 } });
    s.fault({ resource: 'event', status: 500, message: 'etcdserver: request timed out' });
    expect((await get('/api/v1/events')).json).toMatchObject({ code: 500, reason: 'InternalError', message: 'etcdserver: request timed out' });
  });

  it('drops sockets, truncates bodies, sends invalid JSON and delays', async () => {
    s.fault({ resource: 'vmim', verb: 'list', drop: true, times: 1 });
    await expect(get(VMIMS)).rejects.toMatchObject({ code: 'ECONNRESET' });
    s.fault({ resource: 'vmim', verb: 'list', truncateBody: true, times: 1 });
    const cut = await get(VMIMS);
    expect(cut.status).toBe(200);
    expect(cut.json).toBeUndefined();
    expect(cut.text.startsWith('{"kind":"VirtualMachineInstanceMigrationList"')).toBe(true);
    s.fault({ resource: 'vmim', invalidJson: true, times: 1 });
    expect((await get(VMIMS)).json).toBeUndefined();
    s.fault({ resource: 'vmim', delayMs: 150, times: 1 });
    const t0 = Date.now();
    expect((await get(VMIMS)).json.items).toHaveLength(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('clearFaults and FaultHandle.remove stop injection', async () => {
    const f = s.fault({ resource: 'pvc', status: 503 });
    expect((await get('/api/v1/persistentvolumeclaims')).status).toBe(503);
    f.remove();
    expect((await get('/api/v1/persistentvolumeclaims')).status).toBe(200);
    s.fault({ status: 503 });
    s.clearFaults();
    expect((await get('/version')).status).toBe(200);
    expect(() => s.fault({ resource: 'nosuchthing', status: 500 })).toThrow(/unknown resource/);
  });
});

describe('authentication and authorization', () => {
  it('answers 401 without an accepted bearer token', async () => {
    const secured = await startFakeApiServer({
      tokens: { 'token-abc': 'system:serviceaccount:vms:vmigrate' },
      authorize: (_user, verb, resource) => !(resource === 'nodes' && verb === 'list'),
    });
    try {
      const anon = await http(secured.url, 'GET', '/api/v1/pods');
      expect(anon.status).toBe(401);
      expect(anon.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
      const auth = { Authorization: 'Bearer token-abc' };
      expect((await http(secured.url, 'GET', '/api/v1/pods', { headers: auth })).status).toBe(200);
      const denied = await http(secured.url, 'GET', '/api/v1/nodes', { headers: auth });
      expect(denied.status).toBe(403);
      expect(denied.json.message).toBe(
        'nodes is forbidden: User "system:serviceaccount:vms:vmigrate" cannot list resource "nodes" in API group "" at the cluster scope',
      );
      expect(secured.requests.map((r) => r.user)).toEqual([undefined, 'system:serviceaccount:vms:vmigrate', 'system:serviceaccount:vms:vmigrate']);
    } finally {
      await secured.close();
    }
  });
});

describe('raw routes, requests and kubeconfig', () => {
  it('serves raw routes such as the pod proxy before built-in handlers', async () => {
    const off = s.route('GET', /^\/api\/v1\/namespaces\/([^/]+)\/pods\/https:([^:]+):8443\/proxy\/metrics$/, (ctx) => {
      ctx.text(200, `# pod ${ctx.match[2]} in ${ctx.match[1]}\nkubevirt_vmi_migration_data_processed_bytes 1024\n`);
    });
    const r = await get(`/api/v1/namespaces/vms/pods/https:${SOURCE_POD}:8443/proxy/metrics`);
    expect(r.text).toContain(`# pod ${SOURCE_POD} in vms`);
    off();
    expect((await get(`/api/v1/namespaces/vms/pods/https:${SOURCE_POD}:8443/proxy/metrics`)).status).toBe(404);
  });

  it('records method, path, query and status; resetRequests clears them', async () => {
    s.resetRequests();
    await get(`${PODS}?labelSelector=a%3Db&limit=5`);
    expect(s.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: PODS, query: { labelSelector: 'a=b', limit: '5' }, status: 200, time: expect.any(Number) }),
    ]);
    s.resetRequests();
    expect(s.requests).toEqual([]);
  });

  it('writes a kubeconfig for plain HTTP with optional namespace and token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake-apiserver-'));
    const path = s.writeKubeconfig(dir, { namespace: 'vms', token: 't0k', contextName: 'lab' });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain(`server: ${s.url}`);
    expect(text).toContain('insecure-skip-tls-verify: true');
    expect(text).toContain('namespace: vms');
    expect(text).toContain('token: t0k');
    expect(text).toContain('current-context: lab');
    rmSync(dir, { recursive: true, force: true });
  });
});
