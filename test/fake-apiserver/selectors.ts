// Label and field selectors with kube-apiserver semantics: set-based label requirements
// (in/notin/exists/!exists, `!=` matching objects without the key) and per-resource field labels
// (an unsupported field is a 400, as on a real server — CRDs only support metadata.name/namespace).

import type { ResourceId } from '../../src/kube/resources.js';
import { isLabelValue, isQualifiedName } from '../../src/kube/labels.js';

export class SelectorError extends Error {}

type LabelOp = 'eq' | 'neq' | 'in' | 'notin' | 'exists' | '!exists' | 'gt' | 'lt';
interface LabelRequirement {
  key: string;
  op: LabelOp;
  values: string[];
}

export type LabelMatcher = (labels: Record<string, string> | undefined) => boolean;

/** Split on commas outside parentheses: `a in (x,y),b` → [`a in (x,y)`, `b`]. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  parts.push(cur);
  return parts;
}

function parseRequirement(raw: string): LabelRequirement {
  const text = raw.trim();
  const fail = (): never => {
    throw new SelectorError(`unable to parse requirement: invalid label selector requirement "${text}"`);
  };
  let m: RegExpExecArray | null;
  let req: LabelRequirement;
  if ((m = /^!\s*([^\s!=<>(),]+)$/.exec(text))) {
    req = { key: m[1]!, op: '!exists', values: [] };
  } else if ((m = /^([^\s!=<>(),]+)\s+(in|notin)\s*\(([^()]*)\)$/.exec(text))) {
    const values = m[3]!.split(',').map((v) => v.trim());
    req = { key: m[1]!, op: m[2] === 'in' ? 'in' : 'notin', values };
  } else if ((m = /^([^\s!=<>(),]+)\s*(==|=|!=)\s*([^\s!=<>(),]*)$/.exec(text))) {
    req = { key: m[1]!, op: m[2] === '!=' ? 'neq' : 'eq', values: [m[3]!] };
  } else if ((m = /^([^\s!=<>(),]+)\s*([<>])\s*(-?\d+)$/.exec(text))) {
    req = { key: m[1]!, op: m[2] === '>' ? 'gt' : 'lt', values: [m[3]!] };
  } else if ((m = /^([^\s!=<>(),]+)$/.exec(text))) {
    req = { key: m[1]!, op: 'exists', values: [] };
  } else {
    return fail();
  }
  if (!isQualifiedName(req.key)) fail();
  if ((req.op === 'eq' || req.op === 'neq' || req.op === 'in' || req.op === 'notin') && !req.values.every(isLabelValue)) fail();
  return req;
}

function matchRequirement(r: LabelRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  switch (r.op) {
    case 'exists':
      return has;
    case '!exists':
      return !has;
    case 'eq':
    case 'in':
      return has && r.values.includes(v ?? '');
    case 'neq':
    case 'notin':
      // Kubernetes: a missing key satisfies `!=` and `notin`.
      return !has || !r.values.includes(v ?? '');
    case 'gt':
    case 'lt': {
      if (!has || v === undefined || !/^-?\d+$/.test(v)) return false;
      const n = Number(v);
      const limit = Number(r.values[0]);
      return r.op === 'gt' ? n > limit : n < limit;
    }
  }
}

/** Parse a labelSelector query value; empty means "everything". Throws SelectorError. */
export function parseLabelSelector(selector: string | null | undefined): LabelMatcher {
  if (!selector || selector.trim() === '') return () => true;
  const reqs = splitTopLevel(selector).map(parseRequirement);
  return (labels) => reqs.every((r) => matchRequirement(r, labels ?? {}));
}

// ---- field selectors ----

interface FieldRequirement {
  field: string;
  negate: boolean;
  value: string;
}

export type FieldMatcher = (obj: Record<string, unknown>) => boolean;

/** Field labels each resource supports besides metadata.name/metadata.namespace (pkg/registry/.../strategy.go). */
const EXTRA_FIELDS: Partial<Record<ResourceId, readonly string[]>> = {
  pod: [
    'spec.nodeName',
    'spec.restartPolicy',
    'spec.schedulerName',
    'spec.serviceAccountName',
    'spec.hostNetwork',
    'status.phase',
    'status.podIP',
    'status.nominatedNodeName',
  ],
  event: [
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.name',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'involvedObject.resourceVersion',
    'involvedObject.fieldPath',
    'reason',
    'reportingComponent',
    'source',
    'type',
  ],
  node: ['spec.unschedulable'],
  namespace: ['status.phase'],
};

export function supportedFields(resource: ResourceId): readonly string[] {
  return ['metadata.name', 'metadata.namespace', ...(EXTRA_FIELDS[resource] ?? [])];
}

/** Split on unescaped commas; field selector values escape `\`, `,` and `=` with a backslash. */
function splitEscaped(s: string, sep: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && i + 1 < s.length) {
      cur += ch + s[i + 1]!;
      i++;
    } else if (ch === sep) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(.)/g, '$1');
}

function fieldValue(obj: Record<string, unknown>, field: string): string {
  // `source` on events is the reporting component, as the events registry defines it.
  const path = field === 'source' ? ['source', 'component'] : field.split('.');
  let cur: unknown = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[p];
  }
  if (cur === undefined || cur === null) return '';
  return typeof cur === 'string' ? cur : String(cur);
}

/** Parse a fieldSelector for a resource; unsupported field labels are errors as on a real server. */
export function parseFieldSelector(selector: string | null | undefined, resource: ResourceId): FieldMatcher {
  if (!selector || selector.trim() === '') return () => true;
  const allowed = supportedFields(resource);
  const reqs: FieldRequirement[] = splitEscaped(selector, ',').map((part) => {
    const m = /^([^=!]+?)\s*(==|=|!=)(.*)$/.exec(part.trim());
    if (!m) throw new SelectorError(`invalid selector: '${selector}'; can't understand '${part}'`);
    const field = m[1]!.trim();
    if (!allowed.includes(field)) throw new SelectorError(`field label not supported: ${field}`);
    return { field, negate: m[2] === '!=', value: unescape(m[3]!) };
  });
  return (obj) => reqs.every((r) => (fieldValue(obj, r.field) === r.value) !== r.negate);
}
