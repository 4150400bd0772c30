// The JSONPath template grammar of kubectl (k8s.io/client-go/util/jsonpath, parser.go):
// text and `{…}` actions; in an action `.field`, `['key']`, `[i]`, `[a:b:c]`, `[*]`, `[a,b]`,
// `[?(@.x == "y")]`, `..`, `*`, string and number literals, `range`/`end`. Its quirks are
// kept on purpose, since templates written for kubectl must mean the same here, for example:
// `['a.b']` is the path .a.b, `[]` is index 0, a newline inside an action is an error, and
// two literals in one action print only the last.

import { goRune } from '../go-values.js';

export type Node =
  | { type: 'list'; nodes: Node[] }
  | { type: 'text'; text: string }
  | { type: 'field'; name: string }
  | { type: 'array'; params: SliceParams }
  | { type: 'filter'; left: ListNode; right: ListNode; op: string }
  | { type: 'number'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'wildcard' }
  | { type: 'recursive' }
  | { type: 'union'; lists: ListNode[] }
  | { type: 'identifier'; name: string };

export type ListNode = Extract<Node, { type: 'list' }>;

/** start, end, step of `[a:b:c]`; `derived` marks an end computed from a lone index (`[i]`). */
export type SliceParams = [SliceParam, SliceParam, SliceParam];
export interface SliceParam {
  known: boolean;
  value: number;
  derived?: boolean;
}

/** A template kubectl's parser rejects; the message is client-go's. */
export class JsonPathSyntaxError extends Error {
  override name = 'JsonPathSyntaxError';
}

const EOF = '';
const SLICE = /^(-?\d*)(:-?\d*)?(:-?\d*)?$/;
const DICT_KEY = /^'([^']*)'$/;
const FILTER = /^([^!<>=]+)([!<>=]+)(.+?)$/;

/** The root list of a template: text nodes and one list node per action. */
export function parseTemplate(text: string): ListNode {
  return new Parser(text).parse();
}

/** The nodes of one action's content, as client-go's parseAction (filters, unions, ['key']). */
function parseAction(text: string): ListNode {
  return parseTemplate(`{${text}}`).nodes[0] as ListNode;
}

class Parser {
  private readonly root: ListNode = { type: 'list', nodes: [] };
  private pos = 0;
  private start = 0;
  private width = 0;

  constructor(private readonly input: string) {}

  parse(): ListNode {
    this.parseText();
    return this.root;
  }

  private next(): string {
    if (this.pos >= this.input.length) {
      this.width = 0;
      return EOF;
    }
    const ch = String.fromCodePoint(this.input.codePointAt(this.pos)!);
    this.width = ch.length;
    this.pos += this.width;
    return ch;
  }

  private peek(): string {
    const ch = this.next();
    this.pos -= this.width;
    return ch;
  }

  private backup(): void {
    this.pos -= this.width;
  }

  private consumeText(): string {
    const value = this.input.slice(this.start, this.pos);
    this.start = this.pos;
    return value;
  }

  private rest(): string {
    return this.input.slice(this.pos);
  }

  private parseText(): void {
    for (;;) {
      if (this.rest().startsWith('{')) {
        if (this.pos > this.start) this.root.nodes.push({ type: 'text', text: this.consumeText() });
        this.pos += 1;
        this.consumeText();
        const action: ListNode = { type: 'list', nodes: [] };
        this.root.nodes.push(action);
        return this.parseInsideAction(action);
      }
      if (this.next() === EOF) break;
    }
    if (this.pos > this.start) this.root.nodes.push({ type: 'text', text: this.consumeText() });
  }

  private parseInsideAction(cur: ListNode): void {
    // A loop, not client-go's tail recursion: long templates must not exhaust the stack.
    for (;;) {
      const rest = this.rest();
      if (rest.startsWith('}')) {
        this.pos += 1;
        this.consumeText();
        return this.parseText();
      }
      if (rest.startsWith('[?(')) {
        this.parseFilter(cur);
        continue;
      }
      if (rest.startsWith('..')) {
        this.parseRecursive(cur);
        continue;
      }
      const ch = this.next();
      if (ch === EOF || ch === '\r' || ch === '\n') throw new JsonPathSyntaxError('unclosed action');
      if (ch === ' ' || ch === '@' || ch === '$') this.consumeText();
      else if (ch === '[') this.parseArray(cur);
      else if (ch === '"' || ch === "'") this.parseQuote(cur, ch);
      else if (ch === '.') this.parseField(cur);
      else if (ch === '+' || ch === '-' || isDigit(ch)) {
        this.backup();
        this.parseNumber(cur);
      } else if (isAlphaNumeric(ch)) {
        this.backup();
        this.parseIdentifier(cur);
      } else throw new JsonPathSyntaxError(`unrecognized character in action: ${goRune(ch)}`);
    }
  }

  private parseIdentifier(cur: ListNode): void {
    while (!isTerminator(this.next()));
    this.backup();
    const value = this.consumeText();
    if (value === 'true' || value === 'false') cur.nodes.push({ type: 'bool', value: value === 'true' });
    else cur.nodes.push({ type: 'identifier', name: value });
  }

  private parseRecursive(cur: ListNode): void {
    if (cur.nodes.at(-1)?.type === 'recursive') throw new JsonPathSyntaxError('invalid multiple recursive descent');
    this.pos += 2;
    this.consumeText();
    cur.nodes.push({ type: 'recursive' });
    if (isAlphaNumeric(this.peek())) this.parseField(cur);
  }

  private parseNumber(cur: ListNode): void {
    const sign = this.peek();
    if (sign === '+' || sign === '-') this.next();
    for (;;) {
      const ch = this.next();
      if (ch !== '.' && !isDigit(ch)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    // strconv.Atoi, then strconv.ParseFloat: digits with at most one dot, at least one digit.
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) throw new JsonPathSyntaxError(`cannot parse number ${value}`);
    cur.nodes.push({ type: 'number', value: Number(value) });
  }

  private parseArray(cur: ListNode): void {
    for (;;) {
      const ch = this.next();
      if (ch === EOF || ch === '\n') throw new JsonPathSyntaxError('unterminated array');
      if (ch === ']') break;
    }
    let text = this.consumeText().slice(1, -1);
    if (text === '*') text = ':';

    const parts = text.split(',');
    if (parts.length > 1) {
      cur.nodes.push({ type: 'union', lists: parts.map((p) => parseAction(`[${p.replace(/^ +| +$/g, '')}]`)) });
      return;
    }
    const key = DICT_KEY.exec(text);
    if (key) {
      cur.nodes.push(...parseAction(`.${key[1]}`).nodes);
      return;
    }
    const m = SLICE.exec(text);
    if (!m) throw new JsonPathSyntaxError(`invalid array index ${text}`);
    const params: SliceParams = [
      { known: false, value: 0 },
      { known: false, value: 0 },
      { known: false, value: 0 },
    ];
    for (let i = 0; i < 3; i++) {
      const raw = m[i + 1] ?? '';
      if (raw !== '') {
        const digits = i > 0 ? raw.slice(1) : raw;
        if (i > 0 && digits === '') continue;
        if (!/^-?\d+$/.test(digits)) throw new JsonPathSyntaxError(`array index ${digits} is not a number`);
        params[i] = { known: true, value: Number(digits) };
      } else if (i === 1) {
        // `[i]` is the slice [i:i+1]; a negative i is resolved against the length later.
        params[1] = { known: true, value: params[0].value + 1, derived: true };
      }
    }
    cur.nodes.push({ type: 'array', params });
  }

  private parseFilter(cur: ListNode): void {
    this.pos += 3;
    this.consumeText();
    let begin = false;
    let end = false;
    let pair = '';
    for (;;) {
      const ch = this.next();
      if (ch === EOF || ch === '\n') throw new JsonPathSyntaxError('unterminated filter');
      if (ch === '"' || ch === "'") {
        if (!begin) {
          begin = true;
          pair = ch;
          continue;
        }
        if (this.input[this.pos - 2] !== '\\' && ch === pair) end = true;
      } else if (ch === ')' && begin === end) break;
    }
    if (this.next() !== ']') throw new JsonPathSyntaxError('unclosed array expect ]');
    const text = this.consumeText().slice(0, -2);
    const m = FILTER.exec(text);
    if (!m) cur.nodes.push({ type: 'filter', left: parseAction(text), right: { type: 'list', nodes: [] }, op: 'exists' });
    else cur.nodes.push({ type: 'filter', left: parseAction(m[1]!), right: parseAction(m[3]!), op: m[2]! });
  }

  private parseQuote(cur: ListNode, quote: string): void {
    for (;;) {
      const ch = this.next();
      if (ch === EOF || ch === '\n') throw new JsonPathSyntaxError('unterminated quoted string');
      if (ch === quote && this.input[this.pos - 2] !== '\\') break;
    }
    const value = this.consumeText();
    const text = unquote(value);
    if (text === undefined) throw new JsonPathSyntaxError(`unquote string ${value} error invalid syntax`);
    cur.nodes.push({ type: 'text', text });
  }

  private parseField(cur: ListNode): void {
    this.consumeText();
    for (;;) {
      const ch = this.next();
      if (ch === '\\') this.next();
      else if (isTerminator(ch)) {
        this.backup();
        break;
      }
    }
    const value = this.consumeText();
    cur.nodes.push(value === '*' ? { type: 'wildcard' } : { type: 'field', name: value.replaceAll('\\', '') });
  }
}

const isDigit = (ch: string) => /^\p{Nd}$/u.test(ch);
const isAlphaNumeric = (ch: string) => ch === '_' || /^[\p{L}\p{Nd}]$/u.test(ch);
const isTerminator = (ch: string) => ' \t\r\n.,[]$@{}'.includes(ch) || ch === EOF;

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/**
 * strconv.Unquote, extended to single quotes (client-go's UnquoteExtend): Go's escapes,
 * where `\'` and `\"` are valid only inside quotes of their own kind. undefined = invalid.
 */
function unquote(s: string): string | undefined {
  const quote = s[0]!;
  if (s.length < 2 || s.at(-1) !== quote) return undefined;
  const body = s.slice(1, -1);
  if (!body.includes('\\') && !body.includes(quote)) return body;
  let out = '';
  for (let i = 0; i < body.length; ) {
    const ch = body[i]!;
    if (ch === quote) return undefined;
    if (ch !== '\\') {
      out += ch;
      i += 1;
      continue;
    }
    const e = body[i + 1];
    if (e === undefined) return undefined;
    if (SIMPLE_ESCAPES[e] !== undefined) {
      out += SIMPLE_ESCAPES[e];
      i += 2;
    } else if (e === quote) {
      out += e;
      i += 2;
    } else if (e === 'x' || e === 'u' || e === 'U') {
      const n = e === 'x' ? 2 : e === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + n);
      if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) return undefined;
      const cp = parseInt(hex, 16);
      if (e === 'x') out += String.fromCharCode(cp);
      else if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) return undefined;
      else out += String.fromCodePoint(cp);
      i += 2 + n;
    } else if (/[0-7]/.test(e)) {
      const oct = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(oct) || parseInt(oct, 8) > 255) return undefined;
      out += String.fromCharCode(parseInt(oct, 8));
      i += 4;
    } else return undefined;
  }
  return out;
}
