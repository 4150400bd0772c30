// A waiting migration's place in KubeVirt's queue (src/analyze/why/queue-position.ts) per
// version: the order (priority queue GA v1.9, gate MigrationPriorityQueue in v1.7/v1.8, none
// before), the Pending migrations ahead, and when a slot frees (the soonest ETA of the holders).
// VMIMs as the controllers write them: evacuation (kubevirt-evacuation-, annotation, v1.7+
// spec.priority system-critical / system-maintenance), virtctl (kubevirt-migrate-vm-, no priority
// before v1.7; the webhook refuses a user-set one), workload update (user-triggered for hotplug).
import { describe, expect, it } from 'vitest';
import { queueOrder, queuePosition, slotFreeIn } from '../../../src/analyze/why/queue-position.js';
import { ObjectIndex } from '../../../src/analyze/object-index.js';
import { parseKubeVirtVersion } from '../../../src/kubevirt/version.js';
import type { VirtualMachineInstanceMigration } from '../../../src/kube/types.js';
import { vmim } from '../../fixtures/objects/migrations.js';
import { kubevirtCR } from '../../fixtures/objects/kubevirt.js';
import { queueDocument, queueText } from '../../../src/render/queue-position.js';

const v = (s: string) => parseKubeVirtVersion(s);

function pending(name: string, created: string, priority?: string, sourcePod?: string): VirtualMachineInstanceMigration {
  const evac = name.startsWith('kubevirt-evacuation-');
  const m = vmim('Pending', {
    name,
    uid: `uid-${name}`,
    vmi: `vmi-${name}`,
    created,
    generateName: evac ? 'kubevirt-evacuation-' : 'kubevirt-migrate-vm-',
    ...(evac ? { annotations: { 'kubevirt.io/evacuationMigration': 'node-2' } } : {}),
    ...(sourcePod ? { migrationState: { sourcePod } } : {}),
  });
  if (priority) m.spec!.priority = priority;
  return m;
}
const running = (name: string) => vmim('Running', { name, uid: `uid-${name}`, vmi: `vmi-${name}` });

describe('queueOrder', () => {
  it('per version and gate', () => {
    const gated = kubevirtCR({ version: 'v1.8.0' });
    gated.spec!.configuration!.developerConfiguration!.featureGates!.push('MigrationPriorityQueue');
    expect(queueOrder(v('v1.4.0'), kubevirtCR({ version: 'v1.4.0' }))).toEqual({ kind: 'unordered', reason: 'before-priority-queue', gate: 'MigrationPriorityQueue' });
    expect(queueOrder(v('1.6.3-150700.3.13.1'), kubevirtCR())).toMatchObject({ kind: 'unordered', reason: 'before-priority-queue' });
    expect(queueOrder(v('v1.7.0'), kubevirtCR({ version: 'v1.7.0' }))).toMatchObject({ kind: 'unordered', reason: 'gate-off' });
    // Beta in v1.8 is still off unless listed.
    expect(queueOrder(v('v1.8.0'), kubevirtCR({ version: 'v1.8.0' }))).toMatchObject({ kind: 'unordered', reason: 'gate-off' });
    expect(queueOrder(v('v1.8.0'), gated)).toEqual({ kind: 'priority', gate: 'MigrationPriorityQueue', via: 'feature-gate' });
    expect(queueOrder(v('v1.9.0'), kubevirtCR({ version: 'v1.9.0' }))).toEqual({ kind: 'priority', gate: 'MigrationPriorityQueue', via: 'ga' });
    expect(queueOrder(undefined, undefined)).toEqual({ kind: 'version-unknown', gate: 'MigrationPriorityQueue' });
  });
});

describe('queuePosition, cluster scope (5/5 running)', () => {
  const holders = ['h1', 'h2', 'h3', 'h4', 'h5'].map(running);
  const ours = pending('kubevirt-migrate-vm-ours1', '2026-03-10T09:00:30Z', 'user-triggered');
  const others = [
    pending('kubevirt-evacuation-a1', '2026-03-10T09:00:40Z', 'system-critical'), // later, higher priority
    pending('kubevirt-evacuation-d1', '2026-03-10T09:00:10Z', 'system-maintenance'), // earlier, lower priority
    pending('kubevirt-migrate-vm-u0', '2026-03-10T09:00:20Z', 'user-triggered'), // earlier, same priority
    pending('kubevirt-migrate-vm-u9', '2026-03-10T09:00:50Z', 'user-triggered'), // later, same priority
  ];
  const all = [...holders, ours, ...others];

  it('v1.9: higher priority first, then creation', () => {
    const q = queuePosition({ index: new ObjectIndex(), ours, migrations: all, pods: [], scope: 'cluster', holders, order: queueOrder(v('v1.9.0'), undefined) });
    expect(q).toMatchObject({ priority: 50, priorityClass: 'user-triggered', ahead: ['default/kubevirt-evacuation-a1', 'default/kubevirt-migrate-vm-u0'], behind: 2 });
    expect(q.holders.map((h) => h.uid)).toEqual(['uid-h1', 'uid-h2', 'uid-h3', 'uid-h4', 'uid-h5']);
    expect(q.slotFree).toEqual({ kind: 'unknown', reason: 'not-read' });
    expect(queueDocument(q)).toMatchObject({ order: 'priority', reason: 'ga', position: 3, behind: 2 });
  });

  it('v1.6: no priority queue, so the ones created earlier are ahead', () => {
    const plain = [pending('kubevirt-migrate-vm-ours1', '2026-03-10T09:00:30Z'), pending('kubevirt-evacuation-a1', '2026-03-10T09:00:40Z'), pending('kubevirt-migrate-vm-u0', '2026-03-10T09:00:20Z')];
    const q = queuePosition({ index: new ObjectIndex(), ours: plain[0]!, migrations: [...holders, ...plain], pods: [], scope: 'cluster', holders, order: queueOrder(v('v1.6.0'), undefined) });
    expect(q).toMatchObject({ priority: 0, ahead: ['default/kubevirt-migrate-vm-u0'], behind: 1 });
    expect(q.priorityClass).toBeUndefined();
    expect(queueDocument(q)).toMatchObject({ order: 'unordered', reason: 'before-priority-queue', position: 2 });
    expect(queueText(q)).toContain('no defined order');
  });

  it('a Pending migration with a target pod, a deleted one, and a finished one are not queued', () => {
    const deleted = pending('kubevirt-migrate-vm-del', '2026-03-10T09:00:00Z');
    deleted.metadata.deletionTimestamp = '2026-03-10T09:01:00Z';
    const q = queuePosition({ index: new ObjectIndex(), ours, migrations: [ours, deleted, vmim('Failed', { name: 'old', uid: 'uid-old' })], pods: [], scope: 'cluster', holders, order: queueOrder(v('v1.9.0'), undefined) });
    expect(q.ahead).toEqual([]);
    expect(q.behind).toBe(0);
  });
});

describe('queuePosition, node scope', () => {
  it('only Pending migrations leaving the same node compete; those whose source is not known are counted apart', () => {
    const ours = pending('kubevirt-evacuation-ours', '2026-03-10T09:00:30Z', 'system-critical', 'virt-launcher-ours-x');
    const same = pending('kubevirt-evacuation-same', '2026-03-10T09:00:10Z', 'system-critical', 'virt-launcher-same-x');
    const elsewhere = pending('kubevirt-evacuation-else', '2026-03-10T09:00:05Z', 'system-critical', 'virt-launcher-else-x');
    const unknownSource = pending('kubevirt-evacuation-unk', '2026-03-10T09:00:01Z', 'system-critical');
    const pod = (name: string, node: string) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node }, status: { phase: 'Running' } });
    const pods = [pod('virt-launcher-ours-x', 'node-2'), pod('virt-launcher-same-x', 'node-2'), pod('virt-launcher-else-x', 'node-3')];
    const q = queuePosition({ index: new ObjectIndex(), ours, migrations: [ours, same, elsewhere, unknownSource], pods, scope: 'node', node: 'node-2', holders: [running('h1'), running('h2')], order: queueOrder(v('v1.9.0'), undefined) });
    expect(q).toMatchObject({ ahead: ['default/kubevirt-evacuation-same'], behind: 0, unplaced: 1 });
  });
});

describe('slotFreeIn: the soonest ETA of the holders', () => {
  const holders = [
    { name: 'prod/a', uid: 'ua' },
    { name: 'prod/b', uid: 'ub' },
  ];
  it('the smaller ETA, naming its migration', () => {
    expect(slotFreeIn(holders, { seconds: new Map([['ua', 300], ['ub', 45]]), read: new Set(['ua', 'ub']) })).toEqual({ kind: 'eta', seconds: 45, migration: 'prod/b' });
  });
  it('one holder unread: the ETA of the other, marked partial', () => {
    expect(slotFreeIn(holders, { seconds: new Map([['ua', 300]]), read: new Set(['ua']) })).toEqual({ kind: 'eta', seconds: 300, migration: 'prod/a', partial: true });
  });
  it('both read, neither with an ETA: no-forecast; nothing read: not-read', () => {
    expect(slotFreeIn(holders, { seconds: new Map(), read: new Set(['ua', 'ub']) })).toEqual({ kind: 'unknown', reason: 'no-forecast' });
    expect(slotFreeIn(holders, undefined)).toEqual({ kind: 'unknown', reason: 'not-read' });
  });
});
