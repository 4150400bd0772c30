// Labels as Kubernetes has them: kubectl's grammar for keys, values and `-l` selectors
// (k8s.io/apimachinery/pkg/util/validation IsQualifiedName, IsValidLabelValue, IsDNS1123Subdomain;
// pkg/labels/selector.go), one for every flag that takes a label (`-l`, `--node-selector`), and the
// lookup of a label by a key that comes from the cluster.

/** A label or field selector the API server would refuse (400). */
export class SelectorError extends Error {
  override name = 'SelectorError';
}

const QUALIFIED_NAME = /^(?:[A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const QUALIFIED_NAME_MAX = 63;
const DNS1123_SUBDOMAIN = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_SUBDOMAIN_MAX = 253;

/** A DNS-1123 subdomain: dot-separated labels of [a-z0-9-], each starting and ending alphanumeric; ≤ 253. */
export function isDns1123Subdomain(s: string): boolean {
  return s.length <= DNS1123_SUBDOMAIN_MAX && DNS1123_SUBDOMAIN.test(s);
}

/** A label key: `[prefix/]name`, prefix a DNS-1123 subdomain, name ≤ 63 of [A-Za-z0-9-_.] starting and ending alphanumeric. */
export function isQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1]!;
  if (parts.length === 2 && !isDns1123Subdomain(parts[0]!)) return false;
  return name.length <= QUALIFIED_NAME_MAX && QUALIFIED_NAME.test(name);
}

/** A label value: empty, or the name rule of a key. */
export function isLabelValue(value: string): boolean {
  return value === '' || (value.length <= QUALIFIED_NAME_MAX && QUALIFIED_NAME.test(value));
}

// ---- `-l` selectors -----------------------------------------------------------------------------

export type LabelOperator = 'eq' | 'neq' | 'in' | 'notin' | 'exists' | 'notexists';

export interface LabelRequirement {
  key: string;
  op: LabelOperator;
  values: string[];
}

// A key is any run of characters that cannot start an operator; isQualifiedName then judges it.
const KEY = String.raw`[^\s!=(),]+`;
const KEY_RE = new RegExp(`^${KEY}$`);
const NOT_EXISTS_RE = new RegExp(`^!\\s*(${KEY})$`);
const SET_RE = new RegExp(`^(${KEY})\\s+(in|notin)\\s*\\((.*)\\)$`);
const EQUALITY_RE = new RegExp(`^(${KEY})\\s*(==|!=|=)\\s*(.*)$`);

/**
 * Parses `app=web,tier!=db,env in (a,b),env notin (c),team,!legacy` (kubectl `-l` syntax).
 * The empty selector matches everything. Throws SelectorError on bad syntax.
 */
export function parseLabelSelector(selector: string): LabelRequirement[] {
  const reqs: LabelRequirement[] = [];
  for (const raw of splitTopLevel(selector)) {
    const part = raw.trim();
    if (part === '') {
      if (selector.trim() === '') continue;
      throw new SelectorError(`unable to parse requirement: empty requirement in "${selector}"`);
    }
    reqs.push(parseLabelRequirement(part));
  }
  return reqs;
}

function parseLabelRequirement(part: string): LabelRequirement {
  const key = (k: string): string => {
    if (!isQualifiedName(k)) throw new SelectorError(`unable to parse requirement: invalid label selector "${part}"`);
    return k;
  };
  let m = NOT_EXISTS_RE.exec(part);
  if (m) return { key: key(m[1] as string), op: 'notexists', values: [] };
  m = SET_RE.exec(part);
  if (m) {
    const k = key(m[1] as string);
    const values = (m[3] as string).split(',').map((v) => v.trim());
    if (values.length === 1 && values[0] === '') {
      throw new SelectorError(`unable to parse requirement: for 'in', 'notin' operators, values set can't be empty: "${part}"`);
    }
    for (const v of values) checkValue(v, part);
    return { key: k, op: m[2] === 'in' ? 'in' : 'notin', values };
  }
  m = EQUALITY_RE.exec(part);
  if (m) {
    const k = key(m[1] as string);
    const value = (m[3] as string).trim();
    checkValue(value, part);
    return { key: k, op: m[2] === '!=' ? 'neq' : 'eq', values: [value] };
  }
  if (KEY_RE.test(part)) return { key: key(part), op: 'exists', values: [] };
  throw new SelectorError(`unable to parse requirement: invalid label selector "${part}"`);
}

function checkValue(value: string, part: string): void {
  if (!isLabelValue(value)) throw new SelectorError(`unable to parse requirement: invalid label value "${value}" in "${part}"`);
}

/** Splits on commas outside parentheses and not escaped with a backslash (field selectors escape them). */
export function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\' && i + 1 < s.length) {
      cur += c + (s[i + 1] as string);
      i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    if (c === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  parts.push(cur);
  return parts;
}

// ---- lookups ------------------------------------------------------------------------------------

// `labels[key]` on an object parsed from JSON or YAML also finds Object.prototype's members: a
// selector on `constructor` or `toString` would see a function where there is no label, and
// `Exists` would hold on every node.

/** The label's value, or undefined when the map does not itself hold the key. */
export function labelValue(labels: Readonly<Record<string, unknown>> | null | undefined, key: string): string | undefined {
  if (!labels || !Object.hasOwn(labels, key)) return undefined;
  const v = labels[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? undefined : String(v);
}
