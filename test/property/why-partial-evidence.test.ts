// Property (issue #12, verdict rule 1): `why` on a stuck or failed migration from the corpus
// (test/corpus/why), with random parts of its evidence gone — objects dropped, fields removed,
// messages and log lines cut — never gives an all-clear. The verdict is the case's own cause,
// `unknown`, `blocked` or `failed`; never progressing, succeeded, idle, `none` or `no-migration`.
// Only the migration's identity (name, namespace, uid, creation time, VMI name, phase) and the
// VMI's stay, so the stuck migration is still the one diagnosed; it is read ten minutes after the
// report (LATER_MS).
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { openSnapshotSource } from '../../src/collect/snapshot/index.js';
import { diagnoseOnce } from '../../src/commands/why/diagnosis.js';
import { params } from './commands.js';

const CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus', 'why');

interface Case {
  id: string;
  dir: string;
  query: { name: string; namespace: string };
  now?: string;
  expected: { cause: string };
  docs: { file: string; objects: Record<string, unknown>[] }[];
  logs: { file: string; text: string }[];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

function loadCase(dir: string): Case {
  const c = parse(readFileSync(join(dir, 'case.yaml'), 'utf8')) as Case;
  const docs: Case['docs'] = [];
  const logs: Case['logs'] = [];
  for (const f of filesUnder(dir)) {
    const rel = relative(dir, f);
    if (rel === 'case.yaml') continue;
    const text = readFileSync(f, 'utf8');
    if (/\.(ya?ml|json)$/.test(f)) {
      const objects = parseAllDocuments(text)
        .map((d) => d.toJS() as unknown)
        .flatMap((o) => (o && typeof o === 'object' && Array.isArray((o as { items?: unknown }).items) ? ((o as { items: unknown[] }).items as unknown[]) : [o]))
        .filter((o): o is Record<string, unknown> => Boolean(o) && typeof o === 'object');
      docs.push({ file: rel, objects });
    } else logs.push({ file: rel, text });
  }
  return { ...c, dir, docs, logs };
}

/** Cases whose subject is a migration (no-migration cases are judged on conditions alone). */
const CASES = readdirSync(CASES_DIR)
  .filter((n) => statSync(join(CASES_DIR, n)).isDirectory())
  .sort()
  .map((n) => loadCase(join(CASES_DIR, n)))
  .filter((c) => c.docs.some((d) => d.objects.some((o) => o.kind === 'VirtualMachineInstanceMigration')));

const isSubject = (o: Record<string, unknown>): boolean => o.kind === 'VirtualMachineInstanceMigration' || o.kind === 'VirtualMachineInstance';
/** Paths of the subject's identity (its creation time picks the newest migration): removing them would diagnose another thing. */
const KEPT = new Set(['metadata', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'metadata.creationTimestamp', 'spec', 'spec.vmiName', 'status', 'status.phase', 'kind', 'apiVersion']);

type Mutation = { op: 'drop-object' | 'unset-field' | 'cut-string' | 'cut-log'; pick: number; keep: number };

const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('drop-object', 'unset-field', 'cut-string', 'cut-log'),
  pick: fc.nat(),
  keep: fc.double({ min: 0, max: 1, noNaN: true }),
});

/** Every [container, key, path] of an object, subject identity excepted. */
function slots(o: Record<string, unknown>, subject: boolean): [Record<string, unknown> | unknown[], string | number, string][] {
  const out: [Record<string, unknown> | unknown[], string | number, string][] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => (out.push([v, i, `${path}[]`]), walk(x, `${path}[]`)));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (!(subject && KEPT.has(p))) out.push([v as Record<string, unknown>, k, p]);
        walk(x, p);
      }
  };
  walk(o, '');
  return out;
}

function apply(c: Case, ms: Mutation[]): Case {
  const docs = c.docs.map((d) => ({ file: d.file, objects: d.objects.map((o) => structuredClone(o)) }));
  const logs = c.logs.map((l) => ({ ...l }));
  for (const m of ms) {
    const all = docs.flatMap((d) => d.objects.map((o) => ({ d, o })));
    if (m.op === 'cut-log') {
      const l = logs[m.pick % Math.max(1, logs.length)];
      if (l) l.text = l.text.slice(0, Math.floor(l.text.length * m.keep));
      continue;
    }
    if (all.length === 0) continue;
    const { d, o } = all[m.pick % all.length]!;
    if (m.op === 'drop-object') {
      if (!isSubject(o)) d.objects.splice(d.objects.indexOf(o), 1);
      continue;
    }
    const s = slots(o, isSubject(o));
    const strings = m.op === 'cut-string' ? s.filter(([p, k]) => typeof (p as Record<string | number, unknown>)[k] === 'string') : s;
    const slot = strings[(m.pick >> 3) % Math.max(1, strings.length)];
    if (!slot) continue;
    const [parent, key] = slot;
    if (m.op === 'unset-field') {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
    } else {
      const v = (parent as Record<string | number, string>)[key]!;
      (parent as Record<string | number, string>)[key] = v.slice(0, Math.floor(v.length * m.keep));
    }
  }
  return { ...c, docs, logs };
}

/** How long after the report the mutated case is read. */
const LATER_MS = 10 * 60 * 1000;

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

async function verdictOf(c: Case): Promise<{ status: string; cause: string }> {
  const root = mkdtempSync(join(tmpdir(), 'why-partial-'));
  roots.push(root);
  for (const d of c.docs) {
    mkdirSync(dirname(join(root, d.file)), { recursive: true });
    writeFileSync(join(root, d.file), d.objects.map((o) => stringify(o)).join('---\n'));
  }
  for (const l of c.logs) {
    mkdirSync(dirname(join(root, l.file)), { recursive: true });
    writeFileSync(join(root, l.file), l.text);
  }
  // Read ten minutes after the report: a stuck migration is still stuck then, while a healthy
  // start (a target pod creating for a minute) has moved on — without that margin a subset that
  // cut every sign of trouble would rightly look like a young, healthy migration.
  const reported = c.now ? new Date(c.now) : (await openSnapshotSource(root, { namespace: c.query.namespace })).now();
  const now = new Date(reported.getTime() + LATER_MS);
  const source = await openSnapshotSource(root, { namespace: c.query.namespace, now });
  const { diagnosis } = await diagnoseOnce(source, c.query.namespace, c.query.name);
  return { status: diagnosis.verdict.status, cause: diagnosis.verdict.cause };
}

describe('why on partial evidence (property)', () => {
  it('holds at least 35 migration cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(35);
  });

  it('never an all-clear: the right cause, unknown, or blocked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES), fc.array(mutation, { minLength: 1, maxLength: 6 }), async (c, ms) => {
        const v = await verdictOf(apply(c, ms));
        expect(['progressing', 'succeeded', 'idle'], `${c.id}: ${JSON.stringify(v)}`).not.toContain(v.status);
        expect(['none', 'no-migration'], `${c.id}: ${JSON.stringify(v)}`).not.toContain(v.cause);
        const right = v.cause === c.expected.cause || v.cause === 'unknown' || v.status === 'blocked' || v.status === 'failed';
        expect(right, `${c.id}: ${JSON.stringify(v)} (expected ${c.expected.cause})`).toBe(true);
      }),
      params(150),
    );
  }, 300_000);
});
