// The fake server against the client the plugin ships with (@kubernetes/client-node 1.4):
// kubeconfig loading over plain HTTP, typed and custom-object lists, paging, errors, watch, logs.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { ApiException, CoreV1Api, CustomObjectsApi, KubeConfig, Log, Watch } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApiServer } from './index.js';
import { startFakeApiServer, testMutualTls, testPkiFiles, testTls } from './index.js';

let s: FakeApiServer;
let kc: KubeConfig;
const dir = mkdtempSync(join(tmpdir(), 'fake-apiserver-cn-'));

beforeAll(async () => {
  s = await startFakeApiServer({ tokens: { 's3cret': 'system:serviceaccount:vms:vmigrate' } });
  s.loadFiles(join(import.meta.dirname, 'fixtures'));
  kc = new KubeConfig();
  kc.loadFromFile(s.writeKubeconfig(dir, { namespace: 'vms', token: 's3cret' }));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('@kubernetes/client-node against the fake server', () => {
  it('reads the context namespace and authenticates with the token', async () => {
    expect(kc.getContextObject(kc.getCurrentContext())?.namespace).toBe('vms');
    const core = kc.makeApiClient(CoreV1Api);
    const pods = await core.listNamespacedPod({ namespace: 'vms', labelSelector: 'kubevirt.io=virt-launcher' });
    expect(pods.items.map((p) => p.metadata?.name)).toEqual(['virt-launcher-rhel9-abcde', 'virt-launcher-rhel9-fghij']);
    expect(s.requests.at(-1)?.user).toBe('system:serviceaccount:vms:vmigrate');
  });

  it('pages typed lists with _continue', async () => {
    const core = kc.makeApiClient(CoreV1Api);
    const first = await core.listPodForAllNamespaces({ limit: 1 });
    expect(first.items).toHaveLength(1);
    expect(first.metadata?._continue).toBeTruthy();
    const second = await core.listPodForAllNamespaces({ limit: 1, _continue: first.metadata!._continue! });
    expect(second.items[0]?.metadata?.name).toBe('virt-launcher-rhel9-fghij');
    expect(second.metadata?._continue).toBeFalsy();
  });

  it('lists and gets custom objects as plain JSON', async () => {
    const co = kc.makeApiClient(CustomObjectsApi);
    const list = (await co.listNamespacedCustomObject({ group: 'kubevirt.io', version: 'v1', namespace: 'vms', plural: 'virtualmachineinstancemigrations' })) as {
      items: { metadata: { name: string } }[];
    };
    expect(list.items.map((m) => m.metadata.name)).toEqual(['rhel9-mig-x7k2p']);
    const policies = (await co.listClusterCustomObject({ group: 'migrations.kubevirt.io', version: 'v1alpha1', plural: 'migrationpolicies' })) as {
      items: unknown[];
    };
    expect(policies.items).toHaveLength(1);
  });

  it('surfaces Status bodies through ApiException, including injected 403s', async () => {
    const co = kc.makeApiClient(CustomObjectsApi);
    const missing = await co
      .getNamespacedCustomObject({ group: 'kubevirt.io', version: 'v1', namespace: 'vms', plural: 'virtualmachineinstances', name: 'nope' })
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiException);
    const err = missing as ApiException<string>;
    expect(err.code).toBe(404);
    expect(JSON.parse(err.body).message).toBe('virtualmachineinstances.kubevirt.io "nope" not found');

    s.fault({ resource: 'node', status: 403, times: 1 });
    const denied = (await kc.makeApiClient(CoreV1Api).listNode().catch((e: unknown) => e)) as ApiException<string>;
    expect(denied.code).toBe(403);
    expect(JSON.parse(denied.body).message).toContain('User "system:serviceaccount:vms:vmigrate" cannot list resource "nodes"');
  });

  it('creates and deletes a VMIM with a uid precondition', async () => {
    const co = kc.makeApiClient(CustomObjectsApi);
    const created = (await co.createNamespacedCustomObject({
      group: 'kubevirt.io',
      version: 'v1',
      namespace: 'vms',
      plural: 'virtualmachineinstancemigrations',
      body: { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', metadata: { generateName: 'rhel9-' }, spec: { vmiName: 'rhel9' } },
    })) as { metadata: { name: string; uid: string } };
    const target = { group: 'kubevirt.io', version: 'v1', namespace: 'vms', plural: 'virtualmachineinstancemigrations', name: created.metadata.name };
    const conflict = (await co.deleteNamespacedCustomObject({ ...target, body: { preconditions: { uid: 'stale' } } }).catch((e: unknown) => e)) as ApiException<string>;
    expect(conflict.code).toBe(409);
    await co.deleteNamespacedCustomObject({ ...target, body: { preconditions: { uid: created.metadata.uid } } });
    expect(s.get('vmim', 'vms', created.metadata.name)).toBeUndefined();
  });

  it('watches with Watch and reads logs with Log', async () => {
    const seen: string[] = [];
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const ctrl = await new Watch(kc).watch(
      '/apis/kubevirt.io/v1/namespaces/vms/virtualmachineinstances',
      { timeoutSeconds: 5 },
      (phase, obj: { metadata: { name: string }; status: { phase: string } }) => {
        seen.push(`${phase} ${obj.metadata.name} ${obj.status.phase}`);
        if (seen.length === 2) done();
      },
      () => done(),
    );
    await s.waitFor((x) => x.watchCount === 1);
    s.modify('vmi', 'vms', 'rhel9', (o) => {
      (o.status as { phase: string }).phase = 'Succeeded';
    });
    await finished;
    ctrl.abort();
    expect(seen).toEqual(['ADDED rhel9 Running', 'MODIFIED rhel9 Succeeded']);

    s.setLog('vms', 'virt-launcher-rhel9-abcde', 'compute', '{"msg":"one"}\n{"msg":"two"}\n');
    const out = new PassThrough();
    let text = '';
    out.on('data', (c: Buffer) => (text += c.toString()));
    // client-node 1.4 never calls Log's `done` callback; the piped stream ending is the signal.
    const ended = new Promise<void>((resolve) => out.on('end', resolve));
    await new Log(kc).log('vms', 'virt-launcher-rhel9-abcde', 'compute', out, { tailLines: 1 });
    await ended;
    expect(text).toBe('{"msg":"two"}\n');
  });

  it('connects over HTTPS, verifying the server with the test CA', async () => {
    const tls = await startFakeApiServer({ tls: testTls() });
    try {
      tls.put({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } });
      const path = tls.writeKubeconfig(dir, { fileName: 'tls-kubeconfig' });
      const k = new KubeConfig();
      k.loadFromFile(path);
      expect(k.getCurrentCluster()).toMatchObject({ server: tls.url, skipTLSVerify: false });
      const nodes = await k.makeApiClient(CoreV1Api).listNode();
      expect(nodes.items.map((n) => n.metadata?.name)).toEqual(['n1']);
    } finally {
      await tls.close();
    }
  });

  it('with clientCa, authenticates a verified client certificate as kube-apiserver does: CN user, O groups; others get 401', async () => {
    const seen: string[] = [];
    const mtls = await startFakeApiServer({ tls: testMutualTls(), authorize: (user, verb, resource, _ns, attrs) => (seen.push(`${user} ${attrs.userGroups.join(',')} ${verb} ${resource}`), true) });
    try {
      mtls.put({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } });
      const pki = testPkiFiles();
      const listNodes = (fileName: string, cert?: string, key?: string) => {
        const k = new KubeConfig();
        k.loadFromFile(mtls.writeKubeconfig(dir, { fileName, ...(cert && key ? { userEntry: { 'client-certificate': cert, 'client-key': key } } : {}) }));
        return k.makeApiClient(CoreV1Api).listNode();
      };
      expect((await listNodes('mtls-client', pki.clientCert, pki.clientKey)).items).toHaveLength(1);
      expect(mtls.requests.at(-1)).toMatchObject({ status: 200, user: 'vmigrate-tester', groups: ['system:masters', 'vmigrate-testers'] });
      expect(seen).toEqual(['vmigrate-tester system:masters,vmigrate-testers list nodes']);
      // Signed by the server CA, not the client CA; and no certificate at all.
      await expect(listNodes('mtls-foreign', pki.serverCert, pki.serverKey)).rejects.toMatchObject({ code: 401 });
      await expect(listNodes('mtls-none')).rejects.toMatchObject({ code: 401 });
      expect(mtls.requests.slice(-2).map((r) => [r.status, r.user])).toEqual([[401, undefined], [401, undefined]]);
    } finally {
      await mtls.close();
    }
  });
});
