// Turn KubeVirt's Go format templates (kept verbatim in src/kubevirt/constants.ts) into matchers,
// so every parser matches the real text instead of a hand-retyped regular expression. A verb's
// value never holds a control character (CONTROL_CHARS) but tab and newline: a text with an
// escape sequence where a value stands does not match, rather than yield a value with one.
import { CONTROL_CHARS } from '../../../kube/control-chars.js';

export type MatchMode = 'exact' | 'prefix' | 'contains';

/** One character of a value: anything but a control character, tab and newline allowed. */
const TEXT = `(?:[^${CONTROL_CHARS}]|[\\t\\n])`;

const VERB: Record<string, string> = {
  s: `(${TEXT}*?)`,
  v: `(${TEXT}*?)`,
  q: `("[^"${CONTROL_CHARS}]*")`,
  d: '(-?\\d+)',
  t: '(true|false)',
};

const cache = new Map<string, RegExp>();

/**
 * A RegExp for a Go `fmt` template: each verb becomes one capture group (%d → digits, %s/%v →
 * any text, lazily). `exact` anchors both ends, `prefix` only the start (used for ≤v1.2 texts that
 * carry Go's `%!(EXTRA …)` suffix), `contains` neither (the text is wrapped in another error).
 */
export function goFormatRegExp(template: string, mode: MatchMode = 'exact'): RegExp {
  const key = `${mode}\u0000${template}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let body = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    const verb = template[i + 1];
    if (c === '%' && verb !== undefined) {
      if (verb === '%') {
        body += '%';
        i++;
        continue;
      }
      const group = VERB[verb];
      if (group) {
        body += group;
        i++;
        continue;
      }
    }
    body += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  // A trailing lazy group would capture nothing in prefix/contains mode: the last one takes the rest.
  const lazy = `(${TEXT}*?)`;
  if (body.endsWith(lazy)) body = `${body.slice(0, -lazy.length)}(${TEXT}*)`;
  const re = new RegExp(mode === 'exact' ? `^${body}$` : mode === 'prefix' ? `^${body}` : body, 'u');
  cache.set(key, re);
  return re;
}

/** The verb values of `text` against `template`, or undefined when it does not match. */
export function matchGoFormat(template: string, text: string, mode: MatchMode = 'exact'): string[] | undefined {
  const m = goFormatRegExp(template, mode).exec(text);
  return m ? m.slice(1).map((g) => g ?? '') : undefined;
}

/**
 * Event messages as clusters store them: kubectl/the event recorder may prefix aggregated ones
 * with `(combined from similar events): `, and surrounding whitespace is not significant.
 */
export function normalizeEventMessage(message: string): string {
  return message.replace(/^\(combined from similar events\):\s*/, '').trim();
}
