// `list -A` costs what the migrations cost, however the cluster is laid out (issue #17): the same
// objects (the bench's generator, scripts/bench/cluster.mjs) in one namespace take at most twice
// the time they take spread over 50, and the list reads every VMIM, then only the objects of the
// unfinished ones: no list of every VMI, pod, node or event. Times are compared within this
// process (alternating runs, medians), never against a fixed budget.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApiServer, readObjectFiles, type FakeApiServer, type RequestRecord } from '../fake-apiserver/index.js';
import type { KubeObject } from '../../src/kube/types.js';
import { runCli } from '../unit/cli/run-cli.js';

const VMS = 4000;
const NODES = 80;
const RUNS = 3;

interface Cluster {
  objects: KubeObject[];
  counts: { vmim: number };
}
type Generator = (o: { vms: number; nodes: number; now: number; examplesDir: string; readObjectFiles: (p: string) => KubeObject[]; namespaces: number }) => Cluster;

interface Layout {
  server: FakeApiServer;
  kubeconfig: string;
  vmims: number;
  ms: number[];
  requests: RequestRecord[];
}

const layouts = new Map<number, Layout>();
const dirs: string[] = [];

async function listOnce(l: Layout): Promise<void> {
  l.server.resetRequests();
  const t0 = performance.now();
  const r = await runCli(['list', '-A', '-o', 'json', '--kubeconfig', l.kubeconfig]);
  l.ms.push(performance.now() - t0);
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { items: unknown[] }).items).toHaveLength(l.vmims);
  l.requests = [...l.server.requests];
}

beforeAll(async () => {
  const generatorPath = '../../scripts/bench/cluster.mjs';
  const { syntheticCluster } = (await import(/* @vite-ignore */ generatorPath)) as { syntheticCluster: Generator };
  const now = Date.now();
  for (const namespaces of [1, 50]) {
    const c = syntheticCluster({ vms: VMS, nodes: NODES, now, examplesDir: join(__dirname, '../../examples/cluster-snapshot'), readObjectFiles, namespaces });
    const server = await startFakeApiServer();
    server.load(c.objects);
    const dir = mkdtempSync(join(tmpdir(), 'vmigrate-list-scale-'));
    dirs.push(dir);
    layouts.set(namespaces, { server, kubeconfig: server.writeKubeconfig(dir, {}), vmims: c.counts.vmim, ms: [], requests: [] });
  }
  const [one, fifty] = [layouts.get(1)!, layouts.get(50)!];
  // A warm-up each (module loading, the server's JSON caches), then alternating runs.
  await listOnce(one);
  await listOnce(fifty);
  one.ms.length = 0;
  fifty.ms.length = 0;
  for (let i = 0; i < RUNS; i++) {
    await listOnce(one);
    await listOnce(fifty);
  }
}, 240_000);

afterAll(async () => {
  for (const l of layouts.values()) await l.server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

describe(`list -A on ${VMS} VMs`, () => {
  it('one namespace takes at most twice the time of 50', () => {
    expect(median(layouts.get(1)!.ms)).toBeLessThanOrEqual(2 * median(layouts.get(50)!.ms));
  });

  it.each([1, 50])('%s namespace(s): about the same requests, and no list of every VMI, pod, node or event', (namespaces) => {
    const rs = layouts.get(namespaces)!.requests;
    // Per-namespace reads (quotas) are the only difference.
    expect(Math.abs(rs.length - layouts.get(1)!.requests.length)).toBeLessThanOrEqual(0.1 * rs.length);
    const clusterWide = rs.filter((r) => r.method === 'GET' && !/\/namespaces\//.test(r.path) && !r.query.fieldSelector && !r.query.labelSelector && !/\/(nodes|persistentvolumes)\/[^/]+$/.test(r.path));
    expect(clusterWide.map((r) => r.path).sort()).toEqual([
      '/api/v1/namespaces',
      '/apis/kubevirt.io/v1/kubevirts',
      '/apis/kubevirt.io/v1/virtualmachineinstancemigrations',
      '/apis/migrations.kubevirt.io/v1alpha1/migrationpolicies',
    ]);
    // Namespaced lists of pods and events are narrowed to one VM's objects (or one node's virt-handler).
    for (const r of rs.filter((x) => /\/namespaces\/[^/]+\/(pods|events)$/.test(x.path))) {
      expect(`${r.query.labelSelector ?? ''} ${r.query.fieldSelector ?? ''}`).toMatch(/created-by=|involvedObject\.name=|spec\.nodeName=/);
    }
  });
});
