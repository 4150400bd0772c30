// kubectl's conventions, in-process: Examples: in every help, start/abort help without the
// offline flags they refuse, cobra's "did you mean", `<none>` for empty cells, YAML that quotes
// times, empty results on stderr, one minimum Node version, a TLS line that ends in its reason.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { runCli } from './run-cli.js';
import { editDistance, suggestionsFor } from '../../../src/cmdutil/suggest.js';
import { renderYamlDocument } from '../../../src/render/yaml-document.js';
import { errorFromTransport, type Operation } from '../../../src/collect/live/errors.js';

const SNAP = 'examples/cluster-snapshot';
const COMMANDS = ['why', 'check-migratable', 'start', 'abort', 'list', 'completion'];

describe('help', () => {
  it.each([[[]], ...COMMANDS.map((c) => [[c]])])('%j --help has kubectl\'s Examples: section before its flags', async (words) => {
    const r = await runCli([...words, '--help']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const at = lines.indexOf('Examples:');
    expect(at, r.stdout).toBeGreaterThan(0);
    expect(lines.indexOf('Options:')).toBeGreaterThan(at);
    // "  # what it does" then "  kubectl vmigrate …", pairs separated by a blank line.
    expect(lines[at + 1]).toMatch(/^ {2}# \S/);
    expect(lines[at + 2]).toMatch(new RegExp(`^ {2}kubectl vmigrate ${words[0] ?? ''}`));
  });

  it.each(['start', 'abort'])('%s --help offers neither --from nor --now; giving them is still the usage error that says why', async (cmd) => {
    const help = await runCli([cmd, '--help']);
    expect(help.stdout).not.toMatch(/--from|--now/);
    const r = await runCli([cmd, 'db-primary', '--from', SNAP]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --from reads an offline snapshot: /);
  });

  it.each(['why', 'check-migratable', 'list'])('%s --help offers --from and --now', async (cmd) => {
    expect((await runCli([cmd, '--help'])).stdout).toMatch(/--from <path>[\s\S]*--now <rfc3339>/);
  });
});

describe('a mistyped command: cobra\'s suggestions and kubectl\'s wording, exit 2', () => {
  it.each([
    ['lst', ['list']],
    ['wyh', ['why']],
    ['Start', ['start']],
    ['check', ['check-migratable']],
    ['c', ['check-migratable', 'completion']],
    ['abrot', ['abort']],
    ['frobnicate', []],
  ])('%s', async (typed, suggested) => {
    const r = await runCli([typed as string, 'x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const hint = (suggested as string[]).length ? `\n\nDid you mean this?\n${(suggested as string[]).map((s) => `\t${s}\n`).join('')}` : '\n';
    expect(r.stderr).toBe(`error: unknown command "${typed}" for "kubectl vmigrate"${hint}`);
  });

  it('the hidden __complete is never suggested; distance 2 is the limit', () => {
    expect(suggestionsFor('__complet', ['why', 'list'])).toEqual([]);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(suggestionsFor('stat', ['start', 'abort'])).toEqual(['start']);
    expect(suggestionsFor('xyz', ['why'])).toEqual([]);
  });
});

describe('tables', () => {
  it('an empty cell is <none>, kubectl\'s marker: a pending migration has no target and no progress yet', async () => {
    const r = await runCli(['list', '-A', '--from', SNAP]);
    const row = r.stdout.split('\n').find((l) => l.includes('ci-runner')) ?? '';
    expect(row).toMatch(/node-2 → <none>\s+<none>\s+quota-exceeded/);
    expect(r.stdout).not.toMatch(/ - |→ \?/);
  });

  it('check-migratable -o wide: a VM without a VMI has NODE <none>', async () => {
    const r = await runCli(['check-migratable', '-A', '--from', SNAP, '-o', 'wide']);
    expect(r.stdout).toMatch(/\s<none>\s/);
    expect(r.stdout.split('\n').filter((l) => /\s-(\s|$)/.test(l))).toEqual([]);
  });

  it.each([
    ['list', ['list', '-n', 'staging'], 'No resources found in staging namespace.\n'],
    ['check-migratable', ['check-migratable', '-n', 'staging'], 'No resources found in staging namespace.\n'],
    ['check-migratable -l', ['check-migratable', '-A', '-l', 'app=nothing-has-this'], 'No resources found\n'],
  ])('%s that finds nothing: kubectl\'s line on stderr, stdout empty, exit 0', async (_what, args, line) => {
    const r = await runCli([...args, '--from', SNAP]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(line);
    // A document is still printed for scripts.
    expect(JSON.parse((await runCli([...args, '--from', SNAP, '-o', 'json'])).stdout)).toMatchObject({ items: [] });
  });
});

describe('YAML as kubectl prints it', () => {
  it('quotes RFC 3339 times and YAML 1.1 booleans, so a 1.1 reader keeps them strings; the document is unchanged', async () => {
    expect(renderYamlDocument({ time: '2025-11-20T10:02:11Z', day: '2025-11-20', state: 'on', answer: 'y', count: 1, text: 'plain', none: null })).toBe(
      'time: "2025-11-20T10:02:11Z"\nday: "2025-11-20"\nstate: "on"\nanswer: "y"\ncount: 1\ntext: plain\nnone: null\n',
    );
    const y = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', SNAP, '-o', 'yaml']);
    expect(y.stdout).toMatch(/^ {4}created: "2025-11-20T10:02:11Z"$/m);
    const j = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', SNAP, '-o', 'json']);
    expect(parse(y.stdout)).toEqual(JSON.parse(j.stdout));
  });
});

describe('one minimum Node.js version', () => {
  it('package.json engines, the entry script\'s check, the README, docs/install.md and the krew caveat agree', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    const min = /^>=(\d+\.\d+)$/.exec(engines)?.[1];
    expect(min).toBeDefined();
    const [major, minor] = (min ?? '').split('.');
    const bin = readFileSync('bin/kubectl-vmigrate', 'utf8');
    expect(bin).toContain(`needs Node.js >= ${min} `);
    expect(bin).toContain(`major < ${major} || (major === ${major} && minor < ${minor})`);
    const readme = readFileSync('README.md', 'utf8') + readFileSync('docs/install.md', 'utf8');
    const stated = [...readme.matchAll(/Node\.js ≥ (\d+(?:\.\d+)*)/g)].map((m) => m[1]);
    expect(stated.length).toBeGreaterThan(0);
    expect(new Set(stated)).toEqual(new Set([min]));
    const krew = [...readFileSync('krew-manifest.yaml', 'utf8').matchAll(/Node\.js >= (\d+(?:\.\d+)*)/g)].map((m) => m[1]);
    expect(new Set(krew)).toEqual(new Set([min]));
  });
});

describe('the TLS line', () => {
  it('ends in the reason, never in a colon, whatever the runtime\'s message', () => {
    const op: Operation = { verb: 'list', resource: 'virtualmachines.kubevirt.io' };
    const server = new URL('https://10.0.0.1:6443');
    for (const [code, message] of [['CERT_HAS_EXPIRED', 'certificate has expired'], ['CERT_HAS_EXPIRED', ''], ['SELF_SIGNED_CERT_IN_CHAIN', '']]) {
      const err = Object.assign(new Error(message), { code });
      const line = errorFromTransport(err, op, server).message;
      expect(line).toMatch(/^Unable to connect to the server: tls: failed to verify certificate: x509: \S/);
      expect(line).not.toMatch(/:\s*$/);
    }
  });
});
