import { describe, expect, it } from 'vitest';
import { parseCustomColumns, renderCustomColumns } from '../../../src/render/custom-columns.js';
import { PrinterError } from '../../../src/render/printer-error.js';
import { migrations } from './kubectl-list-fixture.js';

const print = (spec: string, doc: object, noHeaders = false) => renderCustomColumns(parseCustomColumns(spec), doc, noHeaders);

describe('custom-columns: what kubectl 1.32 printed for the same objects', () => {
  it('values of every type, <none> for what is missing, Go formatting', () => {
    expect(print('NAME:.metadata.name,N:.status.x.n,F:.status.x.f,M:.status.x.m,L:.status.x.l,Z:.status.x.z,B:.status.x.b,MISSING:.status.nope', migrations)).toBe(
      'NAME                         N         F               M              L             Z        B        MISSING\n' +
        'a-very-long-migration-name   1000000   1.2345675e+06   <none>         <none>        zz       <none>   <none>\n' +
        'm1                           1         <none>          <none>         <none>        <nil>    <none>   <none>\n' +
        'm10                          10        2.5             map[a:1 k:v]   [1 x <nil>]   <nil>    true     <none>\n' +
        'm2                           2         0.5             <none>         []            <none>   false    <none>\n' +
        'm3                           <none>    <none>          <none>         <none>        <none>   <none>   <none>\n' +
        'mnl                          <none>    <none>          <none>         <none>        <none>   <none>   <none>\n' +
        'my                           <none>    <none>          <none>         <none>        <none>   <none>   <none>\n' +
        'mz                           -3        <none>          <none>         <none>        <none>   <none>   <none>\n',
    );
  });

  it('terminal escapes neutralised, several values joined by commas, a newline breaks the row, a column never narrows', () => {
    expect(print('E:.status.x.esc,ALL:.status.x.l[*],NL:.status.x.nl,S:.status.x.s,U:.status.x.u', migrations)).toBe(
      'E         ALL         NL       S         U\n' +
        '<none>    <none>      <none>   node-2a   <none>\n' +
        '<none>    <none>      <none>   Node-1    <none>\n' +
        'a^[b\\rc   1,x,<nil>   <none>   node-10   <none>\n' +
        '<none>    <none>      <none>   node-2    <none>\n' +
        '<none>    <none>      <none>   node-02   ünï\n' +
        '<none>    <none>      line1\n' +
        'line2     <none>      <none>\n' +
        '<none>    <none>      <none>   <none>    <none>\n' +
        '<none>    <none>      <none>             <none>\n',
    );
  });

  it('--no-headers drops the header line only', () => {
    expect(print('N:.metadata.name,P:.status.phase', { items: migrations.items.slice(0, 2) }, true)).toBe('a-very-long-migration-name   Running\nm1                           Running\n');
  });

  it('an empty header, an empty path', () => {
    expect(print(':.metadata.name', { items: migrations.items.slice(1, 2) })).toBe('\nm1\n');
    expect(print('A:', { items: migrations.items.slice(1, 2) })).toBe('A\n<none>\n');
  });
});

describe('custom-columns: kubectl customcolumn_test.go', () => {
  it('one object without items is one row', () => {
    expect(print('NAME:.metadata.name', { metadata: { name: 'foo' } })).toBe('NAME\nfoo\n');
  });
  it('a list is a row per item', () => {
    expect(print('NAME:.metadata.name', { items: [{ metadata: { name: 'foo' } }, { metadata: { name: 'bar' } }] })).toBe('NAME\nfoo\nbar\n');
  });
  it('columns', () => {
    expect(print('NAME:metadata.name,API_VERSION:apiVersion', { metadata: { name: 'foo' }, apiVersion: 'baz' })).toBe('NAME   API_VERSION\nfoo    baz\n');
    expect(print('NAME:{.metadata.name},API_VERSION:{apiVersion},NOT_FOUND:.notFound', { metadata: { name: 'foo' }, apiVersion: 'baz' })).toBe(
      'NAME   API_VERSION   NOT_FOUND\nfoo    baz           <none>\n',
    );
  });
  it('escapes', () => {
    expect(print('NAME:.metadata.name', { items: [{ metadata: { name: '\x1b \r' } }] })).toBe('NAME\n^[ \\r\n');
  });
  it('a header wider than its values', () => {
    const items = ['foo', 'bar'].map((n) => ({ metadata: { name: n, labels: { label1: n, label2: n } } }));
    expect(print('NAME:.metadata.name,LONG COLUMN NAME:.metadata.labels.label1,LABEL 2:.metadata.labels.label2', { items })).toBe(
      'NAME   LONG COLUMN NAME   LABEL 2\nfoo    foo                foo\nbar    bar                bar\n',
    );
  });

  const pod = { metadata: { name: 'fake-name' }, spec: { containers: ['fake0', 'fake1', 'fake2', 'fake3'].map((name) => ({ name })) } };
  it.each([
    ['[0]', 'fake0'],
    ['[3]', 'fake3'],
    ['[-1]', 'fake3'],
    ['[-2]', 'fake2'],
    ['[-4]', 'fake0'],
    ['[0:0]', '<none>'],
    ['[0:3]', 'fake0,fake1,fake2'],
    ['[1:]', 'fake1,fake2,fake3'],
    ['[0:-1]', 'fake0,fake1,fake2'],
    ['[-1:]', 'fake3'],
    ['[-4:]', 'fake0,fake1,fake2,fake3'],
    ['[-3:-1]', 'fake1,fake2'],
    ['[4:4]', '<none>'],
    ['[-5:-5]', '<none>'],
  ])('containers%s', (index, out) => {
    expect(print(`CONTAINER:.spec.containers${index}.name`, pod)).toBe(`CONTAINER\n${out}\n`);
  });
  it.each([
    ['[5]', 'array index out of bounds: index 5, length 4'],
    ['[-5]', 'array index out of bounds: index -1, length 4'],
    ['[3:1]', 'starting index 3 is greater than ending index 1'],
    ['[-2:-3]', 'starting index 2 is greater than ending index 1'],
  ])('containers%s is an error', (index, message) => {
    expect(() => print(`CONTAINER:.spec.containers${index}.name`, pod)).toThrow(new PrinterError(message));
  });
});

describe('custom-columns: spec errors in kubectl words', () => {
  it.each([
    ['', 'custom-columns format specified but no custom columns given'],
    ['invalid', 'unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>'],
    ['invalid=foobar', 'unexpected custom-columns spec: invalid=foobar, expected <header>:<json-path-expr>'],
    ['invalid,foobar:blah', 'unexpected custom-columns spec: invalid, expected <header>:<json-path-expr>'],
    ['NAME:.a,', 'unexpected custom-columns spec: , expected <header>:<json-path-expr>'],
    ['A:{.a}}', "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
    ['A:{{foo.bar}', "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'"],
    ['A:.items[', 'unterminated array'],
    ['A:.x[?(@.a==1)', 'unclosed array expect ]'],
  ])('%j', (spec, message) => {
    expect(() => parseCustomColumns(spec)).toThrow(new PrinterError(message));
  });

  it('the path keeps everything after the first colon', () => {
    expect(print('A:.metadata.name:x', { metadata: { name: 'n' } })).toBe('A\n<none>\n');
  });

  it('nothing at all for a document with no items, as kubectl get prints for no resources', () => {
    expect(print('A:.a', { items: [] })).toBe('');
  });
});
