import { describe, expect, it } from 'vitest';
import { PrinterError } from '../../../src/render/printer-error.js';
import { parseSortBy, sortByJsonPath } from '../../../src/render/sort-by.js';
import { migrations } from './kubectl-list-fixture.js';

const names = (field: string, items: readonly { metadata: { name: string } }[] = migrations.items) => sortByJsonPath(items, parseSortBy(field)).map((i) => i.metadata.name);

describe('--sort-by: the order kubectl 1.32 printed for the same objects', () => {
  it.each([
    // Items without the field first, in reverse order; then by value, equal values in order.
    ['.status.x.n', 'my mnl m3 mz m1 m2 m10 a-very-long-migration-name'],
    ['{.status.x.n}', 'my mnl m3 mz m1 m2 m10 a-very-long-migration-name'],
    ['status.x.n', 'my mnl m3 mz m1 m2 m10 a-very-long-migration-name'],
    ['.status.x.f', 'mz my mnl m3 m1 m2 m10 a-very-long-migration-name'],
    // Strings byte by byte (upper case first, node-10 before node-2); "" first.
    ['.status.x.s', 'my mnl mz m1 m3 m10 m2 a-very-long-migration-name'],
    // Two quantities by amount (1500m < 2 < 1k = 1e3 < 512Mi < 1Gi); a non-quantity by bytes.
    ['.status.x.q', 'mnl m3 m1 my mz m2 m10 a-very-long-migration-name'],
    ['.status.x.t', 'mz my mnl m3 a-very-long-migration-name m2 m10 m1'],
    // null before any value.
    ['.status.x.z', 'mz my mnl m3 m2 m1 m10 a-very-long-migration-name'],
    ['.status.x.tie', 'a-very-long-migration-name m1 my m10 m2 m3 mnl mz'],
    ['.metadata.name', 'a-very-long-migration-name m1 m10 m2 m3 mnl my mz'],
    // A single map or list is never compared, so it sorts.
    ['.status.x.m', 'mz my mnl m3 m2 m1 a-very-long-migration-name m10'],
    ['.status.x.l[*]', 'mz my mnl m3 m2 m1 a-very-long-migration-name m10'],
  ])('%s', (field, order) => {
    expect(names(field).join(' ')).toBe(order);
  });

  it.each([
    ['.status.x.b', 'Field {.status.x.b} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: bool'],
    ['.status.x.l', 'Field {.status.x.l} in *unstructured.Unstructured is an unsortable type: interface, err: unsortable type: []interface {}'],
    ['.status.nope', 'couldn\'t find any field with path "{.status.nope}" in the list of objects'],
    ['{.a', "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
    ['{.a}{.b}', "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
    ['.status.x[', 'unterminated array'],
    ['.status.x.l[3]', 'array index out of bounds: index 3, length 3'],
  ])('%s is an error in kubectl words', (field, message) => {
    expect(() => names(field)).toThrow(new PrinterError(message));
  });

  it('a number beside a string cannot be ordered', () => {
    const items = [{ metadata: { name: 'a' }, v: 1 }, { metadata: { name: 'b' }, v: 'x' }];
    expect(() => names('.v', items)).toThrow('err: unsortable interface: interface');
  });

  it('integers and fractions order together (kubectl refuses int64 against float64)', () => {
    const items = [{ metadata: { name: 'a' }, v: 50 }, { metadata: { name: 'b' }, v: 33.3 }, { metadata: { name: 'c' }, v: 2 }];
    expect(names('.v', items)).toEqual(['c', 'b', 'a']);
  });

  it('an empty list sorts without looking for the field', () => {
    expect(names('.nope', [])).toEqual([]);
  });

  it('does not reorder its input', () => {
    const items = [...migrations.items];
    sortByJsonPath(items, parseSortBy('.status.x.n'));
    expect(items.map((i) => i.metadata.name)).toEqual(migrations.items.map((i) => i.metadata.name));
  });
});
