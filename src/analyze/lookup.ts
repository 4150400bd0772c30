// Lookups over the gathered lists, built once per list and key: `list -A` runs the `why` engine
// for every migration against the same lists, where a scan per migration would cost
// migrations × objects (1,000 × 12,000 pods on a 10,000-VM cluster).

interface Index {
  /** The list's length when indexed: a list that grew or shrank since is indexed again. */
  size: number;
  byKey: Map<string, Map<string, unknown[]>>;
}

const indexes = new WeakMap<readonly object[], Index>();

/**
 * The items of `list` whose `key(item)` equals `value`, in list order. `keyName` names the key
 * function: one index per list and name.
 */
export function itemsWhere<T extends object>(list: readonly T[], keyName: string, key: (item: T) => string | undefined, value: string): readonly T[] {
  let index = indexes.get(list);
  if (!index || index.size !== list.length) {
    index = { size: list.length, byKey: new Map() };
    indexes.set(list, index);
  }
  let groups = index.byKey.get(keyName);
  if (!groups) {
    groups = new Map();
    for (const item of list) {
      const k = key(item);
      if (k === undefined) continue;
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    index.byKey.set(keyName, groups);
  }
  return (groups.get(value) ?? []) as T[];
}
