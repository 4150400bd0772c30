// What check-migratable keeps of each object it lists (one module per kind here), applied as each
// page arrives (the `select` hook of ListOptions): a 10,000-VM cluster's whole objects would be most
// of its memory, and the rules and renderers read only these fields. A field dropped here that
// something reads would change a verdict silently: test/unit/migratability/views.test.ts runs
// check-migratable with and without these views on every snapshot and case and wants identical
// documents; a new field read means a new key here.
import type { Condition, KubeObject, ObjectMeta } from '../../../kube/types.js';

/** The keys of `o` among `keys` (those it has: an absent field stays absent, a null stays null). */
export function pick<T extends object>(o: T, keys: readonly (keyof T)[]): T {
  const out: Partial<T> = {};
  for (const k of keys) if (Object.hasOwn(o, k)) out[k] = o[k];
  return out as T;
}

/** What anything reads of metadata: not the finalizers, owners, resourceVersion or generation. */
const META_KEYS: readonly (keyof ObjectMeta)[] = ['name', 'generateName', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp', 'labels', 'annotations'];
const META_KEYS_BUT_ANNOTATIONS = META_KEYS.filter((k) => k !== 'annotations');

export interface ViewOf {
  /** The status fields kept. */
  status: readonly string[];
  /**
   * false: nothing reads this kind's annotations (on PVCs, PVs, DataVolumes and nodes: CDI,
   * provisioner and node bookkeeping, most of a PVC's metadata). Only a VMI's, the storage
   * classes' and the migrations' are read.
   */
  annotations?: false;
  /** What is kept of the spec (default: all of it). */
  spec?: (spec: Record<string, unknown>) => Record<string, unknown>;
}

/** Conditions are judged by type, status, reason and message; their times are never read. */
const CONDITION_KEYS: readonly (keyof Condition)[] = ['type', 'status', 'reason', 'message'];

/**
 * `obj` as check-migratable reads it: type meta, the kept metadata, the spec (or `view.spec` of it),
 * and `view.status` of the status, each condition of it as judged (a status or condition that is not an object is
 * kept as it is: the analysis copes with it).
 */
export function objectView<T extends KubeObject>(obj: T, view: ViewOf): T {
  const out = pick(obj as KubeObject, ['apiVersion', 'kind', 'spec']) as T;
  out.metadata = isObject(obj.metadata) ? pick(obj.metadata, view.annotations === false ? META_KEYS_BUT_ANNOTATIONS : META_KEYS) : obj.metadata;
  if (view.spec && isObject(out.spec)) out.spec = view.spec(out.spec as Record<string, unknown>);
  if (Object.hasOwn(obj, 'status')) {
    const status = obj.status;
    if (isObject(status)) {
      const kept = pick(status as Record<string, unknown>, view.status);
      if (Array.isArray(kept.conditions)) kept.conditions = kept.conditions.map((c: unknown) => (isObject(c) ? pick(c as Condition, CONDITION_KEYS) : c));
      out.status = kept;
    } else out.status = status;
  }
  return out;
}

function isObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
