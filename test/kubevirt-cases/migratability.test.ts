// KubeVirt's own migratability verdict, per version, against check-migratable's.
// Each case in ./migratability/ (one YAML each) follows a KubeVirt unit test or code path and says,
// per range of KubeVirt releases, what KubeVirt decides: LiveMigratable True/False, the reason it
// reports, every reason that applies, and (when LiveMigratable is True but the migration can
// never be scheduled) the target-pod selector no other node satisfies. The facts behind them are
// in docs/kubevirt/live-migratable-by-version.md.
//
// For every case and every KubeVirt minor release inside each range, the objects become a
// snapshot whose KubeVirt CR reports that release, check-migratable's analysis runs in-process,
// and its answer must agree: `not-migratable` exactly when KubeVirt refuses (or the target cannot
// be scheduled), each KubeVirt reason reported by a finding of the rule that stands for it, and
// the reasons it predicts for that release (`predicted.reasons`) exactly KubeVirt's, in KubeVirt's
// order (the first is the one the condition shows).
// Where the product disagrees, KNOWN_DISAGREEMENTS records its answer; the test asserts that
// answer still holds, so fixing a rule means deleting its entries here.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../src/collect/snapshot/index.js';
import { gatherForCheck } from '../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects } from '../../src/analyze/migratability/report.js';
import type { MigratabilityVerdict } from '../../src/analyze/migratability/evaluate.js';
import type { RuleId } from '../../src/analyze/migratability/rule.js';
import { RULES } from '../../src/analyze/migratability/registry.js';
import type { KubeObject } from '../../src/kube/types.js';
import {
  CHECK_ORDER_DISKS_FIRST,
  CHECK_ORDER_DISKS_FIRST_UNTIL,
  CHECK_ORDER_DISKS_LAST,
  KV_REASON,
  LIVE_MIGRATABLE_REASON_VERSIONS,
  type KubeVirtMinor,
  type KubeVirtReason,
} from '../../src/kubevirt/migratability-facts.js';
import { COND_LIVE_MIGRATABLE, COND_STORAGE_LIVE_MIGRATABLE } from '../../src/kubevirt/constants.js';

const CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migratability');

/** The KubeVirt minor releases a case range is evaluated at (each `.0` tag). */
const TAGS = ['v0.59.0', 'v1.0.0', 'v1.1.0', 'v1.2.0', 'v1.3.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.7.0', 'v1.8.0', 'v1.9.0'] as const;
type Tag = (typeof TAGS)[number];
/** The releases where KubeVirt's verdict changes that the cases must pin down. */
const BOUNDARIES: readonly Tag[] = ['v1.0.0', 'v1.4.0', 'v1.5.0', 'v1.6.0', 'v1.8.0', 'v1.9.0'];

/** Which product rules stand for each KubeVirt reason (a finding of any of them reports it). */
const REASON_RULES: Readonly<Record<KubeVirtReason, readonly RuleId[]>> = {
  [KV_REASON.disks]: ['volume-not-shared', 'volume-hostdisk'],
  [KV_REASON.interface]: ['interface-not-migratable'],
  [KV_REASON.cpuMode]: ['cpu-host-model-unique'],
  [KV_REASON.virtiofs]: ['virtiofs'],
  [KV_REASON.hostDevice]: ['host-device'],
  [KV_REASON.sev]: ['confidential-computing'],
  [KV_REASON.tdx]: ['confidential-computing'],
  [KV_REASON.secureExecution]: ['confidential-computing'],
  [KV_REASON.persistentReservation]: ['persistent-reservation'],
  [KV_REASON.noTscFrequency]: ['tsc-frequency'],
  [KV_REASON.hypervPassthrough]: ['hyperv-passthrough'],
  [KV_REASON.dedicatedCpu]: ['cpu-dedicated-emulator-thread'],
};

/** Which product rule stands for a target-pod selector key no other node satisfies (by key prefix). */
const SELECTOR_RULES: readonly [prefix: string, rule: RuleId][] = [
  ['kubevirt.io/cpumanager', 'cpu-dedicated-single-node'],
  ['cpumanager', 'cpu-dedicated-single-node'],
  ['cpu-model-migration.node.kubevirt.io/', 'cpu-host-model-unique'],
  ['cpu-feature.node.kubevirt.io/', 'cpu-host-model-unique'],
  ['cpu-vendor.node.kubevirt.io/', 'cpu-host-model-unique'],
  ['scheduling.node.kubevirt.io/tsc-frequency-', 'tsc-frequency'],
  ['kubernetes.io/hostname', 'node-pinned'],
];

interface Expectation {
  versions: string;
  liveMigratable: boolean;
  reason?: string;
  message?: string;
  reasons?: string[];
  /**
   * false: LiveMigratable is True but the target pod fits no node other than the source: none
   * satisfies `targetSelector`, or the required node affinity of the PersistentVolume `targetVolume`.
   */
  targetSchedulable?: boolean;
  targetSelector?: Record<string, string>;
  targetVolume?: string;
  /** Documented for v1.4+; check-migratable has no counterpart, so it is not compared. */
  storageLiveMigratable?: { status: string; reason?: string; message?: string };
}

interface KubeVirtCase {
  id: string;
  follows: string;
  note?: string;
  objects: KubeObject[];
  expected: Expectation[];
}

/** check-migratable's answer for one case at one release. */
interface Answer {
  verdict: MigratabilityVerdict;
  /** Expected KubeVirt reasons (and target selector keys) that no finding of their rule reports. */
  unreported: string[];
  /** The LiveMigratable reasons check-migratable predicts for the release, in order. */
  predicted: string[];
}

/** `answer` for the case at every release in `range`. */
/**
 * Today's answers that disagree with KubeVirt, by `<case id>@<tag>` (none left). Each must still
 * be exactly today's answer: a rule fix that changes it must delete the entry (and the test says so).
 */
const KNOWN_DISAGREEMENTS: Readonly<Record<string, Answer>> = {};
// ---- reading the cases -----------------------------------------------------------------------

type Comparator = { op: '>=' | '>' | '<=' | '<' | '='; version: [number, number, number] };

function parseVersion(s: string): [number, number, number] {
  const m = /^v(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (!m) throw new Error(`not a KubeVirt tag: ${s}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function parseRange(range: string): Comparator[] {
  return range
    .trim()
    .split(/\s+/)
    .map((part) => {
      const m = /^(>=|<=|>|<|=)?(v\d+\.\d+\.\d+)$/.exec(part);
      if (!m) throw new Error(`bad version range ${JSON.stringify(range)}`);
      return { op: (m[1] ?? '=') as Comparator['op'], version: parseVersion(m[2] ?? '') };
    });
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

function inRange(tag: Tag, range: string): boolean {
  const v = parseVersion(tag);
  return parseRange(range).every(({ op, version }) => {
    const c = compare(v, version);
    return op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : op === '<' ? c < 0 : c === 0;
  });
}

function loadCases(): KubeVirtCase[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const c = parse(readFileSync(join(CASES_DIR, f), 'utf8')) as KubeVirtCase;
      if (c.id !== basename(f, '.yaml')) throw new Error(`${f}: id ${c.id} does not match the file name`);
      return c;
    });
}

const CASES = loadCases();
const KNOWN_REASONS = new Set<string>(Object.values(KV_REASON));

/** The expectation covering `tag`, if the case says anything about that release. */
function expectationAt(c: KubeVirtCase, tag: Tag): Expectation | undefined {
  return c.expected.find((e) => inRange(tag, e.versions));
}

const minorOf = (tag: Tag): KubeVirtMinor => {
  const [major, minor] = parseVersion(tag);
  return { major, minor };
};
const minorCmp = (a: KubeVirtMinor, b: KubeVirtMinor) => a.major - b.major || a.minor - b.minor;

/** The reasons virt-handler can report at `tag`, in the order it checks them. */
function checkOrderAt(tag: Tag): KubeVirtReason[] {
  const at = minorOf(tag);
  const era = minorCmp(at, CHECK_ORDER_DISKS_FIRST_UNTIL) <= 0 ? CHECK_ORDER_DISKS_FIRST : CHECK_ORDER_DISKS_LAST;
  return era.filter((r) => {
    const { since, until } = LIVE_MIGRATABLE_REASON_VERSIONS[r];
    return minorCmp(at, since) >= 0 && (!until || minorCmp(at, until) <= 0);
  });
}

/** What KubeVirt says, reduced to what check-migratable can be compared on. */
function kubevirtMigratable(e: Expectation): boolean {
  return e.liveMigratable && e.targetSchedulable !== false;
}

// ---- running check-migratable ----------------------------------------------------------------

const NOW = new Date('2025-11-20T10:05:00Z');

/** The case's objects with a KubeVirt CR reporting `tag` (the case's own CR, else a bare one). */
function objectsAt(c: KubeVirtCase, tag: Tag): KubeObject[] {
  const objects = structuredClone(c.objects);
  let cr = objects.find((o) => o.kind === 'KubeVirt') as (KubeObject & { status?: Record<string, unknown> }) | undefined;
  if (!cr) {
    cr = {
      apiVersion: 'kubevirt.io/v1',
      kind: 'KubeVirt',
      metadata: { name: 'kubevirt', namespace: 'kubevirt' },
      spec: { configuration: { developerConfiguration: { featureGates: [] } } },
      status: { phase: 'Deployed' },
    } as KubeObject & { status: Record<string, unknown> };
    objects.push(cr);
  }
  cr.status = { ...(cr.status ?? {}), observedKubeVirtVersion: tag, operatorVersion: tag };
  return objects;
}

/** Every rule that made a finding in some case at some release. */
const firedRules = new Set<RuleId>();

async function answerAt(c: KubeVirtCase, tag: Tag, e: Expectation): Promise<Answer> {
  const source = snapshotFromObjects(objectsAt(c, tag), { now: NOW, namespace: 'default' });
  const gathered = await gatherForCheck(source, { names: [] });
  const analysis = analyzeMigratability(pairSubjects(gathered.vms, gathered.vmis), gathered.facts);
  const vmiName = c.objects.find((o) => o.kind === 'VirtualMachineInstance')?.metadata.name;
  const item = analysis.items.find((i) => i.subject.name === vmiName);
  if (!item) throw new Error(`${c.id}: no check-migratable item for VMI ${vmiName}`);
  const fired = new Set(item.evaluation.findings.map((f) => f.rule));
  for (const r of fired) firedRules.add(r);
  const unreported: string[] = [];
  if (!e.liveMigratable) {
    for (const reason of expectedReasons(e)) {
      if (!(REASON_RULES[reason as KubeVirtReason] ?? []).some((r) => fired.has(r))) unreported.push(reason);
    }
  } else if (e.targetSchedulable === false) {
    for (const key of Object.keys(e.targetSelector ?? {})) {
      const rule = SELECTOR_RULES.find(([prefix]) => key.startsWith(prefix))?.[1];
      if (!rule || !fired.has(rule)) unreported.push(key);
    }
    const pv = e.targetVolume;
    const local = item.evaluation.findings.some((f) => f.rule === 'volume-node-local' && f.evidence.some((x) => x.kind === 'PersistentVolume' && x.name === pv));
    if (pv && !local) unreported.push(pv);
  }
  return { verdict: item.evaluation.verdict, unreported, predicted: item.evaluation.predicted?.reasons ?? ['<no prediction>'] };
}

/** The reasons KubeVirt sets at that release, in its order: none when LiveMigratable is True. */
const expectedReasons = (e: Expectation): string[] => (e.liveMigratable ? [] : (e.reasons ?? [e.reason ?? '']));

function agrees(e: Expectation, a: Answer): boolean {
  return (
    (a.verdict !== 'not-migratable') === kubevirtMigratable(e) &&
    a.unreported.length === 0 &&
    JSON.stringify(a.predicted) === JSON.stringify(expectedReasons(e))
  );
}

// ---- the case files themselves ---------------------------------------------------------------

describe('KubeVirt migratability cases', () => {
  it('has at least 60 cases, one VMI each, none carrying a computed LiveMigratable condition', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const c of CASES) {
      expect(c.follows, c.id).toMatch(/^v\d+\.\d+\.\d+ /);
      const vmis = c.objects.filter((o) => o.kind === 'VirtualMachineInstance');
      expect(vmis, c.id).toHaveLength(1);
      for (const o of c.objects) expect(o.apiVersion && o.metadata?.name, `${c.id}: ${o.kind}`).toBeTruthy();
      // The cases test prediction: a condition would let check-migratable echo KubeVirt instead.
      const conditions = (vmis[0] as { status?: { conditions?: { type: string }[] } }).status?.conditions ?? [];
      expect(conditions.map((x) => x.type), c.id).not.toContain(COND_LIVE_MIGRATABLE);
      expect(conditions.map((x) => x.type), c.id).not.toContain(COND_STORAGE_LIVE_MIGRATABLE);
    }
  });

  it('states one consistent KubeVirt answer per release', () => {
    for (const c of CASES) {
      expect(c.expected.length, c.id).toBeGreaterThan(0);
      for (const e of c.expected) {
        expect(() => parseRange(e.versions), `${c.id} ${e.versions}`).not.toThrow();
        expect(TAGS.some((t) => inRange(t, e.versions)), `${c.id} ${e.versions} covers no release`).toBe(true);
        if (e.liveMigratable) {
          expect(e.reason ?? e.reasons, `${c.id} ${e.versions}`).toBeUndefined();
          if (e.targetSchedulable === false) {
            expect(Object.keys(e.targetSelector ?? {}).length + (e.targetVolume ? 1 : 0), `${c.id} ${e.versions}`).toBeGreaterThan(0);
          }
        } else {
          expect(KNOWN_REASONS.has(e.reason ?? ''), `${c.id} ${e.versions}: reason ${e.reason}`).toBe(true);
          expect(e.message, `${c.id} ${e.versions}`).toBeTruthy();
          expect(e.reasons?.[0], `${c.id} ${e.versions}: reasons[0] is the reported reason`).toBe(e.reason);
          for (const r of e.reasons ?? []) expect(KNOWN_REASONS.has(r), `${c.id} ${e.versions}: ${r}`).toBe(true);
          expect(e.targetSchedulable, `${c.id} ${e.versions}`).toBeUndefined();
        }
      }
      for (const t of TAGS) {
        expect(c.expected.filter((e) => inRange(t, e.versions)).length, `${c.id} ranges overlap at ${t}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('lists the reasons in the order KubeVirt checks them at each release', () => {
    for (const c of CASES) {
      for (const tag of TAGS) {
        const reasons = expectationAt(c, tag)?.reasons;
        if (!reasons) continue;
        const order = checkOrderAt(tag);
        expect(reasons.every((r) => order.includes(r as KubeVirtReason)), `${c.id}@${tag}: ${reasons.join(', ')} not all set at ${tag}`).toBe(true);
        const positions = reasons.map((r) => order.indexOf(r as KubeVirtReason));
        expect(positions, `${c.id}@${tag}: ${reasons.join(', ')} out of KubeVirt's order`).toEqual([...positions].sort((a, b) => a - b));
      }
    }
  });

  it('covers every reason KubeVirt reports and every version boundary', () => {
    const reported = new Set(CASES.flatMap((c) => c.expected.flatMap((e) => e.reasons ?? [])));
    expect([...KNOWN_REASONS].filter((r) => !reported.has(r))).toEqual([]);
    // Each boundary release changes KubeVirt's answer for at least one case.
    for (const b of BOUNDARIES) {
      const before = TAGS[TAGS.indexOf(b) - 1] as Tag;
      const changed = CASES.filter((c) => {
        const x = expectationAt(c, before);
        const y = expectationAt(c, b);
        return x && y && JSON.stringify({ ...x, versions: '' }) !== JSON.stringify({ ...y, versions: '' });
      });
      expect(changed.length, `no case changes at ${b}`).toBeGreaterThan(0);
    }
    expect(CASES.some((c) => expectationAt(c, 'v0.59.0'))).toBe(true);
    // Several reasons at once, with the one KubeVirt reports first.
    expect(CASES.filter((c) => c.expected.some((e) => (e.reasons?.length ?? 0) > 1)).length).toBeGreaterThanOrEqual(10);
    // The volume reason moved from first to last in v1.6: every other reason is pinned beside it.
    const withDisks = new Set(CASES.flatMap((c) => c.expected.flatMap((e) => (e.reasons?.includes(KV_REASON.disks) ? e.reasons : []))));
    expect([...KNOWN_REASONS].filter((r) => !withDisks.has(r))).toEqual([]);
  });
});

// ---- check-migratable against KubeVirt --------------------------------------------------------

const tally = { checks: 0, agree: 0, casesAgreeing: 0 };
const seenDisagreements = new Set<string>();

describe('check-migratable agrees with KubeVirt', () => {
  for (const c of CASES) {
    it(c.id, async () => {
      let allAgree = true;
      for (const tag of TAGS) {
        const e = expectationAt(c, tag);
        if (!e) continue;
        const key = `${c.id}@${tag}`;
        const answer = await answerAt(c, tag, e);
        const ok = agrees(e, answer);
        tally.checks += 1;
        if (ok) tally.agree += 1;
        else allAgree = false;
        const known = KNOWN_DISAGREEMENTS[key];
        if (known) {
          seenDisagreements.add(key);
          expect(answer, `${key}: today's answer changed; if it now agrees, delete it from KNOWN_DISAGREEMENTS`).toEqual(known);
          expect(ok, `${key} agrees now: delete it from KNOWN_DISAGREEMENTS`).toBe(false);
        } else {
          const kv = !e.liveMigratable
            ? `LiveMigratable=False ${(e.reasons ?? []).join(',')}`
            : e.targetSchedulable === false
              ? 'LiveMigratable=True, target unschedulable'
              : 'LiveMigratable=True';
          expect(ok, `${key}: KubeVirt says ${kv}; check-migratable says ${JSON.stringify(answer)}`).toBe(true);
        }
      }
      if (allAgree) tally.casesAgreeing += 1;
    });
  }

  // Not counted: kubevirt-condition echoes a condition the cases never carry; the volume-update-*
  // rules judge a requested volume update (the VM controller's refusal), which LiveMigratable never
  // reflects — test/unit/migratability/volume-update-rules.test.ts makes each of them fire; the
  // peer-* rules judge a second cluster, which no case has (test/unit/migratability/peer-rules.test.ts).
  it('makes every rule fire in some case (but kubevirt-condition, the volume-update and the peer rules)', () => {
    const rules = RULES.map((r) => r.id).filter((id) => id !== 'kubevirt-condition' && !id.startsWith('volume-update-') && !id.startsWith('peer-'));
    expect(rules.filter((id) => !firedRules.has(id))).toEqual([]);
  });

  it('lists no disagreement that is not a case at a release', () => {
    expect(Object.keys(KNOWN_DISAGREEMENTS).filter((k) => !seenDisagreements.has(k))).toEqual([]);
  });

  afterAll(() => {
    const pct = tally.checks ? ((100 * tally.agree) / tally.checks).toFixed(1) : '0';
    console.log(
      `check-migratable agrees with KubeVirt on ${tally.agree} of ${tally.checks} case×release checks (${pct} %); ` +
        `${tally.casesAgreeing} of ${CASES.length} cases agree at every release.`,
    );
  });
});
