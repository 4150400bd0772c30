import { describe, expect, it } from 'vitest';
import { matchesNodeSelector, unmatchedSelectorKeys } from '../../../src/analyze/scheduling/node-selector.js';
import { node } from '../../fixtures/objects/index.js';

const labels = node('node-a').metadata.labels;

describe('nodeSelector label map', () => {
  it.each([
    [{}, true, []],
    [undefined, true, []],
    [{ 'kubevirt.io/schedulable': 'true' }, true, []],
    [{ 'kubevirt.io/schedulable': 'true', 'kubernetes.io/hostname': 'node-a' }, true, []],
    [{ 'kubernetes.io/hostname': 'node-b' }, false, ['kubernetes.io/hostname']],
    [{ 'cpu-model.node.kubevirt.io/Skylake': 'true', 'kubernetes.io/arch': 'amd64' }, false, ['cpu-model.node.kubevirt.io/Skylake']],
    // values are strings: "true" ≠ "True"
    [{ 'kubevirt.io/schedulable': 'True' }, false, ['kubevirt.io/schedulable']],
  ] as const)('%j → %s', (selector, ok, missing) => {
    expect(matchesNodeSelector(labels, selector)).toBe(ok);
    expect(unmatchedSelectorKeys(labels, selector)).toEqual(missing);
  });

  it('a node without labels matches only an empty selector', () => {
    expect(matchesNodeSelector(undefined, {})).toBe(true);
    expect(matchesNodeSelector(undefined, { a: 'b' })).toBe(false);
  });
});
