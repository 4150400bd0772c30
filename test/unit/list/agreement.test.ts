// `list` says what `why` says: for every migration of a scenario, the list row's cause, status
// and percent equal `why NAME`'s verdict cause, status and progress.percent, read from the same
// sources (the source launcher's log first). Scenarios: the v1.9 drain of node-2 with web-2
// copying (its log shrinking, then stalled), read through the real gather of each command.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readObjectFiles } from '../../fake-apiserver/fixtures.js';
import type { KubeObject } from '../../../src/kube/types.js';
import type { GatherError } from '../../../src/kube/known.js';
import { gatherForList } from '../../../src/commands/list/gather.js';
import { listMigration } from '../../../src/analyze/list/row.js';
import { diagnoseOnce } from '../../../src/commands/why/diagnosis.js';
import { logLine, progressMsg } from '../../fixtures/objects/failed-migrations.js';
import { scenarioSource } from '../why/scenarios/harness.js';

const DRAIN = fileURLToPath(new URL('../../fixtures/objects/drain/v1.9', import.meta.url));
const NOW = '2026-03-10T09:06:20Z';
const WEB2_UID = '9b1d4c7e-2f3a-4e6b-8c9d-1a2b3c4d5e02';
const WEB2_SOURCE = 'virt-launcher-web-2-kq7zd';

/** web-2's progress lines, one every 10 s up to 4 s before now; remaining after step i: remaining(i) MiB of 4180. */
function web2Log(remaining: (i: number) => number, lines = 12): string {
  const now = Date.parse(NOW);
  return Array.from({ length: lines }, (_, i) => {
    const at = new Date(now - 4000 - (lines - 1 - i) * 10_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return logLine({ at, msg: progressMsg('v1.9', { t: 200 + i * 10, iteration: i + 1, remainingMiB: remaining(i), bandwidthMbps: 900, dirtyMbps: 100 }, WEB2_UID) });
  }).join('\n') + '\n';
}

async function listAndWhy(objects: KubeObject[], logs: Record<string, string>) {
  const source = scenarioSource(objects, { now: NOW, logs });
  const errors: GatherError[] = [];
  const { items } = await gatherForList(source, { namespace: undefined }, errors);
  return Promise.all(
    items.map(async ({ migration, inputs }) => {
      const { row } = listMigration({ ...inputs, namedMigration: migration });
      const { diagnosis: d } = await diagnoseOnce(scenarioSource(objects, { now: NOW, logs }), migration.metadata.namespace ?? '', migration.metadata.name ?? '');
      return { row, why: { cause: d.verdict.cause, status: d.verdict.status, percent: d.progress?.forecast.percent ?? undefined, eta: d.progress?.forecast.etaSeconds ?? undefined } };
    }),
  );
}

const drain = () => readObjectFiles(DRAIN).map((o) => structuredClone(o)) as KubeObject[];

describe('list agrees with why on every migration', () => {
  it.each([
    ['shrinking', (i: number) => 3000 - i * 220, 'none'],
    ['stalled (the remaining data does not shrink)', () => 1800, 'not-converging'],
  ])('the v1.9 drain, web-2 %s', async (_label, remaining, web2Cause) => {
    const pairs = await listAndWhy(drain(), { [WEB2_SOURCE]: web2Log(remaining) });
    expect(pairs.length).toBe(7);
    for (const { row, why } of pairs) {
      expect([row.migration, row.cause, row.status], row.migration).toEqual([row.migration, why.cause, why.status]);
      expect([row.migration, row.progressPercent], row.migration).toEqual([row.migration, row.phase === 'Succeeded' ? 100 : why.percent]);
      expect([row.migration, row.etaSeconds], row.migration).toEqual([row.migration, why.eta === undefined ? undefined : Math.round(why.eta)]);
    }
    const web2 = pairs.find((p) => p.row.vmi === 'web-2')!.row;
    expect(web2).toMatchObject({ migration: 'kubevirt-evacuation-2vbfm', phase: 'Running', origin: 'evacuation', cause: web2Cause, mode: 'PreCopy' });
    expect(web2.progressPercent).toBeGreaterThan(0);
  });
});
