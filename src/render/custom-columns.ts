// `-o custom-columns=HEADER:PATH,…` as kubectl parses and prints it (kubectl pkg/cmd/get
// customcolumn.go): one row per item of a document that has `items`, else one row for the
// document; a path that finds nothing prints `<none>`, several values are joined by commas.

import { goSprint } from './go-values.js';
import { itemResults, parseRelaxedJsonPath, type JsonPath } from './jsonpath.js';
import { PrinterError } from './printer-error.js';
import { alignTabs } from './tabwriter.js';

export interface CustomColumn {
  header: string;
  path: JsonPath;
}

/** Parse a spec; kubectl's messages for a malformed one. */
export function parseCustomColumns(spec: string): CustomColumn[] {
  if (spec === '') throw new PrinterError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const colon = part.indexOf(':');
    if (colon < 0) throw new PrinterError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    return { header: part.slice(0, colon), path: parseRelaxedJsonPath(part.slice(colon + 1)) };
  });
}

/** The rows of a document as kubectl's custom-columns printer writes them, aligned. */
export function renderCustomColumns(columns: CustomColumn[], doc: object, noHeaders: boolean): string {
  const items = 'items' in doc && Array.isArray(doc.items) ? (doc.items as unknown[]) : [doc];
  // `kubectl get` prints nothing at all (not even the header) when there is nothing to list.
  if (items.length === 0) return '';
  const lines = noHeaders ? [] : [columns.map((c) => c.header).join('\t')];
  for (const item of items) lines.push(columns.map((c) => cell(c, item)).join('\t'));
  return alignTabs(lines.map((l) => `${l}\n`).join(''));
}

function cell(column: CustomColumn, item: unknown): string {
  const results = itemResults(column.path, item);
  const values = results[0]?.length ? [] : ['<none>'];
  for (const r of results) for (const v of r) values.push(escapeTerminal(goSprint(v)));
  return values.join(',');
}

// cli-runtime printers.EscapeTerminal: ESC as `^[`, CR as `\r`; tab and newline stay, as in
// kubectl. Every other control character (C1, NUL, bidi…) the output writer escapes as `\uXXXX`.
const escapeTerminal = (s: string) => s.replaceAll('\x1b', '^[').replaceAll('\r', '\\r');
