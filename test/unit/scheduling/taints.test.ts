import { describe, expect, it } from 'vitest';
import { effectiveTaints, TAINT_UNSCHEDULABLE, toleratesTaint, untoleratedTaints } from '../../../src/analyze/scheduling/taints.js';
import type { Taint, Toleration } from '../../../src/kube/types.js';
import { node } from '../../fixtures/objects/index.js';

const drain: Taint = { key: 'kubevirt.io/drain', value: 'draining', effect: 'NoSchedule' };
const cp: Taint = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' };

describe('toleratesTaint', () => {
  it.each<[Toleration, Taint, boolean]>([
    [{ key: 'kubevirt.io/drain', operator: 'Exists' }, drain, true],
    [{ key: 'kubevirt.io/drain', operator: 'Equal', value: 'draining' }, drain, true],
    [{ key: 'kubevirt.io/drain', value: 'draining' }, drain, true], // Equal is the default
    [{ key: 'kubevirt.io/drain', operator: 'Equal', value: 'other' }, drain, false],
    [{ key: 'kubevirt.io/drain', operator: 'Exists', effect: 'NoExecute' }, drain, false],
    [{ key: 'kubevirt.io/drain', operator: 'Exists', effect: 'NoSchedule' }, drain, true],
    [{ operator: 'Exists' }, drain, true], // tolerate everything
    [{ key: 'node-role.kubernetes.io/control-plane' }, cp, true], // empty value on both sides
    [{ key: 'other', operator: 'Exists' }, cp, false],
  ])('%j vs %j → %s', (t, taint, want) => {
    expect(toleratesTaint(t, taint)).toBe(want);
  });
});

describe('untoleratedTaints', () => {
  it('treats a cordoned node as tainted node.kubernetes.io/unschedulable:NoSchedule', () => {
    const n = node('node-a', { unschedulable: true });
    expect(effectiveTaints(n)).toEqual([{ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' }]);
    expect(untoleratedTaints(n, []).map((t) => t.key)).toEqual([TAINT_UNSCHEDULABLE]);
    expect(untoleratedTaints(n, [{ key: TAINT_UNSCHEDULABLE, operator: 'Exists', effect: 'NoSchedule' }])).toEqual([]);
  });

  it('does not duplicate the unschedulable taint the node controller already added', () => {
    const n = node('node-a', { unschedulable: true, taints: [{ key: TAINT_UNSCHEDULABLE, effect: 'NoSchedule' }] });
    expect(effectiveTaints(n)).toHaveLength(1);
  });

  it('ignores PreferNoSchedule and checks NoSchedule / NoExecute', () => {
    const n = node('node-a', {
      taints: [cp, { key: 'soft', effect: 'PreferNoSchedule' }, { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }],
    });
    expect(untoleratedTaints(n, []).map((t) => t.key)).toEqual(['node-role.kubernetes.io/control-plane', 'node.kubernetes.io/not-ready']);
    expect(untoleratedTaints(n, [{ operator: 'Exists' }])).toEqual([]);
  });
});
