// `-o json` is written item by item (migratabilityJsonChunks); it must be the very text that
// renderJsonDocument(migratabilityDocument(a, errors)) gives, whatever the chunk size.
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openSnapshotSource } from '../../../src/collect/snapshot/index.js';
import { gatherForCheck } from '../../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects, type MigratabilityAnalysis } from '../../../src/analyze/migratability/report.js';
import { migratabilityDocument, migratabilityJsonChunks } from '../../../src/render/migratability-document.js';
import { renderJsonDocument } from '../../../src/render/document.js';
import type { GatherError } from '../../../src/kube/known.js';

const SNAPSHOT = fileURLToPath(new URL('../../../examples/cluster-snapshot', import.meta.url));

async function analysisOf(drainNode?: string): Promise<MigratabilityAnalysis> {
  const source = await openSnapshotSource(SNAPSHOT);
  try {
    const g = await gatherForCheck(source, { names: [], ...(drainNode ? { node: drainNode } : {}) });
    expect(g.errors).toEqual([]);
    return analyzeMigratability(pairSubjects(g.vms, g.vmis), g.facts, drainNode, g.drain);
  } finally {
    await source.close();
  }
}

function streamed(a: MigratabilityAnalysis, errors: GatherError[], chunkChars?: number): { text: string; writes: number } {
  const chunks = [...migratabilityJsonChunks(a, errors, chunkChars)];
  return { text: chunks.join(''), writes: chunks.length };
}

let all: MigratabilityAnalysis;
let drain: MigratabilityAnalysis;
beforeAll(async () => {
  all = await analysisOf();
  drain = await analysisOf('node-2');
});

describe('migratabilityJsonChunks', () => {
  it('writes exactly the JSON document, in one piece or in many', () => {
    const whole = renderJsonDocument(migratabilityDocument(all, []));
    expect(all.items.length).toBe(10);
    expect(streamed(all, [])).toEqual({ text: whole, writes: 1 });
    for (const size of [1, 100, 5000]) {
      const s = streamed(all, [], size);
      expect(s.text).toBe(whole);
      expect(s.writes).toBeGreaterThan(1);
    }
  });

  it('the drain preview, partial errors and an empty report too', () => {
    expect(streamed(drain, [], 300).text).toBe(renderJsonDocument(migratabilityDocument(drain, [])));
    const errors: GatherError[] = [{ resource: 'nodes', message: 'Error from server (Forbidden): nodes is forbidden: "items": \u0000items\u0000' }];
    expect(streamed(all, errors, 1000).text).toBe(renderJsonDocument(migratabilityDocument(all, errors)));
    const empty: MigratabilityAnalysis = {
      items: [],
      summary: { total: 0, migratable: 0, notMigratable: 0, risky: 0 },
      drainCounts: { migrate: 0, wait: 0, shutdown: 0, 'block-drain': 0, external: 0 },
    };
    expect(streamed(empty, errors).text).toBe(renderJsonDocument(migratabilityDocument(empty, errors)));
    const emptyDrain: MigratabilityAnalysis = { ...empty, drainNode: 'n1' };
    expect(streamed(emptyDrain, []).text).toBe(renderJsonDocument(migratabilityDocument(emptyDrain, [])));
  });
});
