import { describe, expect, it } from 'vitest';
import {
  dominantCause,
  isCpuSchedulingLabel,
  parseSchedulerMessage,
} from '../../../src/analyze/why/parse/scheduler-message.js';

const CPU_KEYS = ['kubevirt.io/schedulable', 'cpu-feature.node.kubevirt.io/abm', 'cpu-model-migration.node.kubevirt.io/EPYC-Rome'];

describe('parseSchedulerMessage', () => {
  it('k8s 1.24, kubevirt/kubevirt#7780', () => {
    const msg =
      "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    expect(parseSchedulerMessage(msg)).toEqual({
      available: 0,
      total: 3,
      reasons: [
        { count: 1, reason: "node(s) didn't match pod anti-affinity rules", kind: 'anti-affinity' },
        { count: 3, reason: "node(s) didn't match Pod's node affinity/selector", kind: 'selector' },
      ],
      preemption: '0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    });
  });

  it('1.25+ mixed reasons with taint and resources', () => {
    const msg =
      "0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.";
    const p = parseSchedulerMessage(msg)!;
    expect(p.total).toBe(5);
    expect(p.reasons.map((r) => [r.count, r.kind])).toEqual([
      [1, 'selector'],
      [2, 'resources'],
      [1, 'taint'],
      [1, 'anti-affinity'],
      [1, 'storage'],
    ]);
    expect(p.reasons[1]).toMatchObject({ resource: 'memory' });
    expect(p.reasons[2]).toMatchObject({ taint: { key: 'node-role.kubernetes.io/control-plane' } });
  });

  it('1.19–1.24 taint text with its inner comma', () => {
    const p = parseSchedulerMessage(
      "0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate, 2 node(s) didn't match node selector.",
    )!;
    expect(p.reasons).toEqual([
      {
        count: 1,
        reason: "node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate",
        kind: 'taint',
        taint: { key: 'node-role.kubernetes.io/master' },
      },
      { count: 2, reason: "node(s) didn't match node selector", kind: 'selector' },
    ]);
  });

  it('taint with a value; not-ready taints are their own kind', () => {
    const p = parseSchedulerMessage(
      "0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: gpu}, 2 node(s) had taint {node.kubernetes.io/not-ready: }, that the pod didn't tolerate.",
    )!;
    expect(p.reasons[0]).toMatchObject({ kind: 'taint', taint: { key: 'dedicated', value: 'gpu' } });
    expect(p.reasons[1]).toMatchObject({ kind: 'not-ready', count: 2 });
  });

  it.each([
    ["0/3 nodes are available: 3 node(s) didn't match node selector.", 'selector', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match Pod's node affinity.", 'selector', undefined],
    ['0/2 nodes are available: 2 Insufficient devices.kubevirt.io/kvm.', 'resources', 'devices.kubevirt.io/kvm'],
    ['0/2 nodes are available: 2 Insufficient hugepages-1Gi.', 'resources', 'hugepages-1Gi'],
    ['0/2 nodes are available: 2 Too many pods.', 'resources', 'pods'],
    ['0/3 nodes are available: 3 node(s) were unschedulable.', 'unschedulable', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod affinity rules.", 'affinity', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod affinity/anti-affinity.", 'anti-affinity', undefined],
    ["0/3 nodes are available: 3 node(s) didn't satisfy existing pods anti-affinity rules.", 'anti-affinity', undefined],
    ['0/7 nodes are available: 7 node(s) had volume node affinity conflict.', 'storage', undefined],
    ["0/2 nodes are available: 2 node(s) didn't have free ports for the requested pod ports.", 'ports', undefined],
    ['0/3 nodes are available: 3 node(s) were not ready.', 'not-ready', undefined],
    ["0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.", 'other', undefined],
  ])('%s → %s', (msg, kind, resource) => {
    const [r] = parseSchedulerMessage(msg)!.reasons;
    expect(r?.kind).toBe(kind);
    expect(r?.resource).toBe(resource);
  });

  it('pod-level reason without a count', () => {
    const p = parseSchedulerMessage(
      '0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.',
    )!;
    expect(p.reasons).toEqual([{ count: 3, reason: 'pod has unbound immediate PersistentVolumeClaims', kind: 'storage', podLevel: true }]);
  });

  it('no nodes at all; not a scheduler message', () => {
    expect(parseSchedulerMessage('no nodes available to schedule pods')).toEqual({ available: 0, total: 0, reasons: [] });
    expect(parseSchedulerMessage('Successfully assigned default/x to node1')).toBeUndefined();
  });
});

describe('dominantCause', () => {
  const cause = (msg: string, keys?: string[]) => dominantCause(parseSchedulerMessage(msg)!, keys ? { nodeSelectorKeys: keys } : {});

  it('selector beats the source node excluded by the migration anti-affinity (#7780); CPU keys ⇒ cpu', () => {
    const msg =
      "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    expect(cause(msg)).toBe('target-unschedulable-node-selector');
    expect(cause(msg, ['kubevirt.io/schedulable', 'disktype'])).toBe('target-unschedulable-node-selector');
    expect(cause(msg, CPU_KEYS)).toBe('target-unschedulable-cpu');
  });

  it('counts may exceed the total (harvester/harvester#3762)', () => {
    const msg =
      "0/13 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 13 node(s) didn't match Pod's node affinity/selector. preemption: 0/13 nodes are available: 13 Preemption is not helpful for scheduling.";
    expect(cause(msg, CPU_KEYS)).toBe('target-unschedulable-cpu');
  });

  it('resources (kubevirt/kubevirt#7779 devices)', () => {
    expect(
      cause(
        "0/2 nodes are available: 1 Insufficient devices.kubevirt.io/kvm, 1 Insufficient devices.kubevirt.io/tun, 1 node(s) didn't match pod anti-affinity rules.",
      ),
    ).toBe('target-unschedulable-resources');
  });

  it('largest count wins, ties go to the more actionable cause', () => {
    const msg =
      "0/5 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient memory, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.";
    expect(cause(msg)).toBe('target-unschedulable-resources');
    expect(cause("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had volume node affinity conflict, 1 node(s) were unschedulable.")).toBe(
      'target-unschedulable-storage',
    );
  });

  it('taints, cordons and not-ready nodes', () => {
    expect(cause("0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) were unschedulable.")).toBe(
      'target-unschedulable-taints',
    );
    expect(
      cause("0/2 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }."),
    ).toBe('target-unschedulable-taints');
  });

  it('the source node excluded by anti-affinity does not count against other reasons', () => {
    expect(cause("0/3 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 1 Insufficient memory.")).toBe(
      'target-unschedulable-resources',
    );
    expect(
      dominantCause(parseSchedulerMessage("0/3 nodes are available: 2 node(s) didn't match pod anti-affinity rules, 1 Insufficient memory.")!, {
        expectedAntiAffinity: 0,
      }),
    ).toBe('target-unschedulable-anti-affinity');
  });

  it('anti-affinity alone (single-node cluster) or beyond the source node', () => {
    expect(cause("0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules.")).toBe('target-unschedulable-anti-affinity');
    expect(cause("0/4 nodes are available: 4 node(s) didn't match pod anti-affinity rules.")).toBe('target-unschedulable-anti-affinity');
    expect(cause("0/3 nodes are available: 3 node(s) didn't match pod affinity rules.")).toBe('target-unschedulable-anti-affinity');
  });

  it('pod-level unbound PVC wins outright', () => {
    expect(cause('0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.')).toBe('target-unschedulable-storage');
  });

  it('nothing mappable', () => {
    expect(cause("0/3 nodes are available: 3 node(s) didn't match pod topology spread constraints.")).toBeUndefined();
  });
});

describe('isCpuSchedulingLabel', () => {
  it.each([
    ['cpu-model.node.kubevirt.io/Skylake-Server', true],
    ['cpu-model-migration.node.kubevirt.io/EPYC-Rome', true],
    ['cpu-feature.node.kubevirt.io/avx2', true],
    ['cpu-vendor.node.kubevirt.io/AMD', true],
    ['host-model-cpu.node.kubevirt.io/EPYC-Genoa', true],
    ['host-model-required-features.node.kubevirt.io/amd-ssbd', true],
    ['scheduling.node.kubevirt.io/tsc-frequency-2599981000', true],
    ['hyperv.node.kubevirt.io/synic', true],
    ['kubevirt.io/schedulable', false],
    ['machine-type.node.kubevirt.io/q35', false],
    ['kubernetes.io/hostname', false],
  ])('%s → %s', (key, want) => {
    expect(isCpuSchedulingLabel(key)).toBe(want);
  });
});
