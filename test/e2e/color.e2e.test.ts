// Colour and terminals (contract §1): NO_COLOR and piped output carry no escape byte, for every
// registered command and every output format (tables included); --color and FORCE_COLOR are
// honoured; spinners appear only when stderr is a terminal. The command list comes from the CLI,
// so a command added later must be given an invocation here before this passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { runCli } from '../unit/cli/run-cli.js';
import { registeredCommands } from './commands.js';
import { EXAMPLE_SNAPSHOT, REPO, runPlugin, tempDir } from './plugin.js';

const ESC = '\u001b';
const FORMATS = ['table', 'wide', 'json', 'yaml'] as const;

let server: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  server = await startFakeApiServer();
  server.loadFiles([EXAMPLE_SNAPSHOT]);
  kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
});
afterAll(async () => {
  await server.close();
});

const from = ['--from', EXAMPLE_SNAPSHOT];
const live = () => ['--kubeconfig', kubeconfig];

/**
 * How each command is exercised: enough invocations to reach its coloured paths (verdicts,
 * findings, refusals, warnings on stderr). Live ones use the fake API server; a `null` format
 * list means the command has no -o.
 */
const INVOCATIONS: Record<string, { runs: () => string[][]; formats: readonly string[] | null }> = {
  why: {
    runs: () => [
      ['why', 'ci-runner', '-n', 'dev', ...from],
      ['why', 'db-primary', '-n', 'prod', ...from],
      ['why', 'legacy-web', '-n', 'default', ...from],
      ['why', 'ci-runner', ...live()],
    ],
    formats: FORMATS,
  },
  'check-migratable': {
    runs: () => [
      ['check-migratable', '-A', ...from],
      ['check-migratable', '--node', 'node-2', ...from],
      ['check-migratable', '--list-rules'],
      ['check-migratable', '-f', join(REPO, 'examples/manifests')],
    ],
    formats: FORMATS,
  },
  list: { runs: () => [['list', '-A', ...from], ['list', ...live()]], formats: FORMATS },
  start: {
    runs: () => [
      ['start', 'wiki', '-n', 'default', '--dry-run', ...live()],
      ['start', 'legacy-web', '-n', 'default', ...live()],
    ],
    formats: FORMATS,
  },
  abort: {
    runs: () => [
      ['abort', 'ci-runner', '-n', 'dev', '--dry-run', ...live()],
      ['abort', 'wiki', '-n', 'default', ...live()],
    ],
    formats: FORMATS,
  },
  completion: { runs: () => [['completion', 'bash'], ['completion', 'zsh'], ['completion', 'fish']], formats: null },
};

function expandFormats(name: string): string[][] {
  const inv = INVOCATIONS[name]!;
  const runs = inv.runs();
  return inv.formats ? runs.flatMap((args) => inv.formats!.map((f) => [...args, '-o', f])) : runs;
}

async function inBatches<T>(items: T[], n: number, f: (x: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += n) await Promise.all(items.slice(i, i + n).map(f));
}

describe('no escape codes in NO_COLOR or piped output', () => {
  it('every registered command has invocations here', async () => {
    const names = (await registeredCommands()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['why', 'check-migratable', 'list', 'completion']));
    for (const n of names) expect(Object.keys(INVOCATIONS), `add an invocation of "${n}" to INVOCATIONS`).toContain(n);
  });

  it('in every format, with NO_COLOR=1 and with a pipe alone, even with a partial failure (403) on stderr', async () => {
    // A forbidden list makes the read commands print warnings on stderr, the coloured path there.
    const forbidden = server.fault({ resource: 'resourcequotas', status: 403 });
    try {
      const runs = (await registeredCommands()).flatMap(({ name }) => expandFormats(name)).flatMap((args) => [{ args, env: { NO_COLOR: '1' } }, { args, env: {} }]);
      await inBatches(runs, 6, async ({ args, env }) => {
        // In-process with the streams of a pipe: the CLI's own colour decision.
        const r = await runCli(args, { ...env, KUBECONFIG: join(tempDir(), 'none') }, false);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBeLessThan(3);
        expect(r.stdout.includes(ESC), `stdout of ${args.join(' ')} ${JSON.stringify(env)}`).toBe(false);
        expect(r.stderr.includes(ESC), `stderr of ${args.join(' ')} ${JSON.stringify(env)}`).toBe(false);
      });
    } finally {
      forbidden.remove();
    }
  }, 180_000);

  it('through kubectl into real pipes, every command (table format), NO_COLOR=1 and without', async () => {
    const runs = (await registeredCommands()).map(({ name }) => {
      const first = INVOCATIONS[name]!.runs()[0]!;
      return INVOCATIONS[name]!.formats ? [...first, '-o', 'table'] : first;
    });
    await inBatches(runs, 3, async (args) => {
      for (const env of [{ NO_COLOR: '1' }, {}]) {
        const r = await runPlugin(args, env);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBeLessThan(3);
        expect(r.stdout.length, args.join(' ')).toBeGreaterThan(0);
        expect(r.stdout.includes(ESC) || r.stderr.includes(ESC), `${args.join(' ')} ${JSON.stringify(env)}`).toBe(false);
      }
    });
  }, 120_000);
});

describe('--color and FORCE_COLOR are honoured', () => {
  const table = ['check-migratable', '-A', ...from];
  const hasEsc = async (args: string[], env: NodeJS.ProcessEnv) => (await runPlugin(args, env)).stdout.includes(ESC);

  it('--color always colours a pipe; FORCE_COLOR=1 does in auto mode; NO_COLOR beats FORCE_COLOR in auto', async () => {
    expect(await hasEsc([...table, '--color', 'always'], {})).toBe(true);
    expect(await hasEsc([...table, '--color', 'always'], { NO_COLOR: '1' })).toBe(true); // the flag wins
    expect(await hasEsc(table, { FORCE_COLOR: '1' })).toBe(true);
    expect(await hasEsc(table, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(false);
    expect(await hasEsc(table, { FORCE_COLOR: '0' })).toBe(false);
  });

  it('--color never beats FORCE_COLOR; JSON and YAML never carry colour, even with --color always', async () => {
    expect(await hasEsc([...table, '--color', 'never'], { FORCE_COLOR: '1' })).toBe(false);
    for (const f of ['json', 'yaml']) expect(await hasEsc([...table, '-o', f, '--color', 'always'], { FORCE_COLOR: '1' }), f).toBe(false);
  });

  it('a table keeps its columns aligned with colour on (widths ignore the escapes)', async () => {
    const plain = (await runPlugin(table, {})).stdout;
    // eslint-disable-next-line no-control-regex
    const coloured = (await runPlugin([...table, '--color', 'always'], {})).stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(coloured).toBe(plain);
  });
});

describe('spinners only when stderr is a terminal', () => {
  /** A live `why` against a server slow enough for the spinner to show. */
  const slowWhy = () => ['vmigrate', 'why', 'ci-runner', '--kubeconfig', kubeconfig];
  // ora's dots spinner frames.
  const SPINNER = /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/;

  it('piped stderr: no spinner, no escape codes, however slow the cluster', async () => {
    const slow = server.fault({ resource: 'nodes', delayMs: 1500 });
    try {
      const r = await runPlugin(slowWhy().slice(1), { TERM: 'xterm-256color' });
      expect(r.stderr).not.toMatch(SPINNER);
      expect(r.stderr.includes(ESC)).toBe(false);
      expect(r.stdout).toContain('quota-exceeded');
    } finally {
      slow.remove();
    }
  });

  it('a terminal (pty via script(1)) shows the spinner while the cluster is read', async () => {
    const slow = server.fault({ resource: 'nodes', delayMs: 1500 });
    try {
      const cmd = `stty cols 120 rows 40; kubectl ${slowWhy().join(' ')} --color never`;
      const out = await new Promise<string>((done, fail) => {
        const env: NodeJS.ProcessEnv = { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir(), TERM: 'xterm-256color' };
        // ora stays quiet under CI=… (is-interactive); a user's terminal has no CI variable.
        execFile('script', ['-qec', cmd, '/dev/null'], { env, timeout: 20_000 }, (err, stdout) => (err && !stdout ? fail(err) : done(stdout)));
      });
      expect(out).toMatch(SPINNER);
      expect(out).toContain('Reading the cluster');
      expect(out).toContain('quota-exceeded');
    } finally {
      slow.remove();
    }
  });
});
