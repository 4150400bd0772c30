// kubectl's output formats through kubectl, compared with kubectl itself: `kubectl vmigrate … -o
// jsonpath=…|custom-columns=… [--no-headers] [--sort-by=…]` must print what `kubectl get` prints
// for the same template over the same fields. For that, a second fake API server holds the
// plugin's documents as custom resources (MigrationPolicy, which kubectl reads unstructured):
// each item of a document as one object, named in document order (only apiVersion, kind and
// metadata differ from the item, and no template here reads them), and the whole document under
// `.doc` of one object (at the top, kubectl would take its `items` for a List), read by the same
// template with `.doc` in front of its root paths. `-o name` is compared with `kubectl get
// vmim|vmi -o name` on the cluster the plugin reads, which runs on the wall clock: no template
// here reads an age or a text with a duration.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import type { KubeObject } from '../../src/kube/types.js';
import { EXAMPLE_SNAPSHOT, runPlugin, tempDir, type PluginRun } from './plugin.js';

const HOLDER = { apiVersion: 'migrations.kubevirt.io/v1alpha1', kind: 'MigrationPolicy' };
const LABEL = 'vmigrate-e2e/doc';

/** The commands, each with the document it prints. */
const COMMANDS = {
  'check-migratable': ['check-migratable', '-A'],
  list: ['list', '-A'],
  why: ['why', 'ci-runner', '-n', 'dev'],
  rules: ['check-migratable', '--list-rules'],
} as const;
type Id = keyof typeof COMMANDS;

let cluster: FakeApiServer;
let printers: FakeApiServer;
let clusterConfig: string;
let printersConfig: string;
const dir = tempDir('vmigrate-formats-');

beforeAll(async () => {
  cluster = await startFakeApiServer();
  cluster.loadFiles([EXAMPLE_SNAPSHOT]);
  clusterConfig = cluster.writeKubeconfig(dir, { namespace: 'dev' });
  printers = await startFakeApiServer();
  printersConfig = printers.writeKubeconfig(tempDir('vmigrate-printers-'));
  for (const [id, args] of Object.entries(COMMANDS) as [Id, readonly string[]][]) {
    const r = await plugin([...args, '-o', 'json']);
    expect(r.code, r.stderr).toBeLessThan(2);
    const { apiVersion: _v, kind: _k, ...doc } = JSON.parse(r.stdout) as { apiVersion: string; kind: string; items?: Record<string, unknown>[] };
    const objects: KubeObject[] = [{ ...HOLDER, metadata: { name: `doc-${id}` }, doc } as KubeObject];
    (doc.items ?? []).forEach((item, i) => objects.push({ ...item, ...HOLDER, metadata: { name: `${id}-${String(i).padStart(3, '0')}`, labels: { [LABEL]: id } } }));
    printers.load(objects);
  }
}, 120_000);
afterAll(async () => {
  await cluster.close();
  await printers.close();
});

const plugin = (args: readonly string[]) => runPlugin([...args, '--kubeconfig', clusterConfig]);

function kubectl(config: string, args: readonly string[]): Promise<PluginRun> {
  const argv = ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args];
  return new Promise((done) =>
    execFile('kubectl', argv, { env: { PATH: process.env.PATH ?? '', HOME: dir }, timeout: 20_000 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    ),
  );
}

/** kubectl get over the document (one object) or over its items (one object each). */
const overDocument = (id: Id, args: readonly string[]) => kubectl(printersConfig, ['get', 'migrationpolicy', `doc-${id}`, ...args]);
const overItems = (id: Id, args: readonly string[]) => kubectl(printersConfig, ['get', 'migrationpolicy', '-l', `${LABEL}=${id}`, ...args]);

describe('the same output as kubectl get for the same template', () => {
  /** Each template as the plugin gets it, and as kubectl reads it on the document under `.doc`. */
  const JSONPATHS = [
    ['{.items[*].name}', '{.doc.items[*].name}'],
    ['{range .items[*]}{.namespace}/{.name}{"\\t"}{.verdict}{"\\n"}{end}', '{range .doc.items[*]}{.namespace}/{.name}{"\\t"}{.verdict}{"\\n"}{end}'],
    ['{.items[?(@.verdict=="risky")].name}', '{.doc.items[?(@.verdict=="risky")].name}'],
    ['{.items[*].findings[*].rule}', '{.doc.items[*].findings[*].rule}'],
    ['{.summary}', '{.doc.summary}'],
    ['{.items[0].kubevirt} {.items[-1:].id}', '{.doc.items[0].kubevirt} {.doc.items[-1:].id}'],
    ['{.verdict.cause}{.target}', '{.doc.verdict.cause}{.doc.target}'],
    ['{.items[*].sourceNode}|{.items[*].targetNode}', '{.doc.items[*].sourceNode}|{.doc.items[*].targetNode}'],
  ];

  it.each(Object.keys(COMMANDS) as Id[])('%s: -o jsonpath=…', async (id) => {
    // One run for all: a template prints its parts one after the other.
    const joined = (i: 0 | 1) => JSONPATHS.map((t) => t[i]).join('{"\\n--\\n"}');
    const [ours, theirs] = await Promise.all([plugin([...COMMANDS[id], '-o', `jsonpath=${joined(0)}`]), overDocument(id, ['-o', `jsonpath=${joined(1)}`])]);
    expect(theirs.code, theirs.stderr).toBe(0);
    expect(ours.stdout.split('\n--\n')).toEqual(theirs.stdout.split('\n--\n'));
    expect(ours.stdout.split('\n--\n')).toHaveLength(JSONPATHS.length);
  }, 60_000);

  it.each(['check-migratable', 'list', 'rules'] as Id[])('%s: -o custom-columns=…, --no-headers, --sort-by (a row per item)', async (id) => {
    const specs = ['NAME:.name,VERDICT:.verdict', 'NS:.namespace,MIGRATION:.migration,PERCENT:.progressPercent,TARGET:.targetNode,RULE:.id,SEVERITY:.severity,RULES:.findings[*].rule,KV:.kubevirt.liveMigratable'];
    for (const spec of specs) {
      for (const extra of [[], ['--no-headers']]) {
        const [ours, theirs] = await Promise.all([plugin([...COMMANDS[id], '-o', `custom-columns=${spec}`, ...extra]), overItems(id, ['-o', `custom-columns=${spec}`, ...extra])]);
        expect(theirs.code, theirs.stderr).toBe(0);
        expect(ours.stdout, `${id} ${spec} ${extra.join(' ')}`).toBe(theirs.stdout);
      }
    }
  }, 60_000);

  it.each([
    ['check-migratable', '.verdict', 'NAME:.name,VERDICT:.verdict'],
    ['check-migratable', '{.kubevirt.liveMigratable}', 'NAME:.name,KV:.kubevirt.liveMigratable'],
    ['list', '.age', 'MIGRATION:.migration,PHASE:.phase'],
    ['list', 'targetNode', 'MIGRATION:.migration,TARGET:.targetNode'],
    ['list', '.progressPercent', 'MIGRATION:.migration,PERCENT:.progressPercent'],
    // 23 rules: beyond 12 items kubectl's order of equal keys is arbitrary, so a unique key.
    ['rules', '{.id}', 'RULE:.id,SEVERITY:.severity'],
  ] as [Id, string, string][])('%s --sort-by=%s', async (id, path, spec) => {
    const [ours, theirs] = await Promise.all([plugin([...COMMANDS[id], '--sort-by', path, '-o', `custom-columns=${spec}`]), overItems(id, ['--sort-by', path, '-o', `custom-columns=${spec}`])]);
    expect(theirs.code, theirs.stderr).toBe(0);
    expect(ours.stdout).toBe(theirs.stdout);
  }, 60_000);

  it('rules --sort-by=.severity: the same keys in the same order (kubectl orders ties arbitrarily beyond 12 items, here they keep theirs)', async () => {
    const severities = (r: PluginRun) => r.stdout.split('\n').filter(Boolean);
    const ours = await plugin([...COMMANDS.rules, '--sort-by', '.severity', '-o', 'custom-columns=SEVERITY:.severity']);
    expect(severities(ours)).toEqual(severities(await overItems('rules', ['--sort-by', '.severity', '-o', 'custom-columns=SEVERITY:.severity'])));
    expect(new Set(severities(ours))).toEqual(new Set(['SEVERITY', 'blocker', 'info', 'warning']));
  }, 60_000);

  it('why: custom-columns print one row for the document', async () => {
    for (const [spec, asKubectlReadsIt] of [
      ['NAME:.name,VERDICT:.verdict.status', 'NAME:.doc.name,VERDICT:.doc.verdict.status'],
      ['VMI:.target.vmi,CAUSE:.verdict.cause,CHECKS:.checks[*].status', 'VMI:.doc.target.vmi,CAUSE:.doc.verdict.cause,CHECKS:.doc.checks[*].status'],
    ]) {
      const ours = await plugin([...COMMANDS.why, '-o', `custom-columns=${spec!}`]);
      expect(ours.stdout).toBe((await overDocument('why', ['-o', `custom-columns=${asKubectlReadsIt!}`])).stdout);
    }
  }, 60_000);

  it('a bad template, spec or sort path: kubectl\'s message (exit 2 here, 1 in kubectl), and no request', async () => {
    cluster.resetRequests();
    for (const flags of [['-o', 'jsonpath={.items[*].name'], ['-o', 'jsonpath={.items[?(@.a==)]}'], ['-o', 'custom-columns=NAME'], ['-o', 'custom-columns=A:.items['], ['--sort-by', '{.a'], ['-o', 'jsonpath=']]) {
      // kubectl's table (no -o) takes another path, which skips a bad --sort-by: ask for names.
      const [ours, theirs] = await Promise.all([plugin([...COMMANDS.list, ...flags]), overItems('list', flags.includes('-o') ? flags : [...flags, '-o', 'name'])]);
      expect(theirs.code, flags.join(' ')).toBe(1);
      expect(ours, flags.join(' ')).toEqual({ code: 2, stdout: '', stderr: theirs.stderr });
    }
    expect(cluster.requests).toHaveLength(0);
  }, 60_000);
});

describe('-o name names the objects as kubectl does', () => {
  const lines = (r: PluginRun) => r.stdout.split('\n').filter(Boolean).sort();

  it('list: each migration, as kubectl get vmim -o name', async () => {
    const ours = await plugin(['list', '-A', '-o', 'name']);
    expect(ours.code).toBe(0);
    expect(lines(ours)).toEqual(lines(await kubectl(clusterConfig, ['get', 'vmim', '-A', '-o', 'name'])));
    expect(lines(ours)).toHaveLength(2);
  });

  it('check-migratable: each VMI as kubectl get vmi -o name; a VM without one as kubectl get vm -o name', async () => {
    const ours = lines(await plugin(['check-migratable', '-A', '-o', 'name']));
    const vmis = lines(await kubectl(clusterConfig, ['get', 'vmi', '-A', '-o', 'name']));
    const vms = lines(await kubectl(clusterConfig, ['get', 'vm', '-A', '-o', 'name']));
    expect(ours.filter((l) => l.startsWith('virtualmachineinstance.'))).toEqual(vmis);
    const stopped = ours.filter((l) => l.startsWith('virtualmachine.'));
    expect(stopped).toEqual(['virtualmachine.kubevirt.io/rhel9-golden']);
    expect(vms).toEqual(expect.arrayContaining(stopped));
  });

  it('why: the migration, by the name kubectl gives it', async () => {
    const ours = await plugin(['why', 'ci-runner', '-n', 'dev', '-o', 'name']);
    expect(ours.stdout).toBe((await kubectl(clusterConfig, ['get', 'vmim', '-n', 'dev', 'kubevirt-migrate-vm-vk7vt', '-o', 'name'])).stdout);
  });
});
