// How kubectl (Go) prints the values of a JSON document, for the kubectl printers
// (-o jsonpath, -o custom-columns, --sort-by). kubectl decodes JSON into unstructured
// maps: integers become int64, other numbers float64, objects map[string]interface{}.
// Go prints maps with sorted keys; this module follows the same order everywhere.

/** A byte of a string, as jsonpath's `*` yields it (Go indexes strings by byte: uint8). */
export class GoByte {
  constructor(readonly value: number) {}
}

/** A JSON value, or a byte of a string. */
export type GoValue = null | boolean | number | string | GoByte | GoValue[] | { [key: string]: GoValue };

export type GoMap = { [key: string]: GoValue };

export const isMap = (v: GoValue): v is GoMap => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GoByte);

/** Go orders strings by their UTF-8 bytes; JS compares UTF-16 code units. */
export function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export const sortedKeys = (m: GoMap): string[] => Object.keys(m).sort(compareBytes);

/**
 * A number as Go's `%v` prints it: integers (int64 in kubectl) in full, others as float64
 * with the shortest digits and an exponent from 1e+06 up or below 1e-04 (`1.2345675e+06`).
 */
export function goNumber(n: number): string {
  if (Number.isSafeInteger(n)) return String(n);
  const [mantissa = '', exp = '0'] = n.toExponential().split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace(/^-/, '').replace('.', '');
  const e = Number(exp);
  const sign = negative ? '-' : '';
  if (e < -4 || e >= 6) {
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
    const abs = Math.abs(e);
    return `${sign}${digits[0]}${frac}e${e < 0 ? '-' : '+'}${abs < 10 ? '0' : ''}${abs}`;
  }
  if (e < 0) return `${sign}0.${'0'.repeat(-e - 1)}${digits}`;
  const intPart = digits.slice(0, e + 1).padEnd(e + 1, '0');
  const frac = digits.slice(e + 1);
  return `${sign}${intPart}${frac ? `.${frac}` : ''}`;
}

/** `fmt.Sprint(v)`: strings bare, `<nil>`, `[a b]`, `map[k:v]`. */
export function goSprint(v: GoValue): string {
  if (v === null) return '<nil>';
  if (v instanceof GoByte) return String(v.value);
  if (typeof v === 'number') return goNumber(v);
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(goSprint).join(' ')}]`;
  return `map[${sortedKeys(v)
    .map((k) => `${k}:${goSprint(v[k]!)}`)
    .join(' ')}]`;
}

/** `json.Marshal(v)`: compact, sorted keys, and Go's escapes (`\u003c` for `<`, `\u2028`, …). */
export function goJson(v: GoValue): string {
  if (v === null) return 'null';
  if (v instanceof GoByte) return String(v.value);
  if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
  if (typeof v === 'string') return goJsonString(v);
  if (Array.isArray(v)) return `[${v.map(goJson).join(',')}]`;
  return `{${sortedKeys(v)
    .map((k) => `${goJsonString(k)}:${goJson(v[k]!)}`)
    .join(',')}}`;
}

const JSON_HTML_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function goJsonString(s: string): string {
  // JSON.stringify already escapes as Go does (\b \f \n \r \t, \u00XX, lone surrogates aside).
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => JSON_HTML_ESCAPES[c]!);
}

/** The Go type kubectl names in its errors (`map[string]interface {} is not array or slice`). */
export function goTypeName(v: GoValue): string {
  if (v === null) return 'interface {}';
  if (v instanceof GoByte) return 'uint8';
  if (typeof v === 'number') return Number.isSafeInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  return Array.isArray(v) ? '[]interface {}' : 'map[string]interface {}';
}

const QUOTE_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', '"': '\\"', '\\': '\\\\' };

/** Go's `%q` of a string. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (QUOTE_ESCAPES[ch]) out += QUOTE_ESCAPES[ch];
    else if (isGoPrint(ch)) out += ch;
    else if (cp < 0x80) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`;
    else out += `\\U${cp.toString(16).padStart(8, '0')}`;
  }
  return `${out}"`;
}

/** Go's `%#U` of a character: `U+002C ','`, or `U+0009` when it is not printable. */
export function goRune(ch: string): string {
  const hex = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return isGoPrint(ch) ? `U+${hex} '${ch}'` : `U+${hex}`;
}

// unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
const isGoPrint = (ch: string): boolean => ch === ' ' || /^[\p{L}\p{M}\p{N}\p{P}\p{S}]$/u.test(ch);
