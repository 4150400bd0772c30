// Bad input through the real plugin (kubectl plugin discovery, the built bundle): a NAME, -n,
// --node or -l value Kubernetes refuses is a usage error before any request (the fake API server
// sees none), so a name can never reach another API path; hostile -f/--from files are one line
// naming the file, in seconds and within a small heap; odd snapshots (bare objects, unknown
// phases and versions, times in the future) get an answer. Many more values of each kind run
// in-process: test/unit/bad-input.test.ts and test/snapshot/bad-input.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdir, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, parseOneJson, runPlugin, tempDir, type PluginRun } from './plugin.js';
import {
  BAD_NAMESPACES,
  BAD_NODE_NAMES,
  BAD_OBJECT_NAMES,
  BAD_SELECTORS,
  BARE,
  BARE_COMMANDS,
  BARE_NAMESPACE,
  EDGE_OBJECT_NAME,
  NEGATIVE_DURATION_TEXT,
  STACK_FRAME,
  bareObjects,
  billionLaughs,
  durations,
  expectNoControlCharacters,
  expectOneLineError,
  writeSnapshot,
} from './bad-input-cases.js';
import { validateDocument, validators, type Validators } from '../schema/validator.js';
import { mapLimit } from '../../src/collect/snapshot/map-limit.js';
import { T, at, runningMigration } from '../fixtures/objects/failed-migrations.js';

/** Plugin runs at once: enough to hide node's start-up, few enough for a shared 2-core runner. */
const PARALLEL = 4;
/** A refusal is decided before any I/O, a hostile file in its first read: seconds, even on a loaded runner. */
const FAST_MS = 15_000;
const MANY_RUNS_MS = 240_000;

let server: FakeApiServer;
let kubeconfig: string;
let scratch: string;
let schemas: Validators;

beforeAll(async () => {
  server = await startFakeApiServer();
  server.loadFiles([EXAMPLE_SNAPSHOT]);
  scratch = tempDir('vmigrate-bad-input-');
  kubeconfig = server.writeKubeconfig(scratch, { namespace: 'prod' });
  schemas = validators();
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

/** The plugin with a time budget: `elapsedMs` is asserted against FAST_MS where a refusal must be quick. */
async function timed(args: string[], env: NodeJS.ProcessEnv = {}): Promise<PluginRun & { elapsedMs: number }> {
  const started = Date.now();
  const r = await runPlugin(args, env, 60_000);
  return { ...r, elapsedMs: Date.now() - started };
}

/** Each command line must be refused as a usage error, and not one of them may reach the server. */
async function expectRefusedBeforeAnyRequest(cases: { args: string[]; line: RegExp }[]): Promise<void> {
  server.requests.length = 0;
  await mapLimit(cases, PARALLEL, async ({ args, line }) => {
    const r = await timed([...args, '--kubeconfig', kubeconfig]);
    expectOneLineError(r, 2, line);
    expectNoControlCharacters(r.stderr);
    expect(r.elapsedMs).toBeLessThan(FAST_MS);
  });
  expect(server.requests.map((q) => `${q.method} ${q.path}`)).toEqual([]);
}

const INVALID_NAME = /^error: invalid name ".*: must be a lowercase RFC 1123 subdomain of at most 253 characters$/;

describe('live: refused before any request reaches the API server', () => {
  it(
    'NAME of why and check-migratable (every kind of bad name), of start and abort (the path-like ones)',
    async () => {
      const pathLike = BAD_OBJECT_NAMES.filter(([, n]) => /[/.%?]/.test(n));
      await expectRefusedBeforeAnyRequest([
        ...BAD_OBJECT_NAMES.flatMap(([, n]) => [['why', n], ['check-migratable', n]]).map((args) => ({ args, line: INVALID_NAME })),
        ...pathLike.flatMap(([, n]) => [['start', n, '--dry-run'], ['abort', n]]).map((args) => ({ args, line: INVALID_NAME })),
      ]);
    },
    MANY_RUNS_MS,
  );

  it(
    '-n NAMESPACE, --node NODE and -l SELECTOR',
    async () => {
      const commands = [['why', 'db-primary'], ['list'], ['start', 'db-primary', '--dry-run'], ['abort', 'db-primary'], ['check-migratable', 'db-primary']];
      await expectRefusedBeforeAnyRequest([
        ...BAD_NAMESPACES.map((ns, i) => ({ args: [...commands[i % commands.length]!, '-n', ns], line: /^error: invalid namespace ".*: must be a lowercase RFC 1123 label of at most 63 characters$/ })),
        ...BAD_NODE_NAMES.map((node) => ({ args: ['check-migratable', '--node', node], line: /^error: invalid node name ".*: must be a lowercase RFC 1123 subdomain/ })),
        ...BAD_SELECTORS.map((sel) => ({ args: ['check-migratable', '-A', '-l', sel], line: /^error: invalid label selector ".*": / })),
      ]);
    },
    MANY_RUNS_MS,
  );

  it('a 253-character name is valid: it is looked up (and not found)', async () => {
    server.requests.length = 0;
    const r = await timed(['why', EDGE_OBJECT_NAME, '--kubeconfig', kubeconfig]);
    expectOneLineError(r, 3, /^Error from server \(NotFound\): /);
    expect(server.requests.some((q) => q.path.endsWith(`/virtualmachines/${EDGE_OBJECT_NAME}`))).toBe(true);
  });

  it('a kubeconfig context namespace of ".." or "." never climbs out of its namespace in a URL', async () => {
    const clusterWide = (paths: string[]) => new Set(paths.filter((p) => !p.includes('/namespaces/')));
    server.requests.length = 0;
    expect((await timed(['why', 'db-primary', '-o', 'json', '--kubeconfig', kubeconfig])).code).toBe(0);
    const baseline = clusterWide(server.requests.map((q) => q.path));
    for (const [i, namespace] of ['..', '.'].entries()) {
      server.requests.length = 0;
      const r = await timed(['why', 'db-primary', '--kubeconfig', server.writeKubeconfig(join(scratch, `climbing-${i}`), { namespace })]);
      expectOneLineError(r, 3, new RegExp(`^error: invalid name or namespace "${namespace.replace(/\./g, '\\.')}": not a Kubernetes name \\(check the kubeconfig context's namespace\\)$`));
      const paths = server.requests.map((q) => q.path);
      // `namespaces/../virtualmachineinstances` would arrive as the cluster-wide list; `namespaces/./pods` as a GET of namespace "pods".
      expect([...clusterWide(paths)].filter((p) => !baseline.has(p))).toEqual([]);
      expect(paths.filter((p) => /\/namespaces\/[a-z]+$/.test(p) && !p.endsWith('/namespaces/prod'))).toEqual([]);
    }
  });
});

describe('offline: refused before the snapshot is read', () => {
  it.each(BAD_OBJECT_NAMES.filter(([what]) => ['parent path', 'newline', '254 characters'].includes(what)))('%s', async (_what, name) => {
    const r = await timed(['why', name, '--from', '/nonexistent/vmigrate-snapshot']);
    expectOneLineError(r, 2, INVALID_NAME);
    expect(r.stderr.length).toBeLessThan(200);
  });
});

describe('hostile -f and --from files: one line naming the file, fast, in a small heap', () => {
  // A heap this small fails with "JavaScript heap out of memory" (and a native stack) as soon as
  // a reader buffers without bound or parses what it should refuse.
  const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=160' };
  let dir: string;
  const path = (name: string) => join(dir, name);

  beforeAll(async () => {
    dir = join(scratch, 'files');
    await mkdir(dir);
    const random = randomBytes(4 * 1024 * 1024);
    await writeFile(path('random.bin'), random);
    await writeFile(path('random.yaml'), random);
    // The NUL comes after the first read's binary sniff: the whole-file check must catch it.
    const vm = `apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: web\n  annotations:\n    note: "${'x'.repeat(16 * 1024)}"\n`;
    await writeFile(path('late-nul.yaml'), Buffer.concat([Buffer.from(vm), Buffer.from([0]), Buffer.from('\n')]));
    // 300 MiB that take no disk: refused from stat() alone.
    await (await open(path('huge.yaml'), 'w')).close();
    await truncate(path('huge.yaml'), 300 * 1024 * 1024);
    const configMap = (i: number) => `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\n  namespace: default\ndata:\n  key: "${'y'.repeat(960)}"\n`;
    await writeFile(path('too-big.yaml'), Array.from({ length: 34 * 1024 }, (_, i) => configMap(i)).join(''));
    // Each big file also holds the KubeVirt CR: a snapshot without any KubeVirt object is refused.
    const kubevirtCr = { apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', metadata: { name: 'kubevirt', namespace: 'kubevirt' } };
    await writeFile(path('big-list.yaml'), `${JSON.stringify(kubevirtCr)}\n${Array.from({ length: 4 * 1024 }, (_, i) => configMap(i)).join('')}`);
    const items = Array.from({ length: 40 * 1024 }, (_, i) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, namespace: 'default' }, data: { key: 'y'.repeat(960) } }));
    await writeFile(path('configmaps.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [kubevirtCr, ...items] }));
    await writeFile(path('bomb.yaml'), `apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: laughs\n  annotations:\n${billionLaughs('    ')}`);
  });

  it.each([
    ['random bytes as -f', ['check-migratable', '-f', 'random.bin'], 'random.bin: binary file \\(contains NUL bytes\\), expected YAML or JSON'],
    ['random bytes as --from', ['list', '--from', 'random.yaml'], 'random.yaml: binary file \\(contains NUL bytes\\), expected YAML or JSON'],
    ['a NUL after 16 KiB of YAML', ['check-migratable', '-f', 'late-nul.yaml'], 'late-nul.yaml: binary file \\(contains NUL bytes\\), expected YAML or JSON'],
    ['300 MiB, refused before reading', ['why', 'web', '--from', 'huge.yaml'], 'huge.yaml: file is larger than 256 MiB; refusing to read it'],
    ['a billion laughs as -f', ['check-migratable', '-f', 'bomb.yaml'], 'bomb.yaml:1: Excessive alias count indicates a resource exhaustion attack'],
    ['a billion laughs as --from', ['why', 'laughs', '--from', 'bomb.yaml'], 'bomb.yaml:1: Excessive alias count indicates a resource exhaustion attack'],
  ])('%s: exit 3', async (_what, args, line) => {
    const r = await timed(args.map((a) => (/\.(bin|yaml)$/.test(a) ? path(a) : a)), SMALL_HEAP);
    expectOneLineError(r, 3, new RegExp(`^error: ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${line}$`));
    expect(r.elapsedMs).toBeLessThan(FAST_MS);
  });

  it('34 MiB of YAML (over the yaml package\'s 32 MiB) is read by js-yaml in the small heap: nothing in it is a VM', async () => {
    const r = await timed(['check-migratable', '-f', path('too-big.yaml')], SMALL_HEAP);
    expectOneLineError(r, 3, /^error: no VirtualMachine or VirtualMachineInstance in .*too-big\.yaml: 1 file holds ConfigMap \(34816\)$/);
    expect(r.elapsedMs).toBeLessThan(FAST_MS);
  });

  it('-f /dev/zero: endless, size 0 to stat(): binary at the first chunk', async () => {
    const r = await timed(['check-migratable', '-f', '/dev/zero'], SMALL_HEAP);
    expectOneLineError(r, 3, /^error: \/dev\/zero: binary file \(contains NUL bytes\), expected YAML or JSON$/);
    expect(r.elapsedMs).toBeLessThan(FAST_MS);
  });

  it('--from a directory holding a billion laughs: that file is skipped at its file and line, the rest is read', async () => {
    const tree = join(scratch, 'bomb-tree');
    await cp(EXAMPLE_SNAPSHOT, tree, { recursive: true });
    await cp(path('bomb.yaml'), join(tree, 'vms-extra.yaml'));
    const r = await timed(['check-migratable', '-A', '-o', 'json', '--from', tree], SMALL_HEAP);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Warning: snapshot: .*\/vms-extra\.yaml:1: Excessive alias count indicates a resource exhaustion attack; the file was skipped/);
    const doc = parseOneJson<{ summary: { total: number }; errors: { resource: string; message: string }[] }>(r.stdout);
    expect(doc.summary.total).toBe(10);
    expect(doc.errors).toEqual([{ resource: 'snapshot', message: `${join(tree, 'vms-extra.yaml')}:1: Excessive alias count indicates a resource exhaustion attack; the file was skipped` }]);
  });

  it('40 MiB of JSON and 4 MiB of YAML are read', async () => {
    const json = await timed(['list', '-A', '-o', 'json', '--from', path('configmaps.json')], { NODE_OPTIONS: '--max-old-space-size=512' });
    expect(json.stderr).toBe('');
    expect(parseOneJson(json.stdout)).toMatchObject({ kind: 'MigrationList', items: [] });
    const yaml = await timed(['list', '-A', '-o', 'json', '--from', path('big-list.yaml')], { NODE_OPTIONS: '--max-old-space-size=512' });
    expect(yaml.stderr).toBe('');
    expect(parseOneJson(yaml.stdout)).toMatchObject({ kind: 'MigrationList', items: [] });
  });

  it('a must-gather with an archive, an image and a binary log among its YAMLs reads as without them', async () => {
    const tree = join(scratch, 'must-gather');
    await cp(EXAMPLE_SNAPSHOT, tree, { recursive: true });
    await writeFile(join(tree, 'must-gather.tar.gz'), randomBytes(256 * 1024));
    await writeFile(join(tree, 'dashboard.png'), randomBytes(64 * 1024));
    await writeFile(join(tree, 'logs', 'virt-launcher-ci-runner-4w89x.log'), randomBytes(256 * 1024));
    const plain = await timed(['check-migratable', '-A', '-o', 'json', '--from', EXAMPLE_SNAPSHOT]);
    const mixed = await timed(['check-migratable', '-A', '-o', 'json', '--from', tree]);
    expect(mixed.stderr).toBe('');
    expect(mixed.code).toBe(plain.code);
    expect(parseOneJson(mixed.stdout)).toEqual(parseOneJson(plain.stdout));
    const why = await timed(['why', 'ci-runner', '-n', 'dev', '-o', 'json', '--from', tree]);
    expect(why.stderr).not.toMatch(STACK_FRAME);
    expect(parseOneJson<{ verdict: { cause: string } }>(why.stdout).verdict.cause).toBe('quota-exceeded');
  });
});

describe('odd snapshots: an answer, never a crash', () => {
  function expectSound(r: PluginRun, label: string): Record<string, unknown> {
    expect(r.stderr, label).not.toMatch(STACK_FRAME);
    expect([0, 1], `${label}: ${r.stderr}`).toContain(r.code);
    const doc = parseOneJson(r.stdout);
    expect(validateDocument(schemas, doc), label).toEqual([]);
    expect(durations(doc).filter((d) => d.value < 0), label).toEqual([]);
    return doc;
  }

  it(
    'objects with nothing but apiVersion, kind and metadata: every read-only command, one valid document',
    async () => {
      const dir = await writeSnapshot(join(scratch, 'bare'), bareObjects());
      await mapLimit(BARE_COMMANDS, PARALLEL, async (args) => {
        expectSound(await timed([...args, '--from', dir, '-o', 'json']), args.join(' '));
      });
    },
    MANY_RUNS_MS,
  );

  it('bare objects on a live cluster: start and abort --dry-run refuse or act, with valid documents', async () => {
    const bare = await startFakeApiServer();
    try {
      bare.load(bareObjects());
      const kc = bare.writeKubeconfig(join(scratch, 'bare-live'), { namespace: BARE_NAMESPACE });
      const start = expectSound(await timed(['start', BARE.vm, '--dry-run', '-o', 'json', '--kubeconfig', kc]), 'start');
      expect(start.refused).toMatchObject({ cause: 'vmi-not-running' });
      const none = expectSound(await timed(['abort', BARE.vm, '--dry-run', '-o', 'json', '--kubeconfig', kc]), 'abort VM');
      expect(none.refused).toMatchObject({ cause: 'no-migration' });
      const abort = await timed(['abort', BARE.migration, '--dry-run', '-o', 'json', '--kubeconfig', kc]);
      expect(abort.code).toBe(0);
      expect(expectSound(abort, 'abort VMIM')).toMatchObject({ action: 'dry-run', migration: { name: BARE.migration, phaseBefore: '' } });
      expect(bare.requests.filter((q) => q.method !== 'GET').map((q) => q.query.dryRun)).toEqual(['All']);
    } finally {
      await bare.close();
    }
  });

  it('a migration phase from a newer KubeVirt: why says unknown (exit 1), list says unknown', async () => {
    const dir = join(scratch, 'future-phase');
    await cp(EXAMPLE_SNAPSHOT, dir, { recursive: true });
    const file = join(dir, 'migrations.yaml');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('    phase: Pending\n    phaseTransitionTimestamps:', '    phase: SomeFuturePhase\n    phaseTransitionTimestamps:'));
    const why = await timed(['why', 'ci-runner', '-n', 'dev', '-o', 'json', '--from', dir]);
    expect(why.code).toBe(1);
    expect(expectSound(why, 'why').verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    const list = expectSound(await timed(['list', '-A', '-o', 'json', '--from', dir]), 'list');
    expect((list.items as { vmi: string; cause: string }[]).find((i) => i.vmi === 'ci-runner')?.cause).toBe('unknown');
  });

  it('a KubeVirt version that is not one ("devel"): the same report as v1.6.3', async () => {
    const dir = join(scratch, 'devel');
    await cp(EXAMPLE_SNAPSHOT, dir, { recursive: true });
    const file = join(dir, 'kubevirt.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/(observedKubeVirtVersion|operatorVersion): v1\.6\.3/g, '$1: devel'));
    const doc = expectSound(await timed(['check-migratable', '-A', '-o', 'json', '--from', dir]), 'check-migratable');
    expect(doc.summary).toEqual({ total: 10, migratable: 1, notMigratable: 7, risky: 2 });
  });

  it('--now before the migration began, with its log and events later: ages and durations are 0, not negative', async () => {
    const b = runningMigration({ era: 'v1.9', progress: Array.from({ length: 10 }, (_, i) => ({ t: 4 * (i + 1), iteration: i + 1, remainingMiB: 4000 - i * 380, bandwidthMbps: 900, dirtyMbps: 120 })) });
    const dir = await writeSnapshot(join(scratch, 'running'), b.objects, b.logs);
    const now = ['--now', at(T.created, -3600), '--from', dir];
    const why = expectSound(await timed(['why', 'vm-00', '-o', 'json', ...now]), 'why');
    expect(why.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
    expect((why.progress as { elapsedSeconds: number }).elapsedSeconds).toBe(0);
    const list = expectSound(await timed(['list', '-o', 'json', ...now]), 'list');
    expect((list.items as { age: number }[])[0]?.age).toBe(0);
    for (const args of [['why', 'vm-00'], ['list']]) {
      const text = await timed([...args, ...now]);
      expect([0, 1], text.stderr).toContain(text.code);
      expect(text.stdout).not.toBe('');
      expect(text.stdout).not.toMatch(NEGATIVE_DURATION_TEXT);
    }
  });
});
