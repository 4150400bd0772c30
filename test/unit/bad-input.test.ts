// Bad input through the CLI in-process (no kubectl, no build), where a case needs many runs:
// every NAME, -n, --node and -l value Kubernetes refuses is a usage error before any I/O;
// snapshots of objects stripped to their identity, unknown phases and versions, future and
// malformed timestamps get an answer (checks `unknown`, cause `unknown`), never a crash or a
// negative duration. The same cases through the real plugin: test/e2e/bad-input.e2e.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli } from './cli/run-cli.js';
import { EXAMPLE_SNAPSHOT, tempDir } from '../e2e/plugin.js';
import {
  BAD_NAMESPACES,
  BAD_NODE_NAMES,
  BAD_OBJECT_NAMES,
  BAD_SELECTORS,
  BARE,
  BARE_COMMANDS,
  BARE_NAMESPACE,
  EDGE_NAMESPACE,
  EDGE_OBJECT_NAME,
  NEGATIVE_DURATION_TEXT,
  NUL_NAME,
  STACK_FRAME,
  bareObjects,
  durations,
  expectNoControlCharacters,
  expectOneLineError,
  writeSnapshot,
} from '../e2e/bad-input-cases.js';
import { validateDocument, validators, type Validators } from '../schema/validator.js';
import { quoteForTerminal } from '../../src/cmdutil/names.js';
import { CAUSE_IDS } from '../../src/analyze/why/cause.js';
import { WHY_CHECKS } from '../../src/analyze/why/registry.js';
import { TIMESTAMP_FIELDS } from '../../src/collect/snapshot/snapshot-time.js';
import type { KubeObject } from '../../src/kube/types.js';
import { T, at, failedMigration, runningMigration, type Built } from '../fixtures/objects/failed-migrations.js';

const MISSING = '/nonexistent/vmigrate-snapshot';
const NO_KUBECONFIG = '/nonexistent/vmigrate-kubeconfig';
const dirs: string[] = [];
let schemas: Validators;

beforeAll(() => {
  schemas = validators();
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

function scratch(): string {
  const d = tempDir('vmigrate-bad-input-');
  dirs.push(d);
  return d;
}

/** One JSON document, valid against its schema (strict mode), with no negative duration. */
function expectSoundDocument(stdout: string, label: string): Record<string, unknown> {
  const doc = JSON.parse(stdout) as Record<string, unknown>;
  expect(validateDocument(schemas, doc), label).toEqual([]);
  expect(
    durations(doc).filter((d) => d.value < 0),
    label,
  ).toEqual([]);
  return doc;
}

describe('NAME, -n, --node and -l values Kubernetes refuses: exit 2, one line, before any I/O', () => {
  // --from a missing path and a missing kubeconfig: if anything were read first, the error would be about them.
  const commands: [string, (name: string) => string[]][] = [
    ['why', (n) => ['why', n, '--from', MISSING]],
    ['check-migratable', (n) => ['check-migratable', n, '--from', MISSING]],
    ['start', (n) => ['start', n, '--kubeconfig', NO_KUBECONFIG]],
    ['abort', (n) => ['abort', n, '--kubeconfig', NO_KUBECONFIG]],
  ];
  const names = [...BAD_OBJECT_NAMES, ['NUL byte', NUL_NAME] as const];

  it.each(commands)('%s NAME', async (_cmd, args) => {
    for (const [what, name] of names) {
      const r = await runCli(args(name));
      expectOneLineError(r, 2, /^error: invalid name ".*: must be a lowercase RFC 1123 subdomain/);
      expectNoControlCharacters(r.stderr);
      expect(r.stderr.length, what).toBeLessThan(200);
    }
  });

  it('a NAME that starts with a dash is an unknown flag, and after -- an invalid name', async () => {
    expectOneLineError(await runCli(['why', '-db', '--from', MISSING]), 2, /^error: unknown option '-db'$/);
    expectOneLineError(await runCli(['why', '--from', MISSING, '--', '-db']), 2, /^error: invalid name "-db": /);
  });

  it('-n NAMESPACE (a DNS-1123 label)', async () => {
    for (const ns of BAD_NAMESPACES) {
      for (const args of [['list', '--from', MISSING], ['why', 'db-primary', '--kubeconfig', NO_KUBECONFIG], ['abort', 'db-primary', '--kubeconfig', NO_KUBECONFIG]]) {
        const r = await runCli([...args, '-n', ns]);
        expectOneLineError(r, 2, /^error: invalid namespace ".*: must be a lowercase RFC 1123 label/);
        expectNoControlCharacters(r.stderr);
      }
    }
  });

  it('--node NODE (a DNS-1123 subdomain)', async () => {
    for (const node of BAD_NODE_NAMES) {
      const r = await runCli(['check-migratable', '--node', node, '--from', MISSING]);
      expectOneLineError(r, 2, /^error: invalid node name ".*: must be a lowercase RFC 1123 subdomain/);
    }
  });

  it('-l SELECTOR with a syntax error, the same parser as offline snapshots', async () => {
    for (const selector of BAD_SELECTORS) {
      const r = await runCli(['check-migratable', '-A', '-l', selector, '--from', MISSING]);
      expectOneLineError(r, 2, /^error: invalid label selector ".*": /);
      expectNoControlCharacters(r.stderr);
    }
  });

  it('values at the edge of the rules are accepted and looked up', async () => {
    const name = await runCli(['why', EDGE_OBJECT_NAME, '--from', EXAMPLE_SNAPSHOT]);
    expect(EDGE_OBJECT_NAME).toHaveLength(253);
    expectOneLineError(name, 3, /^error: the snapshot holds no /);
    const ns = await runCli(['list', '-n', EDGE_NAMESPACE, '--from', EXAMPLE_SNAPSHOT, '-o', 'json']);
    expect(ns.code).toBe(0);
    expect(JSON.parse(ns.stdout)).toMatchObject({ kind: 'MigrationList', items: [] });
    const selector = await runCli(['check-migratable', '-A', '-l', 'kubevirt.io/domain in (wiki,erp-app),!nosuchlabel', '--from', EXAMPLE_SNAPSHOT, '-o', 'json']);
    expect(JSON.parse(selector.stdout).summary.total).toBe(2);
  });

  it('quoting for the terminal escapes controls, C1, zero-width and bidi characters, and cuts long values', () => {
    expect(quoteForTerminal('a\u0000b\nc')).toBe('"a\\u0000b\\u000ac"');
    expect(quoteForTerminal('x\u009b2Jy\u202e\u200b')).toBe('"x\\u009b2Jy\\u202e\\u200b"');
    expect(quoteForTerminal('a'.repeat(300))).toBe(`"${'a'.repeat(80)}"… (300 characters)`);
    expect(quoteForTerminal('🙂'.repeat(81))).toBe(`"${'🙂'.repeat(80)}"… (81 characters)`);
  });
});

describe('objects with nothing but apiVersion, kind and metadata: every command answers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await writeSnapshot(scratch(), bareObjects());
  });

  it.each(BARE_COMMANDS.map((c) => [c.join(' '), c] as const))('%s: -o json is one valid document; table, wide and yaml print', async (_label, args) => {
    for (const output of ['json', 'yaml', 'table', 'wide']) {
      const r = await runCli([...args, '--from', dir, '-o', output]);
      expect(r.stderr, `${args.join(' ')} -o ${output}`).not.toMatch(STACK_FRAME);
      expect([0, 1], `${args.join(' ')} -o ${output}: ${r.stderr}`).toContain(r.code);
      if (output === 'json') expectSoundDocument(r.stdout, args.join(' '));
      else expect(r.stdout).not.toMatch(/undefined|NaN|\[object Object\]/);
    }
  });

  it('why: a VMI without status is not running; every check answers, those without data say unknown', async () => {
    const r = await runCli(['why', BARE.vm, '-n', BARE_NAMESPACE, '--from', dir, '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { verdict: { status: string; cause: string }; checks: { id: string; status: string; summary: string; missing?: string }[] };
    expect(doc.verdict).toMatchObject({ status: 'blocked', cause: 'vmi-not-running' });
    expect(doc.checks.map((c) => c.id)).toEqual(WHY_CHECKS.map((c) => c.id));
    const unknown = doc.checks.filter((x) => x.status === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    for (const c of unknown) {
      expect(c.missing, c.id).toBeTruthy();
      expect(c.summary, c.id).not.toMatch(/: \.$|undefined/);
    }
  });

  it('why on a migration without spec or status: a cause id from the contract, no crash', async () => {
    const r = await runCli(['why', BARE.migration, '-n', BARE_NAMESPACE, '--from', dir, '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { target: { migration?: { phase: string; created: string } }; verdict: { cause: string } };
    expect(CAUSE_IDS).toContain(doc.verdict.cause);
    expect(doc.target.migration).toMatchObject({ phase: '', created: '' });
  });

  it('check-migratable: nothing to object to, KubeVirt has not judged it (Unknown, agreement null)', async () => {
    const r = await runCli(['check-migratable', BARE.vm, '-n', BARE_NAMESPACE, '--from', dir, '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { items: Record<string, unknown>[] };
    expect(doc.items).toHaveLength(1);
    expect(doc.items[0]).toMatchObject({ name: BARE.vm, verdict: 'migratable', kubevirt: { liveMigratable: 'Unknown' }, agreesWithKubeVirt: null });
  });

  it('list: a migration without status or creation time has no age (null), not a made-up one', async () => {
    const r = await runCli(['list', '-n', BARE_NAMESPACE, '--from', dir, '-o', 'json']);
    const doc = JSON.parse(r.stdout) as { items: { migration: string; age: number | null; cause: string }[] };
    expect(doc.items).toEqual([expect.objectContaining({ migration: BARE.migration, age: null })]);
    expect(CAUSE_IDS).toContain(doc.items[0]!.cause);
  });
});

/** A copy of the example snapshot with `edit` applied to one file's text (which must change). */
async function exampleWith(file: string, edit: (text: string) => string): Promise<string> {
  const dir = scratch();
  await cp(EXAMPLE_SNAPSHOT, dir, { recursive: true });
  const before = await readFile(join(dir, file), 'utf8');
  const after = edit(before);
  expect(after, `${file} unchanged`).not.toBe(before);
  await writeFile(join(dir, file), after);
  return dir;
}

async function json(args: string[]): Promise<{ code: number; doc: Record<string, unknown> }> {
  const r = await runCli([...args, '-o', 'json']);
  expect(r.stderr, args.join(' ')).not.toMatch(STACK_FRAME);
  return { code: r.code, doc: expectSoundDocument(r.stdout, args.join(' ')) };
}

describe('phases and versions this plugin does not know', () => {
  it('a migration phase from a newer KubeVirt: verdict unknown/unknown (not "progressing"), exit 1, in why and list', async () => {
    const dir = await exampleWith('migrations.yaml', (t) => t.replace('    phase: Pending\n    phaseTransitionTimestamps:', '    phase: SomeFuturePhase\n    phaseTransitionTimestamps:'));
    const why = await json(['why', 'ci-runner', '-n', 'dev', '--from', dir]);
    expect(why.code).toBe(1);
    expect(why.doc.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    expect((why.doc.verdict as { summary: string }).summary).toContain('SomeFuturePhase');
    const text = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', dir]);
    expect(text.stdout).toMatch(/^UNKNOWN unknown: .*SomeFuturePhase/m);
    const list = await json(['list', '-A', '--from', dir]);
    expect((list.doc.items as { vmi: string; phase: string; cause: string }[]).find((i) => i.vmi === 'ci-runner')).toMatchObject({ phase: 'SomeFuturePhase', cause: 'unknown' });
  });

  it('a VMI phase from a newer KubeVirt: not Running, so not migratable now; check-migratable still judges every VM', async () => {
    const dir = await exampleWith('vmis.yaml', (t) => t.replaceAll('    phase: Running\n', '    phase: SomeFuturePhase\n'));
    const why = await json(['why', 'ci-runner', '-n', 'dev', '--from', dir]);
    expect(why.doc.verdict).toMatchObject({ cause: 'vmi-not-running' });
    const check = await json(['check-migratable', '-A', '--from', dir]);
    expect((check.doc.summary as { total: number }).total).toBe(10);
  });

  it.each([['v2.7.0'], ['v0.30.0'], ['devel'], ['""'], ['1.6'], ['null'], ['[v1.6.3]'], ['{major: 1}']])(
    'KubeVirt CR version %s: the same answers as v1.6.3 where the version does not matter',
    async (version) => {
      const dir = await exampleWith('kubevirt.yaml', (t) => t.replace(/(observedKubeVirtVersion|operatorVersion): v1\.6\.3/g, `$1: ${version}`));
      const check = await json(['check-migratable', '-A', '--from', dir]);
      expect(check.doc.summary).toEqual({ total: 10, migratable: 1, notMigratable: 7, risky: 2 });
      expect((await json(['why', 'db-primary', '-n', 'prod', '--from', dir])).doc.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
      expect((await json(['why', 'ci-runner', '-n', 'dev', '--from', dir])).doc.verdict).toMatchObject({ status: 'blocked', cause: 'quota-exceeded' });
      expect((await json(['check-migratable', '--node', 'node-2', '--from', dir])).code).toBe(1);
    },
  );
});

const PROGRESS = Array.from({ length: 10 }, (_, i) => ({ t: 4 * (i + 1), iteration: i + 1, remainingMiB: 4000 - i * 380, bandwidthMbps: 900, dirtyMbps: 120 }));

/** Every time field of the objects (snapshot-time's list) and of the launcher log set to `value`. */
function withTimes(b: Built, value: unknown): Built {
  const edit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(edit);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, TIMESTAMP_FIELDS.has(k) ? value : edit(x)]));
  };
  const logs = Object.fromEntries(Object.entries(b.logs).map(([pod, text]) => [pod, text.replace(/"timestamp":"[^"]*"/g, `"timestamp":${JSON.stringify(value)}`)]));
  return { objects: b.objects.map((o) => edit(o) as KubeObject), logs };
}

/** why, list and check-migratable on a snapshot: sound documents, no negative duration in text. */
async function answers(b: Built, extra: string[] = []): Promise<{ why: Record<string, unknown>; list: Record<string, unknown> }> {
  const dir = await writeSnapshot(scratch(), b.objects, b.logs);
  const out: Record<string, Record<string, unknown>> = {};
  for (const args of [['why', 'vm-00'], ['list'], ['check-migratable', 'vm-00'], ['check-migratable', '--node', 'node-a']]) {
    const full = [...args, '-n', 'default', '--from', dir, ...extra];
    const { code, doc } = await json(full);
    expect([0, 1], full.join(' ')).toContain(code);
    out[args[0]!] ??= doc;
    for (const output of ['table', 'wide']) {
      const text = await runCli([...full, '-o', output]);
      expect(text.stderr, full.join(' ')).not.toMatch(STACK_FRAME);
      expect(text.stdout, full.join(' ')).not.toMatch(NEGATIVE_DURATION_TEXT);
      expect(text.stdout, full.join(' ')).not.toMatch(/NaN|Invalid Date|undefined/);
    }
  }
  return { why: out.why!, list: out.list! };
}

describe('timestamps in the future: ages and durations clamp to 0', () => {
  const running = () => runningMigration({ era: 'v1.9', progress: PROGRESS });

  it('--now before the migration was created: every age and duration is 0, never negative', async () => {
    const { why, list } = await answers(running(), ['--now', at(T.created, -3600)]);
    expect(why.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
    expect((why.progress as { elapsedSeconds: number }).elapsedSeconds).toBe(0);
    expect((why.timeline as { durationSeconds?: number }[]).every((t) => t.durationSeconds === undefined || t.durationSeconds >= 0)).toBe(true);
    expect((list.items as { age: number }[])[0]!.age).toBe(0);
  });

  it('--now while libvirt copies, with log lines and events after it: still progressing, elapsed bounded', async () => {
    const { why } = await answers(running(), ['--now', at(T.started, 10)]);
    expect(why.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
    expect((why.progress as { elapsedSeconds: number }).elapsedSeconds).toBe(10);
  });
});

describe('malformed timestamps: ignored, never a 1970 or year-1 start', () => {
  const values: unknown[] = ['not-a-date', '', 'null', 12345, '2025-13-45T99:99:99Z', '0001-01-01T00:00:00Z', '2025-11-20'];

  it.each(values.map((v) => [JSON.stringify(v), v]))('%s in every time field of a running migration: no timeout cause, no negative duration', async (_label, value) => {
    const { why } = await answers(withTimes(runningMigration({ era: 'v1.9', progress: PROGRESS }), value));
    expect(why.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
    const progress = why.progress as { elapsedSeconds: number | null };
    expect(progress.elapsedSeconds).toBeNull();
  });

  it.each(values.map((v) => [JSON.stringify(v), v]))('%s in every time field of a failed migration: the same cause as with good times', async (_label, value) => {
    // v1.9 words every abort alike; the start and end times tell a timeout from a user's abort.
    const failed = () => failedMigration({ era: 'v1.9', reason: 'Live migration has been aborted', end: at(T.started, 20) });
    const good = await answers(failed());
    const bad = await answers(withTimes(failed(), value));
    expect((bad.why.verdict as { cause: string }).cause).toBe((good.why.verdict as { cause: string }).cause);
  });
});
