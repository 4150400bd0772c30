// The block YAML that `kubectl get -o yaml` writes (go-yaml): maps, lists, plain and quoted
// scalars (long ones folded over lines), literal and folded blocks, `{}` and `[]`. Read line by
// line, a dump takes about half the time js-yaml needs in a fresh process, when nothing is
// compiled yet (examples/cluster-snapshot; the time of `--from` commands). Whatever is not
// plainly of that shape (anchors, tags, flow collections, comments after a value, tabs, unusual
// characters…) makes the reader give up, and the text goes to js-yaml (parse-documents.ts): a
// value read here is one js-yaml reads the same. Plain scalars are typed by js-yaml's own core
// schema resolvers, so `1`, `true`, `~` and `0x1F` mean what they mean there.
import jsyaml from 'js-yaml';

// js-yaml exports its types at run time; @types/js-yaml does not declare them.
const { types } = jsyaml as unknown as { types: Record<'null' | 'bool' | 'int' | 'float', jsyaml.Type> };
/** The implicit types of YAML 1.2's core schema, in the order js-yaml tries them. */
const IMPLICIT = [types.null, types.bool, types.int, types.float];

/** Anything but newline, printable ASCII and printable BMP text (no tab, CR, BOM or surrogate). */
const UNUSUAL = /[^\n\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd]/;
/** First characters a plain scalar or key may not have here (YAML indicators, or too rare to handle). */
const INDICATOR = /^[-?:,[\]{}#&*!|>'"%@`]/;
/** A double-quoted scalar on one line, with JSON's escapes only (a subset of YAML's). */
const DOUBLE_QUOTED = /"((?:[^"\\]|\\["\\/bfnrtu])*)"/y;

const SPACE = 0x20;
const DASH = 0x2d;
const HASH = 0x23;

/** Thrown inside the reader for any text it does not take; never leaves this module. */
const GIVE_UP = new Error('not kubectl YAML');
/** js-yaml's default maxDepth. */
const MAX_DEPTH = 100;

/** One value per document, or undefined when the text is not plainly what kubectl writes. */
export function readKubectlYaml(text: string): unknown[] | undefined {
  if (UNUSUAL.test(text)) return undefined;
  try {
    return new Reader(text.split('\n')).documents();
  } catch (err) {
    if (err === GIVE_UP) return undefined;
    throw err;
  }
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === SPACE) n++;
  return n;
}

function trimSpaces(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === SPACE) a++;
  while (b > a && s.charCodeAt(b - 1) === SPACE) b--;
  return s.slice(a, b);
}

function isItem(line: string, at: number): boolean {
  return line.charCodeAt(at) === DASH && (line.length === at + 1 || line.charCodeAt(at + 1) === SPACE);
}

/** What the core schema's null, bool, int and float can start with: any other text is a string. */
const TYPED_START = /^[-+.0-9~nNtTfF]/;

function resolvePlain(s: string): unknown {
  if (s === '<<') throw GIVE_UP; // a merge key: js-yaml's business
  if (!TYPED_START.test(s)) return s;
  for (const type of IMPLICIT) if (type.resolve(s)) return type.construct(s);
  return s;
}

class Reader {
  /** The next line to read. */
  private i = 0;
  /** The end (exclusive) of the current document's lines. */
  private end = 0;
  /** Collections open now: deeper than js-yaml's own limit goes to js-yaml, which says so (no stack overflow here). */
  private depth = 0;

  constructor(private readonly lines: string[]) {}

  documents(): unknown[] {
    // Split at `---` lines; `...`, directives and content after a marker are left to js-yaml.
    const bounds: number[] = [];
    for (let n = 0; n < this.lines.length; n++) {
      const l = this.lines[n]!;
      const c = l.charCodeAt(0);
      if (c === 0x25 /* % */ || (c === 0x2e /* . */ && /^\.\.\.(?: |$)/.test(l))) throw GIVE_UP;
      if (c === DASH && /^---(?: |$)/.test(l)) {
        if (trimSpaces(l.slice(3)) !== '') throw GIVE_UP;
        bounds.push(n);
      }
    }
    const docs: unknown[] = [];
    let from = 0;
    for (const [k, to] of [...bounds, this.lines.length].entries()) {
      // What precedes the first marker is a document only if it holds content.
      if (k > 0 || this.nextContent(from, to) !== -1) docs.push(this.document(from, to));
      from = to + 1;
    }
    return docs;
  }

  private document(from: number, to: number): unknown {
    this.end = to;
    const first = this.nextContent(from);
    if (first === -1) return null;
    this.i = first;
    const value = this.block(indentOf(this.lines[first]!));
    if (this.nextContent(this.i) !== -1) throw GIVE_UP;
    return value;
  }

  /** The first line from `from` that is neither blank nor a comment, or -1. */
  private nextContent(from: number, to = this.end): number {
    for (let n = from; n < to; n++) {
      const l = this.lines[n]!;
      const at = indentOf(l);
      if (at < l.length && l.charCodeAt(at) !== HASH) return n;
    }
    return -1;
  }

  /** A map or list whose first line (this.i) is indented by `indent`. */
  private block(indent: number): unknown {
    const l = this.lines[this.i]!;
    if (isItem(l, indent)) return this.sequence(indent);
    return this.mapping(indent, indent);
  }

  private sequence(indent: number): unknown[] {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
    const out: unknown[] = [];
    for (;;) {
      const n = this.nextContent(this.i);
      if (n === -1) break;
      const l = this.lines[n]!;
      const at = indentOf(l);
      if (at > indent) throw GIVE_UP;
      if (at < indent || !isItem(l, at)) break;
      this.i = n;
      out.push(this.item(l, at));
    }
    this.depth--;
    return out;
  }

  /** The value of the list item on line this.i, whose `-` is at `dash`. */
  private item(l: string, dash: number): unknown {
    let c = dash + 1;
    while (l.charCodeAt(c) === SPACE) c++;
    if (c >= l.length) {
      // `-` alone: the value is the block below, or null.
      const n = this.nextContent(this.i + 1);
      if (n !== -1 && indentOf(this.lines[n]!) > dash) {
        this.i = n;
        return this.block(indentOf(this.lines[n]!));
      }
      this.i++;
      return null;
    }
    if (isItem(l, c)) throw GIVE_UP; // `- - x`
    if (this.keyAt(l, c)) return this.mapping(c, c, true);
    return this.value(l, c, dash, false);
  }

  /**
   * A map indented by `indent`. `first`: the column of its first key on line this.i when that
   * line is a list item's (`- key: value`).
   */
  private mapping(indent: number, first: number, onItemLine = false): Record<string, unknown> {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
    const out: Record<string, unknown> = {};
    if (onItemLine) this.entry(out, this.lines[this.i]!, first, indent);
    for (;;) {
      const n = this.nextContent(this.i);
      if (n === -1) break;
      const l = this.lines[n]!;
      const at = indentOf(l);
      if (at < indent) break;
      if (at > indent) throw GIVE_UP;
      this.i = n;
      this.entry(out, l, at, indent);
    }
    this.depth--;
    return out;
  }

  private entry(out: Record<string, unknown>, l: string, at: number, indent: number): void {
    const key = this.keyAt(l, at);
    if (!key) throw GIVE_UP;
    if (key.name === '__proto__' || Object.prototype.hasOwnProperty.call(out, key.name)) throw GIVE_UP;
    out[key.name] = this.value(l, key.after, indent, true);
  }

  /** The key of a `key: value` (or `key:`) entry starting at column `at`, or undefined when there is none. */
  private keyAt(l: string, at: number): { name: string; after: number } | undefined {
    const q = l.charCodeAt(at);
    if (q === 0x22 /* " */ || q === 0x27 /* ' */) {
      const close = l.indexOf(q === 0x22 ? '"' : "'", at + 1);
      if (close === -1 || l.charCodeAt(close + 1) !== 0x3a /* : */) return undefined;
      const name = l.slice(at + 1, close);
      // Escapes, doubled quotes: left to js-yaml.
      if (name.includes('\\') || name.includes("'") || (close + 2 < l.length && l.charCodeAt(close + 2) !== SPACE)) throw GIVE_UP;
      return { name, after: close + 2 };
    }
    let colon = l.indexOf(': ', at);
    if (colon === -1) {
      if (!l.endsWith(':') || l.length - 1 <= at) return undefined;
      colon = l.length - 1;
    }
    const raw = l.slice(at, colon);
    if (raw === '' || INDICATOR.test(raw) || raw.endsWith(' ') || raw.includes(' #')) throw GIVE_UP;
    return { name: String(resolvePlain(raw)), after: colon + 1 };
  }

  /**
   * The value that starts at column `at` of line this.i (after `key:` or `- `), and those of its
   * lines that follow. `parent`: the indent of the map or list it belongs to; `inMap`: a map's
   * value may be a list at the map's own indent (`key:` then `- item`, as kubectl writes it).
   */
  private value(l: string, at: number, parent: number, inMap: boolean): unknown {
    while (l.charCodeAt(at) === SPACE) at++;
    if (at >= l.length) {
      const n = this.nextContent(this.i + 1);
      if (n !== -1) {
        const below = this.lines[n]!;
        const indent = indentOf(below);
        if (indent > parent || (inMap && indent === parent && isItem(below, indent))) {
          this.i = n;
          return this.block(indent);
        }
      }
      this.i++;
      return null;
    }
    const rest = l.slice(at);
    const c = rest.charCodeAt(0);
    if (c === 0x27 /* ' */ || c === 0x22 /* " */) return this.quoted(l, at, parent);
    if (c === 0x7c /* | */ || c === 0x3e /* > */) return this.literal(rest, parent);
    const text = trimSpaces(rest);
    this.i++;
    if (text === '{}') return {};
    if (text === '[]') return [];
    if ((INDICATOR.test(text) && !(c === DASH && text.length > 1 && text.charCodeAt(1) !== SPACE)) || text.includes(' #') || text.includes(': ') || text.endsWith(':')) {
      throw GIVE_UP;
    }
    return resolvePlain(this.folded(text, parent));
  }

  /** A plain scalar and the more indented lines that continue it, folded as YAML folds them. */
  private folded(first: string, parent: number): string {
    let out = first;
    let blanks = 0;
    for (let n = this.i; n < this.end; n++) {
      const l = this.lines[n]!;
      const at = indentOf(l);
      if (at === l.length) {
        blanks++;
        continue;
      }
      if (at <= parent) break;
      const part = trimSpaces(l);
      if (INDICATOR.test(part) || part.includes(' #') || part.includes(': ') || part.endsWith(':')) throw GIVE_UP;
      out += (blanks > 0 ? '\n'.repeat(blanks) : ' ') + part;
      blanks = 0;
      this.i = n + 1;
    }
    return out;
  }

  /** A single- or double-quoted scalar opening at column `at` of line this.i. */
  private quoted(l: string, at: number, parent: number): string {
    const double = l.charCodeAt(at) === 0x22;
    if (double) {
      DOUBLE_QUOTED.lastIndex = at;
      const m = DOUBLE_QUOTED.exec(l);
      if (m) {
        this.closed(l, DOUBLE_QUOTED.lastIndex);
        return m[1]!.includes('\\') ? (JSON.parse(m[0]) as string) : m[1]!;
      }
    }
    // Single-quoted, or double-quoted over several lines (then without escapes): YAML folds
    // each line break to a space, or to one newline per empty line.
    const quote = double ? '"' : "'";
    let n = this.i;
    let line = l;
    let from = at + 1;
    let out = '';
    let blanks = 0;
    for (let part = 0; ; part++) {
      let close = line.indexOf(quote, from);
      while (!double && close !== -1 && line.charCodeAt(close + 1) === 0x27) close = line.indexOf(quote, close + 2);
      const last = close !== -1;
      const raw = line.slice(from, last ? close : line.length);
      if (double && raw.includes('\\')) throw GIVE_UP;
      // Spaces around a line break are not content; those inside a one-line scalar are.
      const text = part === 0 ? (last ? raw : raw.replace(/ +$/, '')) : last ? raw.replace(/^ +/, '') : trimSpaces(raw);
      if (text === '' && part > 0 && !last) {
        blanks++;
      } else {
        // An empty first or last line of a folded scalar folds differently: js-yaml's business.
        if (text === '' && (part > 0 || !last)) throw GIVE_UP;
        if (part > 0) out += blanks > 0 ? '\n'.repeat(blanks) : ' ';
        out += double ? text : text.replace(/''/g, "'");
        blanks = 0;
      }
      if (close !== -1) {
        this.i = n;
        this.closed(line, close + 1);
        return out;
      }
      n++;
      if (n >= this.end) throw GIVE_UP;
      line = this.lines[n]!;
      const indent = indentOf(line);
      if (indent < line.length && indent <= parent) throw GIVE_UP;
      from = 0;
    }
  }

  /** After a closing quote: nothing but spaces may follow on the line. */
  private closed(l: string, after: number): void {
    if (trimSpaces(l.slice(after)) !== '') throw GIVE_UP;
    this.i++;
  }

  /**
   * A block scalar (`|`, `|-`, `>`, `>-`): the more indented lines below, as they are (literal)
   * or folded as YAML folds them (a line break between two lines of text becomes a space).
   */
  private literal(header: string, parent: number): string {
    const h = trimSpaces(header);
    // Keep-chomping (`|+`), indentation indicators and comments: js-yaml's business.
    if (h !== '|' && h !== '|-' && h !== '>' && h !== '>-') throw GIVE_UP;
    const folding = h.startsWith('>');
    const body: string[] = [];
    let indent = -1;
    let lastContent = -1;
    let n = this.i + 1;
    for (; n < this.end; n++) {
      const l = this.lines[n]!;
      const at = indentOf(l);
      if (at === l.length) {
        // A blank line with more spaces than the block's indentation holds content: left to js-yaml.
        if (at > 0 && (indent === -1 || at > indent)) throw GIVE_UP;
        body.push('');
        continue;
      }
      if (indent === -1) {
        if (at <= parent) break;
        indent = at;
      }
      if (at < indent) {
        if (at > parent) throw GIVE_UP;
        break;
      }
      body.push(l.slice(indent));
      lastContent = n;
    }
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    // The last line of a file without a final newline has no line break to keep.
    if (lastContent === -1 || lastContent === this.lines.length - 1) throw GIVE_UP;
    this.i = n;
    let out = '';
    let empty = 0;
    let read = false;
    let moreIndented = false;
    for (const line of body) {
      if (line === '') {
        empty++;
        continue;
      }
      // Empty lines are kept; in a folded block, so is every break next to a more indented line.
      if (!folding) out += '\n'.repeat(read ? 1 + empty : empty);
      else if (line.charCodeAt(0) === SPACE) {
        moreIndented = true;
        out += '\n'.repeat(read ? 1 + empty : empty);
      } else if (moreIndented) {
        moreIndented = false;
        out += '\n'.repeat(empty + 1);
      } else if (empty === 0) {
        if (read) out += ' ';
      } else out += '\n'.repeat(empty);
      out += line;
      read = true;
      empty = 0;
    }
    return h.endsWith('-') ? out : out + '\n';
  }
}
