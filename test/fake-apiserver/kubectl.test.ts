// Real kubectl against the fake server: proves discovery, Table printing, -o json, selectors,
// delete, logs, watch and error bodies are close enough to kube-apiserver for kubectl to accept.
// kubectl must run asynchronously: a sync child would block the event loop serving it.

import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FakeApiServer, FakeApiServerOptions, KubeconfigOptions } from './index.js';
import { startFakeApiServer, testTls } from './index.js';

const HAS_KUBECTL = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
const FIXTURES = join(import.meta.dirname, 'fixtures');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let s: FakeApiServer;
let dir: string;
let kubeconfig: string;

async function start(opts: FakeApiServerOptions = {}, kc: KubeconfigOptions = {}): Promise<void> {
  s = await startFakeApiServer({ now: () => new Date('2025-12-30T22:05:00Z'), ...opts });
  s.loadFiles(FIXTURES);
  dir = mkdtempSync(join(tmpdir(), 'fake-apiserver-kubectl-'));
  kubeconfig = s.writeKubeconfig(dir, kc);
}

function kubectl(...args: string[]): Promise<Run> {
  // Own discovery cache and no ambient KUBECONFIG, so runs neither read nor pollute ~/.kube.
  const argv = ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache'), '--request-timeout', '10s', ...args];
  const env = { ...process.env, KUBECONFIG: '', HOME: dir };
  return new Promise((resolve) => {
    execFile('kubectl', argv, { env, timeout: 20_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const json = (r: Run) => {
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as { kind: string; items: { kind: string; metadata: { name: string } }[] };
};

describe.skipIf(!HAS_KUBECTL)('real kubectl', () => {
  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('get vmi -A prints the server-side Table', async () => {
    const r = await kubectl('get', 'vmi', '-A');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').map((l) => l.trim().split(/\s+/))).toEqual([
      ['NAMESPACE', 'NAME', 'AGE', 'PHASE', 'IP', 'NODENAME', 'READY'],
      ['vms', 'rhel9', '14m', 'Running', '10.244.1.23', 'worker-1', 'True'],
      [''],
    ]);
    // kubectl asked for aggregated discovery and a Table, and took our plain answers.
    expect(s.requests.some((q) => q.path === '/apis' && /apidiscovery\.k8s\.io/.test(q.accept ?? ''))).toBe(true);
    expect(s.requests.some((q) => /as=Table/.test(q.accept ?? ''))).toBe(true);
  });

  it('get -o json for single, multiple and cluster-scoped resources', async () => {
    const vmis = json(await kubectl('get', 'vmi', '-A', '-o', 'json'));
    expect(vmis.kind).toBe('List');
    expect(vmis.items.map((i) => `${i.kind}/${i.metadata.name}`)).toEqual(['VirtualMachineInstance/rhel9']);

    const cluster = json(await kubectl('get', 'nodes,pv,storageclasses', '-o', 'json'));
    expect(cluster.items.map((i) => `${i.kind}/${i.metadata.name}`)).toEqual([
      'Node/worker-1',
      'Node/worker-2',
      'PersistentVolume/pvc-6f1d2c4e-9a77-4c1b-8d0e-1f2a3b4c5d6e',
      'StorageClass/ceph-rbd',
    ]);

    const mixed = json(await kubectl('get', 'vm,vmi,pvc', '-A', '-o', 'json'));
    expect(mixed.items.map((i) => i.kind)).toEqual(['VirtualMachine', 'VirtualMachineInstance', 'PersistentVolumeClaim']);
  });

  it('get pods with a label selector and short names', async () => {
    const pods = await kubectl('get', 'pods', '-n', 'vms', '-l', 'kubevirt.io=virt-launcher', '-o', 'name');
    expect(pods.stdout).toBe('pod/virt-launcher-rhel9-abcde\npod/virt-launcher-rhel9-fghij\n');
    const names = await kubectl('get', 'vmim,dv,net-attach-def,quota', '-n', 'vms', '-o', 'name');
    expect(names.stdout).toBe(
      'virtualmachineinstancemigration.kubevirt.io/rhel9-mig-x7k2p\ndatavolume.cdi.kubevirt.io/rhel9-rootdisk\n' +
        'networkattachmentdefinition.k8s.cni.cncf.io/storage-net\n',
    );
    const field = await kubectl('get', 'pods', '-n', 'vms', '--field-selector', 'spec.nodeName=worker-2', '-o', 'name');
    expect(field.stdout).toBe('pod/virt-launcher-rhel9-fghij\n');
  });

  it('delete vmim removes it and waits for deletion', async () => {
    const r = await kubectl('delete', 'vmim', 'rhel9-mig-x7k2p', '-n', 'vms');
    expect(r).toMatchObject({ code: 0, stdout: 'virtualmachineinstancemigration.kubevirt.io "rhel9-mig-x7k2p" deleted\n' });
    expect(s.objects('vmim')).toEqual([]);
    expect(s.requests.find((q) => q.method === 'DELETE')?.path).toBe('/apis/kubevirt.io/v1/namespaces/vms/virtualmachineinstancemigrations/rhel9-mig-x7k2p');
  });

  it('logs with -c and --tail, and with the default-container annotation', async () => {
    s.setLog('vms', 'virt-launcher-rhel9-abcde', 'compute', Array.from({ length: 8 }, (_, i) => `line ${i + 1}\n`).join(''));
    const r = await kubectl('logs', 'virt-launcher-rhel9-abcde', '-n', 'vms', '-c', 'compute', '--tail=5');
    expect(r.stdout).toBe('line 4\nline 5\nline 6\nline 7\nline 8\n');
    const dflt = await kubectl('logs', 'virt-launcher-rhel9-abcde', '-n', 'vms', '--tail=1');
    expect(dflt.stdout).toBe('line 8\n');
    const bad = await kubectl('logs', 'virt-launcher-rhel9-abcde', '-n', 'vms', '-c', 'nope');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('container nope is not valid for pod virt-launcher-rhel9-abcde');
  });

  it('prints Status errors the way it does for a real server', async () => {
    const missing = await kubectl('get', 'vmi', 'nope', '-n', 'vms');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('Error from server (NotFound): virtualmachineinstances.kubevirt.io "nope" not found\n');
    s.fault({ resource: 'node', status: 403 });
    const denied = await kubectl('get', 'nodes');
    expect(denied.stderr).toBe(
      'Error from server (Forbidden): nodes is forbidden: User "system:serviceaccount:default:default" cannot list resource "nodes" in API group "" at the cluster scope\n',
    );
  });

  it('get -w prints Table watch events until the server closes the watch', async () => {
    // kubectl lists first, then watches from the list's resourceVersion: one event is the update.
    s.fault({ resource: 'vmim', verb: 'watch', closeWatchAfterEvents: 1 });
    const run = kubectl('get', 'vmim', '-n', 'vms', '-w');
    await s.waitFor((x) => x.watchCount === 1);
    s.modify('vmim', 'vms', 'rhel9-mig-x7k2p', (o) => {
      (o.status as { phase: string }).phase = 'Succeeded';
    });
    const r = await run;
    expect(r.stdout.split('\n').map((l) => l.trim().split(/\s+/))).toEqual([
      ['NAME', 'PHASE', 'VMI'],
      ['rhel9-mig-x7k2p', 'Running', 'rhel9'],
      ['rhel9-mig-x7k2p', 'Succeeded', 'rhel9'],
      [''],
    ]);
  });
});

describe.skipIf(!HAS_KUBECTL)('real kubectl over TLS with token authentication', () => {
  afterEach(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('verifies the server against the CA, sends the token and reports 401 as kubectl does', async () => {
    // kubectl never sends bearer tokens over plain HTTP (kubernetes/kubectl#744), hence TLS here.
    await start({ tls: testTls(), tokens: { good: 'alice' } }, { token: 'good', namespace: 'vms' });
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(await kubectl('get', 'vmim', '-o', 'name')).toMatchObject({
      code: 0,
      stdout: 'virtualmachineinstancemigration.kubevirt.io/rhel9-mig-x7k2p\n',
    });
    expect(s.requests.length).toBeGreaterThan(0);
    expect(s.requests.every((q) => q.user === 'alice')).toBe(true);
    kubeconfig = s.writeKubeconfig(dir, { token: 'bad', fileName: 'bad-kubeconfig' });
    const r = await kubectl('get', 'pods');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: You must be logged in to the server (Unauthorized)');
  });
});
