// why end to end through kubectl against the fake API server serving the example cluster, and
// the same objects offline with --from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, parseOneJson, runPlugin, tempDir } from './plugin.js';

interface Doc {
  kind: string;
  target: { namespace: string; vmi: string; migration?: { name: string; phase: string } };
  verdict: { status: string; cause: string; check?: string };
  checks: { id: string; status: string; evidence: unknown[]; missing?: string }[];
  timeline: { phase: string; time: string }[];
  placement?: unknown;
  policy?: { name: string | null };
  migratability?: { verdict: string };
  errors: { resource: string }[];
}

const SOURCE_POD = 'virt-launcher-db-primary-blqtw';
const TARGET_POD = 'virt-launcher-db-primary-427vp';

let server: FakeApiServer;
let kubeconfig: string;

beforeAll(async () => {
  server = await startFakeApiServer();
  server.loadFiles([EXAMPLE_SNAPSHOT]);
  server.setLog('prod', SOURCE_POD, 'compute', readFileSync(join(EXAMPLE_SNAPSHOT, 'logs', SOURCE_POD, 'compute.log'), 'utf8'));
  kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
});
afterAll(async () => {
  await server.close();
});

/** What must not depend on the clock: ids, statuses, evidence, timeline times, placement, policy. */
function stable(d: Doc) {
  return {
    target: d.target,
    verdict: { status: d.verdict.status, cause: d.verdict.cause, check: d.verdict.check },
    checks: d.checks.map((c) => ({ id: c.id, status: c.status, evidence: c.evidence })),
    timeline: d.timeline.map((t) => ({ phase: t.phase, time: t.time })),
    placement: d.placement,
    policy: d.policy,
  };
}

describe('why through kubectl', () => {
  it('names the quota that refused the target pod, exit 1', async () => {
    const r = await runPlugin(['why', 'ci-runner', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(1);
    const d = parseOneJson<Doc>(r.stdout);
    expect(d.kind).toBe('MigrationDiagnosis');
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'quota-exceeded', check: 'resource-quota' });
    expect(d.target.migration?.name).toBe('kubevirt-migrate-vm-vk7vt');
    const quota = d.checks.find((c) => c.id === 'resource-quota')!;
    expect(JSON.stringify(quota.evidence)).toContain('dev-quota');
  });

  it('NAME may be the migration itself', async () => {
    const r = await runPlugin(['why', 'kubevirt-migrate-vm-vk7vt', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(parseOneJson<Doc>(r.stdout).verdict.cause).toBe('quota-exceeded');
  });

  it('gives the same diagnosis live and offline', async () => {
    for (const [ns, name] of [
      ['dev', 'ci-runner'],
      ['prod', 'db-primary'],
      ['default', 'wiki'],
    ] as const) {
      const live = await runPlugin(['why', name, '-n', ns, '-o', 'json', '--kubeconfig', kubeconfig]);
      const offline = await runPlugin(['why', name, '-n', ns, '-o', 'json', '--from', EXAMPLE_SNAPSHOT]);
      expect(offline.code, name).toBe(live.code);
      expect(stable(parseOneJson<Doc>(offline.stdout)), name).toEqual(stable(parseOneJson<Doc>(live.stdout)));
    }
  });

  it('a succeeded migration: none, exit 0, with the matching MigrationPolicy', async () => {
    const r = await runPlugin(['why', 'db-primary', '-n', 'prod', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const d = parseOneJson<Doc>(r.stdout);
    expect(d.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
    expect(d.policy?.name).toBe('prod-databases');
    expect(d.timeline.map((t) => t.phase)).toEqual(['Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded']);
  });

  it('a VMI with no migration: no-migration with the migratability summary, exit 0', async () => {
    const r = await runPlugin(['why', 'wiki', '-n', 'default', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const d = parseOneJson<Doc>(r.stdout);
    expect(d.verdict).toMatchObject({ status: 'idle', cause: 'no-migration' });
    expect(d.migratability?.verdict).toBeDefined();
    const table = await runPlugin(['why', 'wiki', '-n', 'default', '--kubeconfig', kubeconfig]);
    expect(table.stdout).toContain('Migratability:');
  });

  it('403 on nodes, quotas and logs: those checks are unknown, the verdict is still given', async () => {
    const faults = [server.fault({ resource: 'node', status: 403 }), server.fault({ resource: 'resourcequota', status: 403 }), server.fault({ path: /\/log$/, status: 403 })];
    try {
      const r = await runPlugin(['why', 'ci-runner', '-o', 'json', '--kubeconfig', kubeconfig]);
      const d = parseOneJson<Doc>(r.stdout);
      expect(d.errors.map((e) => e.resource).sort()).toEqual(['nodes', 'pods/log', 'resourcequotas']);
      expect(d.checks.find((c) => c.id === 'vmi-running')!.status).toBe('unknown');
      // The quota refusal is still read from the event.
      expect(d.verdict.cause).toBe('quota-exceeded');
      const db = await runPlugin(['why', 'db-primary', '-n', 'prod', '-o', 'json', '--kubeconfig', kubeconfig]);
      expect(parseOneJson<Doc>(db.stdout).verdict.cause).toBe('none');
    } finally {
      for (const f of faults) f.remove();
    }
  });

  it('an unknown NAME exits 3 with a NotFound line', async () => {
    const r = await runPlugin(['why', 'nope', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^Error from server \(NotFound\): .*"nope"/);
  });

  it('makes at most 15 API requests, both launcher logs included, the independent ones concurrently', async () => {
    server.resetRequests();
    await runPlugin(['why', 'db-primary', '-n', 'prod', '-o', 'json', '--kubeconfig', kubeconfig]);
    const count = server.requests.length;
    expect(count).toBeLessThanOrEqual(15);
    // Issue #12: the target launcher's log (its pod runs) is read only while a request is left:
    // db-primary's two claims and its namespace spend all 15 here.
    const logs = server.requests.filter((q) => q.path.endsWith('/log')).map((q) => q.path.split('/').at(-2));
    expect(logs).toContain(SOURCE_POD);
    if (!logs.includes(TARGET_POD)) expect(count).toBe(15);
    // With every request held 400 ms, sequential requests would take count × 400 ms; the
    // plugin's few concurrent rounds take a small multiple of it.
    const slow = server.fault({ path: /./, delayMs: 400 });
    try {
      const t0 = Date.now();
      const r = await runPlugin(['why', 'db-primary', '-n', 'prod', '-o', 'json', '--kubeconfig', kubeconfig]);
      const elapsed = Date.now() - t0;
      expect(parseOneJson<Doc>(r.stdout).verdict.cause).toBe('none');
      expect(elapsed).toBeLessThan(count * 400 * 0.5);
    } finally {
      slow.remove();
    }
  });
});

describe('list through kubectl', () => {
  it('-A lists each migration with its cause from the same engine', async () => {
    const r = await runPlugin(['list', '-A', '-o', 'json', '--kubeconfig', kubeconfig]);
    expect(r.code).toBe(0);
    const d = parseOneJson<{ kind: string; items: { namespace: string; migration: string; phase: string; cause: string; sourceNode: string | null; targetNode: string | null }[] }>(r.stdout);
    expect(d.kind).toBe('MigrationList');
    expect(d.items.map((i) => [i.namespace, i.migration, i.phase, i.cause])).toEqual([
      ['dev', 'kubevirt-migrate-vm-vk7vt', 'Pending', 'quota-exceeded'],
      ['prod', 'kubevirt-evacuation-fdhjr', 'Succeeded', 'none'],
    ]);
    expect(d.items[1]).toMatchObject({ sourceNode: 'node-3', targetNode: 'node-2' });
  });
});
