// The planned migration target pod (pkg/virt-controller/watch/migration/migration.go
// `createTargetPod`) and the wait helpers.
import { describe, expect, it } from 'vitest';
import { plannedTargetPod } from '../../../src/analyze/start/target-pod.js';
import { transferPercent } from '../../../src/analyze/migration/follow-status.js';
import { parseKubeVirtVersion } from '../../../src/kubevirt/version.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { VMI_UID, launcherPod, vmim } from '../../fixtures/objects/migrations.js';
import { kvNode } from '../../fixtures/objects/target-pods.js';
import { logLine, progressMsg } from '../../fixtures/objects/failed-migrations.js';

const source = kvNode('node-a', { vendor: 'Intel' });

describe('plannedTargetPod', () => {
  it('copies the source pod and adds host-model labels of the source node and the VMI anti-affinity', () => {
    const { pod, overriddenKeys } = plannedTargetPod({ sourcePod: launcherPod(), vmi: vmi('vm1'), sourceNode: source, addedNodeSelector: {}, migrationUid: 'planned' });
    expect(overriddenKeys).toEqual([]);
    expect(pod.spec?.nodeName).toBeUndefined();
    expect(pod.spec?.nodeSelector).toMatchObject({
      'kubevirt.io/schedulable': 'true',
      'cpu-model-migration.node.kubevirt.io/EPYC-Genoa': 'true',
      'cpu-feature.node.kubevirt.io/x2apic': 'true',
    });
    // The vendor is copied from v1.8 only.
    expect(Object.keys(pod.spec?.nodeSelector ?? {}).some((k) => k.startsWith('cpu-vendor.'))).toBe(false);
    expect(pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution).toEqual([
      { labelSelector: { matchLabels: { 'kubevirt.io/created-by': VMI_UID } }, topologyKey: 'kubernetes.io/hostname' },
    ]);
    expect(pod.metadata.labels?.['kubevirt.io/migrationJobUID']).toBe('planned');
    expect(pod.spec?.containers?.[0]?.resources?.requests?.memory).toBe('3305109497');
  });

  it('v1.8+: copies the source node\'s CPU vendor', () => {
    const { pod } = plannedTargetPod({ sourcePod: launcherPod(), vmi: vmi('vm1'), sourceNode: source, addedNodeSelector: {}, version: parseKubeVirtVersion('v1.8.1'), migrationUid: 'p' });
    expect(pod.spec?.nodeSelector?.['cpu-vendor.node.kubevirt.io/Intel']).toBe('true');
  });

  it('keeps the selectors of a source pod that was itself a migration target (no re-derivation)', () => {
    const sourcePod = launcherPod();
    sourcePod.spec!.nodeSelector = { ...sourcePod.spec!.nodeSelector, 'cpu-model-migration.node.kubevirt.io/EPYC-Rome': 'true' };
    const { pod } = plannedTargetPod({ sourcePod, vmi: vmi('vm1'), sourceNode: source, addedNodeSelector: {}, migrationUid: 'p' });
    expect(pod.spec?.nodeSelector?.['cpu-model-migration.node.kubevirt.io/EPYC-Genoa']).toBeUndefined();
    expect(pod.spec?.nodeSelector?.['cpu-model-migration.node.kubevirt.io/EPYC-Rome']).toBe('true');
  });

  it('addedNodeSelector goes first; the rendered selector wins on collision', () => {
    const { pod, overriddenKeys } = plannedTargetPod({
      sourcePod: launcherPod(),
      vmi: vmi('vm1', { domain: { cpu: { model: 'EPYC' } } }),
      sourceNode: source,
      addedNodeSelector: { 'kubernetes.io/arch': 'arm64', 'kubernetes.io/arch-extra': 'x', 'kubevirt.io/schedulable': 'true' },
      migrationUid: 'p',
    });
    expect(overriddenKeys).toEqual(['kubernetes.io/arch']);
    expect(pod.spec?.nodeSelector).toMatchObject({ 'kubernetes.io/arch': 'amd64', 'kubernetes.io/arch-extra': 'x' });
    // A named model: no host-model labels.
    expect(Object.keys(pod.spec?.nodeSelector ?? {}).some((k) => k.startsWith('cpu-model-migration.'))).toBe(false);
  });
});

describe('progress helpers', () => {
  const uid = 'a57c0c92-ad75-4049-9815-a73a6b9c0c4f';

  it('transferPercent: the newest progress line of THIS migration, through the progress model', () => {
    const point = (t: number, remainingMiB: number) => ({ t, remainingMiB, totalMiB: 4096, bandwidthMbps: 900, dirtyMbps: 100, iteration: 0 });
    const text = [
      logLine({ at: '2025-11-20T10:00:04Z', msg: progressMsg('v1.2', point(4, 3072), uid) }),
      logLine({ at: '2025-11-20T10:00:08Z', msg: progressMsg('v1.2', point(8, 1024), uid) }),
      logLine({ at: '2025-11-20T10:00:09Z', msg: progressMsg('v1.2', point(9, 4000), 'another-uid') }),
      'not json: qemu says hello',
    ].join('\n');
    expect(transferPercent(text, uid)).toBe(75);
    expect(transferPercent('no progress here', uid)).toBeUndefined();
  });
});
