// The drain of node-2 that the end-to-end tests play on the fake API server (KubeVirt v1.9,
// test/fixtures/objects/drain/v1.9, times moved to now): the node cordoned, web-2 copying with
// launcher progress lines, cache-1's target pod refused by a ResourceQuota, batch-1
// (evictionStrategy None) held by a PodDisruptionBudget, legacy-erp with LiveMigrate but not
// migratable, reports-1 backing off after two failed evacuations, cache-1's hotplug attachment
// pod. Shared by why --node's and list --watch's end-to-end tests.
import { fileURLToPath } from 'node:url';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { readObjectFiles } from '../fake-apiserver/fixtures.js';
import type { AnyObject } from '../fake-apiserver/types.js';
import { tempDir } from './plugin.js';
import { logLine, progressMsg } from '../fixtures/objects/failed-migrations.js';

const DRAIN = fileURLToPath(new URL('../fixtures/objects/drain/v1.9', import.meta.url));
/** The fixture's clock at "now": 30 s before reports-1's backoff ends (09:06:30). */
export const FIXTURE_NOW = Date.parse('2026-03-10T09:06:00Z');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
export const WEB2_UID = '9b1d4c7e-2f3a-4e6b-8c9d-1a2b3c4d5e02';
export const WEB2_SOURCE = 'virt-launcher-web-2-kq7zd';

const moved = (t: string, delta: number) => new Date(Date.parse(t) + delta).toISOString().replace(/\.\d{3}Z$/, 'Z');
export function shift<T>(v: T, delta: number): T {
  if (typeof v === 'string') return (ISO.test(v) ? moved(v, delta) : v) as T;
  if (Array.isArray(v)) return v.map((x) => shift(x, delta)) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shift(x, delta)])) as T;
  return v;
}
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const find = (objs: AnyObject[], kind: string, name: string) => {
  const o = objs.find((x) => x.kind === kind && x.metadata?.name === name);
  if (!o) throw new Error(`${kind} ${name} not in the fixture`);
  return o as AnyObject & { metadata: Record<string, unknown>; spec?: Record<string, unknown>; status?: Record<string, unknown> };
};

/** The drain, in the fixture's own time; what this test adds is marked. */
export function drainObjects(): AnyObject[] {
  const objs = readObjectFiles(DRAIN).map((o) => structuredClone(o));
  // A third outbound slot: cache-1 gets past the limit and its target pod meets the quota.
  const kv = find(objs, 'KubeVirt', 'kubevirt') as { spec: { configuration: { migrations: Record<string, unknown> } } };
  kv.spec.configuration.migrations.parallelOutboundMigrationsPerNode = 3;
  // batch-1's eviction is refused by a PDB: its pod is not being deleted, and was not shut down.
  delete find(objs, 'Pod', 'virt-launcher-batch-1-s2jxv').metadata.deletionTimestamp;
  const kept = objs.filter((o) => !(o.kind === 'Event' && (o as { reason?: string }).reason === 'ShuttingDown'));
  const at = iso(FIXTURE_NOW - 30_000);
  kept.push(
    {
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'batch-1-pdb', namespace: 'prod', uid: 'e2e00000-0000-4000-8000-000000000001', creationTimestamp: '2026-03-01T08:00:00Z' },
      spec: { maxUnavailable: 0, selector: { matchLabels: { 'vm.kubevirt.io/name': 'batch-1' } } },
      status: { currentHealthy: 1, desiredHealthy: 1, disruptionsAllowed: 0, expectedPods: 1, observedGeneration: 1 },
    },
    {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name: 'prod-quota', namespace: 'prod', uid: 'e2e00000-0000-4000-8000-000000000002', creationTimestamp: '2026-03-01T08:00:00Z' },
      spec: { hard: { 'requests.memory': '40Gi' } },
      status: { hard: { 'requests.memory': '40Gi' }, used: { 'requests.memory': '38Gi' } },
    },
    {
      apiVersion: 'v1',
      kind: 'Event',
      count: 3,
      firstTimestamp: at,
      lastTimestamp: at,
      involvedObject: { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', name: 'cache-1', namespace: 'prod' },
      message:
        'Error creating pod: pods "virt-launcher-cache-1-w7k2d" is forbidden: exceeded quota: prod-quota, requested: requests.memory=4402Mi, used: requests.memory=38Gi, limited: requests.memory=40Gi',
      metadata: { name: 'cache-1.18a0e2e000000001', namespace: 'prod', creationTimestamp: at },
      reason: 'FailedCreate',
      source: { component: 'virtualmachine-controller' },
      type: 'Warning',
    } as AnyObject,
  );
  return kept;
}

/** web-2's source launcher log: ten progress lines, the last 4 s before now, remaining 3000 → 1020 MiB of 4180. */
export function web2Log(delta: number): string {
  const lines = Array.from({ length: 10 }, (_, i) => {
    const atMs = FIXTURE_NOW - 40_000 + i * 4000;
    const p = { t: 240 + i * 4, iteration: i + 1, remainingMiB: 3000 - i * 220, bandwidthMbps: 900, dirtyMbps: 100 };
    return logLine({ at: iso(atMs + delta), msg: progressMsg('v1.9', p, WEB2_UID) });
  });
  return lines.join('\n') + '\n';
}

/** What the target virt-handler and the migration controller write when `vmi`'s migration `vmim` succeeds. */
export function migrated(vmim: AnyObject, vmi: AnyObject, end: string): void {
  const status = vmim.status as { phase: string; phaseTransitionTimestamps: { phase: string; phaseTransitionTimestamp: string }[] };
  status.phase = 'Succeeded';
  status.phaseTransitionTimestamps.push({ phase: 'Succeeded', phaseTransitionTimestamp: end });
  delete (vmim.metadata as { finalizers?: string[] }).finalizers;
  const vs = vmi.status as Record<string, unknown> & { migrationState: Record<string, unknown> };
  vs.nodeName = vs.migrationState.targetNode;
  delete vs.evacuationNodeName;
  vs.conditions = (vs.conditions as { type: string }[]).filter((c) => c.type !== 'EvictionRequested');
  vs.migrationState = { ...vs.migrationState, completed: true, endTimestamp: end };
  (vmi.metadata.labels as Record<string, string>)['kubevirt.io/nodeName'] = vs.nodeName as string;
}

/** The fake API server serving `objs` moved to now, web-2's log served; its kubeconfig (namespace default). */
export async function playDrain(objs = drainObjects()): Promise<{ s: FakeApiServer; kubeconfig: string }> {
  const delta = Date.now() - FIXTURE_NOW;
  const s = await startFakeApiServer();
  s.load(shift(objs, delta));
  const log = web2Log(delta);
  s.setLog('prod', WEB2_SOURCE, 'compute', () => log);
  return { s, kubeconfig: s.writeKubeconfig(tempDir(), { namespace: 'default' }) };
}
