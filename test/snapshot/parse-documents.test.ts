import { describe, expect, it } from 'vitest';
import { LineCounter, parseAllDocuments } from 'yaml';
import { documentLines, parseDocuments, MAX_ALIAS_COUNT } from '../../src/collect/snapshot/parse-documents.js';
import { extractObjects } from '../../src/collect/snapshot/extract-objects.js';
import { decodeDocumentBytes, readDocumentText } from '../../src/collect/snapshot/read-files.js';
import { SourceError } from '../../src/collect/source.js';
import { afterAll } from 'vitest';
import { makeTree, removeTrees } from './helpers.js';
import { join } from 'node:path';

afterAll(removeTrees);

async function errorOf(fn: () => unknown): Promise<SourceError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SourceError);
    return err as SourceError;
  }
  throw new Error('expected an error');
}

describe('parseDocuments', () => {
  it('splits multi-document YAML and records each start line', async () => {
    const docs = await parseDocuments('# header\na: 1\n---\nb: 2\n---\n', 'x.yaml');
    expect(docs.map((d) => d.value)).toEqual([{ a: 1 }, { b: 2 }, null]);
    expect(docs[0]?.line).toBe(2);
    expect(docs[1]?.line).toBe(4);
  });

  it('reads JSON, including JSON in a .yaml file', async () => {
    expect((await parseDocuments('{"kind":"List","items":[]}', 'x.json'))[0]?.value).toEqual({ kind: 'List', items: [] });
    expect((await parseDocuments('\n  {"a": [1, 2]}', 'x.yaml'))[0]).toEqual({ value: { a: [1, 2] }, line: 2 });
  });

  it('YAML flow mappings that are not JSON still parse as YAML', async () => {
    expect((await parseDocuments('{a: 1, b: [x, y]}', 'x.yaml'))[0]?.value).toEqual({ a: 1, b: ['x', 'y'] });
  });

  it('keeps support-bundle floats as numbers and quoted strings as strings', async () => {
    const [doc] = await parseDocuments('size: 1.048576e+06\nsizeBytes: 1.780569233e+09\nrv: "13315"\nflag: "true"\n', 'x.yaml');
    expect(doc?.value).toEqual({ size: 1048576, sizeBytes: 1780569233, rv: '13315', flag: 'true' });
  });

  it('accepts merge keys, as kubectl does', async () => {
    const [doc] = await parseDocuments('base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n', 'x.yaml');
    expect(doc?.value).toEqual({ base: { x: 1 }, derived: { x: 1, y: 2 } });
  });

  it('comment-only and empty input yield no documents', async () => {
    expect(await parseDocuments('', 'x.yaml')).toEqual([]);
    expect(await parseDocuments('# nothing here\n', 'x.yaml')).toEqual([]);
  });

  it('malformed YAML: one line naming file and line', async () => {
    const err = await errorOf(() => parseDocuments('apiVersion: v1\nkind: Pod\nmetadata:\n  name: [a, b\n  namespace: x\n', 'examples/x.yaml'));
    expect(err.kindOf).toBe('InvalidInput');
    expect(err.message).toMatch(/^error: examples\/x\.yaml:\d+: /);
    expect(err.message).not.toContain('\n');
    const line = Number(/:(\d+):/.exec(err.message)?.[1]);
    expect(line).toBeGreaterThanOrEqual(4);
    expect(line).toBeLessThanOrEqual(6);
  });

  it('bad indentation is reported at its line', async () => {
    const err = await errorOf(() => parseDocuments('a: 1\nb:\n  c: 2\n d: 3\n', 'y.yaml'));
    expect(err.message).toMatch(/^error: y\.yaml:4: /);
  });

  it('duplicate keys are an error (kubectl refuses them too)', async () => {
    const err = await errorOf(() => parseDocuments('metadata:\n  name: a\n  name: b\n', 'dup.yaml'));
    expect(err.message).toMatch(/^error: dup\.yaml:3: .*unique/i);
  });

  it('malformed JSON: line from the character position', async () => {
    const err = await errorOf(() => parseDocuments('{\n  "kind": "Pod",\n  "metadata": {"name" "x"}\n}\n', 'pods.json'));
    expect(err.message).toMatch(/^error: pods\.json:3: /);
    expect(err.message).not.toMatch(/position/);
    const truncated = await errorOf(() => parseDocuments('{\n  "kind": "Pod",\n', 'cut.json'));
    expect(truncated.message).toMatch(/^error: cut\.json:3: /);
  });

  it('rejects an alias bomb quickly, naming the file', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    let prev = 'a';
    for (let i = 0; i < 12; i++) {
      const n = `b${i}`;
      lines.push(`${n}: &${n} [${Array(9).fill('*' + prev).join(',')}]`);
      prev = n;
    }
    const started = Date.now();
    const err = await errorOf(() => parseDocuments(lines.join('\n'), 'bomb.yaml'));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(err.message).toMatch(/^error: bomb\.yaml:1: .*alias/i);
  });

  it('allows a handful of aliases', async () => {
    const src = 'x: &x {a: 1}\n' + Array.from({ length: 20 }, (_, i) => `k${i}: *x`).join('\n');
    expect(MAX_ALIAS_COUNT).toBeGreaterThanOrEqual(20);
    expect(Object.keys((await parseDocuments(src, 'ok.yaml'))[0]?.value as object)).toHaveLength(21);
  });
});

describe('the js-yaml fast path gives what the yaml package gives', () => {
  const reference = (text: string) => {
    const lc = new LineCounter();
    return parseAllDocuments(text, { lineCounter: lc, merge: true }).map((d) => ({ value: d.toJS(), line: lc.linePos(d.contents?.range?.[0] ?? d.range[0]).line }));
  };

  it.each([
    ['markers, comments, a directive and an end marker', '%YAML 1.2\n---\n# c\na: 1\n...\n---\nb: [1, 2]\n---\n\n  c: x\n'],
    ['content on the marker line', '--- {a: 1}\n--- # note\nb: 2\n--- |\n  text\n'],
    ['kubectl output', 'apiVersion: v1\nkind: List\nitems:\n- kind: Pod\n  metadata:\n    name: "p"\n    creationTimestamp: "2025-11-20T10:00:00Z"\n  status:\n    startTime: 2025-11-20T10:00:01Z\n'],
    ['quoted and unquoted scalars of every core type', 'a: yes\nb: 0x1F\nc: 0o17\nd: .inf\ne: ~\nf: "1"\ng: 1.5e+03\nh: true\n'],
  ])('%s', async (_what, text) => {
    expect(await parseDocuments(text, 'x.yaml')).toEqual(reference(text));
    expect(documentLines(text)).toEqual(reference(text).map((d) => d.line));
  });

  it('a map used as a key goes to the yaml package, which names it', async () => {
    expect((await parseDocuments('spec:\n  version: {{ version }}\n', 'tpl.yaml'))[0]?.value).toEqual({ spec: { version: { '{ version }': null } } });
  });
});

describe('decoding and reading', () => {
  it('refuses binary content, naming the file', async () => {
    const err = await errorOf(() => decodeDocumentBytes(Buffer.from([0x61, 0x3a, 0x00, 0x01]), 'dump/x.yaml'));
    expect(err.message).toBe('error: dump/x.yaml: binary file (contains NUL bytes), expected YAML or JSON');
  });

  it('decodes UTF-8 with BOM and UTF-16 (PowerShell redirects)', () => {
    expect(decodeDocumentBytes(Buffer.from('\ufeffkind: Pod\n', 'utf8'), 'a')).toBe('kind: Pod\n');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('kind: Pod\n', 'utf16le')]);
    expect(decodeDocumentBytes(le, 'a')).toBe('kind: Pod\n');
    const be = Buffer.from(Buffer.from('kind: Pod\n', 'utf16le'));
    be.swap16();
    expect(decodeDocumentBytes(Buffer.concat([Buffer.from([0xfe, 0xff]), be]), 'a')).toBe('kind: Pod\n');
  });

  it('refuses files over the size cap before reading them', async () => {
    const root = await makeTree({ 'big.yaml': 'a: ' + 'x'.repeat(2048) + '\n' });
    const path = join(root, 'big.yaml');
    await expect(readDocumentText(path, 1024)).rejects.toThrow(/big\.yaml: file is larger than/);
  });
});

describe('extractObjects', () => {
  it('expands kind: List, typed lists and arrays; ignores non-objects', () => {
    const docs = [
      { value: { apiVersion: 'v1', kind: 'List', items: [{ kind: 'Pod', metadata: { name: 'a' } }] }, line: 1 },
      { value: { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceList', items: [{ metadata: { name: 'vmi1', namespace: 'x' } }] }, line: 5 },
      { value: [{ kind: 'Node', metadata: { name: 'n1' } }], line: 9 },
      { value: 'NAME   READY   STATUS', line: 12 },
      { value: null, line: 13 },
    ];
    const out = extractObjects(docs);
    expect(out.objects.map((o) => [o.object.kind, o.object.metadata.name, o.line])).toEqual([
      ['Pod', 'a', 1],
      ['VirtualMachineInstance', 'vmi1', 5],
      ['Node', 'n1', 9],
    ]);
    expect(out.objects[1]?.object.apiVersion).toBe('kubevirt.io/v1');
    expect(out.onlyLists).toBe(false);
  });

  it('records maps without kind or name as rejects', () => {
    const out = extractObjects([
      { value: { metadata: { name: 'x' } }, line: 1 },
      { value: { kind: 'Pod', metadata: { generateName: 'p-' } }, line: 4 },
    ]);
    expect(out.objects).toEqual([]);
    expect(out.rejects).toEqual([
      { line: 1, reason: 'no-kind' },
      { line: 4, reason: 'no-name', kind: 'Pod' },
    ]);
  });

  it('an empty List counts as "only lists"', () => {
    expect(extractObjects([{ value: { apiVersion: 'v1', kind: 'List', items: [] }, line: 1 }]).onlyLists).toBe(true);
  });
});
