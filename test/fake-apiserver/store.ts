// In-memory object store: one map per resource, a global resourceVersion counter and a bounded
// event history so a watch started from a list's resourceVersion misses nothing (what client
// ListWatch code relies on). Objects are cloned on the way in and out: tests can't alias state.

import { createHash } from 'node:crypto';
import type { ResourceId, ResourceType } from '../../src/kube/resources.js';
import { ALL_RESOURCES, RESOURCES, apiVersionOf, resourceForObject } from '../../src/kube/resources.js';
import type { AnyObject } from './types.js';

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface StoreEvent {
  type: WatchEventType;
  resource: ResourceType;
  object: AnyObject;
  /** State before a MODIFIED, so a filtered watch can turn it into ADDED or DELETED. */
  previous?: AnyObject;
  rv: number;
}

type Listener = (e: StoreEvent) => void;

const HISTORY_LIMIT = 10_000;
// Alphabet of apimachinery's rand.String, used for generateName suffixes.
const SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export function objectKey(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** A UUID-shaped id derived from a seed, so fixture objects keep the same uid across runs. */
export function deterministicUid(seed: string): string {
  const h = createHash('sha1').update(seed).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** RFC 3339 without fractional seconds, as Kubernetes serialises metav1.Time. */
export function kubeTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Resolve a resource by id (`vmi`), plural (`virtualmachineinstances`) or qualified plural. */
export function findResource(idOrPlural: string): ResourceType | undefined {
  if (idOrPlural in RESOURCES) return RESOURCES[idOrPlural as ResourceId];
  return ALL_RESOURCES.find((r) => r.plural === idOrPlural || `${r.plural}.${r.group}` === idOrPlural);
}

export function requireResource(idOrPlural: string): ResourceType {
  const r = findResource(idOrPlural);
  if (!r) throw new Error(`fake-apiserver: unknown resource "${idOrPlural}" (add it to src/kube/resources.ts)`);
  return r;
}

export class ObjectStore {
  private readonly data = new Map<ResourceId, Map<string, AnyObject>>();
  /** Keys of each bucket in etcd order, built on demand; dropped when a key is added or removed. */
  private readonly sortedKeys = new Map<ResourceId, string[]>();
  private readonly listeners = new Set<Listener>();
  private readonly history: StoreEvent[] = [];
  private rv = 0;
  private createSeq = 0;

  constructor(private readonly now: () => Date) {
    for (const r of ALL_RESOURCES) this.data.set(r.id, new Map());
  }

  /** Current resourceVersion of the whole store (what lists report). */
  get resourceVersion(): number {
    return this.rv;
  }

  resourceOf(obj: AnyObject): ResourceType {
    const r = resourceForObject(obj.apiVersion, obj.kind);
    if (!r) throw new Error(`fake-apiserver: no resource for apiVersion=${obj.apiVersion} kind=${obj.kind}`);
    return r;
  }

  private bucket(r: ResourceType): Map<string, AnyObject> {
    return this.data.get(r.id)!;
  }

  get(r: ResourceType, namespace: string | undefined, name: string): AnyObject | undefined {
    const o = this.bucket(r).get(objectKey(r.namespaced ? namespace : undefined, name));
    return o ? structuredClone(o) : undefined;
  }

  /** Objects of a resource in etcd key order (namespace, then name); `namespace` undefined = all. */
  list(r: ResourceType, namespace?: string): { key: string; object: AnyObject }[] {
    const out: { key: string; object: AnyObject }[] = [];
    for (const [key, o] of this.bucket(r)) {
      if (namespace !== undefined && r.namespaced && o.metadata.namespace !== namespace) continue;
      out.push({ key, object: structuredClone(o) });
    }
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * One page of a list in etcd key order, without cloning or sorting the whole collection for
   * every page (quadratic on a large paged list). Objects with key >= `start` (all when
   * undefined), in `namespace` (all when undefined), that pass `match`; the first `limit` of them
   * (0 = all), plus how many matched in all. The objects are the stored ones, not copies: read
   * them (serialise them), never change them. A stored object is never changed in place either
   * (an update stores a new one), so it can key a cache of its serialisation.
   */
  listPage(
    r: ResourceType,
    namespace: string | undefined,
    start: string | undefined,
    limit: number,
    match: (o: AnyObject) => boolean,
  ): { page: { key: string; object: AnyObject }[]; matched: number } {
    const bucket = this.bucket(r);
    const keys = this.keysInOrder(r);
    let i = 0;
    if (start !== undefined) {
      let hi = keys.length;
      while (i < hi) {
        const mid = (i + hi) >>> 1;
        if (keys[mid]! < start) i = mid + 1;
        else hi = mid;
      }
    }
    const page: { key: string; object: AnyObject }[] = [];
    let matched = 0;
    for (; i < keys.length; i++) {
      const key = keys[i]!;
      const o = bucket.get(key)!;
      if (namespace !== undefined && r.namespaced && o.metadata.namespace !== namespace) continue;
      if (!match(o)) continue;
      matched++;
      if (limit === 0 || page.length < limit) page.push({ key, object: o });
    }
    return { page, matched };
  }

  private keysInOrder(r: ResourceType): string[] {
    let keys = this.sortedKeys.get(r.id);
    if (!keys) {
      keys = [...this.bucket(r).keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      this.sortedKeys.set(r.id, keys);
    }
    return keys;
  }

  /** A fresh generateName suffix that is deterministic for a given sequence of creates. */
  generateName(r: ResourceType, namespace: string | undefined, prefix: string): string {
    for (;;) {
      const h = createHash('sha1').update(`${prefix}#${this.createSeq++}`).digest();
      let suffix = '';
      for (let i = 0; i < 5; i++) suffix += SUFFIX_ALPHABET[h[i]! % SUFFIX_ALPHABET.length];
      const name = prefix + suffix;
      if (!this.bucket(r).has(objectKey(namespace, name))) return name;
    }
  }

  /**
   * Fill in what the server owns: uid, resourceVersion, creationTimestamp. `freshUid` gives API
   * creates a new uid each time (so delete-and-recreate changes it); loads stay deterministic.
   */
  private stamp(r: ResourceType, obj: AnyObject, existing: AnyObject | undefined, freshUid: boolean): AnyObject {
    const o = structuredClone(obj);
    o.metadata = { ...(o.metadata ?? {}) };
    const md = o.metadata;
    if (!r.namespaced) delete md.namespace;
    // Serve the version we declare for the group; another group (events.k8s.io) stays as given.
    if (o.apiVersion === undefined || o.apiVersion.split('/')[0] === r.group || (!r.group && !o.apiVersion.includes('/'))) {
      o.apiVersion = apiVersionOf(r);
    }
    const seed = `${r.group}/${r.plural}/${md.namespace ?? ''}/${md.name ?? ''}`;
    md.uid = md.uid ?? existing?.metadata.uid ?? deterministicUid(freshUid ? `${seed}#${this.rv + 1}` : seed);
    md.creationTimestamp = md.creationTimestamp ?? existing?.metadata.creationTimestamp ?? kubeTime(this.now());
    md.resourceVersion = String(++this.rv);
    return o;
  }

  /** Create or replace. Emits ADDED or MODIFIED. Returns the stored object. */
  upsert(obj: AnyObject, opts: { freshUid?: boolean } = {}): AnyObject {
    const r = this.resourceOf(obj);
    const name = obj.metadata?.name;
    if (!name) throw new Error(`fake-apiserver: ${r.kind} without metadata.name`);
    if (r.namespaced && !obj.metadata.namespace) throw new Error(`fake-apiserver: ${r.kind} "${name}" needs metadata.namespace`);
    const key = objectKey(r.namespaced ? obj.metadata.namespace : undefined, name);
    const existing = this.bucket(r).get(key);
    const stored = this.stamp(r, obj, existing, opts.freshUid ?? false);
    if (!existing) this.sortedKeys.delete(r.id);
    this.bucket(r).set(key, stored);
    this.emit(existing ? { type: 'MODIFIED', resource: r, object: stored, previous: existing, rv: this.rv } : { type: 'ADDED', resource: r, object: stored, rv: this.rv });
    return structuredClone(stored);
  }

  /** Remove an object; emits DELETED carrying the last state at a new resourceVersion. */
  remove(r: ResourceType, namespace: string | undefined, name: string): AnyObject | undefined {
    const key = objectKey(r.namespaced ? namespace : undefined, name);
    const existing = this.bucket(r).get(key);
    if (!existing) return undefined;
    this.bucket(r).delete(key);
    this.sortedKeys.delete(r.id);
    const last = structuredClone(existing);
    last.metadata.resourceVersion = String(++this.rv);
    this.emit({ type: 'DELETED', resource: r, object: last, rv: this.rv });
    return structuredClone(last);
  }

  /** Drop every object (no events); the resourceVersion keeps counting. */
  clear(): void {
    for (const m of this.data.values()) m.clear();
    this.sortedKeys.clear();
    this.history.length = 0;
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Events after `rv`, or 'expired' when history no longer reaches back that far (410 Gone). */
  eventsSince(rv: number): StoreEvent[] | 'expired' {
    const oldest = this.history[0];
    if (oldest && rv < oldest.rv - 1) return 'expired';
    if (!oldest && rv < this.rv) return rv === 0 ? [] : 'expired';
    return this.history.filter((e) => e.rv > rv);
  }

  private emit(e: StoreEvent): void {
    this.history.push(e);
    if (this.history.length > HISTORY_LIMIT) this.history.shift();
    for (const l of this.listeners) l(e);
  }
}
