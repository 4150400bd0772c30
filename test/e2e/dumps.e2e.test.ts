// Offline input as a CI gate and a support engineer meet it, through kubectl: a --from PATH with
// no KubeVirt objects, a NAME the snapshot lacks, a broken file inside a must-gather (skipped,
// reported) versus a broken file named on the command line (exit 3), and -f input that holds no
// VM or VMI. Every command answers the same way; none speaks as if a server had been asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXAMPLE_SNAPSHOT, parseOneJson, runPlugin, tempDir, type PluginRun } from './plugin.js';

const dir = tempDir('vmigrate-dumps-');
const at = (name: string) => join(dir, name);

// Text that must never be echoed: a parser error names the file and line, not the content.
const SECRET = 'hunter2-do-not-print';
const BROKEN_YAML = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: creds\ndata:\n  password: [${SECRET}\n`;
const BROKEN_JSON = `{"apiVersion": "v1", "kind": "Secret",\n "metadata": {"name": "x"},\n "data": {"token": "${SECRET}" ]}\n`;
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\n';
const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  namespace: default\n';

beforeAll(async () => {
  await mkdir(at('empty-dir'));
  await writeFile(at('empty.yaml'), '');
  await writeFile(at('comments.yaml'), '# kubectl get vm -A -o yaml > this file, but the context was wrong\n');
  await writeFile(at('configmap.yaml'), CONFIG_MAP);
  await mkdir(at('not-kubevirt'));
  await writeFile(at('not-kubevirt/cm.yaml'), CONFIG_MAP);
  await writeFile(at('not-kubevirt/pods.yaml'), `${POD}---\n${POD.replace('web', 'db')}`);
  await writeFile(at('broken.yaml'), BROKEN_YAML);
  await writeFile(at('broken.json'), BROKEN_JSON);
  // A must-gather with one broken YAML and one broken JSON file deep inside.
  await cp(EXAMPLE_SNAPSHOT, at('gather'), { recursive: true });
  await mkdir(at('gather/namespaces/default/core'), { recursive: true });
  await writeFile(at('gather/namespaces/default/core/configmaps.yaml'), BROKEN_YAML);
  await writeFile(at('gather/secrets.json'), BROKEN_JSON);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function expectOneErrorLine(r: PluginRun, code: number, line: RegExp): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(r.stderr.split('\n').filter(Boolean), r.stderr).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(line);
  expect(r.stderr).not.toMatch(/Error from server/);
}

/** Every read-only command, offline. */
const COMMANDS: [string, string[]][] = [
  ['check-migratable -A', ['check-migratable', '-A']],
  ['check-migratable NAME', ['check-migratable', 'db-primary', '-n', 'prod']],
  ['check-migratable --node', ['check-migratable', '--node', 'node-2']],
  ['why NAME', ['why', 'db-primary', '-n', 'prod']],
  ['list -A', ['list', '-A']],
  ['check-migratable -f FILE --from', ['check-migratable', '-f', join(EXAMPLE_SNAPSHOT, '..', 'manifests', 'vm-rwo.yaml')]],
];

describe('--from PATH without KubeVirt objects: every command says so, exit 3', () => {
  const PATHS: [string, string, RegExp][] = [
    ['an empty directory', 'empty-dir', /no YAML or JSON file/],
    ['an empty file', 'empty.yaml', /1 file holds no Kubernetes object/],
    ['a file of comments', 'comments.yaml', /1 file holds no Kubernetes object/],
    ['a ConfigMap', 'configmap.yaml', /1 file holds ConfigMap \(1\)/],
    ['a directory of other kinds', 'not-kubevirt', /2 files hold Pod \(2\), ConfigMap \(1\)/],
  ];
  for (const [what, path, holds] of PATHS) {
    it(`${what}`, async () => {
      const runs = await Promise.all(COMMANDS.map(([, args]) => runPlugin([...args, '--from', at(path)])));
      runs.forEach((r, i) => {
        expectOneErrorLine(r, 3, new RegExp(`^error: no KubeVirt objects in ${escape(at(path))}: `));
        expect(r.stderr, COMMANDS[i]![0]).toMatch(holds);
      });
      // Word for word the same line, whichever command read it.
      expect(new Set(runs.map((r) => r.stderr)).size).toBe(1);
    });
  }
});

describe('a NAME or node the snapshot lacks: what the snapshot holds, not a server error', () => {
  it.each([
    ['why, wrong namespace', ['why', 'ci-runner'], /^error: the snapshot holds no VirtualMachineInstanceMigration, VirtualMachineInstance or VirtualMachine named "ci-runner" in namespace "default"; it holds one of that name in namespace dev \(-n dev\)$/],
    ['why, no such name', ['why', 'nope', '-n', 'prod'], /^error: the snapshot holds no .* named "nope" in namespace "prod"; it holds these in namespaces default, dev, prod/],
    ['check-migratable NAME', ['check-migratable', 'nope', '-n', 'prod'], /^error: the snapshot holds no VirtualMachine or VirtualMachineInstance named "nope" in namespace "prod"; /],
    ['check-migratable --node', ['check-migratable', '--node', 'node-9'], /^error: the snapshot holds no Node named "node-9"; it holds node-1, node-2, node-3, node-4$/],
  ])('%s: exit 3', async (_what, args, line) => {
    expectOneErrorLine(await runPlugin([...args, '--from', EXAMPLE_SNAPSHOT]), 3, line);
  });
});

describe('a malformed file inside a --from directory is skipped; the rest of the dump is read', () => {
  const skipped = [
    { resource: 'snapshot', message: `${at('gather/namespaces/default/core/configmaps.yaml')}:7: invalid YAML; the file was skipped` },
    { resource: 'snapshot', message: expect.stringMatching(new RegExp(`^${escape(at('gather/secrets.json'))}:3: .*; the file was skipped$`)) },
  ];

  it.each([
    ['check-migratable -A', ['check-migratable', '-A'], 1, (doc: Record<string, unknown>) => expect((doc.items as unknown[]).length).toBe(10)],
    ['list -A', ['list', '-A'], 0, (doc: Record<string, unknown>) => expect((doc.items as unknown[]).length).toBe(2)],
    ['why NAME', ['why', 'ci-runner', '-n', 'dev'], 1, (doc: Record<string, unknown>) => expect(doc.verdict).toMatchObject({ status: 'blocked', cause: 'quota-exceeded' })],
  ] as const)('%s: the same answer as without the files, a warning and an errors[] entry per file', async (_what, args, code, check) => {
    const [broken, clean] = await Promise.all([runPlugin([...args, '--from', at('gather'), '-o', 'json']), runPlugin([...args, '--from', EXAMPLE_SNAPSHOT, '-o', 'json'])]);
    expect(broken.code, broken.stderr).toBe(code);
    const doc = parseOneJson(broken.stdout);
    check(doc);
    expect(doc.errors).toEqual(skipped);
    const { errors: _, ...rest } = doc;
    const { errors: __, ...cleanRest } = parseOneJson(clean.stdout);
    expect(rest).toEqual(cleanRest);
    const warnings = broken.stderr.split('\n').filter(Boolean);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(new RegExp(`^Warning: snapshot: ${escape(at('gather/namespaces/default/core/configmaps.yaml'))}:7: `));
    expect(warnings[1]).toMatch(new RegExp(`^Warning: snapshot: ${escape(at('gather/secrets.json'))}:3: `));
    expect(broken.stderr + broken.stdout).not.toContain(SECRET);
  });

  it('the table says the same on stderr, and stdout holds only the table', async () => {
    const r = await runPlugin(['list', '-A', '--from', at('gather')]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^NAMESPACE\s+NAME\s+VMI\s+PHASE/);
    expect(r.stderr).toMatch(/configmaps\.yaml:7: invalid YAML; the file was skipped/);
  });
});

describe('a malformed file named on the command line stays an error: exit 3, file and line', () => {
  it.each([
    ['--from FILE.yaml', ['list', '-A', '--from', 'broken.yaml'], 'broken.yaml:7: invalid YAML'],
    ['--from FILE.json', ['why', 'x', '--from', 'broken.json'], 'broken.json:3: '],
    ['-f FILE.yaml', ['check-migratable', '-f', 'broken.yaml'], 'broken.yaml:7: invalid YAML'],
    ['-f FILE.json', ['check-migratable', '-f', 'broken.json'], 'broken.json:3: '],
  ])('%s', async (_what, args, where) => {
    const r = await runPlugin(args.map((a) => (/^broken\./.test(a) ? at(a) : a)));
    expectOneErrorLine(r, 3, new RegExp(`^error: ${escape(at(where))}`));
    expect(r.stderr).not.toContain(SECRET);
  });
});

describe('-f input that holds no VM or VMI fails the gate: exit 3, saying what the files held', () => {
  it.each([
    ['an empty file', ['empty.yaml'], /: 1 file holds no Kubernetes object$/],
    ['comments only', ['comments.yaml'], /: 1 file holds no Kubernetes object$/],
    ['a ConfigMap', ['configmap.yaml'], /: 1 file holds ConfigMap \(1\)$/],
    ['a directory of other kinds', ['not-kubevirt'], /: 2 files hold Pod \(2\), ConfigMap \(1\)$/],
  ])('%s', async (_what, files, holds) => {
    const r = await runPlugin(['check-migratable', ...files.flatMap((f) => ['-f', at(f)])]);
    expectOneErrorLine(r, 3, new RegExp(`^error: no VirtualMachine or VirtualMachineInstance in ${escape(at(files[0]!))}`));
    expect(r.stderr.trim()).toMatch(holds);
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
