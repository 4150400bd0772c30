// Parsed documents → Kubernetes objects: Lists (`kind: List`, `PodList`, …) and top-level arrays
// are expanded, and only values with a `kind` and a `metadata.name` count as objects.
import type { KubeObject } from '../../kube/types.js';
import type { ParsedDocument } from './parse-documents.js';

export interface ExtractedObject {
  object: KubeObject;
  /** Line of the document (or of the List) the object came from. */
  line: number;
}

export interface Extraction {
  objects: ExtractedObject[];
  /**
   * What is not an object, with its line: manifests report them. `not-object`: a scalar (a
   * `kubectl get` table saved as .yaml) or a nested array where a map belongs.
   */
  rejects: { line: number; reason: 'no-kind' | 'no-name' | 'not-object'; kind?: string; type?: string }[];
  /** True when every document was a List: a file like `vmims.yaml` holding `items: []` says "collected, none". */
  onlyLists: boolean;
}

/** kubectl flattens what it prints; deeper nesting than this is not a dump. */
const MAX_LIST_DEPTH = 4;

export function extractObjects(docs: readonly ParsedDocument[]): Extraction {
  const result: Extraction = { objects: [], rejects: [], onlyLists: docs.length > 0 };
  for (const doc of docs) {
    if (doc.value === null || doc.value === undefined) continue; // empty document (`---` at the end)
    if (!isList(doc.value)) result.onlyLists = false;
    visit(doc.value, doc.line, 0, undefined, result);
  }
  return result;
}

function visit(value: unknown, line: number, depth: number, inherited: { apiVersion?: string; kind?: string } | undefined, out: Extraction): void {
  if (depth > MAX_LIST_DEPTH) return;
  if (Array.isArray(value)) {
    for (const v of value) visit(v, line, depth + 1, inherited, out);
    return;
  }
  if (!isRecord(value)) {
    out.rejects.push({ line, reason: 'not-object', type: Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}` });
    return;
  }
  if (isList(value)) {
    const kind = typeof value.kind === 'string' ? value.kind : undefined;
    // `kubectl get --raw` and client libraries return typed lists (`PodList`) whose items carry
    // no kind/apiVersion; the list says what they are.
    const itemType =
      kind && kind !== 'List' && kind.endsWith('List')
        ? { kind: kind.slice(0, -'List'.length), apiVersion: typeof value.apiVersion === 'string' ? value.apiVersion : undefined }
        : undefined;
    for (const item of value.items as unknown[]) visit(item, line, depth + 1, itemType, out);
    return;
  }
  if (inherited && isRecord(value)) {
    if (value.kind === undefined && inherited.kind) value.kind = inherited.kind;
    if (value.apiVersion === undefined && inherited.apiVersion) value.apiVersion = inherited.apiVersion;
  }
  const kind = value.kind;
  if (typeof kind !== 'string' || kind === '') {
    out.rejects.push({ line, reason: 'no-kind' });
    return;
  }
  const meta = value.metadata;
  if (!isRecord(meta) || typeof meta.name !== 'string' || meta.name === '') {
    out.rejects.push({ line, reason: 'no-name', kind });
    return;
  }
  out.objects.push({ object: value as unknown as KubeObject, line });
}

/** `kind: List`, `kind: XxxList`, or a kind-less map whose only payload is `items: [...]`. */
export function isList(value: unknown): value is Record<string, unknown> & { items: unknown[] } {
  if (!isRecord(value) || !Array.isArray(value.items)) return false;
  const kind = value.kind;
  if (typeof kind === 'string') return kind.endsWith('List');
  return !isRecord(value.metadata) || typeof value.metadata.name !== 'string';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Drops `metadata.managedFields`: kubectl hides them (k8s ≥ 1.21), no analyzer reads them, and
 * they are often half of a support bundle's bytes.
 */
export function dropManagedFields(obj: KubeObject): void {
  const meta = obj.metadata as unknown as Record<string, unknown>;
  if ('managedFields' in meta) delete meta.managedFields;
}
