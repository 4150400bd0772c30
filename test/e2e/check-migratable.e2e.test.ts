// check-migratable end to end: real kubectl plugin discovery, the built bundle, and the fake API
// server serving the example cluster — and the same cluster offline with --from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, parseOneJson, runPlugin, tempDir } from './plugin.js';
import type { KubeObject } from '../../src/kube/types.js';

interface Report {
  apiVersion: string;
  kind: string;
  summary: { total: number; migratable: number; notMigratable: number; risky: number; drain?: Record<string, unknown> };
  items: {
    namespace: string;
    name: string;
    verdict: string;
    findings: { rule: string; severity: string; evidence: { kind: string; name: string }[] }[];
    unknown: { rule: string; missing: string }[];
    kubevirt: { liveMigratable: string; reason?: string };
    agreesWithKubeVirt: boolean | null;
    drain?: { evictionStrategy: string; outcome: string; cause?: string; check?: string };
  }[];
  errors: { resource: string; message: string }[];
}

// examples/README.md: the blockers and warnings of every example VM, exactly.
const EXPECTED: Record<string, { verdict: string; rules: string[]; agrees: boolean | null }> = {
  'prod/db-primary': { verdict: 'migratable', rules: [], agrees: true },
  'prod/erp-app': { verdict: 'not-migratable', rules: ['eviction-drain-blocker', 'volume-not-shared'], agrees: true },
  'prod/ml-gpu-trainer': { verdict: 'not-migratable', rules: ['host-device'], agrees: true },
  'dev/ci-runner': { verdict: 'risky', rules: ['volume-cdrom', 'volume-containerdisk'], agrees: true },
  'prod/license-server': { verdict: 'not-migratable', rules: ['eviction-drain-blocker', 'node-pinned'], agrees: false },
  'prod/analytics-warehouse': { verdict: 'not-migratable', rules: ['cpu-host-model-unique'], agrees: false },
  'dev/scratch-builder': { verdict: 'not-migratable', rules: ['volume-node-local', 'volume-not-shared'], agrees: true },
  'default/legacy-web': { verdict: 'not-migratable', rules: ['interface-not-migratable'], agrees: true },
  'default/wiki': { verdict: 'risky', rules: ['volume-single-replica'], agrees: true },
  'dev/rhel9-golden': { verdict: 'not-migratable', rules: ['volume-not-shared'], agrees: null },
};

const nonInfoRules = (item: Report['items'][number]) =>
  [...new Set(item.findings.filter((f) => f.severity !== 'info').map((f) => f.rule))].sort();

let server: FakeApiServer;
let kubeconfig: string;
let dir: string;

beforeAll(async () => {
  server = await startFakeApiServer();
  server.loadFiles([EXAMPLE_SNAPSHOT]);
  dir = tempDir();
  kubeconfig = server.writeKubeconfig(dir, { namespace: 'prod' });
});
afterAll(async () => {
  await server.close();
});

describe('check-migratable against a live (fake) cluster through kubectl', () => {
  it('-A -o json: one MigratabilityReport with every reason of every VM, exit 1', async () => {
    const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(1);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.apiVersion).toBe('vmigrate/v1');
    expect(doc.kind).toBe('MigratabilityReport');
    expect(doc.summary).toEqual({ total: 10, migratable: 1, notMigratable: 7, risky: 2 });
    expect(doc.errors).toEqual([]);
    for (const item of doc.items) {
      const want = EXPECTED[`${item.namespace}/${item.name}`];
      expect(want, `${item.namespace}/${item.name}`).toBeDefined();
      expect(item.verdict, `${item.namespace}/${item.name}`).toBe(want!.verdict);
      expect(nonInfoRules(item), `${item.namespace}/${item.name}`).toEqual(want!.rules);
      expect(item.agreesWithKubeVirt, `${item.namespace}/${item.name}`).toBe(want!.agrees);
    }
    const erp = doc.items.find((i) => i.name === 'erp-app')!;
    expect(erp.kubevirt).toMatchObject({ liveMigratable: 'False', reason: 'DisksNotLiveMigratable' });
    // Each finding names the offending object.
    const shared = erp.findings.find((f) => f.rule === 'volume-not-shared')!;
    expect(shared.evidence.map((e) => `${e.kind}/${e.name}`)).toContain('PersistentVolumeClaim/erp-app-rootdisk');
  });

  it('gives the same document offline (--from) as live', async () => {
    const live = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kubeconfig]);
    const offline = await runPlugin(['check-migratable', '-A', '-o', 'json', '--from', EXAMPLE_SNAPSHOT]);
    expect(offline.code).toBe(live.code);
    expect(parseOneJson(offline.stdout)).toEqual(parseOneJson(live.stdout));
  });

  it('the default namespace is the context namespace; NAMEs select VMs', async () => {
    const r = await runPlugin(['check-migratable', 'erp-app', 'db-primary', '-o', 'json', '--kubeconfig', kubeconfig]);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.items.map((i) => `${i.namespace}/${i.name}`).sort()).toEqual(['prod/db-primary', 'prod/erp-app']);
    expect(r.code).toBe(1);
    const ok = await runPlugin(['check-migratable', 'db-primary', '--kubeconfig', kubeconfig]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^NAMESPACE\s+NAME\s+VERDICT\s+BLOCKERS\s+WARNINGS/);
  });

  it('-l filters by label', async () => {
    const r = await runPlugin(['check-migratable', '-A', '-l', 'kubevirt.io/domain=wiki', '-o', 'json', '--kubeconfig', kubeconfig]);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.items.map((i) => i.name)).toEqual(['wiki']);
  });

  it('--node: drain preview with effective strategies and outcomes', async () => {
    const r = await runPlugin(['check-migratable', '--node', 'node-2', '-o', 'json', '--kubeconfig', kubeconfig]);
    const doc = parseOneJson<Report>(r.stdout);
    const outcomes = Object.fromEntries(doc.items.map((i) => [`${i.namespace}/${i.name}`, [i.drain?.evictionStrategy, i.drain?.outcome]]));
    expect(outcomes).toEqual({
      'prod/db-primary': ['LiveMigrate', 'migrate'],
      'prod/erp-app': ['LiveMigrate', 'block-drain'],
      // Its migration is already in flight (Pending behind the quota): the pre-flight says migration-conflict.
      'dev/ci-runner': ['LiveMigrateIfPossible', 'wait'],
      'dev/scratch-builder': ['LiveMigrateIfPossible', 'shutdown'],
      'default/legacy-web': ['None', 'shutdown'],
      'default/wiki': ['LiveMigrate', 'migrate'],
    });
    expect(doc.items.find((i) => i.name === 'ci-runner')?.drain).toMatchObject({ outcome: 'wait', cause: 'migration-conflict', check: 'migration-conflict' });
    expect(doc.summary.drain).toEqual({
      node: 'node-2',
      migrate: 2,
      wait: 1,
      shutdown: 2,
      'block-drain': 1,
      external: 0,
      cordoned: false,
      draining: false,
      inFlight: [{ namespace: 'dev', name: 'kubevirt-migrate-vm-vk7vt', vmi: 'ci-runner', phase: 'Pending' }],
    });
    const table = await runPlugin(['check-migratable', '--node', 'node-2', '--kubeconfig', kubeconfig]);
    expect(table.stdout).toContain('kubectl drain node-2');
  });

  it('a 403 on nodes leaves node-dependent rules unknown and the other rules still run', async () => {
    const f = server.fault({ resource: 'node', status: 403 });
    try {
      const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kubeconfig]);
      const doc = parseOneJson<Report>(r.stdout);
      expect(doc.errors.map((e) => e.resource)).toEqual(['nodes']);
      expect(doc.errors[0]!.message).toMatch(/^Error from server \(Forbidden\): nodes is forbidden/);
      const analytics = doc.items.find((i) => i.name === 'analytics-warehouse')!;
      expect(analytics.unknown.map((u) => u.rule)).toContain('cpu-host-model-unique');
      expect(analytics.unknown.find((u) => u.rule === 'cpu-host-model-unique')!.missing).toMatch(/nodes/);
      // Rules that need no nodes still fire.
      const erp = doc.items.find((i) => i.name === 'erp-app')!;
      expect(nonInfoRules(erp)).toContain('volume-not-shared');
      expect(r.stderr).toMatch(/Warning: nodes:/);
    } finally {
      f.remove();
    }
  });

  it('makes a constant number of list requests whatever the number of VMs', async () => {
    const counts: number[] = [];
    for (const n of [10, 100]) {
      const s = await startFakeApiServer();
      try {
        s.load(syntheticCluster(n));
        const kc = s.writeKubeconfig(tempDir(), {});
        const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kc]);
        expect(parseOneJson<Report>(r.stdout).summary.total).toBe(n);
        counts.push(s.requests.filter((q) => q.method === 'GET').length);
      } finally {
        await s.close();
      }
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(9);
  });
});

describe('check-migratable input errors', () => {
  it('an unknown VM exits 3 with a NotFound line', async () => {
    const r = await runPlugin(['check-migratable', 'nope', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toBe('Error from server (NotFound): virtualmachines.kubevirt.io "nope" not found');
  });

  it('malformed -f YAML exits 3 naming file and line', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: x\n  labels: [a\n');
    const r = await runPlugin(['check-migratable', '-f', bad]);
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${bad}:`);
    expect(r.stderr).toMatch(/bad\.yaml:\d+/);
  });

  it('an unknown flag exits 2', async () => {
    const r = await runPlugin(['check-migratable', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("unknown option '--bogus'");
  });

  it('a bad --output value exits 2', async () => {
    const r = await runPlugin(['check-migratable', '-A', '-o', 'xml', '--from', EXAMPLE_SNAPSHOT]);
    expect(r.code).toBe(2);
  });

  it('an unreachable server exits 3 with kubectl\'s connection line', async () => {
    const s = await startFakeApiServer();
    const kc = s.writeKubeconfig(tempDir(), {});
    await s.close();
    const r = await runPlugin(['check-migratable', '-A', '--kubeconfig', kc]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^The connection to the server 127\.0\.0\.1:\d+ was refused/);
  });
});

describe('check-migratable -f: manifests not applied yet', () => {
  it('judges a VM and the PVC it ships with', async () => {
    const r = await runPlugin(['check-migratable', '-f', join(REPO, 'examples/manifests/vm-rwo.yaml'), '-o', 'json']);
    const doc = parseOneJson<Report>(r.stdout);
    expect(r.code).toBe(1);
    expect(doc.items.flatMap((i) => i.findings.map((f) => f.rule))).toContain('volume-not-shared');
  });

  it('a PVC the file does not carry is unresolved, not a crash', async () => {
    const vm = join(dir, 'vm-only.yaml');
    writeFileSync(
      vm,
      [
        'apiVersion: kubevirt.io/v1',
        'kind: VirtualMachine',
        'metadata: {name: lonely, namespace: dev}',
        'spec:',
        '  runStrategy: Always',
        '  template:',
        '    spec:',
        '      domain: {devices: {disks: [{name: root, disk: {bus: virtio}}]}, resources: {requests: {memory: 1Gi}}}',
        '      volumes: [{name: root, persistentVolumeClaim: {claimName: not-in-file}}]',
      ].join('\n'),
    );
    const alone = await runPlugin(['check-migratable', '-f', vm, '-o', 'json']);
    expect(alone.code).toBe(0);
    const item = parseOneJson<Report>(alone.stdout).items[0]!;
    expect(item.unknown.find((u) => u.rule === 'volume-not-shared')?.missing).toMatch(/PersistentVolumeClaim/);
    // With other PVCs in the files, the missing one is named.
    const other = join(dir, 'other-pvc.yaml');
    writeFileSync(other, 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: other, namespace: dev}\nspec: {accessModes: [ReadWriteMany]}\n');
    const both = await runPlugin(['check-migratable', '-f', vm, '-f', other, '-o', 'json']);
    const item2 = parseOneJson<Report>(both.stdout).items.find((i) => i.name === 'lonely')!;
    expect(item2.unknown.find((u) => u.rule === 'volume-not-shared')?.missing).toMatch(/not-in-file/);
  });
});

/** n VMs with running VMIs on RWX PVCs over 3 nodes: enough to count requests. */
function syntheticCluster(n: number): KubeObject[] {
  const objs: KubeObject[] = [];
  for (let i = 0; i < 3; i++) {
    objs.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: `node-${i}`, labels: { 'kubevirt.io/schedulable': 'true', 'kubernetes.io/hostname': `node-${i}` } },
      status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '32', memory: '128Gi' } },
    });
  }
  for (let i = 0; i < n; i++) {
    const name = `vm-${i}`;
    const spec = {
      domain: { devices: { disks: [{ name: 'root', disk: { bus: 'virtio' } }], interfaces: [{ name: 'default', masquerade: {} }] }, resources: { requests: { memory: '2Gi' } } },
      networks: [{ name: 'default', pod: {} }],
      volumes: [{ name: 'root', persistentVolumeClaim: { claimName: `${name}-root` } }],
    };
    objs.push({ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', metadata: { name, namespace: 'bench' }, spec: { runStrategy: 'Always', template: { spec } } });
    objs.push({
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstance',
      metadata: { name, namespace: 'bench' },
      spec,
      status: { phase: 'Running', nodeName: `node-${i % 3}`, conditions: [{ type: 'LiveMigratable', status: 'True' }] },
    });
    objs.push({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: `${name}-root`, namespace: 'bench' },
      spec: { accessModes: ['ReadWriteMany'], volumeMode: 'Block', storageClassName: 'ceph-rbd' },
      status: { phase: 'Bound', accessModes: ['ReadWriteMany'] },
    });
  }
  return objs;
}
