// Properties of check-migratable (contract §4.2) on partial, dump-shaped VMs and VMIs with the
// nodes, storage and KubeVirt CR around them: every rule runs without throwing and reports only
// its own id with the contract's severity; the verdict follows the findings; the command's
// MigratabilityReport validates against its schema, its summary and drain outcomes follow the
// contract, and its exit code is 0 or 1 (3 only for "could not complete").
import { beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { RULES } from '../../src/analyze/migratability/registry.js';
import { evaluateMigratability } from '../../src/analyze/migratability/evaluate.js';
import { buildSubject } from '../../src/analyze/migratability/subject.js';
import type { RuleFinding, RuleId } from '../../src/analyze/migratability/rule.js';
import type { KubeObject, VirtualMachine, VirtualMachineInstance } from '../../src/kube/types.js';
import { clusterFacts, forbidden, type FactsInput } from '../fixtures/objects/facts.js';
import { validateDocument, validators, type Validators } from '../schema/validator.js';
import { CONTRACT_SEVERITY } from '../fixtures/contract-rules.js';
import { dataVolume, kubevirt, node, pv, pvc, scene, storageClass, storageProfile, vm, vmi } from './arbitraries.js';
import { checkCommand, params, runCommand } from './commands.js';

vi.mock('../../src/cmdutil/open-source.js', async (importOriginal) => (await import('./source-mock.js')).mockOpenSource(await importOriginal()));

/** A list as read (objects) or refused (403). */
const readable = (a: fc.Arbitrary<KubeObject>, resource: string) =>
  fc.oneof({ arbitrary: fc.array(a, { maxLength: 3 }), weight: 6 }, { arbitrary: fc.constant(forbidden(resource)), weight: 1 });

const facts = fc
  .record({
    nodes: readable(node, 'nodes'),
    pvcs: readable(pvc, 'persistentvolumeclaims'),
    pvs: readable(pv, 'persistentvolumes'),
    storageClasses: readable(storageClass, 'storageclasses.storage.k8s.io'),
    dataVolumes: readable(dataVolume, 'datavolumes.cdi.kubevirt.io'),
    storageProfiles: readable(storageProfile, 'storageprofiles.cdi.kubevirt.io'),
    kubevirt: readable(kubevirt, 'kubevirts.kubevirt.io'),
  })
  .map((f) => clusterFacts(f as FactsInput));

/** A VM, a VMI, or both (paired by name as check-migratable pairs them). */
const subject = fc
  .oneof(
    fc.record({ vm }),
    fc.record({ vmi }),
    fc.tuple(vm, vmi).map(([a, b]) => ({ vm: a, vmi: { ...b, metadata: { ...b.metadata, name: a.metadata.name, namespace: a.metadata.namespace } } })),
  )
  .map((o) => buildSubject(o as { vm?: VirtualMachine; vmi?: VirtualMachineInstance }));

/**
 * The contract's severity, except where §4.2 lets the version decide: a finding that stands for a
 * LiveMigratable reason blocks on that release, and is a warning naming `blocksOn` when the
 * release is unknown; a persistent reservation on v1.9 (only a volume migration refused) is info.
 */
function expectedSeverity(f: { rule: RuleId; kubevirtReason?: string; blocksOn?: unknown[] }): string {
  if (f.blocksOn) return 'warning';
  if (f.kubevirtReason) return 'blocker';
  if (f.rule === 'persistent-reservation') return 'info';
  return CONTRACT_SEVERITY[f.rule];
}

const DRAIN: Record<string, (migratable: boolean) => string> = {
  LiveMigrate: (m) => (m ? 'migrate' : 'block-drain'),
  LiveMigrateIfPossible: (m) => (m ? 'migrate' : 'shutdown'),
  External: () => 'external',
};

let v: Validators;
beforeAll(() => {
  v = validators();
});

describe('check-migratable (property)', () => {
  it('every rule judges every subject without throwing, with its own id and the contract severity', () => {
    fc.assert(
      fc.property(subject, facts, (s, f) => {
        const prior: RuleFinding[] = [];
        for (const rule of RULES) {
          expect(rule.severity, rule.id).toBe(CONTRACT_SEVERITY[rule.id]);
          const r = rule.evaluate(s, f, prior);
          for (const finding of r.findings) {
            expect(finding.rule).toBe(rule.id);
            expect(finding.severity, rule.id).toBe(expectedSeverity(finding));
          }
          prior.push(...r.findings);
        }
      }),
      params(300),
    );
  });

  it('evaluate: no rule fails internally, the verdict follows the findings, KubeVirt agreement is null only without an opinion', () => {
    fc.assert(
      fc.property(subject, facts, (s, f) => {
        const e = evaluateMigratability(s, f);
        expect(e.unknown.filter((u) => u.missing.startsWith('internal error'))).toEqual([]);
        const severities = new Set(e.findings.map((x) => x.severity));
        expect(e.verdict).toBe(severities.has('blocker') ? 'not-migratable' : severities.has('warning') ? 'risky' : 'migratable');
        expect(['True', 'False', 'Unknown']).toContain(e.kubevirt.liveMigratable);
        expect(e.agreesWithKubeVirt === null).toBe(e.kubevirt.liveMigratable === 'Unknown');
      }),
      params(300),
    );
  });

  it('the command: valid MigratabilityReport, summary and drain per contract, exit 0/1', async () => {
    await fc.assert(
      fc.asyncProperty(scene, checkCommand, async (s, c) => {
        const r = await runCommand(s, c, 'json');
        if ('error' in r) {
          expect(r.error.message).toMatch(/^Error from server \(NotFound\)|^error: the snapshot holds no |^error: cannot list/);
          return;
        }
        const doc = JSON.parse(r.stdout) as {
          summary: { total: number; migratable: number; notMigratable: number; risky: number };
          items: { verdict: string; findings: { rule: RuleId; severity: string; kubevirtReason?: string; blocksOn?: string[] }[]; drain?: { evictionStrategy: string; outcome: string; cause?: string } }[];
        };
        expect(validateDocument(v, doc)).toEqual([]);
        const count = (verdict: string) => doc.items.filter((i) => i.verdict === verdict).length;
        expect(doc.summary).toMatchObject({ total: doc.items.length, migratable: count('migratable'), notMigratable: count('not-migratable'), risky: count('risky') });
        for (const item of doc.items) {
          for (const f of item.findings) expect(f.severity, f.rule).toBe(expectedSeverity(f));
          if (item.drain) {
            const outcome = DRAIN[item.drain.evictionStrategy]?.(item.verdict !== 'not-migratable') ?? 'shutdown';
            // `migrate` is promised only where the pre-flight passes; else `wait` with its cause.
            if (item.drain.outcome === 'wait') expect([outcome, item.drain.cause ? 'has cause' : 'no cause']).toEqual(['migrate', 'has cause']);
            else expect(item.drain.outcome).toBe(outcome);
          }
        }
        expect([0, 1]).toContain(r.code);
        if (c.cmd === 'check-migratable' && c.failOn !== 'never') expect(r.code).toBe(doc.summary.notMigratable > 0 || (c.failOn === 'warning' && doc.summary.risky > 0) ? 1 : 0);
      }),
      params(200),
    );
  }, 120_000);
});
