import { describe, expect, it } from 'vitest';
import { executeJsonPath, jsonPathPrinter, JsonPathExecError, JsonPathSyntaxError, parseJsonPath, relaxedJsonPath } from '../../../src/render/jsonpath.js';
import type { Node } from '../../../src/render/jsonpath/parse.js';
import { PrinterError } from '../../../src/render/printer-error.js';
import { kubectlCases, kubernetesCases, parseErrorCases, storeCases, typesCases, type JsonPathCase } from './jsonpath-cases.js';

function run(c: JsonPathCase): string {
  return executeJsonPath(parseJsonPath(c.template), c.data, c.allowMissingKeys ?? true);
}

function check(c: JsonPathCase): void {
  if (c.error !== undefined) {
    let err: unknown;
    try {
      run(c);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Error);
    expect([JsonPathSyntaxError, JsonPathExecError].some((k) => err instanceof k)).toBe(true);
    expect((err as Error).message).toBe(c.error);
    return;
  }
  expect(run(c)).toBe(c.expect);
}

describe('jsonpath: client-go cases', () => {
  it.each(typesCases.map((c) => [c.name, c]))('types %s', (_n, c) => check(c));
  it.each(storeCases.map((c) => [c.name, c]))('store %s', (_n, c) => check(c));
  it.each(kubernetesCases.map((c) => [c.name, c]))('kubernetes %s', (_n, c) => check(c));
  it.each(parseErrorCases.map((c) => [c.name, c]))('parse error %s', (_n, c) => check(c));
});

describe('jsonpath: kubectl 1.32 behaviour', () => {
  it.each(kubectlCases.map((c) => [c.name, c]))('%s', (_n, c) => check(c));
});

// client-go parser_test.go: the node sequence of each template, depth first.
function flat(nodes: Node[]): string[] {
  return nodes.flatMap((n): string[] => {
    switch (n.type) {
      case 'list':
        return ['list', ...flat(n.nodes)];
      case 'filter':
        return [`filter ${n.op}`, ...flat([n.left, n.right])];
      case 'union':
        return ['union', ...flat(n.lists)];
      case 'array':
        return [`array ${n.params.map((p) => `${p.value}/${p.known}/${p.derived ?? false}`).join(',')}`];
      case 'text':
        return [`text ${n.text}`];
      case 'field':
        return [`field ${n.name}`];
      case 'identifier':
        return [`id ${n.name}`];
      case 'number':
      case 'bool':
        return [`${n.type} ${n.value}`];
      default:
        return [n.type];
    }
  });
}

const parserCases: [string, string, string[]][] = [
  ['plain', 'hello jsonpath', ['text hello jsonpath']],
  ['variable', 'hello {.jsonpath}', ['text hello ', 'list', 'field jsonpath']],
  ['arrayfiled', "hello {['jsonpath']}", ['text hello ', 'list', 'field jsonpath']],
  ['quote', '{"{"}', ['list', 'text {']],
  ['array', '{[1:3]}', ['list', 'array 1/true/false,3/true/false,0/false/false']],
  ['allarray', '{.book[*].author}', ['list', 'field book', 'array 0/false/false,0/false/false,0/false/false', 'field author']],
  ['wildcard', '{.bicycle.*}', ['list', 'field bicycle', 'wildcard']],
  ['filter', '{[?(@.price<3)]}', ['list', 'filter <', 'list', 'field price', 'list', 'number 3']],
  ['recursive', '{..}', ['list', 'recursive']],
  ['recurField', '{..price}', ['list', 'recursive', 'field price']],
  ['arraydict', "{['book.price']}", ['list', 'field book', 'field price']],
  [
    'union',
    "{['bicycle.price', 3, 'book.price']}",
    ['list', 'union', 'list', 'field bicycle', 'field price', 'list', 'array 3/true/false,4/true/true,0/false/false', 'list', 'field book', 'field price'],
  ],
  ['range', '{range .items}{.name},{end}', ['list', 'id range', 'field items', 'list', 'field name', 'text ,', 'list', 'id end']],
  ['paired parentheses in quotes', '{[?(@.status.nodeInfo.osImage == "()")]}', ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', 'text ()']],
  [
    'paired parentheses in double quotes and with double quotes escape',
    '{[?(@.status.nodeInfo.osImage == "(\\"\\")")]}',
    ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', 'text ("")'],
  ],
  ['unregular parentheses in double quotes', '{[?(@.test == "())(")]}', ['list', 'filter ==', 'list', 'field test', 'list', 'text ())(']],
  ['plain text in single quotes', "{[?(@.status.nodeInfo.osImage == 'Linux')]}", ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', 'text Linux']],
  ['test filter suffix', '{[?(@.status.nodeInfo.osImage == "{[()]}")]}', ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', 'text {[()]}']],
  ['double inside single', `{[?(@.status.nodeInfo.osImage == "''")]}`, ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', "text ''"]],
  ['single inside double', `{[?(@.status.nodeInfo.osImage == '""')]}`, ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', 'text ""']],
  ['single containing escaped single', "{[?(@.status.nodeInfo.osImage == '\\\\\\'')]}", ['list', 'filter ==', 'list', 'field status', 'field nodeInfo', 'field osImage', 'list', "text \\'"]],
  ['negative index slice, a[len-5] to a[len-1]', '{[-5:]}', ['list', 'array -5/true/false,0/false/false,0/false/false']],
  ['negative index slice, a[len-1]', '{[-1]}', ['list', 'array -1/true/false,0/true/true,0/false/false']],
  ['negative index slice, a[1] to a[len-1]', '{[1:-1]}', ['list', 'array 1/true/false,-1/true/false,0/false/false']],
];

describe('jsonpath: client-go parser cases', () => {
  it.each(parserCases)('%s', (_n, template, nodes) => {
    expect(flat(parseJsonPath(template).root.nodes)).toEqual(nodes);
  });
});

describe('-o jsonpath printer: kubectl wording', () => {
  const message = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(PrinterError);
      return (e as Error).message;
    }
    throw new Error('no error');
  };

  it('prints the template over the document, no newline added', () => {
    expect(jsonPathPrinter('{.items[*].name}')({ items: [{ name: 'a' }, { name: 'b' }] })).toBe('a b');
  });

  it('sees the document as -o json prints it (undefined fields are absent)', () => {
    expect(jsonPathPrinter('{.a}|{.b}')({ a: undefined, b: 1 })).toBe('|1');
  });

  it('an empty template', () => {
    expect(message(() => jsonPathPrinter(''))).toBe('template format specified but no template given');
  });

  it('a parse error names the template', () => {
    expect(message(() => jsonPathPrinter('{.items[*].name, unclosed'))).toBe("error parsing jsonpath {.items[*].name, unclosed, unrecognized character in action: U+002C ','");
    expect(message(() => jsonPathPrinter('{.a'))).toBe('error parsing jsonpath {.a, unclosed action');
  });

  it('an execution error quotes the template as Go does', () => {
    const print = jsonPathPrinter('{.items[?(@.z=="x")].name}');
    expect(message(() => print({ items: [{ z: null }] }))).toBe('error executing jsonpath "{.items[?(@.z==\\"x\\")].name}": Error executing template: invalid type for comparison');
    expect(message(() => jsonPathPrinter('{.items[5]}')({ items: [1, 2] }))).toBe('error executing jsonpath "{.items[5]}": Error executing template: array index out of bounds: index 5, length 2');
  });

  it('numbers compare as numbers, integer or not (kubectl refuses int64 against float64)', () => {
    expect(jsonPathPrinter('{.items[?(@.p>2.5)].n}')({ items: [{ n: 'a', p: 3 }, { n: 'b', p: 2.75 }, { n: 'c', p: 2 }] })).toBe('a b');
  });
});

describe('relaxed paths (custom-columns, --sort-by)', () => {
  it.each([
    ['metadata.name', '{.metadata.name}'],
    ['.metadata.name', '{.metadata.name}'],
    ['{metadata.name}', '{.metadata.name}'],
    ['{.metadata.name}', '{.metadata.name}'],
    ['', ''],
  ])('%s', (input, out) => expect(relaxedJsonPath(input)).toBe(out));

  it.each(['{.a', '.a}', '{.a}{.b}', '{.a}}'])('refuses %s', (input) => {
    expect(() => relaxedJsonPath(input)).toThrow("unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'");
  });
});
