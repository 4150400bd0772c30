import { describe, expect, it } from 'vitest';
import {
  matchesNodeSelectorTerm,
  matchesRequiredNodeAffinity,
  matchesRequirement,
  unmetRequirements,
} from '../../../src/analyze/scheduling/node-affinity.js';
import type { NodeSelectorRequirement } from '../../../src/kube/types.js';
import { node } from '../../fixtures/objects/index.js';

const n = node('node-a', { labels: { 'topology.kubernetes.io/zone': 'z1', 'example.com/gpus': '4' } });

describe('matchesRequirement', () => {
  it.each<[string | undefined, NodeSelectorRequirement, boolean]>([
    ['z1', { key: 'k', operator: 'In', values: ['z1', 'z2'] }, true],
    ['z3', { key: 'k', operator: 'In', values: ['z1', 'z2'] }, false],
    [undefined, { key: 'k', operator: 'In', values: ['z1'] }, false],
    ['z3', { key: 'k', operator: 'NotIn', values: ['z1'] }, true],
    ['z1', { key: 'k', operator: 'NotIn', values: ['z1'] }, false],
    [undefined, { key: 'k', operator: 'NotIn', values: ['z1'] }, true],
    ['', { key: 'k', operator: 'Exists' }, true],
    [undefined, { key: 'k', operator: 'Exists' }, false],
    [undefined, { key: 'k', operator: 'DoesNotExist' }, true],
    ['true', { key: 'k', operator: 'DoesNotExist' }, false],
    ['4', { key: 'k', operator: 'Gt', values: ['2'] }, true],
    ['2', { key: 'k', operator: 'Gt', values: ['2'] }, false],
    ['2', { key: 'k', operator: 'Lt', values: ['3'] }, true],
    ['-1', { key: 'k', operator: 'Lt', values: ['0'] }, true],
    ['abc', { key: 'k', operator: 'Gt', values: ['1'] }, false],
    ['4', { key: 'k', operator: 'Gt', values: ['1', '2'] }, false],
    [undefined, { key: 'k', operator: 'Lt', values: ['3'] }, false],
    ['x', { key: 'k', operator: 'Bogus', values: ['x'] }, false],
  ])('%s %j → %s', (value, req, want) => {
    expect(matchesRequirement(value, req)).toBe(want);
  });
});

describe('required node affinity', () => {
  it('ANDs requirements in a term and ORs terms', () => {
    const term = {
      matchExpressions: [
        { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['z1'] },
        { key: 'example.com/gpus', operator: 'Gt', values: ['2'] },
      ],
    };
    expect(matchesNodeSelectorTerm(n, term)).toBe(true);
    const failing = { matchExpressions: [...term.matchExpressions, { key: 'node-role.kubernetes.io/infra', operator: 'Exists' }] };
    expect(matchesNodeSelectorTerm(n, failing)).toBe(false);
    expect(unmetRequirements(n, failing).map((r) => r.key)).toEqual(['node-role.kubernetes.io/infra']);
    expect(matchesRequiredNodeAffinity(n, { nodeSelectorTerms: [failing, term] })).toBe(true);
  });

  it('matchFields metadata.name In / NotIn', () => {
    expect(matchesNodeSelectorTerm(n, { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-a'] }] })).toBe(true);
    expect(matchesNodeSelectorTerm(n, { matchFields: [{ key: 'metadata.name', operator: 'NotIn', values: ['node-a'] }] })).toBe(false);
    // only metadata.name is a supported field
    expect(matchesNodeSelectorTerm(n, { matchFields: [{ key: 'spec.unschedulable', operator: 'Exists' }] })).toBe(false);
  });

  it('absent selector matches all; empty term list or empty term matches none', () => {
    expect(matchesRequiredNodeAffinity(n, undefined)).toBe(true);
    expect(matchesRequiredNodeAffinity(n, { nodeSelectorTerms: [] })).toBe(false);
    expect(matchesRequiredNodeAffinity(n, { nodeSelectorTerms: [{}] })).toBe(false);
  });
});
