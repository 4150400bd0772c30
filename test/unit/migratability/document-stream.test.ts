// `-o json` is written item by item (migratabilityJsonChunks); it must be the very text that
// renderDocument(migratabilityDocument(a), 'json') gives, whatever the chunk size.
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { openSnapshotSource } from '../../../src/collect/snapshot/index.js';
import { gatherForCheck } from '../../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects, type MigratabilityAnalysis } from '../../../src/analyze/migratability/report.js';
import { migratabilityDocument, migratabilityJsonChunks } from '../../../src/render/migratability-document.js';
import { renderDocument } from '../../../src/render/document.js';

const SNAPSHOT = fileURLToPath(new URL('../../../examples/cluster-snapshot', import.meta.url));

async function analysisOf(drainNode?: string): Promise<MigratabilityAnalysis> {
  const source = await openSnapshotSource(SNAPSHOT);
  try {
    const g = await gatherForCheck(source, { names: [], ...(drainNode ? { node: drainNode } : {}) });
    return analyzeMigratability(pairSubjects(g.vms, g.vmis), g.facts, g.errors, drainNode);
  } finally {
    await source.close();
  }
}

function streamed(a: MigratabilityAnalysis, chunkChars?: number): { text: string; writes: number } {
  const chunks = [...migratabilityJsonChunks(a, chunkChars)];
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
    const whole = renderDocument(migratabilityDocument(all), 'json');
    expect(all.items.length).toBe(10);
    expect(streamed(all)).toEqual({ text: whole, writes: 1 });
    for (const size of [1, 100, 5000]) {
      const s = streamed(all, size);
      expect(s.text).toBe(whole);
      expect(s.writes).toBeGreaterThan(1);
    }
  });

  it('the drain preview, partial errors and an empty report too', () => {
    expect(streamed(drain, 300).text).toBe(renderDocument(migratabilityDocument(drain), 'json'));
    const withErrors: MigratabilityAnalysis = {
      ...all,
      errors: [{ resource: 'nodes', message: 'Error from server (Forbidden): nodes is forbidden: "items": \u0000items\u0000' }],
    };
    expect(streamed(withErrors, 1000).text).toBe(renderDocument(migratabilityDocument(withErrors), 'json'));
    const empty: MigratabilityAnalysis = { items: [], errors: withErrors.errors };
    expect(streamed(empty).text).toBe(renderDocument(migratabilityDocument(empty), 'json'));
    expect(streamed({ items: [], errors: [], drainNode: 'n1' }).text).toBe(renderDocument(migratabilityDocument({ items: [], errors: [], drainNode: 'n1' }), 'json'));
  });
});
