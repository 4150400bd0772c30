// Label and selector lookups by a key that comes from the cluster. `labels[key]` on an object
// parsed from JSON or YAML also finds Object.prototype's members: a selector on `constructor` or
// `toString` would see a function where there is no label, and `Exists` would hold on every node.

/** The label's value, or undefined when the map does not itself hold the key. */
export function labelValue(labels: Readonly<Record<string, unknown>> | null | undefined, key: string): string | undefined {
  if (!labels || !Object.hasOwn(labels, key)) return undefined;
  const v = labels[key];
  return typeof v === 'string' ? v : v === undefined || v === null ? undefined : String(v);
}
