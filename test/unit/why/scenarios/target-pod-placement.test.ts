// The per-node placement pieces: reason prose (contract §4.1 placement.nodes[].reasons), pod
// requests as the scheduler counts them, and how the per-node verdicts make one cause.
import { describe, expect, it } from 'vitest';
import { placementReasonText } from '../../../../src/render/why-placement.js';
import { decidePlacementCause, podRequests, type NodeEvaluation } from '../../../../src/analyze/why/target-placement.js';
import { vmim } from '../../../fixtures/objects/migrations.js';
import { migrationTargetPod } from '../../../fixtures/objects/target-pods.js';

describe('placementReasonText', () => {
  it.each([
    [{ kind: 'source-node' as const }, 'runs this VMI (source node)'],
    [{ kind: 'missing-label' as const, key: 'cpu-model-migration.node.kubevirt.io/Skylake-Client-IBRS', value: 'true', cpu: true }, 'missing label cpu-model-migration.node.kubevirt.io/Skylake-Client-IBRS'],
    [{ kind: 'missing-label' as const, key: 'kubernetes.io/hostname', value: 'node-a', cpu: false }, 'missing label kubernetes.io/hostname=node-a'],
    [{ kind: 'insufficient' as const, resource: 'memory', requested: 17.4 * 2 ** 30, free: 3.1 * 2 ** 30 }, 'insufficient memory: needs 17.4Gi, free 3.1Gi'],
    [{ kind: 'insufficient' as const, resource: 'cpu', requested: 0.13, free: 0.05, estimated: true }, 'insufficient cpu: needs 130m, free at most 50m (from the pods we can see)'],
    [{ kind: 'insufficient' as const, resource: 'devices.kubevirt.io/kvm', requested: 1, free: 0 }, 'insufficient devices.kubevirt.io/kvm: needs 1, free 0'],
    [{ kind: 'taint' as const, key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }, 'taint node-role.kubernetes.io/control-plane:NoSchedule'],
    [{ kind: 'taint' as const, key: 'dedicated', value: 'gpu', effect: 'NoExecute' }, 'taint dedicated=gpu:NoExecute'],
    [{ kind: 'unschedulable' as const }, 'node is cordoned (spec.unschedulable)'],
    [{ kind: 'not-ready' as const }, 'node is not Ready'],
    [{ kind: 'affinity' as const, expression: 'node-labeller.kubevirt.io/obsolete-host-model DoesNotExist' }, 'does not satisfy required node affinity node-labeller.kubevirt.io/obsolete-host-model DoesNotExist'],
    [{ kind: 'anti-affinity' as const, pod: 'virt-launcher-vm1-old99' }, 'already runs virt-launcher-vm1-old99 of this VMI (pod anti-affinity)'],
    [{ kind: 'volume-affinity' as const, pv: 'pvc-0b1c' }, 'cannot reach PersistentVolume pvc-0b1c (volume node affinity)'],
  ])('%j', (reason, text) => {
    expect(placementReasonText(reason)).toBe(text);
  });
});

describe('podRequests', () => {
  it('app containers + native sidecar guest-console-log (v1.6.3 shape)', () => {
    const pod = migrationTargetPod(vmim('Scheduling'));
    const r = podRequests(pod);
    expect(Number(r.memory)).toBe(3305109497 + 35e6);
    expect(Number(r.cpu)).toBeCloseTo(0.13);
    expect(Number(r['devices.kubevirt.io/kvm'])).toBe(1);
  });
});

describe('decidePlacementCause', () => {
  const n = (name: string, categories: NodeEvaluation['categories']): NodeEvaluation => ({ name, fits: categories.length === 0, source: false, reasons: [], categories });

  it('a cause that keeps every candidate out wins over a more frequent primary reason', () => {
    // node-c is a control-plane node: not a KubeVirt node, tainted and without CPU labels.
    const d = decidePlacementCause([
      n('node-b', ['target-unschedulable-cpu']),
      n('node-c', ['target-unschedulable-taints', 'target-unschedulable-node-selector', 'target-unschedulable-cpu']),
    ]);
    expect(d).toEqual({ cause: 'target-unschedulable-cpu', fitting: [] });
  });

  it('otherwise the most frequent primary reason', () => {
    const d = decidePlacementCause([
      n('node-b', ['target-unschedulable-resources']),
      n('node-c', ['target-unschedulable-resources']),
      n('node-d', ['target-unschedulable-taints']),
    ]);
    expect(d.cause).toBe('target-unschedulable-resources');
  });

  it('no candidate: the migration anti-affinity; a candidate that seems to fit: undecided', () => {
    expect(decidePlacementCause([]).cause).toBe('target-unschedulable-anti-affinity');
    expect(decidePlacementCause([n('node-b', []), n('node-c', ['target-unschedulable-taints'])])).toEqual({ fitting: ['node-b'] });
  });
});
