// start's pre-flight on KubeVirt-shaped objects: the real gather (through a snapshot source),
// the planned-migration context and the decision. Assert ids, causes and args, never prose.
import { describe, expect, it } from 'vitest';
import { snapshotFromObjects } from '../../../src/collect/snapshot/index.js';
import type { KubeObject, Pod, VirtualMachineInstance } from '../../../src/kube/types.js';
import { gatherForStart } from '../../../src/commands/start/gather.js';
import { decidePreflight, migrationManifest, preflightContext, type Preflight, type PreflightCheck, type PreflightCheckId } from '../../../src/analyze/start/preflight.js';
import { kubevirtCR, liveMigratable, node, pv, pvc } from '../../fixtures/objects/index.js';
import { kubevirtWithMigrations, launcherPod, quota, targetPod, vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { kvNode } from '../../fixtures/objects/target-pods.js';

const NOW = '2025-11-20T10:05:00Z';

async function preflight(objects: KubeObject[], o: { name?: string; added?: Record<string, string>; force?: boolean } = {}): Promise<Preflight> {
  const source = snapshotFromObjects(objects, { now: new Date(NOW), namespace: 'default' });
  const g = await gatherForStart(source, 'default', o.name ?? 'vm1');
  const ctx = preflightContext(g.inputs, o.added ?? {});
  return decidePreflight({ ctx, facts: g.facts, addedNodeSelector: o.added ?? {}, force: o.force ?? false });
}

/**
 * vm1 on node-a (host-model EPYC-Genoa), RWX disk, nodes a–c alike. A finished migration and a
 * quota elsewhere make the snapshot hold those kinds (a kind absent from a snapshot is unknown).
 */
function scene(extra: KubeObject[] = [], nodes = ['node-a', 'node-b', 'node-c'].map((n) => kvNode(n)), kubevirt = kubevirtCR()): KubeObject[] {
  const elsewhere = [vmim('Succeeded', { name: 'old', uid: 'u-old-other', vmi: 'vmx', namespace: 'other' }), quota('other-quota', { pods: '10' }, { pods: '1' }, { namespace: 'other' })];
  return [...vmCluster({ nodes: [], kubevirt }), ...nodes, pvc('vm1-disk-0'), pv('pvc-vm1-disk-0', { claim: { name: 'vm1-disk-0' } }), ...elsewhere, ...extra];
}

const check = <Id extends PreflightCheckId>(p: Preflight, id: Id) => p.checks.find((c): c is Extract<PreflightCheck, { id: Id }> => c.id === id);

describe('decidePreflight', () => {
  it('passes a migratable VM with room everywhere', async () => {
    const p = await preflight(scene());
    expect(p.refused).toBeUndefined();
    expect(p.refusals).toEqual([]);
    expect(p.evaluation.verdict).toBe('migratable');
    expect(p.checks.map((c) => [c.id, c.status])).toEqual([
      ['vmi-running', 'pass'],
      ['migration-conflict', 'pass'],
      ['active-pods', 'pass'],
      ['migration-slots', 'pass'],
      ['resource-quota', 'pass'],
      ['target-placement', 'pass'],
    ]);
    expect(check(p, 'target-placement')!.args).toMatchObject({ kind: 'fits', fitting: ['node-b', 'node-c'] });
    // Placement judged the planned pod: host-model labels of the source node, anti-affinity on the VMI.
    expect(p.placement!.nodeSelector).toMatchObject({ 'cpu-model-migration.node.kubevirt.io/EPYC-Genoa': 'true', 'cpu-feature.node.kubevirt.io/x2apic': 'true' });
    expect(p.placement!.nodes.find((n) => n.name === 'node-a')).toMatchObject({ fits: false, reasons: [{ kind: 'source-node' }] });
  });

  it('refuses not-live-migratable for check-migratable blockers; --force overrides', async () => {
    // An RWO claim, as the PVC and the VMI's volumeStatus (what KubeVirt reads) both say.
    const objects = scene().map((o) => {
      if (o.kind === 'PersistentVolumeClaim') return pvc('vm1-disk-0', { accessModes: ['ReadWriteOnce'] });
      if (o.kind !== 'VirtualMachineInstance') return o;
      const v = structuredClone(o) as VirtualMachineInstance;
      for (const s of v.status?.volumeStatus ?? []) if (s.persistentVolumeClaimInfo) s.persistentVolumeClaimInfo.accessModes = ['ReadWriteOnce'];
      return v;
    });
    const p = await preflight(objects);
    expect(p.evaluation.findings.map((f) => f.rule)).toContain('volume-not-shared');
    expect(p.refused).toEqual({ cause: 'not-live-migratable', from: 'migratability', overridable: true });
    const forced = await preflight(objects, { force: true });
    expect(forced.refused).toBeUndefined();
    expect(forced.forced.map((f) => f.cause)).toEqual(['not-live-migratable']);
  });

  it('refuses migration-conflict naming the in-flight migration; --force does not override it', async () => {
    const running = vmim('Running', { name: 'vm1-migration-abcde', uid: 'u-running' });
    const objects = scene([running, targetPod(running, { node: 'node-b', phase: 'Running' })]);
    for (const force of [false, true]) {
      const p = await preflight(objects, { force });
      expect(p.refused).toEqual({ cause: 'migration-conflict', from: 'migration-conflict', overridable: false });
      expect(check(p, 'migration-conflict')!.args).toMatchObject({ other: { name: 'vm1-migration-abcde', uid: 'u-running', phase: 'Running' } });
    }
  });

  it('a NAME that is a finished migration starts a new migration of its VMI', async () => {
    const p = await preflight(scene([vmim('Succeeded', { name: 'old-one', uid: 'u-old' })]), { name: 'old-one' });
    expect(p.subject.name).toBe('vm1');
    expect(p.refused).toBeUndefined();
  });

  it('refuses vmi-not-running for a stopped VM (no VMI), even with --force', async () => {
    const objects = scene().filter((o) => o.kind !== 'VirtualMachineInstance' && o.kind !== 'Pod');
    const p = await preflight(objects, { force: true });
    expect(p.refused).toEqual({ cause: 'vmi-not-running', from: 'vmi-running', overridable: false });
    // Capacity is not judged for a VM that does not run.
    expect(p.checks.map((c) => c.id)).toEqual(['vmi-running', 'migration-conflict']);
  });

  it('refuses concurrency-limit when the source node has no outbound slot left', async () => {
    // Two migrations leave node-a (other VMIs: their target pods carry kubevirt.io/nodeName=node-a).
    const others = ['vm2', 'vm3'].flatMap((v, i) => {
      const m = vmim('Running', { name: `${v}-mig`, uid: `u-${v}`, vmi: v });
      return [m, targetPod(m, { vmi: v, vmiUid: `vmi-${v}`, name: `virt-launcher-${v}-t${i}`, uid: `pod-${v}`, node: 'node-b', nodeLabel: 'node-a', phase: 'Running' })];
    });
    const p = await preflight(scene(others));
    expect(p.refused).toEqual({ cause: 'concurrency-limit', from: 'migration-slots', overridable: true });
    expect(check(p, 'migration-slots')!.args).toMatchObject({ kind: 'full', scope: 'node', running: 2, limit: 2 });
  });

  it('refuses concurrency-limit cluster-wide with a lowered parallelMigrationsPerCluster', async () => {
    const m = vmim('Scheduling', { name: 'vm9-mig', uid: 'u-vm9', vmi: 'vm9', namespace: 'other' });
    const p = await preflight(scene([m], undefined, kubevirtWithMigrations({ parallelMigrationsPerCluster: 1 })));
    expect(p.refused?.cause).toBe('concurrency-limit');
    expect(check(p, 'migration-slots')!.args).toMatchObject({ kind: 'full', scope: 'cluster', running: 1, limit: 1, runningMigrations: ['other/vm9-mig'] });
  });

  it('refuses quota-exceeded when a second launcher pod does not fit the namespace quota', async () => {
    const q = quota('team-quota', { 'requests.memory': '8Gi' }, { 'requests.memory': '6Gi' });
    const p = await preflight(scene([q]));
    expect(p.refused).toEqual({ cause: 'quota-exceeded', from: 'resource-quota', overridable: true });
    expect(check(p, 'resource-quota')!.args).toMatchObject({ kind: 'headroom', quota: 'team-quota' });
  });

  it('refuses target-unschedulable-* when no other node fits, with the per-node placement', async () => {
    const nodes = [kvNode('node-a'), kvNode('node-b', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] })];
    const p = await preflight(scene([], nodes));
    expect(p.refused).toEqual({ cause: 'target-unschedulable-taints', from: 'target-placement', overridable: true });
    expect(p.placement!.nodes.find((n) => n.name === 'node-b')!.reasons).toEqual([{ kind: 'unschedulable' }]);
  });

  it('a one-node cluster has no target: anti-affinity', async () => {
    const p = await preflight(scene([], [kvNode('node-a')]));
    expect(p.refused?.cause).toBe('target-unschedulable-anti-affinity');
    expect(check(p, 'target-placement')!.args).toMatchObject({ kind: 'none-fits', candidates: 0 });
  });

  it('host-model: the source node\'s model and features must exist elsewhere (cpu)', async () => {
    const nodes = [kvNode('node-a'), kvNode('node-b', { hostModel: 'EPYC-Rome', requiredFeatures: ['ibpb'] })];
    const p = await preflight(scene([], nodes));
    expect(p.refusals.map((r) => r.cause)).toContain('target-unschedulable-cpu');
  });

  describe('--node-selector', () => {
    it('restricts the planned target pod; the VM\'s own keys win', async () => {
      const p = await preflight(scene(), { added: { 'kubernetes.io/hostname': 'node-c', 'kubevirt.io/schedulable': 'false' } });
      expect(p.refused).toBeUndefined();
      expect(check(p, 'target-placement')!.args).toMatchObject({ kind: 'fits', fitting: ['node-c'] });
      expect(p.nodeSelector).toEqual({ requested: { 'kubernetes.io/hostname': 'node-c', 'kubevirt.io/schedulable': 'false' }, overridden: ['kubevirt.io/schedulable'] });
      expect(p.placement!.nodeSelector['kubevirt.io/schedulable']).toBe('true');
      expect(check(p, 'node-selector')).toMatchObject({ status: 'warn', args: { kind: 'supported' } });
    });

    it('matching no node refuses target-unschedulable-node-selector', async () => {
      const p = await preflight(scene(), { added: { 'topology.kubernetes.io/zone': 'z9' } });
      expect(p.refused?.cause).toBe('target-unschedulable-node-selector');
    });

    it('KubeVirt older than v1.6 refuses node-selector-unsupported, even with --force', async () => {
      const p = await preflight(scene([], undefined, kubevirtCR({ version: 'v1.5.2' })), { added: { 'kubernetes.io/hostname': 'node-c' }, force: true });
      expect(p.refused).toEqual({ cause: 'node-selector-unsupported', from: 'node-selector', overridable: false });
      expect(check(p, 'node-selector')!.args).toMatchObject({ kind: 'unsupported', version: 'v1.5.2' });
    });

    it('an unknown version is allowed with a warning', async () => {
      const objects = scene().filter((o) => o.kind !== 'KubeVirt');
      const p = await preflight(objects, { added: { 'kubernetes.io/hostname': 'node-c' } });
      expect(p.refused).toBeUndefined();
      expect(check(p, 'node-selector')).toMatchObject({ status: 'warn', args: { kind: 'version-unknown' } });
    });
  });

  it('LiveMigratable=False from KubeVirt is a blocker (kubevirt-condition rule)', async () => {
    const objects = scene().map((o) =>
      o.kind === 'VirtualMachineInstance'
        ? { ...o, status: { ...(o as { status: object }).status, conditions: [liveMigratable('False', 'HypervPassthroughNotLiveMigratable', 'VMI uses hyperv passthrough')] } }
        : o,
    );
    const p = await preflight(objects);
    expect(p.refused?.cause).toBe('not-live-migratable');
  });

  it('unreadable nodes make placement unknown, not a refusal', async () => {
    const p = await preflight(scene().filter((o) => o.kind !== 'Node'));
    // A snapshot without nodes: "no nodes in the snapshot".
    expect(check(p, 'target-placement')).toMatchObject({ status: 'unknown' });
    expect(p.refusals.map((r) => r.from)).not.toContain('target-placement');
  });
});

describe('migrationManifest', () => {
  it('generateName from the VMI name, spec.vmiName, the vmi-name label, addedNodeSelector only when given', () => {
    expect(migrationManifest('prod', 'db-primary', {})).toEqual({
      apiVersion: 'kubevirt.io/v1',
      kind: 'VirtualMachineInstanceMigration',
      metadata: { generateName: 'db-primary-migration-', namespace: 'prod', labels: { 'kubevirt.io/vmi-name': 'db-primary' } },
      spec: { vmiName: 'db-primary' },
    });
    expect(migrationManifest('prod', 'db', { 'kubernetes.io/hostname': 'node-4' }).spec).toEqual({ vmiName: 'db', addedNodeSelector: { 'kubernetes.io/hostname': 'node-4' } });
  });
});

// Keep the fixture helpers honest: a launcher pod is what the planned target copies.
describe('fixtures', () => {
  it('the scene has one running launcher pod on node-a', () => {
    const pods = scene().filter((o): o is Pod => o.kind === 'Pod');
    expect(pods.map((p) => p.spec?.nodeName)).toEqual(['node-a']);
    expect(node('x').metadata.name).toBe('x');
    expect(launcherPod().metadata.name).toBe('virt-launcher-vm1-pb825');
  });
});
