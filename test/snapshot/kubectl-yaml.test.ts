// The kubectl-shaped YAML reader (src/collect/snapshot/kubectl-yaml.ts) against js-yaml: on every
// YAML file of the repository and on hand-made cases, what it reads is what js-yaml reads (values,
// types and key order), and what it cannot read it gives up on (undefined), never reads otherwise.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import jsyaml from 'js-yaml';
import { readKubectlYaml } from '../../src/collect/snapshot/kubectl-yaml.js';
import { REPO_ROOT } from './helpers.js';

const { types } = jsyaml as unknown as { types: { merge: jsyaml.Type } };
const SCHEMA = jsyaml.CORE_SCHEMA.extend({ implicit: [types.merge] });
const jsYaml = (text: string) => jsyaml.loadAll(text, undefined, { schema: SCHEMA });
/** JSON text compares types and key order, which toEqual does not. */
const same = (text: string) => expect(JSON.stringify(readKubectlYaml(text))).toBe(JSON.stringify(jsYaml(text)));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(name) ? [full] : [];
  });
}

describe('every YAML file of the repository', () => {
  it('reads as js-yaml reads it, or is given up (hand-written corpus files with comments are)', () => {
    for (const file of [...yamlFiles(join(REPO_ROOT, 'examples')), ...yamlFiles(join(REPO_ROOT, 'test'))]) {
      const text = readFileSync(file, 'utf8');
      const mine = readKubectlYaml(text);
      if (mine === undefined) continue;
      let theirs: unknown[] | undefined;
      try {
        theirs = jsYaml(text);
      } catch {
        theirs = undefined; // js-yaml refuses it: the reader must have given up too
      }
      expect(JSON.stringify(mine) === JSON.stringify(theirs), file).toBe(true);
    }
  });

  it('takes every kubectl dump: the examples and the object fixtures, file by file', () => {
    for (const file of [...yamlFiles(join(REPO_ROOT, 'examples')), ...yamlFiles(join(REPO_ROOT, 'test', 'fixtures'))]) {
      expect(readKubectlYaml(readFileSync(file, 'utf8')), file).toBeDefined();
    }
  });
});

describe('kubectl shapes', () => {
  it.each([
    ['a list under a key at the key’s indent', 'items:\n- a: 1\n  b:\n  - x\n  - y\n  c: {}\n- []\nnext: ~\n'],
    ['scalars of every core type', 'a: yes\nb: 0x1F\nc: 0o17\nd: .inf\ne: ~\nf: "1"\ng: 1.5e+03\nh: true\ni: -3\nj: --name\nk: 2025-11-20T10:00:00Z\nl:\n'],
    ['typed keys become strings', '1: a\ntrue: b\nnull: c\n0x10: d\n'],
    ['folded single-quoted scalars', "cmd: '[\"a\", \"b\",\n  \"c\"]'\nq: 'it''s\n\n  two'\nempty: ''\n"],
    ['folded plain and double-quoted scalars', 'm: one two\n  three\n\n  four\nd: "x y\n  z"\ne: "tab\\there \\u00e9 \\"q\\""\n'],
    ['literal blocks', 'a: |\n  line 1\n\n    indented\n  # not a comment\nb: |-\n  x\n\n\nc: 1\n'],
    ['folded blocks', 'a: >\n  #cloud-config\n\n  one\n  two\n    - more\n  three\n\n\n  four\nb: >-\n  x\n  y\nc:\n- >\n  z\n'],
    ['documents', '# head\n---\na: 1\n---\n\n---\n- 1\n'],
    ['an indented document', '\n  c: x\n  d:\n    e: f\n'],
  ])('%s', (_what, text) => {
    expect(readKubectlYaml(text)).toBeDefined();
    same(text);
  });

  it.each([
    ['an alias', 'a: &x 1\nb: *x\n'],
    ['a merge key', 'b: {x: 1}\nc:\n  <<: {y: 2}\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a flow collection', 'a: [1, 2]\n'],
    ['a comment after a value', 'a: 1 # one\n'],
    ['a tab', 'a:\t1\n'],
    ['CRLF', 'a: 1\r\nb: 2\r\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['bad indentation', 'a: 1\nb:\n  c: 2\n d: 3\n'],
    ['an end marker', 'a: 1\n...\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['content on the marker line', '--- {a: 1}\n'],
    ['a keep-chomping block', 'a: |+\n  x\n\n'],
    ['a block ending the file without a newline', 'a: |\n  x'],
    ['a nested inline list', '- - a\n'],
    ['a top-level scalar', 'just text\n'],
    ['an unclosed quote', "a: 'x\nb: 1\n"],
    ['a YAML-only escape', 'a: "\\x41"\n'],
    ['__proto__', '__proto__: 1\n'],
    ['a non-printable character', 'a: "\u0085"\n'],
  ])('gives up on %s', (_what, text) => {
    expect(readKubectlYaml(text)).toBeUndefined();
  });
});

describe('random documents as js-yaml writes them', () => {
  const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null), fc.constantFrom('yes', '~', '0x1F', '1e3', 'a: b', "it's", '- x', '#c', ' lead', 'trail '));
  const key = fc.oneof(fc.string({ minLength: 1 }), fc.constantFrom('apiVersion', 'kind', 'metadata', 'kubevirt.io/x', 'a b', '1'));
  const value = fc.letrec((tie) => ({
    node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 4 })),
  })).node;

  it('reads each as js-yaml reads it back, or gives up', () => {
    let read = 0;
    fc.assert(
      fc.property(value, fc.integer({ min: 20, max: 120 }), (v, lineWidth) => {
        const text = jsyaml.dump({ root: v }, { lineWidth, noCompatMode: true });
        const mine = readKubectlYaml(text);
        if (mine === undefined) return;
        read++;
        expect(JSON.stringify(mine)).toBe(JSON.stringify(jsYaml(text)));
      }),
      { numRuns: 500 },
    );
    // Not a property that holds by giving up on everything.
    expect(read).toBeGreaterThan(100);
  });
});

describe('hostile nesting', () => {
  const nested = (depth: number) => Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}k:\n`).join('') + `${' '.repeat(depth)}v: 1\n`;
  it('reads as deep as js-yaml does, and leaves deeper text to it instead of overflowing the stack', () => {
    expect(readKubectlYaml(nested(50))).toEqual(jsyaml.loadAll(nested(50)));
    expect(readKubectlYaml(nested(5000))).toBeUndefined();
  });
});
