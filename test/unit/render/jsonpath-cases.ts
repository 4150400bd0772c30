// JSONPath cases: client-go's own (util/jsonpath/jsonpath_test.go, its data as JSON, since
// kubectl's printers only ever see JSON) and more, each output checked against kubectl 1.32
// (`kubectl label --local -f DOC x=y -o jsonpath=…`, the document under `.d`). Where
// client-go's data were Go structs, the expected JSON has sorted keys, as kubectl prints maps.

export interface JsonPathCase {
  name: string;
  template: string;
  data: unknown;
  /** The output; or `error`, the message of the parse or execution error. */
  expect?: string;
  error?: string;
  /** client-go's cases say; kubectl's printers always allow missing keys. */
  allowMissingKeys?: boolean;
  /** Values taken from a map: kubectl's order is random, so compare the sorted words. */
  unordered?: boolean;
}

const types = {
  bools: [true, false, true, false],
  integers: [1, 2, 3, 4],
  floats: [1.0, 2.2, 3.3, 4.0],
  strings: ['one', 'two', 'three', 'four'],
  interfaces: [true, 'one', 1, 1.1],
  maps: [
    { name: 'one', value: 1 },
    { name: 'two', value: 2.02 },
    { name: 'three', value: 3.03 },
    { name: 'four', value: 4.04 },
  ],
  structs: [
    { name: 'one', value: 1, type: 'integer' },
    { name: 'two', value: 2.002, type: 'float' },
    { name: 'three', value: 3, type: 'integer' },
    { name: 'four', value: 4.004, type: 'float' },
  ],
};

const t = (name: string, template: string, expect: string): JsonPathCase => ({ name, template, data: types, expect, allowMissingKeys: false });

export const typesCases: JsonPathCase[] = [
  t('boolSlice', '{ .bools }', '[true,false,true,false]'),
  t('boolSliceIndex', '{ .bools[0] }', 'true'),
  t('boolSliceIndexReverse', '{ .bools[-1] }', 'false'),
  t('boolSubSlice', '{ .bools[0:2] }', 'true false'),
  t('boolSubSliceFirst2', '{ .bools[:2] }', 'true false'),
  t('boolSubSliceStep2', '{ .bools[:4:2] }', 'true true'),
  t('integerSlice', '{ .integers }', '[1,2,3,4]'),
  t('integerSliceIndex', '{ .integers[0] }', '1'),
  t('integerSliceIndexReverse', '{ .integers[-2] }', '3'),
  t('integerSubSliceFirst2', '{ .integers[0:2] }', '1 2'),
  t('integerSubSliceFirst2Alt', '{ .integers[:2] }', '1 2'),
  t('integerSubSliceStep2', '{ .integers[:4:2] }', '1 3'),
  t('floatSlice', '{ .floats }', '[1,2.2,3.3,4]'),
  t('floatSliceIndex', '{ .floats[0] }', '1'),
  t('floatSliceIndexReverse', '{ .floats[-2] }', '3.3'),
  t('floatSubSliceFirst2', '{ .floats[0:2] }', '1 2.2'),
  t('floatSubSliceFirst2Alt', '{ .floats[:2] }', '1 2.2'),
  t('floatSubSliceStep2', '{ .floats[:4:2] }', '1 3.3'),
  t('stringSlice', '{ .strings }', '["one","two","three","four"]'),
  t('stringSliceIndex', '{ .strings[0] }', 'one'),
  t('stringSliceIndexReverse', '{ .strings[-2] }', 'three'),
  t('stringSubSliceFirst2', '{ .strings[0:2] }', 'one two'),
  t('stringSubSliceFirst2Alt', '{ .strings[:2] }', 'one two'),
  t('stringSubSliceStep2', '{ .strings[:4:2] }', 'one three'),
  t('interfaceSlice', '{ .interfaces }', '[true,"one",1,1.1]'),
  t('interfaceSliceIndex', '{ .interfaces[0] }', 'true'),
  t('interfaceSliceIndexReverse', '{ .interfaces[-2] }', '1'),
  t('interfaceSubSliceFirst2', '{ .interfaces[0:2] }', 'true one'),
  t('interfaceSubSliceFirst2Alt', '{ .interfaces[:2] }', 'true one'),
  t('interfaceSubSliceStep2', '{ .interfaces[:4:2] }', 'true 1'),
  t('mapSlice', '{ .maps }', '[{"name":"one","value":1},{"name":"two","value":2.02},{"name":"three","value":3.03},{"name":"four","value":4.04}]'),
  t('mapSliceIndex', '{ .maps[0] }', '{"name":"one","value":1}'),
  t('mapSliceIndexReverse', '{ .maps[-2] }', '{"name":"three","value":3.03}'),
  t('mapSubSliceFirst2', '{ .maps[0:2] }', '{"name":"one","value":1} {"name":"two","value":2.02}'),
  t('mapSubSliceFirst2Alt', '{ .maps[:2] }', '{"name":"one","value":1} {"name":"two","value":2.02}'),
  t('mapSubSliceStepOdd', '{ .maps[::2] }', '{"name":"one","value":1} {"name":"three","value":3.03}'),
  t('mapSubSliceStepEven', '{ .maps[1::2] }', '{"name":"two","value":2.02} {"name":"four","value":4.04}'),
  t(
    'structSlice',
    '{ .structs }',
    '[{"name":"one","type":"integer","value":1},{"name":"two","type":"float","value":2.002},{"name":"three","type":"integer","value":3},{"name":"four","type":"float","value":4.004}]',
  ),
  t('structSliceIndex', '{ .structs[0] }', '{"name":"one","type":"integer","value":1}'),
  t('structSliceIndexReverse', '{ .structs[-2] }', '{"name":"three","type":"integer","value":3}'),
  t('structSubSliceFirst2', '{ .structs[0:2] }', '{"name":"one","type":"integer","value":1} {"name":"two","type":"float","value":2.002}'),
  t('structSubSliceStepOdd', '{ .structs[::2] }', '{"name":"one","type":"integer","value":1} {"name":"three","type":"integer","value":3}'),
  t('structSubSliceStepEven', '{ .structs[1::2] }', '{"name":"two","type":"float","value":2.002} {"name":"four","type":"float","value":4.004}'),
];

const store = {
  Name: 'jsonpath',
  Book: [
    { Category: 'reference', Author: 'Nigel Rees', Title: 'Sayings of the Centurey', Price: 8.95 },
    { Category: 'fiction', Author: 'Evelyn Waugh', Title: 'Sword of Honour', Price: 12.99 },
    { Category: 'fiction', Author: 'Herman Melville', Title: 'Moby Dick', Price: 8.99 },
  ],
  Bicycle: [
    { Color: 'red', Price: 19.95, IsNew: true },
    { Color: 'green', Price: 20.01, IsNew: false },
  ],
  Labels: { engieer: 10, 'web/html': 15, 'k8s-app': 20 },
  Employees: { jason: 'manager', dan: 'clerk' },
};

const s = (name: string, template: string, data: unknown, expect: string, extra: Partial<JsonPathCase> = {}): JsonPathCase => ({
  name,
  template,
  data,
  expect,
  allowMissingKeys: false,
  ...extra,
});
const fail = (name: string, template: string, data: unknown, error: string, allowMissingKeys = false): JsonPathCase => ({ name, template, data, error, allowMissingKeys });

export const storeCases: JsonPathCase[] = [
  s('plain', 'hello jsonpath', null, 'hello jsonpath'),
  s('recursive', '{..}', [1, 2, 3], '[1,2,3]'),
  s('filter', '{[?(@<5)]}', [2, 6, 3, 7], '2 3'),
  s('quote', '{"{"}', null, '{'),
  s('union', '{[1,3,4]}', [0, 1, 2, 3, 4], '1 3 4'),
  s('array', '{[0:2]}', ['Monday', 'Tudesday'], 'Monday Tudesday'),
  s('variable', 'hello {.Name}', store, 'hello jsonpath'),
  s('dict/', '{$.Labels.web/html}', store, '15'),
  s('dict/ jason', '{$.Employees.jason}', store, 'manager'),
  s('dict/ dan', '{$.Employees.dan}', store, 'clerk'),
  s('dict-', '{.Labels.k8s-app}', store, '20'),
  s('nest', '{.Bicycle[*].Color}', store, 'red green'),
  s('allarray', '{.Book[*].Author}', store, 'Nigel Rees Evelyn Waugh Herman Melville'),
  s('allfields', '{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}', store, '{red true 19.95} {green false 20.01} ', { unordered: true }),
  s('recurfields', '{..Price}', store, '19.95 20.01 8.95 12.99 8.99', { unordered: true }),
  s('recurdotfields', '{...Price}', store, '19.95 20.01 8.95 12.99 8.99', { unordered: true }),
  fail('superrecurfields', '{............................................................Price}', store, 'invalid multiple recursive descent'),
  s('allstructsSlice', '{.Bicycle}', store, '[{"Color":"red","IsNew":true,"Price":19.95},{"Color":"green","IsNew":false,"Price":20.01}]'),
  s('allstructs', '{range .Bicycle[*]}{ @ }{ " " }{end}', store, '{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} '),
  s('lastarray', '{.Book[-1:]}', store, '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}'),
  s('recurarray', '{..Book[2]}', store, '{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}'),
  s('bool', '{.Bicycle[?(@.IsNew==true)]}', store, '{"Color":"red","IsNew":true,"Price":19.95}'),
  s('nonexistent field', '{.hello}', store, '', { allowMissingKeys: true }),
  s('nonexistent field 2', 'before-{.hello}after', store, 'before-after', { allowMissingKeys: true }),
  fail('invalid identifier', '{hello}', store, 'unrecognized identifier hello'),
  fail('nonexistent field, missing keys not allowed', '{.hello}', store, 'hello is not found'),
  fail('invalid array', '{.Labels[0]}', store, 'map[string]interface {} is not array or slice'),
  fail('invalid filter operator', '{.Book[?(@.Price<>10)]}', store, 'unrecognized filter operator <>'),
  fail('redundant end', '{range .Labels.*}{@}{end}{end}', store, 'not in range, nothing to end'),
];

const points = [
  { id: 'i1', x: 4, y: -5 },
  { id: 'i2', x: -2, y: -5, z: 1 },
  { id: 'i3', x: 8, y: 3 },
  { id: 'i4', x: -6, y: -1 },
  { id: 'i5', x: 0, y: 2, z: 1 },
  { id: 'i6', x: 1, y: 4 },
];

const nodes = {
  kind: 'List',
  items: [
    {
      kind: 'None',
      metadata: { name: '127.0.0.1', labels: { 'kubernetes.io/hostname': '127.0.0.1' } },
      status: { capacity: { cpu: '4' }, ready: true, addresses: [{ type: 'LegacyHostIP', address: '127.0.0.1' }] },
    },
    {
      kind: 'None',
      metadata: { name: '127.0.0.2', labels: { 'kubernetes.io/hostname': '127.0.0.2' } },
      status: {
        capacity: { cpu: '8' },
        ready: false,
        addresses: [
          { type: 'LegacyHostIP', address: '127.0.0.2' },
          { type: 'another', address: '127.0.0.3' },
        ],
      },
    },
  ],
  users: [
    { name: 'myself', user: {} },
    { name: 'e2e', user: { username: 'admin', password: 'secret' } },
  ],
};

const pods = (names: string[][]) => ({
  items: names.map(([name, ...containers]) => ({
    metadata: { name },
    spec: { containers: containers.map((c) => ({ name: c, another: [{ name: 'value1' }, { name: 'value2' }] })) },
  })),
});
const nested = pods([
  ['pod1', 'foo', 'bar'],
  ['pod2', 'baz'],
]);

const annotated = {
  kind: 'List',
  items: [
    { kind: 'Pod', metadata: { name: 'pod1', annotations: { color: 'blue' } } },
    { kind: 'Pod', metadata: { name: 'pod2' } },
    { kind: 'Pod', metadata: { name: 'pod3', annotations: { color: 'green' } } },
    { kind: 'Pod', metadata: { name: 'pod4', annotations: { color: 'blue' } } },
  ],
};

const containers = (n: number) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  spec: { containers: Array.from({ length: n }, (_, i) => ({ image: 'radial/busyboxplus:curl', name: `fake${i}` })) },
});
const four = containers(4);
const six = containers(6);

const running = {
  kind: 'List',
  items: [
    { kind: 'Pod', metadata: { name: 'pod1' }, status: { phase: 'Running' } },
    { kind: 'Pod', metadata: { name: 'pod2' }, status: { phase: 'Running' } },
    { kind: 'Pod', metadata: { name: 'pod3' }, status: { phase: 'Running' } },
    { resourceVersion: '', selfLink: '' },
  ],
};

export const kubernetesCases: JsonPathCase[] = [
  s('exists filter', '{[?(@.z)].id}', points, 'i2 i5'),
  s('bracket key', "{[0]['id']}", points, 'i1'),
  s('range item', '{range .items[*]}{.metadata.name}, {end}{.kind}', nodes, '127.0.0.1, 127.0.0.2, List'),
  s('range item with quote', '{range .items[*]}{.metadata.name}{"\\t"}{end}', nodes, '127.0.0.1\t127.0.0.2\t'),
  s('range addresss', '{.items[*].status.addresses[*].address}', nodes, '127.0.0.1 127.0.0.2 127.0.0.3'),
  s('double range', '{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}', nodes, '127.0.0.1, 127.0.0.2, 127.0.0.3, '),
  s('item name', '{.items[*].metadata.name}', nodes, '127.0.0.1 127.0.0.2'),
  s('union nodes capacity', "{.items[*]['metadata.name', 'status.capacity']}", nodes, '127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}'),
  s('range nodes capacity', '{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}', nodes, '[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] '),
  s('user password', '{.users[?(@.name=="e2e")].user.password}', nodes, 'secret'),
  s('hostname', '{.items[0].metadata.labels.kubernetes\\.io/hostname}', nodes, '127.0.0.1'),
  s('hostname filter', '{.items[?(@.metadata.labels.kubernetes\\.io/hostname=="127.0.0.1")].kind}', nodes, 'None'),
  s('bool item', '{.items[?(@..ready==true)].metadata.name}', nodes, '127.0.0.1'),
  s('recursive name', '{..name}', nodes, '127.0.0.1 127.0.0.2 myself e2e', { unordered: true }),
  s('empty range', '{range .items[*]}{.metadata.name}{end}', { items: [] }, '', { allowMissingKeys: true }),
  s('empty nested range', '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}', { items: [] }, '', {
    allowMissingKeys: true,
  }),
  s(
    'nested range with a trailing newline',
    '{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}',
    nested,
    'pod1:foo,bar,+pod2:baz,+',
  ),
  s(
    'nested range with a trailing character within another nested range with a trailing newline',
    '{range .items[*]}{.metadata.name}{"~"}{range @.spec.containers[*]}{.name}{":"}{range @.another[*]}{.name}{","}{end}{"+"}{end}{"#"}{end}',
    nested,
    'pod1~foo:value1,value2,+bar:value1,value2,+#pod2~baz:value1,value2,+#',
  ),
  s(
    'two nested ranges at the same level with a trailing newline',
    '{range .items[*]}{.metadata.name}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\t"}{range @.spec.containers[*]}{.name}{" "}{end}{"\\n"}{end}',
    nested,
    'pod1\tfoo bar \tfoo bar \npod2\tbaz \tbaz \n',
  ),
  s('filter, some items have no annotations, missing keys allowed', '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}', annotated, 'pod1 pod4', {
    allowMissingKeys: true,
  }),
  fail('filter, some items have no annotations, missing keys not allowed', '{.items[?(@.metadata.annotations.color=="blue")].metadata.name}', annotated, 'annotations is not found'),
  s('containers[0]', '{.spec.containers[0].name}', four, 'fake0'),
  s('containers[0:0] is empty', '{.spec.containers[0:0].name}', four, ''),
  s('containers[0:-1]', '{.spec.containers[0:-1].name}', four, 'fake0 fake1 fake2'),
  fail('containers[-1:0]', '{.spec.containers[-1:0].name}', four, 'starting index 3 is greater than ending index 0'),
  s('containers[-1]', '{.spec.containers[-1].name}', four, 'fake3'),
  s('containers[-1:]', '{.spec.containers[-1:].name}', four, 'fake3'),
  s('containers[-2]', '{.spec.containers[-2].name}', four, 'fake2'),
  s('containers[-2:]', '{.spec.containers[-2:].name}', four, 'fake2 fake3'),
  s('containers[-3]', '{.spec.containers[-3].name}', four, 'fake1'),
  s('containers[-4]', '{.spec.containers[-4].name}', four, 'fake0'),
  s('containers[-4:]', '{.spec.containers[-4:].name}', four, 'fake0 fake1 fake2 fake3'),
  fail('containers[-5] is out of bounds', '{.spec.containers[-5].name}', four, 'array index out of bounds: index -1, length 4'),
  s('containers[5:5] is empty', '{.spec.containers[5:5].name}', four, ''),
  s('containers[-5:-5] is empty', '{.spec.containers[-5:-5].name}', four, ''),
  fail('containers[3:1]', '{.spec.containers[3:1].name}', four, 'starting index 3 is greater than ending index 1'),
  fail('containers[-1:-2]', '{.spec.containers[-1:-2].name}', four, 'starting index 3 is greater than ending index 2'),
  s('range over pods without selecting the last one', '{range .items[?(.status.phase=="Running")]}{.metadata.name}{" is Running\\n"}{end}', running, 'pod1 is Running\npod2 is Running\npod3 is Running\n', {
    allowMissingKeys: true,
  }),
  s('containers[0:]', '{.spec.containers[0:].name}', six, 'fake0 fake1 fake2 fake3 fake4 fake5'),
  s('containers[0:6:]', '{.spec.containers[0:6:].name}', six, 'fake0 fake1 fake2 fake3 fake4 fake5'),
  s('containers[0:6:1]', '{.spec.containers[0:6:1].name}', six, 'fake0 fake1 fake2 fake3 fake4 fake5'),
  fail('containers[0:6:0]', '{.spec.containers[0:6:0].name}', six, 'step must be > 0'),
  fail('containers[0:6:-1]', '{.spec.containers[0:6:-1].name}', six, 'step must be > 0'),
  s('containers[1:4:2]', '{.spec.containers[1:4:2].name}', six, 'fake1 fake3'),
  s('containers[1:4:3]', '{.spec.containers[1:4:3].name}', six, 'fake1'),
  s('containers[1:4:4]', '{.spec.containers[1:4:4].name}', six, 'fake1'),
  s('containers[0:6:2]', '{.spec.containers[0:6:2].name}', six, 'fake0 fake2 fake4'),
  s('containers[0:6:3]', '{.spec.containers[0:6:3].name}', six, 'fake0 fake3'),
  s('containers[0:6:5]', '{.spec.containers[0:6:5].name}', six, 'fake0 fake5'),
  s('containers[0:6:6]', '{.spec.containers[0:6:6].name}', six, 'fake0'),
];

/** client-go's parser error cases (parser_test.go). */
export const parseErrorCases: JsonPathCase[] = [
  fail('unclosed action', '{.hello', null, 'unclosed action'),
  fail('unrecognized character', '{*}', null, "unrecognized character in action: U+002A '*'"),
  fail('invalid number', '{+12.3.0}', null, 'cannot parse number +12.3.0'),
  fail('unterminated array', '{[1}', null, 'unterminated array'),
  fail('unterminated filter', '{[?(.price]}', null, 'unterminated filter'),
  fail('invalid multiple recursive descent', '{........}', null, 'invalid multiple recursive descent'),
  fail('malformed input', '{\\\\\\}', null, "unrecognized character in action: U+005C '\\'"),
];

const doc = {
  items: [
    { name: 'a', n: 3, f: 0.5, big: 1234567.5, i: 1000000, b: true, z: null, m: { k: 'v', a: 1, h: '<&>' }, l: [1, 'x', null], s: 'ab' },
    { name: 'b', n: 5, m: {} },
  ],
  e: '\u001b\u0007\b\f\u2028é😀',
  tiny: 0.00001,
  small: 0.0001,
};

const k = (name: string, template: string, expect: string, extra: Partial<JsonPathCase> = {}): JsonPathCase => ({ name, template, data: doc, expect, ...extra });
const kfail = (name: string, template: string, error: string): JsonPathCase => ({ name, template, data: doc, error });

/** What kubectl 1.32 prints for templates client-go's tests leave out. */
export const kubectlCases: JsonPathCase[] = [
  k('scalars as Go prints them', '{.items[0].n} {.items[0].f} {.items[0].big} {.items[0].i} {.items[0].b} [{.items[0].z}] {.tiny} {.small}', '3 0.5 1.2345675e+06 1000000 true [null] 1e-05 0.0001'),
  k('maps and lists as compact JSON, sorted keys, HTML escapes', '{.items[0].m} {.items[0].l}', '{"a":1,"h":"\\u003c\\u0026\\u003e","k":"v"} [1,"x",null]'),
  k('strings print raw', '{.e}', '\u001b\u0007\b\f\u2028é😀'),
  k('a map in JSON: sorted keys, numbers as Go writes them', '{.items[0:1]}', '{"b":true,"big":1234567.5,"f":0.5,"i":1000000,"l":[1,"x",null],"m":{"a":1,"h":"\\u003c\\u0026\\u003e","k":"v"},"n":3,"name":"a","s":"ab","z":null}'),
  { name: 'JSON escapes as Go writes them', template: '{@}', data: { e: doc.e }, expect: '{"e":"\\u001b\\u0007\\b\\f\\u2028é😀"}' },
  k('null list element', '{.items[0].l[-1]}', 'null'),
  k('values of one action joined by a space, actions by nothing', '{.items[0].n}{.items[*].n}', '33 5'),
  { name: 'an empty action is the whole object', template: '{}', data: { a: 1 }, expect: '{"a":1}' },
  k('@ is the whole object', '{@.items[1]}', '{"m":{},"n":5,"name":"b"}'),
  k('a bare dot finds nothing', '{.}', ''),
  k('a string wildcard yields its bytes', '{.items[0].s.*}', '97 98'),
  k('a field of a string finds nothing', '{.items[0].name.x}', ''),
  k('a field of null finds nothing', '{.items[0].z.k}', ''),
  k('a field of a list finds nothing', '{.items.name}', ''),
  k('[] is index 0', '{.items[].name}', 'a'),
  k("['a.b'] is the path .a.b", "{['items'][0]['m.k']}", 'v'),
  k('two literals in one action print the last', "{'it''s'}", 's'),
  k('escapes in literals', '{"a\\x41\\u00e9\\n"}', 'aAé\n'),
  k('escaped quote in a literal', '{"a\\"b"}', 'a"b'),
  k('numbers and booleans as literals', '{true} {1} {-2.5}', 'true 1 -2.5'),
  k('filter on a number', '{.items[?(@.n==3)].name}', 'a'),
  k('filter !=', '{.items[?(@.name!="a")].name}', 'b'),
  k('filter >=', '{.items[?(@.n>=3)].name}', 'a b'),
  k('filter on strings compares bytes', '{.items[?(@.name>"a")].name}', 'b'),
  k('empty slice at the end', '{.items[0].l[5:5]}', ''),
  k('range without end runs to the end of the template', '{range .items[*]}{.name}', 'ab'),
  kfail('a string is not an array', '{.items[0].s[0]}', 'string is not array or slice'),
  kfail('a map is not an array', '{.items[0].m[0]}', 'map[string]interface {} is not array or slice'),
  kfail('an integer is not an array', '{.items[0].n[0]}', 'int64 is not array or slice'),
  kfail('a float is not an array', '{.items[0].f[0]}', 'float64 is not array or slice'),
  kfail('a bool is not an array', '{.items[0].b[0]}', 'bool is not array or slice'),
  kfail('null cannot be filtered', '{.items[0].z[?(@.a)]}', '<nil> is not array or slice and cannot be filtered'),
  kfail('a map cannot be filtered', '{.items[0].m[?(@.a)]}', 'map[a:1 h:<&> k:v] is not array or slice and cannot be filtered'),
  kfail('a string cannot be filtered', '{.items[0].s[?(@.a)]}', 'ab is not array or slice and cannot be filtered'),
  kfail('no && in filters', '{.items[?(@.name=="a" && @.n==3)].name}', "unrecognized character in action: U+0026 '&'"),
  kfail('no =~ in filters', '{.items[?(@.name=~"a")].name}', "unrecognized character in action: U+007E '~'"),
  kfail('booleans have no order', '{.items[?(@.b<true)].name}', 'invalid type for comparison'),
  kfail('null does not compare', '{.items[?(@.z=="x")].name}', 'invalid type for comparison'),
  kfail('a map does not compare', '{.items[?(@.m=="x")].name}', 'invalid type for comparison'),
  kfail('a string and a number do not compare', '{.items[?(@.name==3)].name}', 'incompatible types for comparison'),
  kfail('a filter compares one value', '{.items[?(@.l[*]==1)].name}', 'can only compare one element at a time'),
  kfail('start after end', '{.items[1:0]}', 'starting index 1 is greater than ending index 0'),
  kfail('end beyond the list', '{.items[0:5]}', 'array index out of bounds: index 4, length 2'),
  kfail('start beyond the list', '{.items[0].l[3:1]}', 'array index out of bounds: index 3, length 3'),
  kfail('step 0', '{.items[::0]}', 'step must be > 0'),
  kfail('end outside a range', '{end}', 'not in range, nothing to end'),
  kfail('a bracket key with a space', "{.items[0]['with space']}", 'unrecognized identifier space'),
  kfail('recursive then wildcard', '{.items[0]..*}', "unrecognized character in action: U+002A '*'"),
  kfail('\\\' inside double quotes', '{"a\\\'"}', 'unquote string "a\\\'" error invalid syntax'),
  kfail('unknown escape', '{"\\q"}', 'unquote string "\\q" error invalid syntax'),
  kfail('two dots in a number', '{1.2.3}', 'cannot parse number 1.2.3'),
  kfail('a sign alone', '{-}', 'cannot parse number -'),
  kfail('a sign as index', '{.items[-]}', 'array index - is not a number'),
  kfail('spaces in an index', '{.items[ 0 ]}', 'invalid array index  0 '),
  kfail('a name as index', '{.items[0][name]}', 'invalid array index name'),
  kfail('double quotes in brackets', '{.items[*]["name"]}', 'invalid array index "name"'),
  kfail('a newline in an action', '{.items\n}', 'unclosed action'),
  kfail('a tab in an action', '{.items\t}', 'unrecognized character in action: U+0009'),
];
