// Snapshots and hand-written manifests do not always have the shapes of src/kube/types.ts: a list
// or a map may be "null" (support bundles), one item instead of a list, or the other one of the
// two; a label value may be an unquoted YAML `true` or `1`. Analyzers read such fields through
// these rather than trusting the declared type (live objects always pass unchanged).

/** `v` when it is an array, else an empty one. */
export function listOf<T>(v: readonly T[] | null | undefined): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

/**
 * A `conditions` list; one condition posted as a map (`conditions: {type: PodScheduled, …}`, a
 * hand-copied report) counts as a list of one.
 */
export function conditionsOf<T extends { type?: string }>(v: readonly T[] | T | null | undefined): T[] {
  if (Array.isArray(v)) return v as T[];
  return typeof v === 'object' && v !== null && typeof (v as T).type === 'string' ? [v as T] : [];
}

/** `v` when it is a map (an object that is not a list), else undefined. */
export function objectOf<T extends object>(v: T | null | undefined): T | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

/** A string map (labels, nodeSelector) as the API server stores it: scalar values as strings, other entries dropped. */
export function stringMapOf(v: Readonly<Record<string, unknown>> | null | undefined): Record<string, string> {
  const entries = Object.entries(objectOf(v) ?? {}).filter(([, x]) => ['string', 'number', 'boolean'].includes(typeof x));
  return Object.fromEntries(entries.map(([k, x]) => [k, String(x)]));
}

/** A number that prose can print: NaN and ±Infinity (a metric's `NaN`, a mistyped setting) are "not known". */
export function finiteNumber(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A spec name as prose prints it: '' where a dump omits it, else its text (a YAML `null` reads "null"). */
export function nameText(v: unknown): string {
  return v === undefined ? '' : String(v);
}
