// Label and field selectors, evaluated locally with the API server's semantics, so that a
// command gives the same answer against a snapshot as against a live cluster. The label grammar
// is src/kube/labels.ts; field selectors are parsed here.
import type { KubeObject } from '../../kube/types.js';
import type { ResourceId } from '../../kube/resources.js';
import { SelectorError, splitTopLevel, type LabelRequirement } from '../../kube/labels.js';

// ---- label selectors --------------------------------------------------------------------------

export function matchesLabels(reqs: readonly LabelRequirement[], labels: Readonly<Record<string, string>> | undefined): boolean {
  // A dump may hold `labels: null` (or "null"): no labels.
  const has = (k: string): boolean => typeof labels === 'object' && labels !== null && Object.prototype.hasOwnProperty.call(labels, k);
  for (const r of reqs) {
    const present = has(r.key);
    const value = present ? String(labels?.[r.key]) : undefined;
    switch (r.op) {
      case 'eq':
        if (!present || value !== r.values[0]) return false;
        break;
      case 'neq': // as in Kubernetes: an absent label also satisfies `!=`
        if (present && value === r.values[0]) return false;
        break;
      case 'in':
        if (!present || !r.values.includes(value as string)) return false;
        break;
      case 'notin': // absent satisfies `notin`, as in Kubernetes
        if (present && r.values.includes(value as string)) return false;
        break;
      case 'exists':
        if (!present) return false;
        break;
      case 'notexists':
        if (present) return false;
        break;
    }
  }
  return true;
}

// ---- field selectors --------------------------------------------------------------------------

export interface FieldRequirement {
  field: string;
  op: 'eq' | 'neq';
  value: string;
}

/**
 * Fields the API server accepts per resource (the subset the plugin uses). Every resource has
 * metadata.name and metadata.namespace; custom resources (KubeVirt, CDI) have nothing else, so
 * a selector that would fail live fails here too.
 */
const EXTRA_FIELDS: Partial<Record<ResourceId, readonly string[]>> = {
  pod: ['spec.nodeName', 'status.phase', 'spec.schedulerName', 'spec.serviceAccountName', 'status.podIP'],
  event: [
    'involvedObject.name',
    'involvedObject.kind',
    'involvedObject.namespace',
    'involvedObject.uid',
    'involvedObject.apiVersion',
    'reason',
    'type',
    'source',
    'reportingComponent',
  ],
  node: ['spec.unschedulable'],
  namespace: ['status.phase'],
};
const COMMON_FIELDS = ['metadata.name', 'metadata.namespace'];

export function supportedFields(resource: ResourceId): string[] {
  return [...COMMON_FIELDS, ...(EXTRA_FIELDS[resource] ?? [])];
}

/** Parses `spec.nodeName=node-2,status.phase!=Succeeded`. Throws SelectorError. */
export function parseFieldSelector(selector: string, resource: ResourceId): FieldRequirement[] {
  const reqs: FieldRequirement[] = [];
  if (selector.trim() === '') return reqs;
  const allowed = supportedFields(resource);
  for (const raw of splitTopLevel(selector)) {
    const part = raw.trim();
    const m = /^([A-Za-z0-9_.-]+)\s*(==|!=|=)\s*(.*)$/.exec(part);
    if (!m) throw new SelectorError(`invalid field selector: "${part}"`);
    const field = m[1] as string;
    if (!allowed.includes(field)) {
      throw new SelectorError(`field label not supported: ${field}`);
    }
    reqs.push({ field, op: m[2] === '!=' ? 'neq' : 'eq', value: unescapeFieldValue((m[3] as string).trim()) });
  }
  return reqs;
}

export function matchesFields(reqs: readonly FieldRequirement[], obj: KubeObject): boolean {
  for (const r of reqs) {
    const actual = fieldValue(obj, r.field);
    if (r.op === 'eq' ? actual !== r.value : actual === r.value) return false;
  }
  return true;
}

/**
 * The value the API server compares: a missing field is the empty string (so
 * `spec.nodeName=` selects unscheduled pods). events.k8s.io/v1 Events name their subject
 * `regarding` instead of `involvedObject`; both are read.
 */
export function fieldValue(obj: KubeObject, field: string): string {
  const record = obj as unknown as Record<string, unknown>;
  if (field === 'source') {
    const source = record.source as { component?: unknown } | undefined;
    return stringOf(source?.component ?? record.reportingController);
  }
  if (field.startsWith('involvedObject.')) {
    const sub = field.slice('involvedObject.'.length);
    const direct = lookup(record.involvedObject, sub);
    return stringOf(direct !== undefined ? direct : lookup(record.regarding, sub));
  }
  return stringOf(lookup(record, field));
}

function lookup(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

function stringOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : String(v);
}

/** Field selector values may escape `\,` `\=` `\\`, as in Kubernetes. */
function unescapeFieldValue(v: string): string {
  return v.replace(/\\([\\,=!])/g, '$1');
}
