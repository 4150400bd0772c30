// `list -A` costs what the migrations cost, however the cluster is laid out (issue #17): the same
// objects (the bench's generator, scripts/bench/cluster.mjs) in one namespace take at most twice
// the time they take spread over 50, and the list reads every VMIM, then only the objects of the
// unfinished ones (and of recent failures): no list of every VMI or event, every node and
// launcher pod only once for the placement of target pods waiting for a node. What is compared is
// the plugin's own CPU time (the built plugin in a child process: the fake server's work, which
// grows with a namespace's size as a real API server's filtering does, is not the plugin's), in
// alternating runs (medians), never against a fixed budget.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApiServer, readObjectFiles, type FakeApiServer, type RequestRecord } from '../fake-apiserver/index.js';
import type { KubeObject } from '../../src/kube/types.js';

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

const CLI = pathToFileURL(join(__dirname, '../../dist/cli.mjs')).href;
// The built plugin, reporting its own CPU time (user + system, ms) on stderr's last line.
const CPU_TIMED = `const t = process.cpuUsage(); const m = await import(${JSON.stringify(CLI)}); await m.run(process.argv.slice(0, 1).concat(['kubectl-vmigrate', ...process.argv.slice(1)])); const u = process.cpuUsage(t); process.stderr.write('\\ncpu ' + (u.user + u.system) / 1000 + '\\n');`;

/** `list -A -o json` in a child process; its CPU time, stdout and stderr. */
function runPlugin(args: string[]): Promise<{ code: number; stdout: string; stderr: string; cpuMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CPU_TIMED, ...args], { env: { PATH: process.env.PATH ?? '', HOME: tmpdir() } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr, cpuMs: Number(/cpu ([\d.]+)\s*$/.exec(stderr)?.[1] ?? NaN) }));
  });
}

async function listOnce(l: Layout): Promise<void> {
  l.server.resetRequests();
  const r = await runPlugin(['list', '-A', '-o', 'json', '--kubeconfig', l.kubeconfig]);
  expect(r.code, r.stderr).toBe(0);
  expect((JSON.parse(r.stdout) as { items: unknown[] }).items).toHaveLength(l.vmims);
  l.ms.push(r.cpuMs);
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
  it('one namespace takes at most twice the CPU time of 50', () => {
    const [one, fifty] = [median(layouts.get(1)!.ms), median(layouts.get(50)!.ms)];
    expect(Number.isFinite(one) && Number.isFinite(fifty)).toBe(true);
    expect(one).toBeLessThanOrEqual(2 * fifty);
  });

  it.each([1, 50])('%s namespace(s): about the same requests, and no list of every VMI, pod, node or event', (namespaces) => {
    const rs = layouts.get(namespaces)!.requests;
    // Per-namespace reads (quotas) are the only difference.
    expect(Math.abs(rs.length - layouts.get(1)!.requests.length)).toBeLessThanOrEqual(0.1 * rs.length);
    const clusterWide = rs.filter((r) => r.method === 'GET' && !/\/namespaces\//.test(r.path) && !r.query.fieldSelector && !r.query.labelSelector && !/\/(nodes|persistentvolumes)\/[^/]+$/.test(r.path));
    // Every node once: the cluster has target pods waiting for a node (their placement table).
    expect(clusterWide.map((r) => r.path).sort()).toEqual([
      '/api/v1/namespaces',
      '/api/v1/nodes',
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
