// `list` reads at most LIST_LOG_TAILS source launcher logs per refresh, the migrations that have
// copied longest first; a copying migration beyond the limit has no percent and says why
// (progressSkipped), never a made-up figure. Scenario: the v1.9 drain's web-2 copying, cloned
// into 20 VMIs whose copies started one second apart.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readObjectFiles } from '../../fake-apiserver/fixtures.js';
import type { KubeObject } from '../../../src/kube/types.js';
import { gatherForList } from '../../../src/commands/list/gather.js';
import { LIST_LOG_TAILS } from '../../../src/commands/list/progress-reads.js';
import { runCli } from '../cli/run-cli.js';
import { scenarioSource } from '../why/scenarios/harness.js';

const DRAIN = fileURLToPath(new URL('../../fixtures/objects/drain/v1.9', import.meta.url));
const NOW = '2026-03-10T09:06:20Z';
const CLONES = 20;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** web-2's VMI, VMIM and pods as `web-2-cNN`, every UID its own, the copy started NN s after 09:01:00. */
function clones(): KubeObject[] {
  const all = readObjectFiles(DRAIN) as KubeObject[];
  const web2 = all.filter((o) => o.kind !== 'Event' && JSON.stringify(o).includes('web-2'));
  const out: KubeObject[] = [];
  for (let i = 0; i < CLONES; i++) {
    const n = String(i).padStart(2, '0');
    const text = JSON.stringify(web2)
      .replaceAll('web-2', `web-2-c${n}`)
      .replaceAll('kubevirt-evacuation-2vbfm', `kubevirt-evacuation-2vb${n}`)
      .replace(UUID, (u) => `${u.slice(0, 34)}${n}${u.slice(36)}`)
      .replaceAll('2026-03-10T09:01:40Z', `2026-03-10T09:01:${n}Z`);
    out.push(...(JSON.parse(text) as KubeObject[]));
  }
  return out;
}

describe('list reads a bounded number of launcher logs', () => {
  it(`${LIST_LOG_TAILS} of ${CLONES} copying migrations, the longest-copying first`, async () => {
    const read: string[] = [];
    const source = scenarioSource(clones(), { now: NOW, logs: {} });
    const podLog = source.podLog.bind(source);
    source.podLog = (ns, pod, opts) => (read.push(pod), podLog(ns, pod, opts));
    const { items, logNotRead } = await gatherForList(source, { namespace: undefined }, []);
    const copying = items.filter((x) => x.migration.status?.phase === 'Running');
    expect(copying.length).toBe(CLONES);
    expect(read.length).toBe(LIST_LOG_TAILS);
    expect(read.map((p) => p.slice(0, 'virt-launcher-web-2-cNN'.length)).sort()).toEqual(Array.from({ length: LIST_LOG_TAILS }, (_, i) => `virt-launcher-web-2-c${String(i).padStart(2, '0')}`));
    expect([...logNotRead].map((i) => i.vmi?.metadata.name).sort()).toEqual(['web-2-c16', 'web-2-c17', 'web-2-c18', 'web-2-c19']);
  });

  it('the rows beyond the limit: no percent, progressSkipped; the table says it', async () => {
    // Offline through the CLI: no launcher log in the dump, so no row has a percent.
    const dir = mkdtempSync(join(tmpdir(), 'vmigrate-list-'));
    writeFileSync(`${dir}/objects.json`, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: clones() }));
    const r = await runCli(['list', '-A', '--from', dir, '--now', NOW, '-o', 'json'], { KUBECONFIG: '/nonexistent' });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { items: { vmi: string; progressPercent?: number; progressSkipped?: { reason: string; limit: number } }[] };
    const skipped = doc.items.filter((i) => i.progressSkipped).map((i) => i.vmi).sort();
    expect(skipped).toEqual(['web-2-c16', 'web-2-c17', 'web-2-c18', 'web-2-c19']);
    expect(doc.items.find((i) => i.vmi === 'web-2-c19')?.progressSkipped).toEqual({ reason: 'log-tail-limit', limit: LIST_LOG_TAILS });
    const table = await runCli(['list', '-A', '--from', dir, '--now', NOW], { KUBECONFIG: '/nonexistent' });
    expect(table.stdout.split('\n').filter((l) => l.includes(`not read (${LIST_LOG_TAILS} logs max)`)).length).toBe(4);
  });
});
