// Hostile text (issue #16 item 1), end to end through kubectl plugin discovery: every command
// and every output format, live against the fake API server and offline with --from, over a
// cluster whose names, event and condition messages, failure reasons and launcher logs carry
// every class of control character, plus API errors that do (a webhook's refusal of start's
// create, a 403, a forbidden list) and completion. Nothing raw reaches stdout or stderr but tab,
// newline and, with --color always, our own SGR; JSON parses, and YAML is printable YAML 1.2
// that parses back to the same values; the hostile text is there, escaped, not dropped.
import { mkdirSync, writeFileSync, cpSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMATS } from '../../src/cmdutil/output-format.js';
import { escapeControls, escapeForTerminal } from '../../src/render/terminal-text.js';
import { readObjectFiles, startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { asYamlValue, hostileCluster, hostileLogLines, HOSTILE_FEATURES, HOSTILE_MIGRATION, HOSTILE_NAME, PAYLOAD, rawControls } from '../support/hostile-text.js';
import { parseStrictYaml } from '../support/strict-yaml.js';
import { EXAMPLE_SNAPSHOT, REPO, limiter, runPlugin, tempDir, type PluginRun } from './plugin.js';

const OBJECTS = hostileCluster(readObjectFiles([EXAMPLE_SNAPSHOT]));
const ESCAPED = escapeForTerminal(PAYLOAD);
const SOURCE_POD = 'virt-launcher-db-primary-427vp';

/** `-o` arguments per format: a format added to OUTPUT_FORMATS must be added here to be covered. */
const FORMAT_ARGS: Record<string, string[][]> = {
  table: [['--color', 'never'], ['--color', 'always']],
  wide: [['-o', 'wide', '--color', 'never'], ['-o', 'wide', '--color', 'always']],
  json: [['-o', 'json']],
  yaml: [['-o', 'yaml']],
  name: [['-o', 'name']],
  // {@}: the whole document as Go's json.Marshal writes it (C1 and bidi raw); {..x}: raw values.
  jsonpath: [['-o', 'jsonpath={@}'], ['-o', 'jsonpath={..name} {..message} {..migration}']],
  'custom-columns': [['-o', 'custom-columns=NAME:..name,MESSAGE:..message,MIGRATION:..migration'], ['-o', 'custom-columns=NAME:..name', '--no-headers']],
};

/** Read-only commands, run live and with --from, in every format. */
const READ_ONLY: string[][] = [
  ['why', 'db-primary', '-n', 'prod'],
  ['why', 'ci-runner', '-n', 'dev'],
  ['check-migratable', '-A'],
  ['check-migratable', 'db-primary', '-n', 'prod'],
  ['check-migratable', '--node', 'node-2'],
  ['list', '-A'],
];

let server: FakeApiServer;
let kubeconfig: string;
let snapshot: string;

beforeAll(async () => {
  snapshot = tempDir('vmigrate-hostile-');
  writeFileSync(join(snapshot, 'objects.json'), JSON.stringify({ apiVersion: 'v1', kind: 'List', items: OBJECTS }));
  cpSync(join(EXAMPLE_SNAPSHOT, 'logs'), join(snapshot, 'logs'), { recursive: true });
  mkdirSync(join(snapshot, 'logs', SOURCE_POD), { recursive: true });
  writeFileSync(join(snapshot, 'logs', SOURCE_POD, 'compute.log'), hostileLogLines());
  server = await startFakeApiServer({ honourFinalizers: true });
  server.load(structuredClone(OBJECTS));
  server.setLog('prod', SOURCE_POD, 'compute', hostileLogLines());
  kubeconfig = server.writeKubeconfig(tempDir());
});
afterAll(async () => {
  await server?.close();
});

const limit = limiter(3);
const live = (args: string[]) => limit(() => runPlugin([...args, '--kubeconfig', kubeconfig], {}, 30_000));
const offline = (args: string[]) => limit(() => runPlugin([...args, '--from', snapshot], {}, 30_000));

/** Nothing raw on either stream; a known exit code; no stack trace. */
function expectClean(r: PluginRun, label: string, colour: boolean): void {
  const why = `${label}\nexit ${r.code}\nstderr:\n${r.stderr}`;
  expect([0, 1, 3], why).toContain(r.code);
  expect(rawControls(r.stdout, colour), `${why}\nraw on stdout`).toEqual([]);
  expect(rawControls(r.stderr, colour), `${why}\nraw on stderr`).toEqual([]);
  expect(r.stderr, why).not.toMatch(/^\s+at /m);
}

/** Every string in a parsed document. */
function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v && typeof v === 'object') return Object.values(v).flatMap(strings);
  return [];
}

interface Outputs {
  /** Both streams of every run. */
  text: string;
  /** The exit code of every run. */
  codes: number[];
  json?: unknown;
  yaml?: unknown;
}

/** Run `args` in every format; check each run; the JSON and YAML documents parsed. */
async function everyFormat(run: (args: string[]) => Promise<PluginRun>, args: string[], label: string): Promise<Outputs> {
  expect(Object.keys(FORMAT_ARGS).sort(), 'a new -o format needs its arguments in FORMAT_ARGS').toEqual([...OUTPUT_FORMATS].sort());
  const out: Outputs = { text: '', codes: [] };
  await Promise.all(
    Object.entries(FORMAT_ARGS).flatMap(([format, variants]) =>
      variants.map(async (extra) => {
        const name = `${label} ${[...args, ...extra].join(' ')}`;
        const r = await run([...args, ...extra]);
        expectClean(r, name, extra.includes('always'));
        out.text += r.stdout + r.stderr;
        out.codes.push(r.code);
        // An error (exit 3) prints no document.
        if (r.stdout === '' && r.code === 3) return;
        if (format === 'json') out.json = JSON.parse(r.stdout);
        if (format === 'yaml') out.yaml = parseStrictYaml(r.stdout)[0];
      }),
    ),
  );
  return out;
}

describe.each([
  ['--from', offline],
  ['live', live],
] as const)('%s: read-only commands in every format', (label, run) => {
  it.each(READ_ONLY.map((a) => [a.join(' '), a] as const))('%s', async (_name, args) => {
    const o = await everyFormat(run, args, label);
    // Hostile text is data: a diagnosis or a report, never an error (a URIError once was).
    expect(o.codes).not.toContain(3);
    if (label === '--from') {
      // The same snapshot, the same values: YAML means what JSON means (lone surrogates aside).
      expect(o.yaml).toEqual(asYamlValue(o.json));
    }
  }, 240_000);

  it('the hostile text is shown escaped, not dropped, and documents keep it exactly', async () => {
    const [why, list, check] = await Promise.all([run(['why', 'db-primary', '-n', 'prod']), run(['list', '-A', '-o', 'json']), run(['check-migratable', '-A', '-o', 'json'])]);
    expect(why.stdout).toContain(`migration ${escapeForTerminal(HOSTILE_MIGRATION)}`);
    expect(why.stdout).toContain(ESCAPED);
    const listDoc = JSON.parse(list.stdout) as { items: { migration: string }[] };
    expect(listDoc.items.map((i) => i.migration)).toContain(HOSTILE_MIGRATION);
    const checkDoc = JSON.parse(check.stdout) as { items: { name: string }[] };
    expect(checkDoc.items.map((i) => i.name)).toContain(HOSTILE_NAME);
  }, 120_000);

  it('-o jsonpath and -o custom-columns: values escaped, custom-columns with kubectl\'s ^[ and \\r', async () => {
    const [jp, cc] = await Promise.all([run(['list', '-A', '-o', 'jsonpath={.items[*].migration}']), run(['list', '-A', '-o', 'custom-columns=M:.migration'])]);
    expect(jp.stdout).toContain(escapeControls(HOSTILE_MIGRATION));
    expect(cc.stdout).toContain(escapeControls(HOSTILE_MIGRATION.replaceAll('\x1b', '^[').replaceAll('\r', '\\r')));
  }, 60_000);

  it('the CPU features parsed from the libvirt message stop at the first control character', async () => {
    const r = await run(['why', 'db-primary', '-n', 'prod', '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { verdict: { cause: string; summary: string } };
    expect(doc.verdict.cause).toBe('cpu-incompatible');
    expect(doc.verdict.summary).toContain(`the target CPU lacks ${HOSTILE_FEATURES.join(', ')}: "`);
  }, 60_000);
});

describe('live only: API errors, writes, warnings, -v, --watch', () => {
  const vmimPath = /\/apis\/kubevirt\.io\/v1\/namespaces\/[^/]+\/virtualmachineinstancemigrations$/;

  it('start: a webhook refusal of the create with the payload: an escaped error line (every format)', async () => {
    const denial = `admission webhook "migration-create-validator.kubevirt.io" denied the request: ${PAYLOAD}`;
    const unroute = server.route('POST', vmimPath, (ctx) => ctx.status(422, 'Invalid', denial));
    try {
      const o = await everyFormat(live, ['start', 'db-primary', '-n', 'prod', '--force'], 'live');
      expect(o.text).toContain(`Error from server (Invalid): ${escapeForTerminal(denial)}`);
    } finally {
      unroute();
    }
  }, 240_000);

  it('start: KubeVirt\'s own refusal with the payload in its message is a refusal, its document keeps the text', async () => {
    const denial = `admission webhook "migration-create-validator.kubevirt.io" denied the request: Cannot migrate VMI, Reason: DisksNotLiveMigratable, Message: cannot migrate VMI: PVC db-primary-rootdisk is not shared${PAYLOAD}`;
    const unroute = server.route('POST', vmimPath, (ctx) => ctx.status(422, 'Invalid', denial));
    try {
      const o = await everyFormat(live, ['start', 'db-primary', '-n', 'prod', '--force'], 'live');
      expect((o.json as { refused?: { cause: string } }).refused?.cause).toBe('not-live-migratable');
      expect(o.text).toContain(ESCAPED);
      expect(strings(o.json).some((s) => s.includes(PAYLOAD))).toBe(true);
    } finally {
      unroute();
    }
  }, 240_000);

  it('start: a 403 on the create with the payload is one escaped error line', async () => {
    const f = server.fault({ resource: 'vmim', verb: 'create', status: 403, message: `forbidden by policy${PAYLOAD}` });
    try {
      const r = await live(['start', 'db-primary', '-n', 'prod', '--force']);
      expectClean(r, 'start 403', false);
      expect(r.code).toBe(3);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(escapeForTerminal(`forbidden by policy${PAYLOAD}`.split('\n')[0]!));
    } finally {
      f.remove();
    }
  }, 60_000);

  it('a forbidden list whose message holds the payload: an escaped Warning line, in every format', async () => {
    const f = server.fault({ resource: 'node', verb: 'list', status: 403, message: `nodes is forbidden${PAYLOAD}` });
    try {
      const o = await everyFormat(live, ['check-migratable', '-A'], 'live 403 nodes');
      expect(o.text).toContain(`Warning: `);
      expect(o.text).toContain(escapeForTerminal(`nodes is forbidden${PAYLOAD}`));
    } finally {
      f.remove();
    }
  }, 240_000);

  it('abort: nothing in flight (the last migration is the hostile one), and a dry-run cancel', async () => {
    await everyFormat(live, ['abort', 'db-primary', '-n', 'prod'], 'live');
    await everyFormat(live, ['abort', 'ci-runner', '-n', 'dev', '--dry-run'], 'live');
  }, 240_000);

  it('why --watch (NDJSON and YAML frames), and -v lines', async () => {
    await everyFormat(live, ['why', 'db-primary', '-n', 'prod', '--watch', '--interval', '1s'], 'live');
    const r = await live(['why', 'db-primary', '-n', 'prod', '-v']);
    expectClean(r, 'why -v', false);
    expect(r.stderr).toMatch(/^Summary: /m);
  }, 240_000);
});

/** `kubectl __complete vmigrate …words`: what a shell gets on TAB. */
function kubectlComplete(words: string[]): Promise<string> {
  return new Promise((done, fail) => {
    execFile(
      'kubectl',
      ['__complete', 'vmigrate', ...words],
      { env: { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir(), KUBECONFIG: join(tempDir(), 'none') }, timeout: 20_000 },
      (err, stdout) => (err ? fail(err) : done(stdout)),
    );
  });
}

describe('completion: one line per object, whatever its name holds', () => {
  it.each([
    ['--from', () => ['--from', snapshot]],
    ['live', () => ['--kubeconfig', kubeconfig]],
  ] as const)('%s', async (_label, source) => {
    const names = await kubectlComplete(['why', '-n', 'prod', ...source(), '']);
    expect(rawControls(names)).toEqual([]);
    const lines = names.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^:\d+$/);
    expect(lines).toContain(escapeForTerminal(HOSTILE_NAME));
    expect(lines).toContain(escapeForTerminal(HOSTILE_MIGRATION));
    // Every prod VM, VMI and migration is one line (names shared by a VM and its VMI once).
    const prod = new Set(OBJECTS.filter((o) => o.metadata.namespace === 'prod' && ['VirtualMachine', 'VirtualMachineInstance', 'VirtualMachineInstanceMigration'].includes(o.kind!)).map((o) => o.metadata.name));
    expect(lines.slice(0, -1).sort()).toEqual([...prod].map((n) => escapeForTerminal(n!)).sort());
    const nodes = await kubectlComplete(['check-migratable', ...source(), '--node', '']);
    expect(rawControls(nodes)).toEqual([]);
    expect(nodes.split('\n')).toContain(escapeForTerminal(`node-9${PAYLOAD}`));
  }, 60_000);
});
