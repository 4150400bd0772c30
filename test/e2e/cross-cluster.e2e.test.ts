// A cross-cluster (decentralized) migration end to end through kubectl: two fake API servers, two
// kubeconfig contexts (east: the source cluster, west: the target), set up as the fleet e2e does.
// Each stage is loaded into both servers from test/fixtures/objects/kinds/decentralized-*/ and
// diagnosed from each side, without and with --peer-context; the documents are asserted by ids
// and fields, and the requests each server answered are counted (at most 15 each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { writeMultiContextKubeconfig } from '../fake-apiserver/kubeconfig.js';
import { REPO, parseOneJson, runPlugin, tempDir } from './plugin.js';
import { node, pvc, storageClass } from '../fixtures/objects/index.js';
import { launcherPod } from '../fixtures/objects/migrations.js';
import { validateDocument, validators } from '../schema/validator.js';

const KINDS = join(REPO, 'test/fixtures/objects/kinds');

interface Doc {
  kind: string;
  target: { migration?: { name: string; kind?: string; phase: string } };
  verdict: { status: string; cause: string; check?: string; hint: string };
  checks: { id: string; status: string; missing?: string; evidence: { cluster?: string }[] }[];
  peer?: { half: string; migrationID: string; cluster?: string; migration?: { name: string; phase: string }; verdict?: { status: string; cause: string }; checks?: { id: string }[] };
  errors: { cluster?: string; resource: string }[];
}

const V = validators();
let east: FakeApiServer;
let west: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  [east, west] = await Promise.all([startFakeApiServer(), startFakeApiServer()]);
  kubeconfig = writeMultiContextKubeconfig(tempDir(), [{ name: 'east', server: east.url }, { name: 'west', server: west.url }], { user: 'user', namespace: 'billing', current: 'east' });
});
afterAll(async () => {
  await Promise.all([east.close(), west.close()]);
});

/** Loads one stage: the source cluster's dump (and its node) into east, the target's into west. */
function stage(source: string, target: string | undefined): void {
  east.reset();
  west.reset();
  east.loadFiles([join(KINDS, 'decentralized-source', `${source}.yaml`)]);
  east.load([node('east-worker-2')]);
  if (target) west.loadFiles([join(KINDS, 'decentralized-target', `${target}.yaml`)]);
  else west.loadFiles([join(KINDS, 'decentralized-target', 'waiting-for-sync.yaml')]).filter((o) => o.kind !== 'KubeVirt').forEach((o) => west.remove(o.kind === 'VirtualMachineInstanceMigration' ? 'vmim' : o.kind === 'VirtualMachineInstance' ? 'vmi' : 'vm', 'billing', String((o.metadata as { name: string }).name)));
  east.resetRequests();
  west.resetRequests();
}

const DISCOVERY = /^\/(api|apis)(\/[^/]+){0,2}$|^\/version$|^\/openapi/;
const apiRequests = (s: FakeApiServer) => s.requests.filter((q) => !DISCOVERY.test(q.path)).length;

async function why(from: 'east' | 'west', peer: boolean): Promise<{ code: number; doc: Doc }> {
  east.resetRequests();
  west.resetRequests();
  const other = from === 'east' ? 'west' : 'east';
  const r = await runPlugin(['why', 'invoice-db', '-n', 'billing', '-o', 'json', '--context', from, ...(peer ? ['--peer-context', other] : []), '--kubeconfig', kubeconfig, '--request-timeout', '5s']);
  const doc = parseOneJson<Doc>(r.stdout);
  expect(validateDocument(V, doc), r.stderr).toEqual([]);
  expect(apiRequests(from === 'east' ? east : west)).toBeLessThanOrEqual(15);
  expect(apiRequests(from === 'east' ? west : east)).toBeLessThanOrEqual(peer ? 15 : 0);
  return { code: r.code, doc };
}

const check = (d: Doc, id: string) => d.checks.find((c) => c.id === id);

describe('why on a cross-cluster migration, two clusters', () => {
  it('Synchronizing, the receiving cluster has no half: peer-migration-missing from the source side; with the peer, from its VMIMs too', async () => {
    stage('synchronizing-no-receiver', undefined);
    const alone = await why('east', false);
    expect(alone.code).toBe(1);
    expect(alone.doc.verdict).toMatchObject({ status: 'blocked', cause: 'peer-migration-missing', check: 'peer-migration' });
    expect(alone.doc.target.migration).toMatchObject({ kind: 'decentralized-source', phase: 'Synchronizing' });
    expect(alone.doc.peer).toMatchObject({ half: 'decentralized-source' });
    expect(alone.doc.peer?.cluster).toBeUndefined();
    const both = await why('east', true);
    expect(both.doc.verdict.cause).toBe('peer-migration-missing');
    expect(both.doc.peer).toMatchObject({ cluster: 'west' });
    expect(both.doc.peer?.migration).toBeUndefined();
  });

  it('Synchronizing / WaitingForSync, the sync address unreachable: sync-unreachable from either side, both halves in one document with the peer', async () => {
    stage('synchronizing-unreachable', 'waiting-for-sync-unreachable');
    for (const from of ['east', 'west'] as const) {
      const alone = await why(from, false);
      expect(alone.doc.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable', check: 'sync-channel' });
      const both = await why(from, true);
      expect(both.doc.verdict).toMatchObject({ status: 'blocked', cause: 'sync-unreachable' });
      expect(both.doc.peer).toMatchObject({
        half: from === 'east' ? 'decentralized-source' : 'decentralized-target',
        cluster: from === 'east' ? 'west' : 'east',
        migration: { name: from === 'east' ? 'forklift-p9w4t' : 'forklift-7xq2m' },
      });
      expect(both.doc.peer?.verdict).toBeDefined();
      expect(check(both.doc, 'peer-migration')?.status).toBe('pass');
    }
  });

  it('Scheduling: the target pod cannot schedule in west; east alone cannot tell (unknown, the flag named), with --peer-context it names the cause', async () => {
    stage('scheduling', 'scheduling-unschedulable');
    const alone = await why('east', false);
    expect(alone.doc.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    expect(check(alone.doc, 'peer-half')).toMatchObject({ status: 'unknown', missing: expect.stringContaining('--peer-context') });
    const both = await why('east', true);
    expect(both.doc.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu', check: 'peer-half' });
    expect(check(both.doc, 'peer-half')?.evidence[0]).toMatchObject({ cluster: 'west' });
    expect(both.doc.peer?.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu' });
    const target = await why('west', false);
    expect(target.doc.verdict).toMatchObject({ status: 'blocked', cause: 'target-unschedulable-cpu', check: 'target-pod-scheduling' });
    const targetBoth = await why('west', true);
    expect(targetBoth.doc.verdict).toMatchObject({ cause: 'target-unschedulable-cpu' });
    expect(targetBoth.doc.peer).toMatchObject({ cluster: 'east', migration: { name: 'forklift-7xq2m', phase: 'Scheduling' } });
  });

  it('Running: progressing from the source side, with and without the peer; the target half is paired', async () => {
    stage('running', 'running');
    // The dump leaves out the running target pod (the receiving VMI's launcher, labelled with the target VMIM's UID).
    west.load([
      launcherPod({ vmi: 'invoice-db', vmiUid: '9d27c6b1-4e8f-4b0a-a3d5-6c1e7f2b8a40', name: 'virt-launcher-invoice-db-vz7rn', namespace: 'billing', node: 'west-worker-1', labels: { 'kubevirt.io/migrationJobUID': '5e8b1d3a-7c2f-4f6e-b9a0-3d4c5e6f7a81' } }),
    ]);
    const alone = await why('east', false);
    expect(alone.doc.target.migration).toMatchObject({ phase: 'Running' });
    const both = await why('east', true);
    expect(both.doc.peer).toMatchObject({ cluster: 'west', migration: { name: 'forklift-p9w4t', phase: 'Running' } });
    expect(check(both.doc, 'peer-migration')?.status).toBe('pass');
    // The transfer is the source's to judge (its launcher copies): the target half's view of it is not taken over.
    expect(both.doc.verdict.check).not.toBe('peer-half');
    expect(check(both.doc, 'peer-half')?.status).not.toBe('fail');
    expect(both.doc.verdict.cause).toBe(alone.doc.verdict.cause);
    // From the target side, the source's judgement of the copy decides.
    const target = await why('west', true);
    expect(target.doc.peer).toMatchObject({ half: 'decentralized-target', migration: { name: 'forklift-7xq2m', phase: 'Running' } });
    expect(target.doc.peer?.verdict).toMatchObject({ cause: alone.doc.verdict.cause });
  });

  it('usage: --peer-context with --from, --peer-from without --from, --peer-context with --node: exit 2 before any request', async () => {
    for (const args of [
      ['why', 'x', '--from', KINDS, '--peer-context', 'west'],
      ['why', 'x', '--peer-from', KINDS],
      ['why', '--node', 'n1', '--peer-context', 'west'],
    ]) {
      east.resetRequests();
      const r = await runPlugin([...args, '--kubeconfig', kubeconfig]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(east.requests).toHaveLength(0);
    }
  });
});

describe('list --peer-context', () => {
  it('pairs each half with the other cluster\'s by migrationID (a peer on the row), from either side', async () => {
    stage('scheduling', 'scheduling-unschedulable');
    for (const [from, other, name] of [
      ['east', 'west', 'forklift-p9w4t'],
      ['west', 'east', 'forklift-7xq2m'],
    ] as const) {
      const r = await runPlugin(['list', '-n', 'billing', '-o', 'json', '--context', from, '--peer-context', other, '--kubeconfig', kubeconfig, '--request-timeout', '5s']);
      const doc = parseOneJson<{ kind: string; items: { migration: string; kind: string; peer?: { cluster: string; migration?: string; phase?: string } }[] }>(r.stdout);
      expect(validateDocument(V, doc), r.stderr).toEqual([]);
      expect(doc.items).toHaveLength(1);
      expect(doc.items[0]).toMatchObject({ kind: from === 'east' ? 'decentralized-source' : 'decentralized-target', peer: { cluster: other, migration: name } });
    }
  });

  it('a half without a partner there: peer {cluster} only; without the flag no peer field', async () => {
    stage('synchronizing-no-receiver', undefined);
    const r = await runPlugin(['list', '-n', 'billing', '-o', 'json', '--context', 'east', '--peer-context', 'west', '--kubeconfig', kubeconfig]);
    const doc = parseOneJson<{ items: { peer?: Record<string, string> }[] }>(r.stdout);
    expect(doc.items[0]?.peer).toEqual({ cluster: 'west' });
    const plain = parseOneJson<{ items: { peer?: unknown }[] }>((await runPlugin(['list', '-n', 'billing', '-o', 'json', '--context', 'east', '--kubeconfig', kubeconfig])).stdout);
    expect(plain.items[0]?.peer).toBeUndefined();
  });
});

interface Report {
  kind: string;
  items: { name: string; verdict: string; findings: { rule: string; severity: string; evidence: { kind: string; name: string; cluster?: string }[] }[]; unknown: { rule: string; missing: string }[] }[];
  errors: { cluster?: string; resource: string }[];
}

describe('check-migratable --peer-context: the cross-cluster pre-flight', () => {
  /** east: the running VM (v1.9.0, gate on) with its claims on ceph-rbd; west: its KubeVirt CR, a class of its own. */
  function preflight(westObjects: { namespace: boolean; storageClass: string; gate?: boolean; syncAddress?: false }): void {
    east.reset();
    west.reset();
    east.loadFiles([join(KINDS, 'decentralized-source', 'running.yaml')]);
    east.load([
      node('east-worker-2'),
      pvc('invoice-db-data', { namespace: 'billing', storageClassName: 'ceph-rbd' }),
      pvc('invoice-db-rootdisk', { namespace: 'billing', storageClassName: 'ceph-rbd' }),
      storageClass('ceph-rbd'),
    ]);
    const loaded = west.loadFiles([join(KINDS, 'decentralized-target', 'waiting-for-sync.yaml')]);
    for (const o of loaded) if (o.kind !== 'KubeVirt') west.remove(o.kind === 'VirtualMachineInstanceMigration' ? 'vmim' : o.kind === 'VirtualMachineInstance' ? 'vmi' : 'vm', 'billing', String((o.metadata as { name: string }).name));
    // What virt-operator writes while the sync controller's lease has no holder: no addresses.
    if (westObjects.syncAddress === false) for (const o of loaded) if (o.kind === 'KubeVirt') west.put({ ...o, status: { ...(o.status as object), synchronizationAddresses: undefined } });
    west.load([storageClass(westObjects.storageClass), ...(westObjects.namespace ? [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'billing' } }] : [])]);
    east.resetRequests();
    west.resetRequests();
  }

  async function checkPeer(): Promise<{ code: number; doc: Report }> {
    const r = await runPlugin(['check-migratable', 'invoice-db', '-n', 'billing', '-o', 'json', '--context', 'east', '--peer-context', 'west', '--kubeconfig', kubeconfig, '--request-timeout', '5s']);
    const doc = parseOneJson<Report>(r.stdout);
    expect(validateDocument(V, doc), r.stderr).toEqual([]);
    // Budget: east as check-migratable NAME reads it (10 lists); west ≤ 5 (KubeVirt CR, namespace, StorageClasses, NADs).
    expect(apiRequests(east)).toBeLessThanOrEqual(12);
    expect(apiRequests(west)).toBeLessThanOrEqual(5);
    // Nothing is created, changed or deleted on either cluster.
    for (const s of [east, west]) expect(s.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)).toEqual([]);
    return { code: r.code, doc };
  }

  it('west lacks the namespace and the storage class: both findings in the VM\'s item, exit 1', async () => {
    preflight({ namespace: false, storageClass: 'longhorn' });
    const { code, doc } = await checkPeer();
    expect(code).toBe(1);
    const item = doc.items.find((i) => i.name === 'invoice-db');
    expect(item?.verdict).toBe('not-migratable');
    const peerFindings = item?.findings.filter((f) => f.rule.startsWith('peer-')) ?? [];
    expect(peerFindings.map((f) => [f.rule, f.severity])).toEqual([
      ['peer-namespace-missing', 'blocker'],
      ['peer-storage-class-missing', 'blocker'],
    ]);
    expect(peerFindings[0]?.evidence).toEqual([{ kind: 'Namespace', name: 'billing', cluster: 'west' }]);
    expect(peerFindings[1]?.evidence).toEqual([{ kind: 'StorageClass', name: 'ceph-rbd', cluster: 'west' }]);
  });

  it('west ready: no peer finding', async () => {
    preflight({ namespace: true, storageClass: 'ceph-rbd' });
    const { doc } = await checkPeer();
    const item = doc.items.find((i) => i.name === 'invoice-db');
    expect(item?.findings.filter((f) => f.rule.startsWith('peer-'))).toEqual([]);
    expect(item?.unknown.filter((u) => u.rule.startsWith('peer-'))).toEqual([]);
  });

  it('a 403 on west\'s namespaces: peer-namespace-missing unknown with the reason, an errors[] entry tagged west', async () => {
    preflight({ namespace: true, storageClass: 'ceph-rbd' });
    west.fault({ resource: 'namespace', status: 403 });
    const { doc } = await checkPeer();
    const item = doc.items.find((i) => i.name === 'invoice-db');
    expect(item?.unknown).toContainEqual({ rule: 'peer-namespace-missing', missing: 'west: namespaces: forbidden' });
    expect(doc.errors).toContainEqual(expect.objectContaining({ cluster: 'west', resource: 'namespaces' }));
  });

  it('west publishes no synchronization address: peer-sync-address-missing warns, from the CR already read', async () => {
    preflight({ namespace: true, storageClass: 'ceph-rbd', syncAddress: false });
    const { code, doc } = await checkPeer();
    const item = doc.items.find((i) => i.name === 'invoice-db');
    expect(item?.findings.filter((f) => f.rule.startsWith('peer-')).map((f) => [f.rule, f.severity])).toEqual([['peer-sync-address-missing', 'warning']]);
    expect(item?.verdict).toBe('risky');
    expect(code).toBe(0);
  });

  it('with -A: a usage error before any request', async () => {
    east.resetRequests();
    west.resetRequests();
    const r = await runPlugin(['check-migratable', '-A', '--context', 'east', '--peer-context', 'west', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(2);
    expect(apiRequests(east) + apiRequests(west)).toBe(0);
  });
});
