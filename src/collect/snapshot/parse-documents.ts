// Text → plain JS values, one per YAML document (or the one JSON value), each with the line it
// starts on. Errors name the file and line. Nothing here knows about Kubernetes objects.
//
// YAML that is plainly what kubectl writes goes through the small reader of kubectl-yaml.ts, about
// twice as fast as js-yaml in a fresh process; the rest through js-yaml: on kubectl dumps it is
// 12–18 times faster than the yaml package and needs a fraction of its memory
// (examples/cluster-snapshot: 10 ms against 126 ms; one namespace's pods of the bench's 10,000-VM
// dump, 2.2 MB: 0.35 s against 6.2 s). Whatever js-yaml does not take as is — an error, aliases, a document count it disagrees on — goes to the yaml
// package, which gives the errors (message and line) and the alias limits this module always had.
// That package is imported only then: a well-formed dump never loads its 115 kB of bundled code
// (about 20 ms of a fresh process's start-up).
import jsyaml from 'js-yaml';
import { readKubectlYaml } from './kubectl-yaml.js';
import { safeJsonMessage, safeYamlMessage } from '../parse-messages.js';
import { fileError } from './input-errors.js';
import { formatMiB, MAX_FILE_BYTES } from './read-files.js';

/**
 * Aliases a document may expand. kubectl output has none; a hand-written manifest a few. A
 * "billion laughs" file needs thousands, and the yaml package stops at this count before
 * expanding anything big.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * YAML text the yaml package parses at most: it needs 20–40 times the text in memory (and about
 * half a second per MiB), so a bigger file would exhaust the heap. js-yaml (about 6 times, and 15
 * MiB/s) reads bigger ones up to MAX_FILE_BYTES, as JSON is; an error in one is then its message.
 */
export const MAX_YAML_BYTES = 32 * 1024 * 1024;

/** YAML text js-yaml parses at most (it needs about 6 times the text): a bigger file is refused. */
export const MAX_FAST_YAML_BYTES = 128 * 1024 * 1024;

// js-yaml exports its types at run time; @types/js-yaml does not declare them.
const { types } = jsyaml as unknown as { types: { merge: jsyaml.Type } };
/**
 * YAML 1.2's core schema, as the yaml package reads by default (timestamps stay strings), plus
 * merge keys (`<<:`), which go-yaml (kubectl) accepts.
 */
const FAST_SCHEMA = jsyaml.CORE_SCHEMA.extend({ implicit: [types.merge] });

export interface ParsedDocument {
  value: unknown;
  /** 1-based line where the document (or the JSON value) starts. */
  line: number;
}

/**
 * Parses a file's text. `.json` files (and text that starts like JSON) go through JSON.parse —
 * faster on a big `kubectl get -o json` and with JSON's own error messages; YAML is the fallback
 * for everything else, multi-document streams included.
 */
export async function parseDocuments(text: string, displayPath: string): Promise<ParsedDocument[]> {
  const isJsonName = /\.json$/i.test(displayPath);
  const trimmed = text.trimStart();
  if (trimmed === '') return [];
  if (isJsonName || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return [{ value: JSON.parse(text), line: lineAt(text, text.length - trimmed.length) }];
    } catch (err) {
      // A .json file must be JSON. Anything else that merely starts with `{` may be YAML flow
      // style, so YAML gets a chance (and reports its own error if it fails too) — unless it is
      // too big for YAML, when the JSON error is the useful one.
      if (isJsonName || tooBigForYaml(text)) throw jsonError(err, text, displayPath);
    }
  }
  return parseYaml(text, displayPath);
}

async function parseYaml(text: string, displayPath: string): Promise<ParsedDocument[]> {
  const fast = parseYamlFast(text, displayPath);
  if (fast) return fast;
  if (tooBigForYaml(text)) {
    throw fileError(displayPath, undefined, `YAML larger than ${formatMiB(MAX_YAML_BYTES)}; refusing to parse it: save it as JSON (kubectl get … -o json), read up to ${formatMiB(MAX_FILE_BYTES)}`);
  }
  const { LineCounter, parseAllDocuments } = await import('./yaml-package.js');
  const lineCounter = new LineCounter();
  const docs = parseAllDocuments(text, {
    lineCounter,
    prettyErrors: false, // we print our own one-line message with the file name
    merge: true, // `<<:` merge keys, as go-yaml (kubectl) accepts them
    strict: false,
  });
  // parseAllDocuments returns an EmptyStream (no documents) for comment-only input.
  const out: ParsedDocument[] = [];
  for (const doc of docs) {
    const first = doc.errors[0];
    if (first) throw fileError(displayPath, lineCounter.linePos(first.pos[0]).line, safeYamlMessage(first.message, first.code));
    const start = doc.contents?.range?.[0] ?? doc.range[0];
    const line = lineCounter.linePos(start).line;
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (err) {
      throw fileError(displayPath, line, safeYamlMessage(err instanceof Error ? err.message : String(err)));
    }
    out.push({ value, line });
  }
  return out;
}

/**
 * The kubectl reader's values, else js-yaml's reading, or undefined to leave the text to the yaml
 * package: js-yaml failed (that parser's errors are the ones reported), a value holds an alias (the yaml package expands and counts them)
 * or a map used as a key (js-yaml names it "[object Object]"), or the document count differs from
 * the one the markers give (then the lines would be wrong).
 */
function parseYamlFast(text: string, displayPath: string): ParsedDocument[] | undefined {
  if (Buffer.byteLength(text, 'utf8') > MAX_FAST_YAML_BYTES) {
    throw fileError(displayPath, undefined, `YAML larger than ${formatMiB(MAX_FAST_YAML_BYTES)}; refusing to parse it: save it as JSON (kubectl get … -o json), read up to ${formatMiB(MAX_FILE_BYTES)}`);
  }
  const lines = documentLines(text);
  const kubectl = readKubectlYaml(text);
  if (kubectl && kubectl.length === lines.length) return kubectl.map((value, i) => ({ value, line: lines[i]! }));
  let values: unknown[];
  try {
    values = jsyaml.loadAll(text, undefined, { schema: FAST_SCHEMA, filename: displayPath });
  } catch (err) {
    if (!tooBigForYaml(text)) return undefined;
    // Too big for the other parser: this error is the one to report.
    const mark = err instanceof jsyaml.YAMLException ? err.mark : undefined;
    throw fileError(displayPath, mark ? mark.line + 1 : undefined, err instanceof jsyaml.YAMLException ? err.reason : String(err));
  }
  if (lines.length !== values.length || values.some(needsYamlPackage)) return undefined;
  return values.map((value, i) => ({ value, line: lines[i]! }));
}

/**
 * Where each document of a YAML stream starts, as the yaml package reports it (1-based): the first
 * line with content of the document, or its `---` line when there is none (or content follows the
 * marker on that line). Comment-only text and what precedes the first `---` hold no document.
 */
export function documentLines(text: string): number[] {
  const starts: number[] = [];
  // The document being read: the line it starts on once known, and its marker's line.
  let current: { marker?: number; start?: number } | undefined = {};
  const close = () => {
    if (current && (current.start !== undefined || current.marker !== undefined)) starts.push(current.start ?? current.marker!);
    current = undefined;
  };
  let from = 0;
  for (let line = 1; from <= text.length; line++) {
    let to = text.indexOf('\n', from);
    if (to === -1) to = text.length;
    // Inside a document that has started, only a marker line (`---`, `...`) changes anything:
    // every other line is passed over without being cut out and matched.
    const first = text.charCodeAt(from);
    if (current?.start !== undefined && first !== DASH && first !== DOT) {
      from = to + 1;
      continue;
    }
    const l = text.slice(from, to);
    from = to + 1;
    if (/^---(?:[ \t]|$|\r$)/.test(l)) {
      close();
      const rest = l.slice(3).trim();
      current = { marker: line, ...(rest !== '' && !rest.startsWith('#') ? { start: line } : {}) };
      continue;
    }
    if (/^\.\.\.(?:[ \t]|$|\r$)/.test(l)) {
      close();
      continue;
    }
    const t = l.trim();
    if (t === '' || t.startsWith('#') || (current?.start === undefined && t.startsWith('%'))) continue;
    if (!current) current = {};
    if (current.start === undefined) current.start = line;
  }
  close();
  return starts;
}

const DASH = 0x2d;
const DOT = 0x2e;

/** An object or array that appears twice in `value` (a YAML alias), or a key that was a collection. */
function needsYamlPackage(value: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v) || Object.prototype.hasOwnProperty.call(v, COLLECTION_KEY)) return true;
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push(child);
  }
  return false;
}

const COLLECTION_KEY = String({});

function tooBigForYaml(text: string): boolean {
  return Buffer.byteLength(text, 'utf8') > MAX_YAML_BYTES;
}

function jsonError(err: unknown, text: string, displayPath: string): Error {
  const raw = err instanceof Error ? err.message : String(err);
  // Node 20: "Unexpected token } in JSON at position 42"; Node 22 appends " (line 3 column 5)".
  const pos = /at position (\d+)/.exec(raw);
  const line = pos ? lineAt(text, Number(pos[1])) : /end of JSON input/i.test(raw) ? lineAt(text, text.length) : undefined;
  return fileError(displayPath, line, safeJsonMessage(raw));
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
