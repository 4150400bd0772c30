// The `why` corpus (issue #12): stuck, slow and failed migrations from public reports, each a
// snapshot of only what the reporter posted (test/corpus/README.md). Every case runs the real
// `why` — snapshot source, gather, derive, diagnose, document — and must name the cause the
// thread established. Cases today's `why` gets wrong are listed in KNOWN_MISSES with today's
// answer: they must keep giving exactly that answer, so a fix fails here until its entry is
// removed, and a regression on any other case fails at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { openSnapshotSource } from '../../src/collect/snapshot/index.js';
import { diagnoseOnce } from '../../src/commands/why/diagnosis.js';
import { diagnosisDocument } from '../../src/render/why-document.js';
import { renderChecklist } from '../../src/render/why-checklist.js';
import { makeStyle } from '../../src/render/style.js';
import { captureOutput } from '../support/output-capture.js';
import { CAUSE_IDS, VERDICT_STATUSES, type CauseId, type VerdictStatus } from '../../src/analyze/why/cause.js';
import type { GlobalOptions } from '../../src/cmdutil/global-options.js';
import type { WhyOptions } from '../../src/commands/why/options.js';
import { verdictRuleViolations } from '../support/verdict-rules.js';

const CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'why');

interface PostedItem {
  kind: string;
  what: string;
  file?: string;
}

interface CaseFile {
  id: string;
  url: string;
  urls?: string[];
  title: string;
  kubevirt: string;
  posted: PostedItem[];
  scaffold?: { file: string; why: string }[];
  query: { name: string; namespace: string };
  now?: string;
  stuck?: boolean;
  failed?: boolean;
  expected: { cause: string; status?: string; rootCause: string; rootCauseSource: string };
  classes: string[];
}

interface Answer {
  cause: CauseId;
  status: VerdictStatus;
}

/** Verdict-rule violations per case (test/support/verdict-rules.ts). */
const violations = new Map<string, string[]>();

/** What today's `why` answers for the cases it gets wrong, and which gap the case exposes. */
const KNOWN_MISSES: Record<string, Answer & { gap: string }> = {
  'harvester-8617-target-volume-attach-timeout': { cause: 'target-pod-lost', status: 'failed', gap: 'a Failed VMIM that never reached the hand-off (migrationState holds only sourcePod; the excerpt is cut inside phaseTransitionTimestamps) is inferred target-pod-lost, said as possibly the pending timeout. kubevirt-5503 posts the same evidence (Failed, no target pod in any migrationState) and its thread established target-pod-lost: no answer names both. Only the SuccessfulDelete event of the timeout or the phase timestamps would decide' },
  'harvester-9435-pending-quota-table-only': { cause: 'unknown', status: 'unknown', gap: 'the dump holds no quota, event or pod: only the thread\'s prose names the quota, and a missing object never makes a cause (rule 2); why says unknown and lists the unreadable gates' },
};

/** Verdicts that tell the user nothing is wrong. */
const ALL_CLEAR_STATUSES: readonly string[] = ['progressing', 'succeeded', 'idle'];
const ALL_CLEAR_CAUSES: readonly string[] = ['none', 'no-migration'];

function loadCases(): { dir: string; c: CaseFile }[] {
  return readdirSync(CASES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const dir = join(CASES_DIR, name);
      return { dir, c: parse(readFileSync(join(dir, 'case.yaml'), 'utf8')) as CaseFile };
    });
}

const CASES = loadCases();

async function whyOn(dir: string, c: CaseFile): Promise<Answer> {
  const now = c.now ? new Date(c.now) : undefined;
  const source = await openSnapshotSource(dir, { namespace: c.query.namespace, ...(now ? { now } : {}) });
  const g: GlobalOptions = {
    namespace: c.query.namespace,
    requestTimeoutMs: 0,
    insecureSkipTlsVerify: false,
    from: dir,
    ...(now ? { now } : {}),
    output: 'json',
    color: false,
    verbose: false,
  };
  const o: WhyOptions = { name: c.query.name, failOn: 'blocker', watch: false, intervalMs: 5000 };
  const { diagnosis, errors } = await diagnoseOnce(source, g.namespace ?? source.defaultNamespace(), o.name);
  violations.set(c.id, verdictRuleViolations(diagnosis));
  const doc = diagnosisDocument(diagnosis, errors);
  captureOutput('why-corpus', [c.id], `${JSON.stringify(doc, null, 2)}\n${renderChecklist(doc, makeStyle(false), true)}`);
  const { verdict } = doc;
  return { cause: verdict.cause as CauseId, status: verdict.status as VerdictStatus };
}

const answers = new Map<string, Answer>();

beforeAll(async () => {
  for (const { dir, c } of CASES) answers.set(c.id, await whyOn(dir, c));
});

describe('why corpus: case files', () => {
  it('holds at least 45 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(45);
  });

  it.each(CASES.map(({ dir, c }) => [c.id, dir, c] as const))('%s is well formed', (_id, dir, c) => {
    expect(c.id).toBe(dir.split('/').pop());
    for (const u of [c.url, ...(c.urls ?? [])]) expect(u).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull)\/\d+/);
    expect(c.title).toBeTruthy();
    expect(c.kubevirt).toBeTruthy();
    expect(CAUSE_IDS).toContain(c.expected.cause);
    if (c.expected.status !== undefined) expect(VERDICT_STATUSES).toContain(c.expected.status);
    expect(c.expected.rootCause.length).toBeGreaterThan(40);
    expect(['thread', 'linked-issue', 'linked-fix', 'error-text', 'reporter-analysis']).toContain(c.expected.rootCauseSource);
    expect(c.stuck === true || c.failed === true).toBe(true);
    expect(c.classes.length).toBeGreaterThan(0);
    expect(c.posted.length).toBeGreaterThan(0);
    if (c.now !== undefined) expect(Number.isNaN(Date.parse(c.now))).toBe(false);
    for (const f of [...c.posted.map((p) => p.file), ...(c.scaffold ?? []).map((s) => s.file)]) {
      if (f !== undefined) expect(existsSync(join(dir, f)), `${c.id}: ${f}`).toBe(true);
    }
  });

  it('KNOWN_MISSES names only existing cases', () => {
    const ids = new Set(CASES.map(({ c }) => c.id));
    for (const id of Object.keys(KNOWN_MISSES)) expect(ids.has(id), id).toBe(true);
  });
});

describe('why corpus: verdicts', () => {
  it.each(CASES.map(({ c }) => [c.id, c] as const))('%s', (id, c) => {
    const got = answers.get(id);
    const miss = KNOWN_MISSES[id];
    if (miss) {
      // Today's answer, pinned: when `why` improves, this fails and the entry must go.
      expect(got).toEqual({ cause: miss.cause, status: miss.status });
      expect(got?.cause).not.toBe(c.expected.cause);
      return;
    }
    expect(got?.cause).toBe(c.expected.cause);
    if (c.expected.status !== undefined) expect(got?.status).toBe(c.expected.status);
    // The thread says stuck or failed: an all-clear is never right (a pinned miss may still be one).
    expect(ALL_CLEAR_STATUSES).not.toContain(got?.status);
    expect(ALL_CLEAR_CAUSES).not.toContain(got?.cause);
  });
});

describe('why corpus: verdict rules', () => {
  it.each(CASES.map(({ c }) => [c.id] as const))('%s keeps them', (id) => {
    expect(violations.get(id)).toEqual([]);
  });
});

describe('why corpus: accuracy', () => {
  it('reports N of M right, and every wrong answer is a known miss', () => {
    const wrong = CASES.filter(({ c }) => answers.get(c.id)?.cause !== c.expected.cause).map(({ c }) => c.id);
    const allClear = CASES.filter(({ c }) => {
      const a = answers.get(c.id);
      return a !== undefined && (ALL_CLEAR_STATUSES.includes(a.status) || ALL_CLEAR_CAUSES.includes(a.cause));
    }).length;
    console.log(`why corpus: ${CASES.length - wrong.length} of ${CASES.length} right; ${wrong.length} known misses, ${allClear} of them false all-clears`);
    expect(wrong.sort()).toEqual(Object.keys(KNOWN_MISSES).sort());
  });
});
