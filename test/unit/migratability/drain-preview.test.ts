// check-migratable --node: `migrate` only where start's pre-flight for that VMI passes, else
// `wait` with the pre-flight's cause; the node's state and the migrations in flight; the summary
// adds up. The real gather (through a snapshot source) on KubeVirt-shaped objects; ids, not prose.
import { describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../../src/collect/snapshot/index.js';
import { gatherForCheck } from '../../../src/commands/check-migratable/gather.js';
import { analyzeMigratability, pairSubjects, type MigratabilityAnalysis } from '../../../src/analyze/migratability/report.js';
import { migratabilityDocument } from '../../../src/render/migratability-document.js';
import type { KubeObject } from '../../../src/kube/types.js';
import { kubevirtCR, pv, pvc } from '../../fixtures/objects/index.js';
import { kubevirtWithMigrations, quota, targetPod, vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { kvNode } from '../../fixtures/objects/target-pods.js';

const NOW = '2025-11-20T10:05:00Z';
const LIVE_MIGRATE = { evictionStrategy: 'LiveMigrate' };

async function preview(objects: KubeObject[], node = 'node-a'): Promise<MigratabilityAnalysis> {
  const source = snapshotFromObjects(objects, { now: new Date(NOW), namespace: 'default' });
  const g = await gatherForCheck(source, { names: [], node });
  return analyzeMigratability(pairSubjects(g.vms, g.vmis), g.facts, node, g.drain);
}

/** vm1 on node-a with an RWX disk, LiveMigrate cluster-wide, nodes a–c alike: it can migrate. */
function scene(extra: KubeObject[] = [], nodes = ['node-a', 'node-b', 'node-c'].map((n) => kvNode(n)), kubevirt = kubevirtCR(LIVE_MIGRATE)): KubeObject[] {
  const elsewhere = [vmim('Succeeded', { name: 'old', uid: 'u-old-other', vmi: 'vmx', namespace: 'other' }), quota('other-quota', { pods: '10' }, { pods: '1' }, { namespace: 'other' })];
  return [...vmCluster({ nodes: [], kubevirt }), ...nodes, pvc('vm1-disk-0'), pv('pvc-vm1-disk-0', { claim: { name: 'vm1-disk-0' } }), ...elsewhere, ...extra];
}

const drainOf = (a: MigratabilityAnalysis) => a.items.find((i) => i.subject.name === 'vm1')?.drain;

describe('drain preview: migrate only where the pre-flight passes', () => {
  it('a VMI that passes pre-flight migrates; the node is neither cordoned nor draining', async () => {
    const a = await preview(scene());
    expect(drainOf(a)).toMatchObject({ outcome: 'migrate' });
    expect(drainOf(a)?.wait).toBeUndefined();
    expect(a.drainCounts).toEqual({ migrate: 1, wait: 0, shutdown: 0, 'block-drain': 0, external: 0 });
    expect(a.drainState).toEqual({ cordoned: false, draining: false, inFlight: [] });
  });

  it('quota-blocked: a second launcher pod does not fit the namespace quota → wait quota-exceeded', async () => {
    const a = await preview(scene([quota('team-quota', { 'requests.memory': '8Gi' }, { 'requests.memory': '6Gi' })]));
    expect(drainOf(a)).toMatchObject({ outcome: 'wait', wait: { cause: 'quota-exceeded', check: 'resource-quota' } });
  });

  it('no-fit: the only other node is cordoned → wait target-unschedulable-taints', async () => {
    const nodes = [kvNode('node-a'), kvNode('node-b', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] })];
    const a = await preview(scene([], nodes));
    expect(drainOf(a)).toMatchObject({ outcome: 'wait', wait: { cause: 'target-unschedulable-taints', check: 'target-placement' } });
  });

  it('slot-limited: two migrations already leave node-a (limit 2) → wait concurrency-limit, both listed in flight', async () => {
    const others = ['vm2', 'vm3'].flatMap((v, i) => {
      const m = vmim('Running', { name: `${v}-mig`, uid: `u-${v}`, vmi: v });
      m.status = { ...m.status, migrationState: { ...m.status?.migrationState, sourceNode: 'node-a' } };
      return [m, targetPod(m, { vmi: v, vmiUid: `vmi-${v}`, name: `virt-launcher-${v}-t${i}`, uid: `pod-${v}`, node: 'node-b', nodeLabel: 'node-a', phase: 'Running' })];
    });
    const a = await preview(scene(others));
    expect(drainOf(a)).toMatchObject({ outcome: 'wait', wait: { cause: 'concurrency-limit', check: 'migration-slots' } });
    expect(a.drainState?.inFlight.map((m) => m.name)).toEqual(['vm2-mig', 'vm3-mig']);
  });

  it('cluster-wide slots: parallelMigrationsPerCluster 1 with one migration elsewhere → wait concurrency-limit', async () => {
    const m = vmim('Scheduling', { name: 'vm9-mig', uid: 'u-vm9', vmi: 'vm9', namespace: 'other' });
    const a = await preview(scene([m], undefined, kubevirtWithMigrations({ parallelMigrationsPerCluster: 1 }, LIVE_MIGRATE)));
    expect(drainOf(a)).toMatchObject({ outcome: 'wait', wait: { cause: 'concurrency-limit' } });
  });

  it('conflicting: vm1 already has a migration in flight → wait migration-conflict, listed in flight', async () => {
    const running = vmim('Running', { name: 'vm1-migration-abcde', uid: 'u-running' });
    const a = await preview(scene([running, targetPod(running, { node: 'node-b', phase: 'Running' })]));
    expect(drainOf(a)).toMatchObject({ outcome: 'wait', wait: { cause: 'migration-conflict', check: 'migration-conflict' } });
    expect(a.drainState?.inFlight).toEqual([{ namespace: 'default', name: 'vm1-migration-abcde', vmi: 'vm1', phase: 'Running' }]);
  });

  it('cordoned and draining: the node says so (spec.unschedulable, the VMI marked for evacuation)', async () => {
    const nodes = [kvNode('node-a', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }), kvNode('node-b'), kvNode('node-c')];
    const objects = scene([], nodes).map((o) => {
      if (o.kind !== 'VirtualMachineInstance') return o;
      const v = structuredClone(o) as typeof o & { status?: Record<string, unknown> };
      v.status = { ...v.status, evacuationNodeName: 'node-a' };
      return v;
    });
    const a = await preview(objects);
    expect(a.drainState).toMatchObject({ cordoned: true, draining: true });
    expect(drainOf(a)).toMatchObject({ outcome: 'migrate' });
  });

  it('the summary adds up, in the document too', async () => {
    const a = await preview(scene([quota('team-quota', { 'requests.memory': '8Gi' }, { 'requests.memory': '6Gi' })]));
    const doc = migratabilityDocument(a, []);
    const d = doc.summary.drain!;
    expect(d.migrate + d.wait + d.shutdown + d['block-drain'] + d.external).toBe(doc.items.length);
    expect(d).toMatchObject({ node: 'node-a', wait: 1, cordoned: false, draining: false, inFlight: [] });
    expect(doc.items[0]?.drain).toMatchObject({ outcome: 'wait', cause: 'quota-exceeded', check: 'resource-quota' });
  });
});
