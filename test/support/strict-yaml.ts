// Parse YAML the way a strict YAML 1.2 parser does: the `yaml` package with errors for anything
// the spec does not allow (duplicate keys, bad escapes, wrong indentation), plus the one rule it
// does not enforce, production [1] c-printable over the whole stream: no C0 control but tab, LF
// and CR, no DEL, no C1 control but NEL, no surrogate, no U+FFFE/U+FFFF, raw or quoted.
import { parseAllDocuments } from 'yaml';

const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/** The documents of `text` as values; throws on anything a strict YAML 1.2 parser refuses. */
export function parseStrictYaml(text: string): unknown[] {
  const bad = NOT_PRINTABLE.exec(text);
  if (bad) throw new Error(`not c-printable: U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ${bad.index}`);
  const docs = parseAllDocuments(text, { version: '1.2', schema: 'core', strict: true, uniqueKeys: true, prettyErrors: false });
  if (!Array.isArray(docs)) throw new Error('not a YAML stream');
  for (const d of docs) {
    const problem = [...d.errors, ...d.warnings][0];
    if (problem) throw new Error(`YAML: ${problem.message}`);
  }
  return docs.map((d) => d.toJS({ maxAliasCount: -1 }) as unknown);
}
