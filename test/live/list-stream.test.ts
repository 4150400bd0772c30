// The list body splitter: every item of `items` is cut out of the byte stream and parsed alone,
// whatever the chunk boundaries (inside strings, escapes, multi-byte characters); the skeleton
// keeps the rest; no item passes the cap.
import { describe, expect, it } from 'vitest';
import { ItemTooLarge, ListStreamParser } from '../../src/collect/live/list-stream.js';

function parseInChunks(body: string, size: number, maxItemBytes = 1 << 20): { items: unknown[]; skeleton: unknown } {
  const buf = Buffer.from(body);
  const items: unknown[] = [];
  const p = new ListStreamParser(maxItemBytes, (i) => items.push(i));
  for (let k = 0; k < buf.length; k += size) p.write(buf.subarray(k, k + size));
  return { items, skeleton: JSON.parse(p.end()) };
}

describe('ListStreamParser', () => {
  const list = {
    kind: 'PodList',
    apiVersion: 'v1',
    metadata: { resourceVersion: '12', continue: 'a"b\\c{[' },
    items: [
      { metadata: { name: 'a\\"}x', labels: { items: '[' } }, spec: { x: [1, { y: ']' }] } },
      { metadata: { name: 'b' }, note: 'naïve ✓ 🚀 \u0000 \\u0041' },
      {},
    ],
    extra: { items: [1, 2] },
  };
  const body = JSON.stringify(list, null, 1);

  it('gives the same items and skeleton as JSON.parse, split at every byte', () => {
    for (let size = 1; size <= 64; size++) {
      const { items, skeleton } = parseInChunks(body, size);
      expect(items).toEqual(list.items);
      expect(skeleton).toEqual({ ...list, items: [] });
    }
  });

  it('an empty or null items list', () => {
    expect(parseInChunks('{"kind":"List","items":[]}', 3)).toEqual({ items: [], skeleton: { kind: 'List', items: [] } });
    expect(parseInChunks('{"items":null,"metadata":{}}', 2)).toEqual({ items: [], skeleton: { items: null, metadata: {} } });
  });

  it('an item over the cap stops the read, wherever it is split', () => {
    const big = JSON.stringify({ items: [{ metadata: { name: 'x' } }, { data: 'y'.repeat(5000) }] });
    for (const size of [7, 100, 10_000]) expect(() => parseInChunks(big, size, 4096)).toThrow(ItemTooLarge);
    expect(parseInChunks(big, 100, 8192).items).toHaveLength(2);
  });

  it('an item that is not an object, or a body cut short, is a syntax error', () => {
    expect(() => parseInChunks('{"items":[1]}', 4)).toThrow(SyntaxError);
    expect(() => parseInChunks('{"items":["x"]}', 4)).toThrow(SyntaxError);
    expect(() => parseInChunks('{"items":[{"a":1},{"b":', 4)).toThrow(SyntaxError);
  });
});
