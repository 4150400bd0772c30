// handoff: the target pod lost after the hand-off (`Target pod is down`, every era), the target on
// the source node (kubevirt/kubevirt#18946), a silent target virt-handler and FailedHandOver.
import { describe, expect, it } from 'vitest';
import { checkOf, whyScenario } from './harness.js';
import { event, vmim } from '../../../fixtures/objects/migrations.js';
import { migrationScene, migrationTargetPod } from '../../../fixtures/objects/target-pods.js';
import type { MigrationState } from '../../../../src/kube/types.js';
import { verdictDocument } from '../../../../src/render/why-document.js';

const CREATED = '2025-11-20T10:00:00Z';
const UID = 'a57c0c92-ad75-4049-9815-a73a6b9c0c4f';
const POD = 'virt-launcher-vm1-tg7m2';
const NAME = 'kubevirt-migrate-vm-x7k2q';

/** The VMI's migrationState right after the hand-off (`handleTargetPodHandoff`, pkg/virt-controller/watch/migration/migration.go). */
function handedOff(o: Partial<MigrationState> = {}): MigrationState {
  return { migrationUid: UID, sourceNode: 'node-a', sourcePod: 'virt-launcher-vm1-pb825', targetNode: 'node-b', targetPod: POD, ...o };
}

type Era = 'v0.59' | 'v1.2' | 'v1.9';
const VERSION: Record<Era, string> = { 'v0.59': 'v0.59.0', 'v1.2': 'v1.2.2', 'v1.9': 'v1.9.0' };

describe('target-pod-lost', () => {
  it.each<[Era, string]>([
    ['v0.59', 'target pod is down'],
    ['v1.2', 'Target pod is down'],
    ['v1.9', 'Target pod is down'],
  ])('%s: VMI FailedMigration "… reason: %s" after the hand-off', async (era, reason) => {
    const state = handedOff({ completed: true, failed: true, targetNodeAddress: '10.52.1.17', ...(era === 'v1.9' ? { failureReason: 'Target pod is down' } : {}) });
    const m = vmim('Failed', { created: CREATED, failedFrom: 'TargetReady', era: era === 'v0.59' ? 'v0.5x' : 'v1.x', ...(era === 'v1.9' ? { migrationState: state } : {}) });
    const objs = [
      ...migrationScene(undefined, { migrationState: state, kubevirtVersion: VERSION[era] }),
      m,
      event('VirtualMachineInstance', 'vm1', 'FailedMigration', `VirtualMachineInstance migration uid ${UID} failed. reason: ${reason}`, { time: '2025-11-20T10:00:20Z' }),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:05:00Z' });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'target-pod-lost', check: 'handoff' });
    const c = checkOf(d, 'handoff');
    expect(c.args).toMatchObject({ kind: 'target-pod-down', targetNode: 'node-b', pod: POD, reason });
    expect(c.evidence[0]).toMatchObject({ kind: 'Event', field: 'FailedMigration' });
    expect(verdictDocument(d).summary).toContain('went down after the hand-off');
  });

  it('v1.9 failureReason alone (events expired)', async () => {
    const state = handedOff({ completed: true, failed: true, failureReason: 'Target pod is down' });
    const m = vmim('Failed', { created: CREATED, failedFrom: 'PreparingTarget', migrationState: state });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: state, kubevirtVersion: 'v1.9.0' }), m], { name: 'vm1', now: '2025-11-20T10:05:00Z' });
    expect(d.verdict).toMatchObject({ cause: 'target-pod-lost', check: 'handoff' });
    expect(checkOf(d, 'handoff').evidence[0]).toMatchObject({ kind: 'VirtualMachineInstance', field: 'status.migrationState.failureReason', message: 'Target pod is down' });
  });

  it('a FailedMigration of another migration uid does not count', async () => {
    const state = handedOff({ targetNodeAddress: '10.52.1.17' });
    const m = vmim('TargetReady', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-b', ready: true });
    const other = event('VirtualMachineInstance', 'vm1', 'FailedMigration', 'VirtualMachineInstance migration uid 0ddba11e-0000-4000-8000-000000000001 failed. reason: Target pod is down', { time: '2025-11-20T10:00:20Z' });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: state }), m, pod, other], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(checkOf(d, 'handoff')).toMatchObject({ status: 'pass', args: { kind: 'handed-off', targetNode: 'node-b' } });
  });

  it('the target pod is gone while PreparingTarget', async () => {
    const m = vmim('PreparingTarget', { created: CREATED });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: handedOff() }), m], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'target-pod-lost', check: 'handoff' });
    expect(checkOf(d, 'handoff')).toMatchObject({ args: { kind: 'pod-missing', pod: POD, phase: 'PreparingTarget' }, evidence: [{ kind: 'Pod', name: POD }] });
  });

  it('the target pod failed while TargetReady', async () => {
    const m = vmim('TargetReady', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-b', phase: 'Failed' });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: handedOff({ targetNodeAddress: '10.52.1.17' }) }), m, pod], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(d.verdict).toMatchObject({ cause: 'target-pod-lost', check: 'handoff' });
    expect(checkOf(d, 'handoff').args).toMatchObject({ kind: 'pod-failed', phase: 'TargetReady' });
  });
});

describe('target on the source node (kubevirt#18946)', () => {
  it('in flight: a warning without a cause', async () => {
    const m = vmim('PreparingTarget', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-a', ready: true, schedulerName: 'my-scheduler' });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: handedOff({ targetNode: 'node-a' }) }), m, pod], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    const c = checkOf(d, 'handoff');
    expect(c).toMatchObject({ status: 'warn', args: { kind: 'same-node', node: 'node-a', schedulerName: 'my-scheduler' } });
    expect(c.cause).toBeUndefined();
    expect(c.evidence).toContainEqual({ kind: 'Pod', namespace: 'default', name: POD, field: 'spec.schedulerName', message: 'my-scheduler' });
  });

  it('after it failed with the misleading "target pod shutdown": target-pod-lost, same node', async () => {
    const state = handedOff({ targetNode: 'node-a', completed: true, failed: true });
    const m = vmim('Failed', { created: CREATED, failedFrom: 'PreparingTarget', migrationState: state });
    const objs = [
      ...migrationScene(undefined, { migrationState: state }),
      m,
      event('VirtualMachineInstanceMigration', NAME, 'FailedMigration', 'Migration failed because target pod shutdown during migration', { time: '2025-11-20T10:05:10Z' }),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:06:00Z' });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'target-pod-lost', check: 'handoff' });
    expect(checkOf(d, 'handoff').args).toMatchObject({ kind: 'same-node', node: 'node-a' });
  });
});

describe('warnings without a cause', () => {
  it('PreparingTarget for minutes without a target address', async () => {
    const m = vmim('PreparingTarget', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-b', ready: true });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: handedOff() }), m, pod], { name: 'vm1', now: '2025-11-20T10:03:00Z' });
    const c = checkOf(d, 'handoff');
    expect(c).toMatchObject({ status: 'warn', args: { kind: 'target-not-responding', targetNode: 'node-b', seconds: 174 } });
    expect(c.cause).toBeUndefined();
  });

  it('FailedHandOver while Scheduled', async () => {
    const m = vmim('Scheduled', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-b', ready: true });
    const msg =
      'Failed to set MigrationStat in VMI status. :Operation cannot be fulfilled on virtualmachineinstances.kubevirt.io "vm1": the object has been modified; please apply your changes to the latest version and try again';
    const d = await whyScenario([...migrationScene(), m, pod, event('VirtualMachineInstanceMigration', NAME, 'FailedHandOver', msg, { time: '2025-11-20T10:00:08Z' })], {
      name: 'vm1',
      now: '2025-11-20T10:00:30Z',
    });
    expect(checkOf(d, 'handoff')).toMatchObject({ status: 'warn', args: { kind: 'hand-over-failed', message: msg }, evidence: [{ kind: 'Event', field: 'FailedHandOver' }] });
  });
});

describe('must not fire', () => {
  it('Running with its target pod: pass', async () => {
    const m = vmim('Running', { created: CREATED });
    const pod = migrationTargetPod(m, { node: 'node-b', ready: true });
    const objs = [
      ...migrationScene(undefined, { migrationState: handedOff({ targetNodeAddress: '10.52.1.17', startTimestamp: '2025-11-20T10:00:12Z', mode: 'PreCopy' }) }),
      m,
      pod,
      event('VirtualMachineInstanceMigration', NAME, 'SuccessfulHandOver', 'Migration target pod is ready for preparation by virt-handler.', { type: 'Normal', time: '2025-11-20T10:00:06Z' }),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(checkOf(d, 'handoff')).toMatchObject({ status: 'pass', args: { kind: 'handed-off', targetNode: 'node-b', targetAddress: '10.52.1.17' } });
    for (const id of ['target-pod-scheduling', 'storage-visibility', 'target-pod-readiness', 'handoff'] as const) expect(checkOf(d, id).status).not.toBe('fail');
  });

  it('pods not readable (403): unknown, the verdict still comes from the rest', async () => {
    const m = vmim('Running', { created: CREATED });
    const d = await whyScenario([...migrationScene(undefined, { migrationState: handedOff({ targetNodeAddress: '10.52.1.17' }) }), m], { name: 'vm1', now: '2025-11-20T10:00:30Z', forbidden: ['pod'] });
    expect(checkOf(d, 'handoff')).toMatchObject({ status: 'unknown', missing: expect.stringContaining('pods') });
    expect(d.verdict.cause).not.toBe('target-pod-lost');
  });
});
