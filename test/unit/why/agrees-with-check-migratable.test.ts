// `why` on a VM without a migration judges migratability with check-migratable's rules on the same
// reads (StorageClasses, StorageProfiles, DataVolumes included): both commands must say the same of
// every such VM of the example snapshot — verdict and rule ids — and `why` leaves no rule unevaluated.
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openSnapshotSource } from '../../../src/collect/snapshot/index.js';
import { gatherForCheck } from '../../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects } from '../../../src/analyze/migratability/report.js';
import { migratabilityDocument } from '../../../src/render/migratability-document.js';
import { diagnoseOnce } from '../../../src/commands/why/diagnosis.js';
import { diagnosisDocument } from '../../../src/render/why-document.js';

const SNAPSHOT = fileURLToPath(new URL('../../../examples/cluster-snapshot', import.meta.url));

interface Judgement {
  verdict: string;
  rules: string[];
}

const fromCheck = new Map<string, Judgement>();
const fromWhy = new Map<string, Judgement & { unknown: number }>();

beforeAll(async () => {
  const source = await openSnapshotSource(SNAPSHOT);
  try {
    const g = await gatherForCheck(source, { names: [] });
    const doc = migratabilityDocument(analyzeMigratability(pairSubjects(g.vms, g.vmis), g.facts), []) as unknown as {
      items: { namespace: string; name: string; verdict: string; findings: { rule: string }[] }[];
    };
    for (const i of doc.items) fromCheck.set(`${i.namespace}/${i.name}`, { verdict: i.verdict, rules: i.findings.map((f) => f.rule).sort() });
    for (const key of fromCheck.keys()) {
      const [namespace, name] = key.split('/') as [string, string];
      const { diagnosis, errors } = await diagnoseOnce(source, namespace, name);
      const d = diagnosisDocument(diagnosis, errors) as unknown as {
        target: { migration?: unknown };
        migratability?: { verdict: string; findings: { rule: string }[]; unknown?: unknown[] };
      };
      if (d.target.migration !== undefined || !d.migratability) continue;
      fromWhy.set(key, { verdict: d.migratability.verdict, rules: d.migratability.findings.map((f) => f.rule).sort(), unknown: d.migratability.unknown?.length ?? 0 });
    }
  } finally {
    await source.close();
  }
});

describe('why and check-migratable agree on a VM without a migration', () => {
  it('covers most VMs of the example', () => {
    expect(fromWhy.size).toBeGreaterThanOrEqual(6);
  });

  it('same verdict and rule ids for each, and no rule left unevaluated by why', () => {
    for (const [key, w] of fromWhy) {
      expect({ key, verdict: w.verdict, rules: w.rules }).toEqual({ key, ...fromCheck.get(key) });
      expect({ key, unknown: w.unknown }).toEqual({ key, unknown: 0 });
    }
  });
});
