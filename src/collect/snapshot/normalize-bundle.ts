// Support bundles (Harvester's support-bundle-kit) do not write what kubectl writes: empty and
// null values become the STRING "null", and a stray `null` follows some closing quotes
// (`v:"…"null: {}` in managedFields keys, `…/dev"null` at the end of event messages), as seen in
// real Harvester bundles. This module recognises such files and undoes that, so
// analyzers see one format. Floats such as `size: 1.048576e+06` are already numbers.

/**
 * Fields that kubectl renders as YAML `null` (or omits) but support-bundle-kit writes as the
 * string "null". kubectl never quotes null, so one of these in a file marks a bundle.
 */
// Blanks within the line only: `\s*` would also match newlines, which made the search quadratic-ish
// on a 500 MB dump (most of the time of reading it).
const BUNDLE_NULL_FIELD = new RegExp(
  String.raw`^[ \t]*-?[ \t]*(?:lastProbeTime|lastTransitionTime|lastHeartbeatTime|eventTime|firstTimestamp|lastTimestamp|` +
    String.raw`reportingInstance|continue|kubeProxyVersion|deletionTimestamp|startTime|devicePath): "null"[ \t]*\r?$`,
  'm',
);

/** The managedFields key artefact: `v:"kubevirt.io/foo"null: {}`. */
const BUNDLE_KEY_ARTEFACT = /"null: \{\}/;

/**
 * True when a file was written by a support-bundle tool rather than kubectl: it sits under a
 * `yamls/` directory (support-bundle-kit's layout: yamls/namespaced/<ns>/<group>/<version>/<plural>.yaml,
 * yamls/cluster/…), or it carries one of the format's tell-tale artefacts.
 */
export function looksLikeSupportBundle(relPath: string, text: string): boolean {
  if (relPath.split('/').includes('yamls')) return true;
  // Every artefact contains `"null`: a file without it needs no regular expression.
  if (!text.includes(QUOTE_NULL)) return false;
  return BUNDLE_KEY_ARTEFACT.test(text) || BUNDLE_NULL_FIELD.test(text);
}

/**
 * Maps whose values are plain strings. A label or annotation that exists with an empty value is
 * still set (selectors like `cdi.kubevirt.io` test for the key), so "null" there becomes "",
 * while elsewhere "null" means "no value" and the field is dropped.
 */
const STRING_MAP_FIELDS = new Set([
  'labels',
  'annotations',
  'nodeSelector',
  'matchLabels',
  'addedNodeSelector',
  'parameters',
  'data',
  'stringData',
]);

const NULL = 'null';
const QUOTE_NULL = '"null';

/** Removes the `null` that support-bundle-kit appends after a closing quote. */
export function stripTrailingNull(s: string): string {
  return s.length > QUOTE_NULL.length && s.endsWith(QUOTE_NULL) ? s.slice(0, -NULL.length) : s;
}

/**
 * Returns a copy of `value` with bundle artefacts undone: fields whose value is the string
 * "null" are dropped (string maps keep the key with ""), and trailing `"null` artefacts are
 * stripped from strings and keys. Array elements that are exactly "null" are kept: no bundle
 * sample shows them, and dropping list entries would shift positions that paths refer to.
 */
export function normalizeBundleValue(value: unknown, parentKey?: string): unknown {
  if (typeof value === 'string') return stripTrailingNull(value);
  if (Array.isArray(value)) return value.map((v) => normalizeBundleValue(v));
  if (value === null || typeof value !== 'object') return value;
  const inStringMap = parentKey !== undefined && STRING_MAP_FIELDS.has(parentKey);
  const out: Record<string, unknown> = {};
  for (const [rawKey, v] of Object.entries(value as Record<string, unknown>)) {
    const key = stripTrailingNull(rawKey);
    if (v === NULL) {
      if (inStringMap) out[key] = '';
      continue;
    }
    out[key] = normalizeBundleValue(v, key);
  }
  return out;
}
