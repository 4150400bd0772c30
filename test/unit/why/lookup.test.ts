import { describe, expect, it } from 'vitest';
import { itemsWhere } from '../../../src/analyze/lookup.js';

interface Item {
  name?: string;
  node?: string;
}

const byName = (i: Item) => i.name;
const byNode = (i: Item) => i.node;

describe('itemsWhere', () => {
  it('answers like a filter: list order, items without the key left out', () => {
    const list: Item[] = [{ name: 'a', node: 'n1' }, { name: 'b' }, { name: 'a', node: 'n2' }, { node: 'n1' }];
    expect(itemsWhere(list, 'name', byName, 'a')).toEqual([list[0], list[2]]);
    expect(itemsWhere(list, 'node', byNode, 'n1')).toEqual([list[0], list[3]]);
    expect(itemsWhere(list, 'name', byName, 'zz')).toEqual([]);
  });

  it('indexes each list on its own, and again once it grew', () => {
    const one: Item[] = [{ name: 'a' }];
    const two: Item[] = [{ name: 'b' }];
    expect(itemsWhere(one, 'name', byName, 'a')).toHaveLength(1);
    expect(itemsWhere(two, 'name', byName, 'a')).toHaveLength(0);
    one.push({ name: 'a' });
    expect(itemsWhere(one, 'name', byName, 'a')).toHaveLength(2);
  });
});
