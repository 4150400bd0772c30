// The index of one analysis: lookups over the gathered lists, and values derived from one object
// alone, each built the first time it is asked for and kept for the rest of the analysis. A
// command builds one (`new ObjectIndex()`) and hands it down: `why` in its context
// (`WhyContext.index`), the migratability rules in their facts (`ClusterFacts.index`), `list -A`
// one for every migration it diagnoses. Without it, `list -A` would scan every pod for each
// migration (1,000 × 12,000 on a 10,000-VM cluster) and check-migratable -A every node for each
// VM (10,000 × 2,000): quadratic.
//
// An entry is keyed by the list (or object) itself, and by what is asked of it: a `ListKey` (an
// object: one key function, whatever its name), or a name that spells every other input of a
// derived value. Lists are treated as read-only during an analysis; one whose length changed
// since it was indexed is indexed again.
import type { KubeObject } from '../kube/types.js';

/** How a list is grouped: `of(item)` (undefined: the item is in no group). */
export interface ListKey<T> {
  /** For a reader; entries are keyed by the ListKey object, never by this name. */
  readonly name: string;
  readonly of: (item: T) => string | undefined;
}

/** Objects by `metadata.name` (all of that name, in list order). */
export const BY_NAME: ListKey<KubeObject> = { name: 'metadata.name', of: (o) => o.metadata.name };

interface Entry {
  /** The list's length when indexed (objects that are not lists: undefined). */
  length: number | undefined;
  groups: Map<ListKey<never>, Map<string, unknown[]>>;
  derived: Map<string, unknown>;
}

export class ObjectIndex {
  /**
   * A WeakMap, the clearer choice here: the index outlives the lists of one migration (`list -A`
   * diagnoses each in turn with the same index), and must not keep them alive once its row is built.
   */
  private readonly entries = new WeakMap<object, Entry>();

  /** The items of `list` whose `key.of(item)` is `value`, in list order. */
  where<T extends object>(list: readonly T[], key: ListKey<T>, value: string): readonly T[] {
    const entry = this.entryOf(list);
    let groups = entry.groups.get(key as ListKey<never>);
    if (!groups) {
      groups = new Map();
      for (const item of list) {
        const k = key.of(item);
        if (k === undefined) continue;
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      entry.groups.set(key as ListKey<never>, groups);
    }
    return (groups.get(value) ?? []) as T[];
  }

  /**
   * The first object of that name (in that namespace, when one is given), as `items.find` would
   * return it. An empty namespace is a namespace: it does not match a cluster-scoped object.
   */
  byName<T extends KubeObject>(items: readonly T[], name: string, namespace?: string): T | undefined {
    const index = this.derived(items, 'by-name', () => nameIndex(items));
    return (namespace === undefined ? index.first : index.byNamespace.get(namespace))?.get(name);
  }

  /**
   * `compute()` once per `source` and `name`: a value that depends on `source` alone, or on
   * `source` and what `name` spells (a node name, a JSON-encoded selector…).
   */
  derived<T>(source: object, name: string, compute: () => T): T {
    const entry = this.entryOf(source);
    if (entry.derived.has(name)) return entry.derived.get(name) as T;
    const value = compute();
    entry.derived.set(name, value);
    return value;
  }

  /** How many entries of `list` are not `excluded` (`list.filter((x) => x !== excluded).length`). */
  countOtherThan<T>(list: readonly T[], excluded: T | undefined): number {
    const counts = this.derived(list, 'occurrences', () => {
      const out = new Map<unknown, number>();
      for (const x of list) out.set(x, (out.get(x) ?? 0) + 1);
      return out;
    });
    return list.length - (counts.get(excluded) ?? 0);
  }

  private entryOf(source: object): Entry {
    const length = Array.isArray(source) ? source.length : undefined;
    let entry = this.entries.get(source);
    if (!entry || entry.length !== length) {
      entry = { length, groups: new Map(), derived: new Map() };
      this.entries.set(source, entry);
    }
    return entry;
  }
}

interface NameIndex<T> {
  /** name → first object with that name, any namespace. */
  first: Map<unknown, T>;
  /** namespace (`undefined` for cluster-scoped objects) → name → first object. */
  byNamespace: Map<unknown, Map<unknown, T>>;
}

function nameIndex<T extends KubeObject>(items: readonly T[]): NameIndex<T> {
  const index: NameIndex<T> = { first: new Map(), byNamespace: new Map() };
  for (const o of items) {
    const { name, namespace } = o.metadata;
    if (!index.first.has(name)) index.first.set(name, o);
    let names = index.byNamespace.get(namespace);
    if (!names) index.byNamespace.set(namespace, (names = new Map()));
    if (!names.has(name)) names.set(name, o);
  }
  return index;
}

/**
 * A memo key for a selector or an affinity: its JSON, with `undefined` spelled out (JSON would
 * drop it, and `{a: undefined}` does not select what `{}` selects).
 */
export function memoKey(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '\u0000undefined' : v)) ?? '';
}
