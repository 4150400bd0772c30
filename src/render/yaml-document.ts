// `-o yaml`: exactly one document on stdout. Imported only by that format (cmdutil/output.ts):
// the yaml package is a large part of what a command would otherwise load at start-up.
import { Document, visit } from 'yaml';
import { CONTROL_CHARS } from '../kube/control-chars.js';

const CONTROL = new RegExp(`(?![\\t\\n])[${CONTROL_CHARS}]`, 'u');
const CONTROL_ALL = new RegExp(`(?![\\t\\n])[${CONTROL_CHARS}]`, 'gu');
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * YAML 1.2 admits no C1 control, DEL, lone surrogate or U+FFFE/U+FFFF in a stream, quoted or
 * not. A string (value or key) holding any control character is written double-quoted, and what
 * the yaml package leaves raw in it becomes YAML's `\uXXXX` / `\UXXXXXXXX` escape, so the text is
 * printable and parses back to the same string. A lone surrogate has no YAML form: U+FFFD, as Go
 * writes invalid UTF-8.
 */
export function renderYamlDocument(doc: object): string {
  // YAML 1.1's rules for when a string needs quotes, as kubectl's (go-yaml v2): a time, `yes`,
  // `on`, `y` are quoted, so that a 1.1 reader does not turn them into a timestamp or a boolean.
  const d = new Document(doc, { version: '1.1' });
  let quoted = false;
  visit(d, {
    Scalar(_key, node) {
      if (typeof node.value !== 'string' || !CONTROL.test(node.value)) return;
      node.value = node.value.replace(LONE_SURROGATE, '\uFFFD');
      node.type = 'QUOTE_DOUBLE';
      quoted = true;
    },
  });
  const text = d.toString({ lineWidth: 0 });
  return quoted ? text.replace(CONTROL_ALL, yamlEscape) : text;
}

function yamlEscape(c: string): string {
  const cp = c.codePointAt(0)!;
  return cp > 0xffff ? `\\U${cp.toString(16).padStart(8, '0')}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}
