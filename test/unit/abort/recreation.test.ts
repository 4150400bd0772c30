// abort of a migration KubeVirt creates again (src/analyze/abort/recreation.ts): an evacuation
// while the VMI is marked or the node tainted, a workload update while the VMI is outdated or a
// hotplug waits; how to stop it per KubeVirt version. Objects as the controllers write them
// (evacuation.go: generateName kubevirt-evacuation-, annotation kubevirt.io/evacuationMigration =
// node, v1.7+ spec.priority; workload-updater.go: kubevirt-workload-update-, annotation "").
import { describe, expect, it } from 'vitest';
import { recreationWarning } from '../../../src/analyze/abort/recreation.js';
import { decideAbort } from '../../../src/analyze/abort/decide.js';
import { abortRefusal } from '../../../src/analyze/abort/outcome.js';
import { abortDocument } from '../../../src/render/abort-document.js';
import { renderAbortText } from '../../../src/render/abort-text.js';
import { makeStyle } from '../../../src/render/style.js';
import type { AbortReport } from '../../../src/render/abort-doc-types.js';
import type { KubeVirt, VirtualMachineInstance } from '../../../src/kube/types.js';
import { vmim } from '../../fixtures/objects/migrations.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { node } from '../../fixtures/objects/nodes.js';
import { kubevirtCR } from '../../fixtures/objects/kubevirt.js';

const evacuation = (priority?: string) => {
  const m = vmim('Running', { generateName: 'kubevirt-evacuation-', name: 'kubevirt-evacuation-8xq2n', uid: 'u-ev', annotations: { 'kubevirt.io/evacuationMigration': 'node-2' } });
  if (priority) m.spec!.priority = priority;
  return m;
};
const workloadUpdate = () =>
  vmim('Running', { generateName: 'kubevirt-workload-update-', name: 'kubevirt-workload-update-n3wq8', uid: 'u-wu', annotations: { 'kubevirt.io/workloadUpdateMigration': '' } });
const marked = (o: Parameters<typeof vmi>[1] = {}): VirtualMachineInstance => {
  const v = vmi('vm1', { node: 'node-2', ...o });
  v.status!.evacuationNodeName = 'node-2';
  return v;
};
const cordoned = node('node-2', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] });
const cr = (version: string, methods?: string[]): KubeVirt => {
  const k = kubevirtCR({ version });
  if (methods) k.spec!.workloadUpdateStrategy = { workloadUpdateMethods: methods };
  return k;
};

describe('evacuation migrations', () => {
  it.each([
    ['v1.4.0', 'absent'],
    ['1.6.3-150700.3.13.1', 'absent'],
    ['v1.7.0', 'sends-no-node'],
    ['v1.9.0', 'sends-no-node'],
    ['v1.10.0', 'available'],
  ] as const)('a VMI marked by kubectl drain on %s: re-created; evacuate-cancel %s', (version, evacuateCancel) => {
    const w = recreationWarning({ migration: evacuation(version.startsWith('v1.9') ? 'system-critical' : undefined), vmi: marked(), kubevirt: cr(version), node: cordoned });
    expect(w).toEqual({ id: 'evacuation-recreated', origin: 'evacuation', node: 'node-2', mark: { kind: 'evacuation-node-name' }, evacuateCancel, cordoned: true });
  });

  it('version unknown (no KubeVirt CR): both ways are named', () => {
    const w = recreationWarning({ migration: evacuation(), vmi: marked() });
    expect(w).toMatchObject({ id: 'evacuation-recreated', evacuateCancel: 'version-unknown', mark: { kind: 'evacuation-node-name' } });
  });

  it('the deprecated drain taint (v1.4, VMIs not marked): remove the taint', () => {
    const tainted = node('node-2', { taints: [{ key: 'kubevirt.io/drain', effect: 'NoSchedule' }] });
    const w = recreationWarning({ migration: evacuation(), vmi: vmi('vm1', { node: 'node-2' }), kubevirt: cr('v1.4.0'), node: tainted });
    expect(w).toMatchObject({ id: 'evacuation-recreated', mark: { kind: 'drain-taint', key: 'kubevirt.io/drain' }, cordoned: false });
  });

  it('a custom nodeDrainTaintKey from the KubeVirt CR', () => {
    const k = cr('v1.4.0');
    k.spec!.configuration!.migrations = { nodeDrainTaintKey: 'example.com/maintenance' };
    const tainted = node('node-2', { taints: [{ key: 'example.com/maintenance', effect: 'NoSchedule' }] });
    expect(recreationWarning({ migration: evacuation(), vmi: vmi('vm1', { node: 'node-2' }), kubevirt: k, node: tainted })).toMatchObject({ mark: { kind: 'drain-taint', key: 'example.com/maintenance' } });
  });

  it('neither mark on a node that was read: not re-created, no warning', () => {
    expect(recreationWarning({ migration: evacuation(), vmi: vmi('vm1', { node: 'node-2' }), kubevirt: cr('v1.9.0'), node: node('node-2') })).toBeUndefined();
  });

  it('neither mark and the node unreadable: it may be re-created (not-seen)', () => {
    expect(recreationWarning({ migration: evacuation(), vmi: vmi('vm1', { node: 'node-2' }), kubevirt: cr('v1.9.0') })).toMatchObject({ mark: { kind: 'not-seen' }, node: 'node-2' });
  });

  it('a descheduler eviction on v1.9 (priority system-maintenance, VMI kubevirt.io/eviction-source)', () => {
    const w = recreationWarning({ migration: evacuation('system-maintenance'), vmi: marked({ annotations: { 'kubevirt.io/eviction-source': 'descheduler' } }), kubevirt: cr('v1.9.0') });
    expect(w).toMatchObject({ id: 'evacuation-recreated', origin: 'descheduler', evacuateCancel: 'sends-no-node' });
  });

  it("a user's migration of a marked VMI: the evacuation controller still migrates the VMI", () => {
    const w = recreationWarning({ migration: vmim('Running'), vmi: marked(), kubevirt: cr('v1.9.0') });
    expect(w).toMatchObject({ id: 'evacuation-recreated', origin: 'user', node: 'node-2' });
  });

  it('a user migration of an unmarked VMI: nothing', () => {
    expect(recreationWarning({ migration: vmim('Running'), vmi: vmi('vm1'), kubevirt: cr('v1.9.0') })).toBeUndefined();
  });
});

describe('workload-update migrations', () => {
  it('an outdated launcher with LiveMigrate in workloadUpdateMethods', () => {
    const v = vmi('vm1', { labels: { 'kubevirt.io/outdatedLauncherImage': '' } });
    expect(recreationWarning({ migration: workloadUpdate(), vmi: v, kubevirt: cr('v1.9.0', ['LiveMigrate', 'Evict']) })).toEqual({
      id: 'workload-update-recreated',
      outdatedLauncher: true,
      liveMigrateMethod: true,
      conditions: [],
      kubevirt: { namespace: 'harvester-system', name: 'kubevirt' },
    });
  });

  it('an outdated launcher while the CR lists only Evict: not migrated again', () => {
    const v = vmi('vm1', { labels: { 'kubevirt.io/outdatedLauncherImage': '' } });
    expect(recreationWarning({ migration: workloadUpdate(), vmi: v, kubevirt: cr('v1.9.0', ['Evict']) })).toBeUndefined();
  });

  it('a CPU hotplug (HotVCPUChange, any status) and a volume update (VolumesChange True)', () => {
    const v = vmi('vm1');
    v.status!.conditions!.push({ type: 'HotVCPUChange', status: 'False', lastProbeTime: null, lastTransitionTime: null }, { type: 'VolumesChange', status: 'True', lastProbeTime: null, lastTransitionTime: null });
    expect(recreationWarning({ migration: workloadUpdate(), vmi: v, kubevirt: cr('v1.9.0', ['LiveMigrate']) })).toMatchObject({ outdatedLauncher: false, conditions: ['HotVCPUChange', 'VolumesChange'] });
  });

  it('nothing pending on the VMI: it does not come back', () => {
    expect(recreationWarning({ migration: workloadUpdate(), vmi: vmi('vm1'), kubevirt: cr('v1.9.0', ['LiveMigrate']) })).toBeUndefined();
  });
});

describe('the MigrationAbort document and text', () => {
  function report(migration: ReturnType<typeof vmim>, v: VirtualMachineInstance, kubevirt?: KubeVirt): AbortReport {
    const plan = decideAbort({ namespace: 'default', vmi: v, migrations: [migration], force: false });
    const refusal = abortRefusal(plan, undefined);
    const recreation = recreationWarning({ migration, vmi: v, ...(kubevirt ? { kubevirt } : {}), node: cordoned });
    return { namespace: 'default', plan, dryRun: true, action: 'dry-run', ...(refusal ? { refusal } : {}), ...(recreation ? { recreation } : {}) };
  }

  it('v1.9 evacuation: warningIds, origin, and the way to stop it (not done)', () => {
    const doc = abortDocument(report(evacuation('system-critical'), marked(), cr('v1.9.0')));
    expect(doc.migration).toEqual({ name: 'kubevirt-evacuation-8xq2n', uid: 'u-ev', phaseBefore: 'Running', origin: 'evacuation' });
    expect(doc.warningIds).toEqual(['evacuation-recreated']);
    expect(doc.warnings).toHaveLength(1);
    expect(doc.evacuation?.node).toBe('node-2');
    // The fields the mark lives in, and the commands, are named.
    expect(doc.evacuation?.hint).toContain('virtctl evacuate-cancel vmi vm1 -n default');
    expect(doc.evacuation?.hint).toContain('"path":"/status/evacuationNodeName"');
    expect(doc.evacuation?.hint).toContain('kubectl drain');
  });

  it('v1.6 evacuation: no virtctl evacuate-cancel is offered as working', () => {
    const doc = abortDocument(report(evacuation(), marked(), cr('v1.6.0')));
    expect(doc.evacuation?.hint).toContain('before v1.7');
    expect(doc.evacuation?.hint).toContain('kubectl patch vmi vm1 -n default --type=json');
  });

  it('workload update: its id and the KubeVirt CR field', () => {
    const v = vmi('vm1', { labels: { 'kubevirt.io/outdatedLauncherImage': '' } });
    const doc = abortDocument(report(workloadUpdate(), v, cr('v1.9.0', ['LiveMigrate'])));
    expect(doc.warningIds).toEqual(['workload-update-recreated']);
    expect(doc.migration?.origin).toBe('workload-update');
    expect(doc.warnings[0]).toContain('spec.workloadUpdateStrategy.workloadUpdateMethods');
    expect(doc.evacuation).toBeUndefined();
  });

  it('a user migration: no warning, origin user', () => {
    const doc = abortDocument(report(vmim('Running'), vmi('vm1'), cr('v1.9.0')));
    expect(doc.warningIds).toEqual([]);
    expect(doc.migration?.origin).toBe('user');
    expect(renderAbortText(doc, makeStyle(false))).not.toContain('evacuat');
  });
});
