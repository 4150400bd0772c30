import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSnapshotSource, snapshotFromObjects } from '../../src/collect/snapshot/index.js';
import { namespaceFromPath } from '../../src/collect/snapshot/snapshot-source.js';
import { SourceError } from '../../src/collect/source.js';
import type { KubeEvent, Node, Pod, VirtualMachineInstance, KubeVirt, StorageProfile } from '../../src/kube/types.js';
import { FIXTURES, makeTree, removeTrees, yamlObject } from './helpers.js';

afterAll(removeTrees);

async function expectInputError(p: Promise<unknown>, message: string | RegExp): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceError);
  expect((err as SourceError).kindOf).toBe('InvalidInput');
  if (typeof message === 'string') expect((err as SourceError).message).toBe(message);
  else expect((err as SourceError).message).toMatch(message);
}

describe('support bundle (Harvester, real samples)', () => {
  const open = () => openSnapshotSource(join(FIXTURES, 'support-bundle'));

  it('reads every List under yamls/', async () => {
    const s = await open();
    expect(s.kind).toBe('snapshot');
    expect(s.stats().objects).toEqual({ vmi: 1, pod: 1, event: 21, pvc: 1, kubevirt: 1, node: 1, storageprofile: 6 });
  });

  it('normalises "null" strings, keeps floats, drops managedFields', async () => {
    const s = await open();
    const vmi = await s.get<VirtualMachineInstance>('vmi', 'default', 'vm-00');
    const live = vmi?.status?.conditions?.find((c) => c.type === 'LiveMigratable');
    expect(live).toEqual({ status: 'True', type: 'LiveMigratable' });
    expect(vmi?.status?.volumeStatus?.find((v) => v.name === 'cloudinitdisk')).toEqual({ name: 'cloudinitdisk', size: 1048576, target: 'vdb' });
    expect(vmi?.metadata).not.toHaveProperty('managedFields');
    const node = await s.get<Node>('node', undefined, 'isim-dev');
    expect(node?.metadata.labels?.['host-model-cpu.node.kubevirt.io/EPYC-Genoa']).toBe('true');
    expect(node?.metadata.annotations?.['cluster.x-k8s.io/labels-from-machine']).toBe('');
    expect((node?.status as Record<string, Record<string, unknown>>).nodeInfo).not.toHaveProperty('kubeProxyVersion');
    const profiles = await s.list<StorageProfile>('storageprofile');
    expect(profiles[0]?.metadata.labels?.['cdi.kubevirt.io']).toBe('');
  });

  it('strips the trailing null after closing quotes in event messages', async () => {
    const s = await open();
    const events = await s.list<KubeEvent>('event', { namespace: 'default' });
    const messages = events.map((e) => e.message ?? '');
    expect(messages.some((m) => m.endsWith('"null'))).toBe(false);
    expect(messages).toContain('External provisioner is provisioning volume for claim "default/vm-00-disk-0-xx3er"');
    const scheduler = events.find((e) => e.reason === 'FailedScheduling');
    expect(scheduler?.firstTimestamp).toBeUndefined();
    expect(scheduler?.eventTime).toBe('2025-12-30T21:57:51.547563Z');
  });

  it('has(): collected kinds, an empty List named after its resource, and kinds not collected', async () => {
    const s = await open();
    expect(s.has('vmi')).toBe(true);
    expect(s.has('vmim')).toBe(true); // virtualmachineinstancemigrations.yaml: items: []
    expect(await s.list('vmim')).toEqual([]);
    expect(s.has('vm')).toBe(false);
    expect(await s.list('vm')).toEqual([]);
    expect(s.has('storageclass')).toBe(false);
  });

  it('the KubeVirt CR lives in its own namespace', async () => {
    const s = await open();
    const kv = await s.list<KubeVirt>('kubevirt');
    expect(kv.map((k) => `${k.metadata.namespace}/${k.metadata.name}`)).toEqual(['harvester-system/kubevirt']);
    expect(kv[0]?.status?.observedKubeVirtVersion).toBe('1.6.3-150700.3.13.1');
  });

  it('now() is the newest timestamp in the bundle', async () => {
    const s = await open();
    expect(s.nowSource()).toBe('snapshot');
    // Node heartbeat / events: the newest is the support bundle's last event (21:58:53 AgentConnected probe).
    expect(s.now().toISOString()).toBe('2025-12-30T21:58:53.000Z');
  });
});

describe('kubectl dumps (real samples)', () => {
  it('reads a single file', async () => {
    const s = await openSnapshotSource(join(FIXTURES, 'kubectl', 'vmi-not-migratable-rwo-cnv4.11.yaml'));
    const vmi = await s.get<VirtualMachineInstance>('vmi', 'default', 'cat8kv-01');
    const cond = vmi?.status?.conditions?.find((c) => c.type === 'LiveMigratable');
    expect(cond?.reason).toBe('DisksNotLiveMigratable');
    expect(cond?.lastProbeTime).toBeNull(); // a real YAML null stays null
    expect(s.has('pod')).toBe(false);
  });

  it('reads a directory: List + single document in one file, every kind', async () => {
    const s = await openSnapshotSource(join(FIXTURES, 'kubectl'));
    const vmims = await s.list('vmim', { namespace: 'test-migration' });
    expect(vmims.map((m) => m.metadata.name)).toEqual(['kubevirt-evacuation-wgk69', 'vm1-9rdqx']);
    expect(await s.list('vmim', { labelSelector: 'kubevirt.io/vmi-name=vm3' })).toHaveLength(1);
    expect(s.stats().objects).toMatchObject({ vmi: 2, vmim: 3, datavolume: 1, pod: 1, migrationpolicy: 1 });
    expect(s.stats().documentFiles).toBe(7);
  });
});

describe('directories, formats and errors', () => {
  it('multi-doc YAML, JSON and kubectl -o json Lists; ignores other files and unknown kinds', async () => {
    const root = await makeTree({
      'a.yaml': `${yamlObject('Namespace', 'prod')}---\n${yamlObject('Node', 'node-1')}---\n${yamlObject('ConfigMap', 'cm', '  namespace: prod\n')}`,
      'sub/pods.json': JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [{ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p1', namespace: 'prod', labels: { app: 'x' } }, spec: { nodeName: 'node-1' } }],
        metadata: { resourceVersion: '' },
      }),
      'sub/raw.json': JSON.stringify({ apiVersion: 'v1', kind: 'PodList', items: [{ metadata: { name: 'p2', namespace: 'prod' } }] }),
      'describe.txt': 'Name: p1\n',
      'notes.md': '# not yaml: [\n',
      '.hidden/bad.yaml': 'a: [\n',
      'archive.zip': Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00]),
    });
    const s = await openSnapshotSource(root);
    expect((await s.list('pod')).map((p) => p.metadata.name)).toEqual(['p1', 'p2']);
    expect((await s.list<Pod>('pod', { fieldSelector: 'spec.nodeName=node-1' })).map((p) => p.metadata.name)).toEqual(['p1']);
    expect((await s.list('pod', { labelSelector: 'app' })).map((p) => p.metadata.name)).toEqual(['p1']);
    expect(await s.get('namespace', undefined, 'prod')).toBeDefined();
    expect(s.stats().ignoredKinds).toEqual({ ConfigMap: 1 });
    expect(s.has('namespace') && s.has('node') && s.has('pod')).toBe(true);
  });

  it('list filters by namespace (cluster-scoped resources ignore it) and sorts like the API', async () => {
    const s = snapshotFromObjects([
      { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'b', namespace: 'x' } },
      { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'a', namespace: 'y' } },
      { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: 'a', namespace: 'x' } },
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } },
    ]);
    expect((await s.list('vmi')).map((o) => `${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['x/a', 'x/b', 'y/a']);
    expect((await s.list('vmi', { namespace: 'y' })).map((o) => o.metadata.name)).toEqual(['a']);
    expect(await s.list('node', { namespace: 'y' })).toHaveLength(1);
    expect(await s.get('vmi', 'y', 'b')).toBeUndefined();
    expect(await s.get('vmi', 'x', 'b')).toBeDefined();
  });

  it('bad selectors are BadRequest, as from the API server', async () => {
    const s = snapshotFromObjects([]);
    await expect(s.list('vmi', { fieldSelector: 'status.nodeName=n' })).rejects.toMatchObject({
      kindOf: 'BadRequest',
      message: 'Error from server (BadRequest): field label not supported: status.nodeName',
    });
    await expect(s.list('pod', { labelSelector: 'a in ()' })).rejects.toMatchObject({ kindOf: 'BadRequest' });
  });

  it('deduplicates: the highest resourceVersion wins, whatever the file order', async () => {
    const vmi = (rv: string, phase: string) =>
      `apiVersion: kubevirt.io/v1\nkind: VirtualMachineInstance\nmetadata:\n  name: vm1\n  namespace: prod\n  resourceVersion: "${rv}"\nstatus:\n  phase: ${phase}\n`;
    const root = await makeTree({ 'a/vmis.yaml': vmi('900', 'Running'), 'b/vmis.yaml': vmi('1000', 'Succeeded'), 'c/vmis.yaml': vmi('95', 'Pending') });
    const s = await openSnapshotSource(root);
    expect(await s.list('vmi')).toHaveLength(1);
    expect((await s.get<VirtualMachineInstance>('vmi', 'prod', 'vm1'))?.status?.phase).toBe('Succeeded');
  });

  it('deduplicates without resourceVersions: the newest timestamps win', async () => {
    const node = (t: string) =>
      `apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\nstatus:\n  conditions:\n  - type: Ready\n    status: "True"\n    lastHeartbeatTime: "${t}"\n`;
    const root = await makeTree({ '1.yaml': node('2025-01-02T00:00:00Z'), '2.yaml': node('2025-01-01T00:00:00Z') });
    const s = await openSnapshotSource(root);
    const n = await s.get<Node>('node', undefined, 'n1');
    const ready = n?.status?.conditions?.[0] as { lastHeartbeatTime?: string } | undefined;
    expect(ready?.lastHeartbeatTime).toBe('2025-01-02T00:00:00Z');
  });

  it('a malformed file in a directory is skipped, named with its line; named as PATH it is an error', async () => {
    const bad = 'apiVersion: v1\nkind: Pod\nmetadata:\n   name: x\n  namespace: y\n';
    const root = await makeTree({ 'good.yaml': yamlObject('Node', 'n1'), 'dump/bad.yaml': bad });
    const s = await openSnapshotSource(root);
    expect(await s.list('node')).toHaveLength(1);
    expect(s.inputErrors()).toEqual([{ resource: 'snapshot', message: expect.stringMatching(new RegExp(`^${escape(join(root, 'dump', 'bad.yaml'))}:5: .*; the file was skipped$`)) }]);
    await expectInputError(openSnapshotSource(join(root, 'dump', 'bad.yaml')), new RegExp(`^error: ${escape(join(root, 'dump', 'bad.yaml'))}:5: `));
  });

  it('binary .yaml in a directory is skipped, named as PATH an error; binary files with other extensions are ignored', async () => {
    const root = await makeTree({ 'blob.bin': Buffer.from([0, 1, 2]), 'ok.yaml': yamlObject('Node', 'n1') });
    expect((await openSnapshotSource(root)).inputErrors()).toEqual([]);
    const bad = await makeTree({ 'nodes.yaml': Buffer.from([0x6b, 0x3a, 0x00, 0x00]), 'ok.yaml': yamlObject('Node', 'n1') });
    expect((await openSnapshotSource(bad)).inputErrors()).toEqual([{ resource: 'snapshot', message: `${join(bad, 'nodes.yaml')}: binary file (contains NUL bytes), expected YAML or JSON; the file was skipped` }]);
    await expectInputError(openSnapshotSource(join(bad, 'nodes.yaml')), `error: ${join(bad, 'nodes.yaml')}: binary file (contains NUL bytes), expected YAML or JSON`);
  });

  it('a missing path', async () => {
    await expectInputError(openSnapshotSource('/nonexistent/snapshot'), 'error: the path "/nonexistent/snapshot" does not exist');
  });

  it('an archive given as PATH asks to extract it', async () => {
    const root = await makeTree({ 'supportbundle.zip': Buffer.from([0x50, 0x4b, 0x03, 0x04]) });
    await expectInputError(openSnapshotSource(join(root, 'supportbundle.zip')), /is an archive; extract it first/);
  });

  it('gives namespaced objects without a namespace the layout namespace, else the default', async () => {
    const root = await makeTree({
      'namespaces/prod/core/pods/p1.yaml': yamlObject('Pod', 'p1'),
      'manifests/vmi.yaml': yamlObject('VirtualMachineInstance', 'v1'),
    });
    const s = await openSnapshotSource(root, { namespace: 'team-a' });
    expect(s.defaultNamespace()).toBe('team-a');
    expect(await s.get('pod', 'prod', 'p1')).toBeDefined();
    expect(await s.get('vmi', 'team-a', 'v1')).toBeDefined();
    expect(await s.get('vmi', undefined, 'v1')).toBeDefined(); // undefined namespace = the default
    expect((await openSnapshotSource(join(root, 'manifests'))).defaultNamespace()).toBe('default');
  });

  it('namespaceFromPath reads must-gather and support-bundle layouts', () => {
    expect(namespaceFromPath('must-gather/namespaces/prod/kubevirt.io/virtualmachineinstances/vm1.yaml')).toBe('prod');
    expect(namespaceFromPath('yamls/namespaced/dev/v1/pods.yaml')).toBe('dev');
    expect(namespaceFromPath('cluster-scoped-resources/core/nodes/n1.yaml')).toBeUndefined();
    expect(namespaceFromPath('namespaces.yaml')).toBeUndefined();
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
