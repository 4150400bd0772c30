import { describe, expect, it } from 'vitest';
import { goJson, goNumber, goQuote, goRune, goSprint } from '../../../src/render/go-values.js';
import { alignTabs } from '../../../src/render/tabwriter.js';

describe('Go value printing (fmt %v, json.Marshal)', () => {
  it.each([
    [3, '3'],
    [1000000, '1000000'],
    [0.5, '0.5'],
    [2.5, '2.5'],
    [100000.5, '100000.5'],
    [1234567.5, '1.2345675e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [-2.5, '-2.5'],
    [1e21, '1e+21'],
    [1.5e-10, '1.5e-10'],
  ])('%d prints %s', (n, s) => expect(goNumber(n)).toBe(s));

  it('Sprint of maps, lists and null', () => {
    expect(goSprint({ k: 'v', a: 1, n: { b: [1, 'x', null] } })).toBe('map[a:1 k:v n:map[b:[1 x <nil>]]]');
  });

  it('json.Marshal: sorted keys, HTML escapes, \\b and \\f', () => {
    expect(goJson({ z: '<&>', a: [1.5, null, true], e: '\b\f\u2028' })).toBe('{"a":[1.5,null,true],"e":"\\b\\f\\u2028","z":"\\u003c\\u0026\\u003e"}');
  });

  it('%q and %#U', () => {
    expect(goQuote('{.a=="x"}\t\x07é')).toBe('"{.a==\\"x\\"}\\t\\aé"');
    expect(goRune(',')).toBe("U+002C ','");
    expect(goRune('\t')).toBe('U+0009');
  });
});

describe('kubectl tabwriter', () => {
  it('pads each column to its widest cell plus 3, at least 6; the last cell unpadded', () => {
    expect(alignTabs('A\tBB\tC\nxxxxxxx\ty\tz\n')).toBe('A         BB    C\nxxxxxxx   y     z\n');
  });
  it('counts characters, not bytes', () => {
    expect(alignTabs('ünï\tx\nab\ty\n')).toBe('ünï   x\nab    y\n');
  });
  it('nothing in, nothing out', () => {
    expect(alignTabs('')).toBe('');
  });
});
