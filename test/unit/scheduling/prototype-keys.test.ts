// Selector keys that are also Object.prototype members (issue #16 item 6): a node without a
// `toString` or `constructor` label must not look as if it had one. Before the fix, `Exists` on
// such a key held on every node (labels['toString'] is a function) and `DoesNotExist` on none.
import { describe, expect, it } from 'vitest';
import { labelValue } from '../../../src/kube/labels.js';
import { matchesRequiredNodeAffinity, unmetRequirements } from '../../../src/analyze/scheduling/node-affinity.js';
import { matchesNodeSelector, unmatchedSelectorKeys } from '../../../src/analyze/scheduling/node-selector.js';
import { matchesLabelSelector } from '../../../src/analyze/scheduling/label-selector.js';
import { scorePolicy } from '../../../src/analyze/policy/match-policy.js';
import type { Node } from '../../../src/kube/types.js';

const node: Node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { 'kubernetes.io/hostname': 'node-1' } } };
const KEYS = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__'];

describe('prototype member names as label keys', () => {
  it('labelValue sees only the map\'s own keys', () => {
    for (const k of KEYS) expect(labelValue(node.metadata.labels, k), k).toBeUndefined();
    expect(labelValue(JSON.parse('{"constructor":"yes"}'), 'constructor')).toBe('yes');
  });

  it('required node affinity: Exists fails, DoesNotExist holds', () => {
    for (const key of KEYS) {
      const exists = { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'Exists' }] }] };
      const absent = { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: 'DoesNotExist' }] }] };
      expect(matchesRequiredNodeAffinity(node, exists), key).toBe(false);
      expect(matchesRequiredNodeAffinity(node, absent), key).toBe(true);
      expect(unmetRequirements(node, { matchExpressions: [{ key, operator: 'In', values: ['function toString() { [native code] }'] }] })).toHaveLength(1);
    }
  });

  it('nodeSelector and pod label selectors', () => {
    expect(matchesNodeSelector(node.metadata.labels, { toString: 'function toString() { [native code] }' })).toBe(false);
    expect(unmatchedSelectorKeys(node.metadata.labels, { constructor: 'x' })).toEqual(['constructor']);
    const podLabels = { app: 'db' };
    expect(matchesLabelSelector(podLabels, { matchExpressions: [{ key: 'constructor', operator: 'Exists' }] })).toBe(false);
    expect(matchesLabelSelector(podLabels, { matchExpressions: [{ key: 'toString', operator: 'DoesNotExist' }] })).toBe(true);
  });

  it('a MigrationPolicy selecting on such a key matches no VMI that lacks it', () => {
    const policy = { apiVersion: 'migrations.kubevirt.io/v1alpha1', kind: 'MigrationPolicy', metadata: { name: 'p' }, spec: { selectors: { virtualMachineInstanceSelector: { valueOf: 'function valueOf() { [native code] }' } } } };
    expect(scorePolicy(policy, { app: 'db' }, {})).toBeUndefined();
  });
});
