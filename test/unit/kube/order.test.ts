// compareNames (src/kube/order.ts): the order localeCompare gives, without ICU for names.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareNames } from '../../../src/kube/order.js';

const sign = (n: number) => Math.sign(n);

describe('compareNames', () => {
  it('orders Kubernetes names as localeCompare does', () => {
    const name = fc.string({ unit: fc.constantFrom(...'abz09.-'), maxLength: 8 });
    fc.assert(fc.property(name, name, (a, b) => {
        expect(sign(compareNames(a, b))).toBe(sign(a.localeCompare(b)));
      }), { numRuns: 2000 });
    expect(['web-2', 'web.1', 'web10', 'web', 'a-b', 'ab'].sort(compareNames)).toEqual(['a-b', 'ab', 'web', 'web-2', 'web.1', 'web10']);
  });

  it('leaves any other text to localeCompare', () => {
    // Code units put every capital first; the collator does not.
    expect(compareNames('B', 'a')).toBe(sign('B'.localeCompare('a')));
    expect(compareNames('B', 'a')).toBeGreaterThan(0);
    expect(compareNames('é', 'f')).toBeLessThan(0);
  });
});
