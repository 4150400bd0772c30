// `list --watch` end to end: the built plugin through kubectl against the fake API server playing
// the drain of node-2 (drain-scenario.ts). With `-o json`, one MigrationList per refresh on one
// line (NDJSON), asserted field by field (ids and numbers) as the drain changes between refreshes:
// web-2's launcher logs more progress, then its migration succeeds. Ctrl-C (SIGINT) ends the
// watch with exit 0 and nothing on stderr. Also -l and --node, once each.
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeApiServer } from '../fake-apiserver/index.js';
import type { AnyObject } from '../fake-apiserver/types.js';
import { parseOneJson, runPlugin, startPlugin } from './plugin.js';
import { WEB2_SOURCE, WEB2_UID, drainObjects, iso, migrated, playDrain } from './drain-scenario.js';
import { logLine, progressMsg } from '../fixtures/objects/failed-migrations.js';

interface Item {
  namespace: string;
  vmi: string;
  migration: string;
  phase: string;
  sourceNode: string | null;
  targetNode: string | null;
  origin: string;
  progressPercent?: number;
  etaSeconds?: number;
  elapsedSeconds?: number;
  mode?: string;
  cause: string;
  status: string;
}
interface ListDoc {
  apiVersion: string;
  kind: string;
  items: Item[];
  errors: unknown[];
}

let server: FakeApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const row = (doc: ListDoc, vmi: string) => {
  const it = doc.items.filter((i) => i.vmi === vmi).at(0);
  expect(it, vmi).toBeDefined();
  return it!;
};

/** web-2's progress lines after the fixture's ten: remaining 800, 600, 400, 200 MiB of 4180, one a second up to now. */
function laterLines(): string {
  const now = Date.now();
  return Array.from({ length: 4 }, (_, i) => {
    const p = { t: 300 + i, iteration: 11 + i, remainingMiB: 800 - i * 200, bandwidthMbps: 900, dirtyMbps: 100 };
    return logLine({ at: iso(now - (3 - i) * 1000), msg: progressMsg('v1.9', p, WEB2_UID) });
  }).join('\n') + '\n';
}

/** Every migration of the drain: [phase, cause, status, origin, percent]. */
const FIRST: Record<string, [string, string, string, string, number | null]> = {
  'kubevirt-evacuation-9sk6j': ['Pending', 'migration-backoff', 'blocked', 'evacuation', null],
  'kubevirt-evacuation-c4hpx': ['Failed', 'progress-timeout', 'failed', 'evacuation', null],
  'kubevirt-evacuation-r7tkd': ['PreparingTarget', 'none', 'progressing', 'evacuation', null],
  'kubevirt-evacuation-ldm4w': ['Pending', 'quota-exceeded', 'blocked', 'evacuation', null],
  'kubevirt-evacuation-fw9zk': ['Failed', 'aborted', 'failed', 'evacuation', null],
  'kubevirt-evacuation-8xq2n': ['Succeeded', 'none', 'succeeded', 'evacuation', 100],
  'kubevirt-evacuation-2vbfm': ['Running', 'none', 'progressing', 'evacuation', 75.6], // (4180 − 1020) / 4180
};
const summary = (doc: ListDoc) => Object.fromEntries(doc.items.map((i) => [i.migration, [i.phase, i.cause, i.status, i.origin, i.progressPercent ?? null]]));

describe('list --watch during the drain of node-2 (fake API server, through kubectl)', () => {
  it('-o json: one document per refresh, field by field, as the drain moves, until Ctrl-C', async () => {
    const played = await playDrain();
    server = played.s;
    const s = played.s;
    const run = startPlugin(['list', '-A', '-w', '--interval', '1s', '-o', 'json', '--kubeconfig', played.kubeconfig]);
    const frames = () => run.stdout().split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as ListDoc);
    const web2 = (d: ListDoc) => d.items.find((i) => i.vmi === 'web-2')!;

    // Refresh 1: the drain as the fixture has it; web-2's percent and ETA from its launcher's log.
    await s.waitFor(() => frames().length >= 1, 20_000);
    const f0 = frames()[0]!;
    expect([f0.apiVersion, f0.kind, f0.errors]).toEqual(['vmigrate/v1', 'MigrationList', []]);
    expect(summary(f0)).toEqual(FIRST);
    expect(web2(f0)).toMatchObject({ namespace: 'prod', sourceNode: 'node-2', targetNode: 'node-1', mode: 'PreCopy' });
    expect(web2(f0).etaSeconds).toBeGreaterThan(0);
    expect(web2(f0).etaSeconds).toBeLessThan(60);
    expect(web2(f0).elapsedSeconds).toBeGreaterThan(200);
    // One log tail per refresh (a refresh may be under way): only web-2 copies.
    const logs = s.requests.filter((q) => q.path.endsWith('/log')).map((q) => q.path);
    expect(logs.length).toBeGreaterThanOrEqual(1);
    expect(logs.length).toBeLessThanOrEqual(frames().length + 1);
    expect(new Set(logs)).toEqual(new Set([`/api/v1/namespaces/prod/pods/${WEB2_SOURCE}/log`]));

    // web-2's launcher logs more progress: a later refresh shows it.
    const more = laterLines();
    const base = s.requests.length;
    s.setLog('prod', WEB2_SOURCE, 'compute', () => more);
    await s.waitFor(() => frames().some((f) => web2(f).progressPercent === 95.2), 20_000); // (4180 − 200) / 4180
    expect(s.requests.length).toBeGreaterThan(base);
    const f1 = frames().find((f) => web2(f).progressPercent === 95.2)!;
    expect(web2(f1)).toMatchObject({ phase: 'Running', cause: 'none', status: 'progressing' });
    expect(web2(f1).etaSeconds).toBeLessThanOrEqual(web2(f0).etaSeconds!);
    expect(summary(f1)).toEqual({ ...FIRST, 'kubevirt-evacuation-2vbfm': ['Running', 'none', 'progressing', 'evacuation', 95.2] });

    // web-2's migration succeeds.
    s.modify('vmim', 'prod', 'kubevirt-evacuation-2vbfm', (vmim: AnyObject) => s.modify('vmi', 'prod', 'web-2', (vmi: AnyObject) => migrated(vmim, vmi, iso(Date.now()))));
    await s.waitFor(() => frames().some((f) => web2(f).phase === 'Succeeded'), 20_000);
    const f2 = frames().find((f) => web2(f).phase === 'Succeeded')!;
    expect(summary(f2)).toEqual({ ...FIRST, 'kubevirt-evacuation-2vbfm': ['Succeeded', 'none', 'succeeded', 'evacuation', 100] });
    expect(web2(f2).etaSeconds).toBeUndefined();

    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    // NDJSON: every line one whole document.
    for (const line of r.stdout.trimEnd().split('\n')) expect((JSON.parse(line) as ListDoc).kind).toBe('MigrationList');
  }, 90_000);

  it('-l and --node choose the migrations; PROGRESS and CAUSE are why\'s', async () => {
    const played = await playDrain();
    server = played.s;
    const k = ['--kubeconfig', played.kubeconfig];
    const byNode = parseOneJson<ListDoc>((await runPlugin(['list', '-A', '--node', 'node-1', '-o', 'json', ...k])).stdout);
    expect(byNode.items.map((i) => i.migration).sort()).toEqual(['kubevirt-evacuation-2vbfm', 'kubevirt-evacuation-c4hpx']);
    const bySelector = parseOneJson<ListDoc>((await runPlugin(['list', '-A', '-l', 'kubevirt.io/vmi-name=reports-1', '-o', 'json', ...k])).stdout);
    expect(bySelector.items.map((i) => i.migration).sort()).toEqual(['kubevirt-evacuation-9sk6j', 'kubevirt-evacuation-c4hpx', 'kubevirt-evacuation-fw9zk']);
    const why = parseOneJson<{ verdict: { cause: string }; progress?: { percent: number } }>((await runPlugin(['why', 'kubevirt-evacuation-2vbfm', '-n', 'prod', '-o', 'json', ...k])).stdout);
    expect([row(byNode, 'web-2').cause, row(byNode, 'web-2').progressPercent]).toEqual([why.verdict.cause, why.progress?.percent]);
  }, 60_000);
});
