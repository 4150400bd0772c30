// `why --node` end to end: the built plugin through kubectl against the fake API server playing
// a drain of node-2 on KubeVirt v1.9 (test/fixtures/objects/drain/v1.9, times moved to now):
// the node cordoned, web-2 copying with launcher progress lines, cache-1's target pod refused by
// a ResourceQuota, batch-1 (evictionStrategy None) held by a PodDisruptionBudget, legacy-erp with
// LiveMigrate but not migratable, reports-1 backing off after two failed evacuations, cache-1's
// hotplug attachment pod. The document is asserted field by field (ids and numbers), then again
// after web-2's migration has succeeded; a forbidden PDB list makes that part unknown.
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeApiServer } from '../fake-apiserver/index.js';
import type { AnyObject } from '../fake-apiserver/types.js';
import { parseOneJson, runPlugin } from './plugin.js';
import { FIXTURE_NOW, WEB2_SOURCE, WEB2_UID, drainObjects, find, iso, migrated, playDrain } from './drain-scenario.js';
import type { NodeEvacuationDoc } from '../../src/render/node-evacuation-document.js';

let server: FakeApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function drain(objs = drainObjects()) {
  const played = await playDrain(objs);
  server = played.s;
  return played;
}

async function whyNode(kubeconfig: string): Promise<{ code: number; doc: NodeEvacuationDoc; stderr: string }> {
  const r = await runPlugin(['why', '--node', 'node-2', '-o', 'json', '--kubeconfig', kubeconfig], {}, 30_000);
  return { code: r.code, doc: parseOneJson<NodeEvacuationDoc>(r.stdout), stderr: r.stderr };
}

const item = (doc: NodeEvacuationDoc, vmi: string) => {
  const it = doc.items.find((i) => i.vmi === vmi);
  expect(it, vmi).toBeDefined();
  return it!;
};

describe('why --node node-2 during a drain (fake API server, through kubectl)', () => {
  it('the document, field by field', async () => {
    const { s, kubeconfig } = await drain();
    const { code, doc, stderr } = await whyNode(kubeconfig);
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(doc.apiVersion).toBe('vmigrate/v1');
    expect(doc.kind).toBe('NodeEvacuationDiagnosis');
    expect(doc.node).toEqual({ name: 'node-2', ready: true, unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }], evacuating: true });
    expect(doc.errors).toEqual([]);
    expect(doc.unknown).toEqual([]);

    const states = Object.fromEntries(doc.items.map((i) => [i.vmi, [i.state, i.cause]]));
    expect(states).toEqual({
      'capk-worker-1': ['external', 'none'],
      'batch-1': ['blocked', 'disruption-budget'],
      'cache-1': ['blocked', 'quota-exceeded'],
      'db-1': ['migrating', 'none'],
      'legacy-erp': ['blocked', 'not-live-migratable'],
      'reports-1': ['blocked', 'migration-backoff'],
      'web-1': ['migrated', 'none'],
      'web-2': ['migrating', 'none'],
    });
    expect(doc.summary).toEqual({ vmis: 8, migrated: 1, migrating: 2, waiting: 0, blocked: 4, shutdown: 0, external: 1, idle: 0 });

    // web-2: percent and ETA from its source launcher's progress lines.
    const web2 = item(doc, 'web-2');
    expect(web2.migration).toEqual({ name: 'kubevirt-evacuation-2vbfm', uid: WEB2_UID, phase: 'Running', origin: 'evacuation' });
    expect(web2.percent).toBe(75.6); // (4180 − 1020) / 4180
    expect(web2.etaSeconds).toBeGreaterThan(0);
    expect(web2.etaSeconds).toBeLessThan(60);
    expect(s.requests.filter((q) => q.path.endsWith('/log')).map((q) => q.path)).toEqual([`/api/v1/namespaces/prod/pods/${WEB2_SOURCE}/log`]);

    expect(item(doc, 'web-1')).toMatchObject({ percent: 100, migration: { name: 'kubevirt-evacuation-8xq2n', phase: 'Succeeded', origin: 'evacuation' } });
    expect(item(doc, 'cache-1').migration).toMatchObject({ name: 'kubevirt-evacuation-ldm4w', phase: 'Pending', origin: 'evacuation' });
    expect(item(doc, 'batch-1')).toMatchObject({ evictionStrategy: 'None', outcome: 'shutdown' });
    expect(item(doc, 'legacy-erp')).toMatchObject({ evictionStrategy: 'LiveMigrate', outcome: 'block-drain' });
    expect(item(doc, 'capk-worker-1')).toMatchObject({ evictionStrategy: 'External', outcome: 'external' });
    for (const vmi of ['batch-1', 'cache-1', 'legacy-erp', 'reports-1']) expect(item(doc, vmi).hint, vmi).toBeTruthy();

    expect(doc.blockers.map((b) => [b.reason, b.kind, b.namespace, b.name, b.vmi ?? null, b.pod ?? null])).toEqual([
      ['disruption-budget', 'PodDisruptionBudget', 'prod', 'batch-1-pdb', 'batch-1', 'virt-launcher-batch-1-s2jxv'],
      ['not-live-migratable', 'VirtualMachineInstance', 'prod', 'legacy-erp', 'legacy-erp', null],
      ['migration-backoff', 'VirtualMachineInstanceMigration', 'prod', 'kubevirt-evacuation-9sk6j', 'reports-1', null],
      ['unmanaged-pod', 'Pod', 'default', 'netshoot-debug', null, null],
      ['hotplug-pod', 'Pod', 'prod', 'hp-volume-7tzqk', 'cache-1', null],
    ]);

    expect(doc.verdict.status).toBe('blocked');
    expect(['disruption-budget', 'quota-exceeded', 'not-live-migratable', 'migration-backoff']).toContain(doc.verdict.cause);
    expect(doc.limits).toEqual({ parallelOutboundMigrationsPerNode: 3, parallelMigrationsPerCluster: 5, running: 2, outbound: 2 });
    // The budget: 12 lists of one page each (pages of 500: a page of 10,000 large VMIs or pods
    // would pass the 64 MiB page cap), no node GET, no namespaces, one log tail, no metrics.
    const lists = s.requests.filter((q) => q.method === 'GET' && !q.path.endsWith('/log') && q.query.limit !== undefined);
    expect(lists.map((q) => q.query.limit)).toEqual(Array(12).fill('500'));
    expect(s.requests.length).toBe(13);
  }, 60_000);

  it('once web-2 has migrated it counts as migrated, and the rest stays as it was', async () => {
    const objs = drainObjects();
    migrated(find(objs, 'VirtualMachineInstanceMigration', 'kubevirt-evacuation-2vbfm'), find(objs, 'VirtualMachineInstance', 'web-2'), iso(FIXTURE_NOW - 5000));
    const { doc } = await whyNode((await drain(objs)).kubeconfig);
    expect([item(doc, 'web-2').state, item(doc, 'web-2').percent]).toEqual(['migrated', 100]);
    expect(doc.summary).toMatchObject({ vmis: 8, migrated: 2, migrating: 1, blocked: 4 });
    expect(doc.limits.outbound).toBe(1);
  }, 60_000);

  it('a forbidden PDB list: the blockers are unknown and said so, never an all-clear', async () => {
    const { s, kubeconfig } = await drain();
    s.fault({ resource: 'pdb', status: 403 });
    const { code, doc } = await whyNode(kubeconfig);
    expect(code).toBe(1);
    expect(doc.unknown.map((u) => u.part)).toEqual(['disruption-budgets']);
    expect(doc.errors.map((e) => e.resource)).toEqual(['poddisruptionbudgets.policy']);
    expect(item(doc, 'batch-1').state).toBe('shutdown');
    expect(doc.blockers.some((b) => b.reason === 'disruption-budget')).toBe(false);
  }, 60_000);

  it('a forbidden VMI list: nothing can be claimed, the verdict is unknown (exit 1), not idle', async () => {
    const { s, kubeconfig } = await drain();
    s.fault({ resource: 'vmi', status: 403 });
    const { code, doc } = await whyNode(kubeconfig);
    expect(code).toBe(1);
    expect(doc.verdict).toMatchObject({ status: 'unknown', cause: 'unknown' });
    expect(doc.unknown.map((u) => u.part)).toEqual(['vmis']);
    expect(doc.errors.map((e) => e.resource)).toEqual(['virtualmachineinstances.kubevirt.io']);
    expect(doc.items).toEqual([]);
  }, 60_000);

  it('--watch -o json: one document per refresh until the node is evacuated', async () => {
    // Only web-1 (migrated) and web-2 (copying) leave node-2 in this drain.
    const keep = new Set(['web-1', 'web-2']);
    const objs = drainObjects().filter((o) => {
      if (o.kind === 'VirtualMachineInstance') return keep.has(o.metadata?.name ?? '');
      if (o.kind === 'VirtualMachineInstanceMigration') return keep.has(((o as { spec?: { vmiName?: string } }).spec?.vmiName) ?? '');
      if (o.kind === 'Pod') return (o.metadata?.labels?.['kubevirt.io'] ?? '') === 'virt-launcher' && keep.has(o.metadata?.annotations?.['kubevirt.io/domain'] ?? '');
      return o.kind !== 'PodDisruptionBudget';
    });
    const { s, kubeconfig } = await drain(objs);
    const run = runPlugin(['why', '--node', 'node-2', '-w', '--interval', '1s', '-o', 'json', '--kubeconfig', kubeconfig], {}, 40_000);
    // After the first refresh (its log read), web-2's migration completes.
    await s.waitFor((x) => x.requests.some((q) => q.path.endsWith('/log')), 20_000);
    s.modify('vmim', 'prod', 'kubevirt-evacuation-2vbfm', (vmim: AnyObject) => s.modify('vmi', 'prod', 'web-2', (vmi: AnyObject) => migrated(vmim, vmi, iso(Date.now()))));
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    const frames = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as NodeEvacuationDoc);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    expect(frames[0]!.verdict.status).toBe('progressing');
    expect(frames[0]!.summary).toMatchObject({ vmis: 2, migrated: 1, migrating: 1 });
    expect(frames.at(-1)!.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
    expect(frames.at(-1)!.summary).toMatchObject({ vmis: 2, migrated: 2, migrating: 0 });
  }, 60_000);
});
