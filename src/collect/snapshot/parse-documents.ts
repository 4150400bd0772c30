// Text → plain JS values, one per YAML document (or the one JSON value), each with the line it
// starts on. Errors name the file and line. Nothing here knows about Kubernetes objects.
import { LineCounter, parseAllDocuments } from 'yaml';
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
 * YAML text parsed at most: the yaml package needs 20–40 times the text in memory (and about half
 * a second per MiB), so a bigger file would exhaust the heap; JSON costs a few times its size and
 * is read up to MAX_FILE_BYTES.
 */
export const MAX_YAML_BYTES = 32 * 1024 * 1024;

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
export function parseDocuments(text: string, displayPath: string): ParsedDocument[] {
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

function parseYaml(text: string, displayPath: string): ParsedDocument[] {
  if (tooBigForYaml(text)) {
    throw fileError(displayPath, undefined, `YAML larger than ${formatMiB(MAX_YAML_BYTES)}; refusing to parse it: save it as JSON (kubectl get … -o json), read up to ${formatMiB(MAX_FILE_BYTES)}`);
  }
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
