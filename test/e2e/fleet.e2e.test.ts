// Fleets end to end: check-migratable and list over three kubeconfig contexts through kubectl —
// two fake API servers that answer (the example cluster, and the same without erp-app) and one
// that is down. One document, every item tagged with its cluster, the counts per cluster and in
// total, the unreachable cluster an errors[] entry; exit 3 only when no cluster answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { writeMultiContextKubeconfig } from '../fake-apiserver/kubeconfig.js';
import { EXAMPLE_SNAPSHOT, REPO, parseOneJson, runPlugin, tempDir } from './plugin.js';
import { validateDocument, validators } from '../schema/validator.js';

interface ClusterCounts {
  cluster: string;
  reachable: boolean;
  total: number;
  migratable?: number;
  notMigratable?: number;
  risky?: number;
}

interface Report {
  kind: string;
  summary: { total: number; migratable: number; notMigratable: number; risky: number; clusters: ClusterCounts[] };
  items: { cluster: string; namespace: string; name: string; verdict: string }[];
  errors: { cluster?: string; resource: string; message: string }[];
}

interface MigrationList {
  kind: string;
  summary: { total: number; clusters: ClusterCounts[] };
  items: { cluster: string; namespace: string; migration: string; status: string }[];
  errors: { cluster?: string; resource: string; message: string }[];
}

let east: FakeApiServer;
let west: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  east = await startFakeApiServer();
  east.loadFiles([EXAMPLE_SNAPSHOT]);
  west = await startFakeApiServer();
  west.loadFiles([EXAMPLE_SNAPSHOT]);
  west.remove('vm', 'prod', 'erp-app');
  west.remove('vmi', 'prod', 'erp-app');
  // A port that was just served and is closed now: connection refused.
  const gone = await startFakeApiServer();
  const downUrl = gone.url;
  await gone.close();
  kubeconfig = writeMultiContextKubeconfig(tempDir(), [{ name: 'east', server: east.url }, { name: 'down', server: downUrl }, { name: 'west', server: west.url }], { user: 'fleet-user', namespace: 'prod', current: 'east' });
});
afterAll(async () => {
  await Promise.all([east.close(), west.close()]);
});

const run = (args: string[]) => runPlugin([...args, '--kubeconfig', kubeconfig, '--request-timeout', '5s']);
const unreachable = (doc: { errors: Report['errors'] }) => doc.errors.filter((e) => e.resource === 'cluster');

describe('check-migratable --contexts / --all-contexts', () => {
  it('-A -o json: one report, items tagged, counts per cluster and in total, the down cluster an errors[] entry; exit 1', async () => {
    east.resetRequests();
    west.resetRequests();
    const r = await run(['check-migratable', '-A', '-o', 'json', '--contexts', 'west,down,east']);
    expect(r.code).toBe(1);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.kind).toBe('MigratabilityReport');
    expect(validateDocument(validators(), doc)).toEqual([]);
    expect(doc.summary.clusters).toEqual([
      { cluster: 'west', reachable: true, total: 9, migratable: 1, notMigratable: 6, risky: 2 },
      { cluster: 'down', reachable: false, total: 0, migratable: 0, notMigratable: 0, risky: 0 },
      { cluster: 'east', reachable: true, total: 10, migratable: 1, notMigratable: 7, risky: 2 },
    ]);
    expect(doc.summary).toMatchObject({ total: 19, migratable: 2, notMigratable: 13, risky: 4 });
    expect(doc.items).toHaveLength(19);
    expect(doc.items.filter((i) => i.cluster === 'east').map((i) => `${i.namespace}/${i.name}`)).toContain('prod/erp-app');
    expect(doc.items.filter((i) => i.cluster === 'west').map((i) => `${i.namespace}/${i.name}`)).not.toContain('prod/erp-app');
    expect(new Set(doc.items.map((i) => i.cluster))).toEqual(new Set(['west', 'east']));
    expect(unreachable(doc)).toEqual([{ cluster: 'down', resource: 'cluster', message: expect.stringMatching(/connect|refused/i) }]);
    expect(doc.errors.every((e) => e.cluster !== undefined)).toBe(true);
    expect(r.stderr).toMatch(/^Warning: \[down\] could not be read: .*$/m);
    // Each answering cluster was read by its own requests.
    for (const s of [east, west]) expect(s.requests.some((q) => q.method === 'GET' && q.path.endsWith('/virtualmachines'))).toBe(true);
  });

  it('--all-contexts reads every context of the kubeconfig, in its order', async () => {
    const r = await run(['check-migratable', '-A', '-o', 'json', '--all-contexts']);
    expect(r.code).toBe(1);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.summary.clusters.map((c) => [c.cluster, c.reachable])).toEqual([
      ['east', true],
      ['down', false],
      ['west', true],
    ]);
  });

  it('one cluster down does not fail the fleet: a migratable VM in every cluster that answered is exit 0', async () => {
    const r = await run(['check-migratable', 'db-primary', '-o', 'json', '--contexts', 'east,down,west']);
    expect(r.code).toBe(0);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.items.map((i) => `${i.cluster}/${i.namespace}/${i.name}:${i.verdict}`)).toEqual(['east/prod/db-primary:migratable', 'west/prod/db-primary:migratable']);
    expect(unreachable(doc).map((e) => e.cluster)).toEqual(['down']);
  });

  it('no cluster answered: exit 3, still one document saying why', async () => {
    const r = await run(['check-migratable', '-A', '-o', 'json', '--contexts', 'down']);
    expect(r.code).toBe(3);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.summary.total).toBe(0);
    expect(doc.summary.clusters).toEqual([{ cluster: 'down', reachable: false, total: 0, migratable: 0, notMigratable: 0, risky: 0 }]);
    expect(unreachable(doc).map((e) => e.cluster)).toEqual(['down']);
  });

  it('table: a CLUSTER column first, --details and counts per cluster', async () => {
    const r = await run(['check-migratable', '-A', '--details', '--contexts', 'east,down,west', '--color', 'never']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^CLUSTER\s+NAMESPACE\s+NAME\s+VERDICT\s+BLOCKERS\s+WARNINGS\n/);
    expect(r.stdout).toMatch(/^east\s+prod\s+erp-app\s+not-migratable\s/m);
    expect(r.stdout).toMatch(/^\[east\] prod\/erp-app \(VirtualMachine/m);
    expect(r.stdout).toMatch(/^19 checked: 2 migratable, 4 risky, 13 not migratable\.\n {2}east: 10 checked: .*\n {2}down: not read .*\n {2}west: 9 checked: /m);
  });

  it('--sort-by orders the fleet\'s items together', async () => {
    const r = await run(['check-migratable', 'wiki', '-n', 'default', '-o', 'json', '--contexts', 'west,east', '--sort-by', '.cluster']);
    const doc = parseOneJson<Report>(r.stdout);
    expect(doc.items.map((i) => `${i.cluster}/${i.name}`)).toEqual(['east/wiki', 'west/wiki']);
  });
});

describe('list --contexts / --all-contexts', () => {
  it('-A -o json: items tagged, summary per cluster and in total, exit 0 with one cluster down', async () => {
    const single = parseOneJson<MigrationList>((await runPlugin(['list', '-A', '-o', 'json', '--kubeconfig', kubeconfig, '--context', 'east'])).stdout);
    const r = await run(['list', '-A', '-o', 'json', '--contexts', 'east,down,west']);
    expect(r.code).toBe(0);
    const doc = parseOneJson<MigrationList>(r.stdout);
    expect(doc.kind).toBe('MigrationList');
    expect(validateDocument(validators(), doc)).toEqual([]);
    const n = single.items.length;
    expect(n).toBeGreaterThan(0);
    expect(doc.summary).toEqual({
      total: 2 * n,
      clusters: [
        { cluster: 'east', reachable: true, total: n },
        { cluster: 'down', reachable: false, total: 0 },
        { cluster: 'west', reachable: true, total: n },
      ],
    });
    // The same rows per cluster as a single-cluster list, with their cluster first (ages move with the clock).
    const ageless = ({ age: _age, ...rest }: Record<string, unknown>) => rest;
    expect(doc.items.filter((i) => i.cluster === 'east').map(ageless)).toEqual(single.items.map((i) => ageless({ ...i, cluster: 'east' })));
    expect(Object.keys(doc.items[0]!)[0]).toBe('cluster');
    expect(unreachable(doc).map((e) => e.cluster)).toEqual(['down']);
    expect(r.stderr).toMatch(/^Warning: \[down\] could not be read: /m);
  });

  it('table: CLUSTER and NAMESPACE columns; no cluster answered is exit 3', async () => {
    const r = await run(['list', '--contexts', 'east,west', '--color', 'never']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^CLUSTER\s+NAMESPACE\s+NAME\s+VMI\s+PHASE/);
    expect(r.stdout).toMatch(/^west\s+prod\s/m);
    const all = await run(['list', '-A', '--all-contexts', '-o', 'json']);
    expect(all.code).toBe(0);
    const down = await run(['list', '-A', '--contexts', 'down', '-o', 'json']);
    expect(down.code).toBe(3);
    expect(parseOneJson<MigrationList>(down.stdout).summary).toEqual({ total: 0, clusters: [{ cluster: 'down', reachable: false, total: 0 }] });
  });
});

describe('fleet flags: usage errors before any request', () => {
  it.each([
    [['check-migratable', '--contexts', 'east', '--context', 'west'], /--context reads one cluster: it cannot be combined with --contexts/],
    [['list', '--contexts', 'east', '--all-contexts'], /--contexts and --all-contexts cannot be combined/],
    [['check-migratable', '--contexts', 'east,,west'], /invalid argument "east,,west" for "--contexts" flag/],
    [['check-migratable', '--contexts', 'east', '-f', 'vm.yaml'], /-f checks the objects in the files: it cannot be combined with --contexts/],
    [['check-migratable', '--contexts', 'east', '--node', 'node-1'], /--node previews one node's drain: it cannot be combined with --contexts/],
    [['list', '--contexts', 'east', '--prometheus', 'http://127.0.0.1:9'], /--prometheus reads one cluster's metrics/],
  ])('%j: exit 2', async (args, line) => {
    east.resetRequests();
    const r = await run(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(line);
    expect(r.stdout).toBe('');
    expect(east.requests).toEqual([]);
  });

  it.each([
    [['check-migratable', '--contexts', 'east', '--from', EXAMPLE_SNAPSHOT], /^error: --contexts reads live clusters: it cannot be combined with --from$/],
    [['list', '--all-contexts', '--from', EXAMPLE_SNAPSHOT], /^error: --all-contexts reads live clusters: it cannot be combined with --from$/],
  ])('%j (no --kubeconfig): exit 2', async (args, line) => {
    const r = await runPlugin(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(line);
  });

  it('an unknown context fails the fleet before any cluster is read, listing the contexts (exit 3)', async () => {
    east.resetRequests();
    const r = await run(['check-migratable', '-A', '--contexts', 'east,nowhere']);
    expect(r.code).toBe(3);
    expect(r.stderr.trim()).toBe('error: context "nowhere" does not exist in the kubeconfig (contexts: east, down, west)');
    expect(east.requests).toEqual([]);
  });
});

describe('completion of --contexts', () => {
  /** What `kubectl __complete vmigrate …words` offers. */
  const complete = async (words: string[]) => {
    const { stdout } = await promisify(execFile)('kubectl', ['__complete', 'vmigrate', ...words], {
      env: { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir(), KUBECONFIG: kubeconfig },
      timeout: 20_000,
    });
    return stdout.trimEnd().split('\n').slice(0, -1).map((l) => l.split('\t')[0]);
  };

  it('offers the context names, then the others after a comma', async () => {
    expect(await complete(['check-migratable', '--contexts', ''])).toEqual(['east', 'down', 'west']);
    expect(await complete(['list', '--contexts', 'east,'])).toEqual(['east,down', 'east,west']);
    expect(await complete(['list', '--contexts', 'east,w'])).toEqual(['east,west']);
  });
});
