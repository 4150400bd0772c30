// Parser error messages that never quote the text they failed on. V8's JSON.parse says
// `Unexpected token 'r', "root:x:0:0:…" is not valid JSON`, and several yaml messages interpolate
// the source (`Unresolved tag: !…`, `Invalid escape sequence \…`): a dump or a server could make
// an error line print the first bytes of any file a symlink reaches (it once printed /etc/shadow).
// A message is kept only when it is one of the parsers' fixed texts; else a fixed phrase.

/** JSON.parse's message, without the position (callers give the line) and without quoted input. */
export function safeJsonMessage(raw: string): string {
  const m = raw.replace(/^JSON\.parse: /, '').replace(/\s*in JSON at position \d+.*$/, '');
  if (/^Unexpected token\b/.test(m)) return 'Unexpected token';
  if (/^Expected(?: (?:[a-z-]+|'[,:}\]]'))+$/i.test(m)) return m;
  if (/^(?:Bad control character in string literal|Bad escaped character|Bad Unicode escape|Unterminated string|Unexpected end of JSON input|Unexpected non-whitespace character after JSON|Unexpected (?:number|string))$/.test(m)) return m;
  return 'invalid JSON';
}

// yaml's messages that interpolate nothing from the input (yaml 2.x compose/parse sources).
const FIXED_YAML = new Set([
  'An alias node must not specify any properties',
  'Alias cannot be an empty string',
  'Alias ending in : is ambiguous',
  'Anchor cannot be an empty string',
  'Anchor ending in : is ambiguous',
  'All sequence items must start at the same column',
  'A block sequence may not be used as an implicit map key',
  'Nested mappings are not allowed in compact mappings',
  'Map keys must be unique',
  'Block scalar header not found',
  'Map comment with trailing content',
  'Missing closing "quote',
  "Missing closing 'quote",
  'Block collection cannot start on same line with directives-end marker',
  'Comments must be separated from other tokens by white space characters',
  'Implicit map keys need to be followed by map values',
  'Missing directives-end indicator line',
  'Missing directives-end/doc-start indicator line',
  'Sequence item without - indicator',
  'Tags and anchors must be separated from the next token by white space',
  'Implicit keys need to be on a single line',
  'Implicit keys of flow sequence pairs need to be on a single line',
  'A node can have at most one anchor',
  'A node can have at most one tag',
  'Tabs are not allowed as indentation',
  'Excessive alias count indicates a resource exhaustion attack',
  'Maximum call stack size exceeded',
]);
// Messages whose only interpolation is the parser's own vocabulary (token types, flow kinds).
const FIXED_YAML_SHAPES = [
  /^(?:Missing , between|Missing , or : between|Unexpected empty item in) flow (?:map|sequence|collection) items?$/,
  /^(?:Missing space after : in|Unexpected , in) flow (?:map|sequence|collection)$/,
  /^Unexpected [a-z-]+ (?:at node end|token)$/,
  /^Expected a flow scalar value, but found: [a-z-]+$/,
];
const YAML_CODE_PHRASES: Record<string, string> = {
  BAD_DQ_ESCAPE: 'Invalid escape sequence in a double-quoted string',
  BAD_PROP_ORDER: 'Anchors and tags must come after the indicator',
  BAD_SCALAR_START: 'A plain value cannot start with this character',
  BAD_COLLECTION_TYPE: 'A tag used for the wrong type of collection',
  TAG_RESOLVE_FAILED: 'Unresolved tag',
  UNEXPECTED_TOKEN: 'Unexpected token',
  BAD_ALIAS: 'Unresolved alias',
};

/** A yaml error's message if it is a fixed text, else a phrase for its code. */
export function safeYamlMessage(message: string, code?: string): string {
  const first = message.split('\n', 1)[0]!.trim();
  if (FIXED_YAML.has(first) || FIXED_YAML_SHAPES.some((r) => r.test(first))) return first;
  if (/^Unresolved alias\b/.test(first)) return YAML_CODE_PHRASES.BAD_ALIAS!;
  return (code && YAML_CODE_PHRASES[code]) || 'invalid YAML';
}
