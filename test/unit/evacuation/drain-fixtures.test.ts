// why --node on the drain fixtures (test/fixtures/objects/drain): every VMI's state, cause,
// migration and limit, the blockers, the verdict and the counts, by id and number, through the
// CLI (offline, --from) so that the gather, the analysis and the document are all exercised.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import type { NodeEvacuationDoc } from '../../../src/render/node-evacuation-document.js';

const DRAIN = fileURLToPath(new URL('../../fixtures/objects/drain/', import.meta.url));
const env = { KUBECONFIG: '/nonexistent' };

async function whyNode(dir: string, node: string, now?: string, extra: string[] = []): Promise<{ code: number; doc: NodeEvacuationDoc; stderr: string }> {
  const r = await runCli(['why', '--node', node, '--from', `${DRAIN}${dir}`, ...(now ? ['--now', now] : []), '-o', 'json', ...extra], env);
  return { code: r.code, doc: JSON.parse(r.stdout) as NodeEvacuationDoc, stderr: r.stderr };
}

const row = (doc: NodeEvacuationDoc, vmi: string) => {
  const it = doc.items.find((i) => i.vmi === vmi);
  expect(it, vmi).toBeDefined();
  return it!;
};

describe('node-2 being drained on KubeVirt v1.9', () => {
  const now = '2026-03-10T09:06:20Z';

  it('the node, the counts, the verdict and the exit code', async () => {
    const { code, doc } = await whyNode('v1.9', 'node-2', now);
    expect(code).toBe(1);
    expect(doc.kind).toBe('NodeEvacuationDiagnosis');
    expect(doc.node).toEqual({ name: 'node-2', ready: true, unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }], evacuating: true });
    expect(doc.summary).toEqual({ vmis: 8, migrated: 1, migrating: 2, waiting: 1, blocked: 2, shutdown: 1, external: 1, idle: 0 });
    expect(doc.verdict.status).toBe('blocked');
    expect(['not-live-migratable', 'migration-backoff']).toContain(doc.verdict.cause);
    expect(doc.limits).toEqual({ parallelOutboundMigrationsPerNode: 2, parallelMigrationsPerCluster: 5, running: 2, outbound: 2 });
    // The snapshot holds no PodDisruptionBudgets: that part is not known, and said so.
    expect(doc.unknown.map((u) => u.part)).toEqual(['disruption-budgets']);
  });

  it('each VMI: state, cause, outcome and its migration', async () => {
    const { doc } = await whyNode('v1.9', 'node-2', now);
    const states = Object.fromEntries(doc.items.map((i) => [i.vmi, [i.state, i.cause, i.outcome]]));
    expect(states).toEqual({
      'capk-worker-1': ['external', 'none', 'external'],
      'batch-1': ['shutdown', 'none', 'shutdown'],
      'cache-1': ['waiting', 'concurrency-limit', 'migrate'],
      'db-1': ['migrating', 'none', 'migrate'],
      'legacy-erp': ['blocked', 'not-live-migratable', 'block-drain'],
      'reports-1': ['blocked', 'migration-backoff', 'migrate'],
      'web-1': ['migrated', 'none', 'migrate'],
      'web-2': ['migrating', 'none', 'migrate'],
    });
    expect(row(doc, 'cache-1').limit).toEqual({ scope: 'node', running: 2, limit: 2 });
    expect(row(doc, 'cache-1').migration).toEqual({ name: 'kubevirt-evacuation-ldm4w', uid: '9b1d4c7e-2f3a-4e6b-8c9d-1a2b3c4d5e04', phase: 'Pending', origin: 'evacuation' });
    expect(row(doc, 'web-1')).toMatchObject({ percent: 100, migration: { name: 'kubevirt-evacuation-8xq2n', phase: 'Succeeded', origin: 'evacuation' } });
    expect(row(doc, 'reports-1').migration?.name).toBe('kubevirt-evacuation-9sk6j');
    expect(row(doc, 'legacy-erp').migration).toBeUndefined();
    expect(row(doc, 'legacy-erp').evictionStrategy).toBe('LiveMigrate');
    expect(row(doc, 'web-2').evictionStrategy).toBe('LiveMigrate'); // from the KubeVirt CR
    // A fix for every held-back VMI, none for those that move or are done.
    for (const it of doc.items) expect(Boolean(it.hint), it.vmi).toBe(it.state === 'blocked' || it.state === 'waiting');
  });

  it('the blockers: the not-migratable LiveMigrate VMI, the evacuation in backoff, the hotplug pod, the bare pod', async () => {
    const { doc } = await whyNode('v1.9', 'node-2', now);
    expect(doc.blockers.map((b) => [b.reason, b.kind, b.namespace, b.name, b.vmi])).toEqual([
      ['not-live-migratable', 'VirtualMachineInstance', 'prod', 'legacy-erp', 'legacy-erp'],
      ['migration-backoff', 'VirtualMachineInstanceMigration', 'prod', 'kubevirt-evacuation-9sk6j', 'reports-1'],
      // kubectl run's pod: no controller, so kubectl drain evicts nothing until --force.
      ['unmanaged-pod', 'Pod', 'default', 'netshoot-debug', undefined],
      ['hotplug-pod', 'Pod', 'prod', 'hp-volume-7tzqk', 'cache-1'],
    ]);
    // The DaemonSet pod is not a blocker (--ignore-daemonsets), and the bare pod holds no VMI back.
    expect(doc.blockers.map((b) => b.name)).not.toContain('virt-handler-9vm4q');
    expect(doc.summary.vmis).toBe(8);
  });

  it('after the backoff expires reports-1 waits for the node limit like cache-1', async () => {
    const { doc } = await whyNode('v1.9', 'node-2', '2026-03-10T09:06:40Z');
    expect([row(doc, 'reports-1').state, row(doc, 'reports-1').cause]).toEqual(['waiting', 'concurrency-limit']);
    // v1.9 priority queue: both system-critical, cache-1's VMIM created first; the two holders have no forecast (no launcher log).
    const holders = ['prod/kubevirt-evacuation-2vbfm', 'prod/kubevirt-evacuation-r7tkd'];
    const noEta = { kind: 'unknown', reason: 'no-forecast' };
    expect(row(doc, 'cache-1').queue).toEqual({ order: 'priority', reason: 'ga', gate: 'MigrationPriorityQueue', priority: 100, priorityClass: 'system-critical', position: 1, ahead: [], behind: 1, holders, slotFree: noEta });
    expect(row(doc, 'reports-1').queue).toMatchObject({ order: 'priority', position: 2, ahead: ['prod/kubevirt-evacuation-ldm4w'], behind: 0, holders, slotFree: noEta });
    expect(doc.blockers.map((b) => b.reason)).not.toContain('migration-backoff');
    expect(doc.verdict).toMatchObject({ status: 'blocked', cause: 'not-live-migratable' });
  });

  it('node-1 has no VMI: idle, exit 0', async () => {
    const { code, doc } = await whyNode('v1.9', 'node-1', now);
    expect(code).toBe(0);
    expect(doc.items).toEqual([]);
    expect(doc.summary.vmis).toBe(0);
    expect(doc.verdict).toMatchObject({ status: 'idle', cause: 'no-migration' });
  });

  it('node-3, a target, is not being evacuated: idle, exit 0', async () => {
    const { code, doc } = await whyNode('v1.9', 'node-3', now);
    expect(code).toBe(0);
    expect(doc.verdict).toMatchObject({ status: 'idle', cause: 'no-migration' });
    expect(doc.node.evacuating).toBe(false);
    expect(doc.items.every((i) => i.state === 'idle' || i.state === 'shutdown' || i.state === 'external' || i.state === 'blocked')).toBe(true);
  });
});

describe('worker-b evacuated by the drain taint on KubeVirt v1.4, with per-VMI PDBs', () => {
  it('the taint makes it an evacuation without any marked VMI; KubeVirt’s PDBs of migrating VMIs are not blockers', async () => {
    const { code, doc } = await whyNode('v1.4', 'worker-b'); // at the snapshot's own time
    expect(code).toBe(0);
    expect(doc.verdict).toMatchObject({ status: 'progressing', cause: 'concurrency-limit' });
    expect(doc.node).toMatchObject({ name: 'worker-b', unschedulable: false, evacuating: true });
    expect(doc.node.taints).toEqual([{ key: 'kubevirt.io/drain', effect: 'NoSchedule' }]);
    expect(doc.unknown).toEqual([]);
    const app1 = row(doc, 'app-1');
    expect(app1.migration?.origin).toBe('evacuation');
    expect(app1.state).toBe('migrating');
    // Throttled evacuation (≤v1.6): app-2 has no VMIM yet, it waits for the one slot of worker-b.
    expect(row(doc, 'app-2')).toMatchObject({ state: 'waiting', cause: 'concurrency-limit', limit: { scope: 'node', running: 1, limit: 1 } });
    expect(row(doc, 'app-2').migration).toBeUndefined();
    expect(doc.blockers.filter((b) => b.reason === 'kubevirt-disruption-budget')).toEqual([]);
  });
});

describe('bad input', () => {
  it('an unknown node: exit 3 naming it', async () => {
    const r = await runCli(['why', '--node', 'node-9', '--from', `${DRAIN}v1.9`], env);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('nodes "node-9" not found');
  });

  it('NAME with --node, neither, --watch with --from, --prometheus with --node: usage errors', async () => {
    for (const args of [
      ['why', 'web-1', '--node', 'node-2', '--from', `${DRAIN}v1.9`],
      ['why', '--from', `${DRAIN}v1.9`],
      ['why', '--node', 'node-2', '--watch', '--from', `${DRAIN}v1.9`],
      ['why', '--node', 'node-2', '--prometheus', 'http://127.0.0.1:9', '--from', `${DRAIN}v1.9`],
      ['why', '--node', 'Bad_Node', '--from', `${DRAIN}v1.9`],
    ]) {
      const r = await runCli(args, env);
      expect(r.code, args.join(' ')).toBe(2);
    }
  });

  it('the text output names the node, the table columns and the blockers', async () => {
    const r = await runCli(['why', '--node', 'node-2', '--from', `${DRAIN}v1.9`, '--now', '2026-03-10T09:06:20Z'], env);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(/^Node node-2: Ready, cordoned, being evacuated/);
    expect(r.stdout).toMatch(/NAMESPACE\s+VMI\s+STRATEGY\s+STATE\s+MIGRATION\s+PROGRESS\s+CAUSE/);
    expect(r.stdout).toContain('Blockers:');
  });
});

describe('a node not being evacuated, with a user migration away from it (examples/cluster-snapshot)', () => {
  const EXAMPLE = fileURLToPath(new URL('../../../examples/cluster-snapshot', import.meta.url));

  it('the migration decides the verdict; a LiveMigrate VMI that cannot migrate is a blocker of a future drain, not a held VMI', async () => {
    const r = await runCli(['why', '--node', 'node-2', '--from', EXAMPLE, '-o', 'json'], env);
    const doc = JSON.parse(r.stdout) as NodeEvacuationDoc;
    expect(r.code).toBe(1);
    expect(doc.node.evacuating).toBe(false);
    expect(doc.verdict).toMatchObject({ status: 'blocked', cause: 'quota-exceeded' });
    expect(row(doc, 'ci-runner')).toMatchObject({ state: 'blocked', cause: 'quota-exceeded', migration: { name: 'kubevirt-migrate-vm-vk7vt', origin: 'user' } });
    expect(row(doc, 'erp-app')).toMatchObject({ state: 'idle', cause: 'not-live-migratable', outcome: 'block-drain' });
    expect(row(doc, 'erp-app').hint).toBeTruthy();
    expect(doc.blockers.map((b) => [b.reason, b.name])).toEqual([['not-live-migratable', 'erp-app']]);
    expect(doc.summary).toMatchObject({ blocked: 1, idle: 3, shutdown: 2 });
  });
});
