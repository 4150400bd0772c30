import { describe, expect, it } from 'vitest';
import { formatBytes, formatCpu, parseQuantity } from '../../../src/kube/quantity.js';

describe('parseQuantity', () => {
  it.each([
    ['4737464313', 4737464313], // launcher memory limit, real pod
    ['4Gi', 4 * 2 ** 30],
    ['18078808Ki', 18078808 * 1024], // real node allocatable memory
    ['2730Mi', 2730 * 2 ** 20],
    ['500m', 0.5],
    ['7020m', 7.02],
    ['125m', 0.125],
    ['1k', 1000], // devices.kubevirt.io/kvm
    ['1.5', 1.5],
    ['1e3', 1000],
    ['1E3', 1000],
    ['2E', 2e18], // exa, not an exponent
    ['50M', 50e6],
    ['0', 0],
    ['100n', 1e-7],
    ['+1Mi', 2 ** 20],
    ['.5Gi', 0.5 * 2 ** 30],
    [1.048576e6, 1048576], // support bundles write numbers
  ])('%s → %d', (q, want) => {
    expect(parseQuantity(q)).toBeCloseTo(want, 9);
  });

  it.each(['', 'abc', '4GB', '1.2.3', 'Gi', '4 Gi', undefined, null])('rejects %s', (q) => {
    expect(parseQuantity(q)).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it.each([
    [17.4 * 2 ** 30, '17.4Gi'],
    [4 * 2 ** 30, '4Gi'],
    [4737464313, '4.4Gi'],
    [18078808 * 1024, '17.2Gi'],
    [512, '512B'],
    [1536, '1.5Ki'],
    [2730 * 2 ** 20, '2.7Gi'],
    [3 * 2 ** 40, '3Ti'],
    [-2 * 2 ** 20, '-2Mi'],
  ])('%d → %s', (n, want) => {
    expect(formatBytes(n)).toBe(want);
  });
});

describe('formatCpu', () => {
  it.each([
    [2, '2'],
    [0.5, '500m'],
    [7.02, '7020m'],
  ])('%d → %s', (n, want) => {
    expect(formatCpu(n)).toBe(want);
  });
});
