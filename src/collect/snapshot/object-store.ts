// The objects of a snapshot, indexed by resource, namespace and name. The same object found in
// two files (a must-gather tree and a `kubectl get -A` dump of the same cluster) is kept once.
import type { KubeObject } from '../../kube/types.js';
import { RESOURCES, resourceForObject, type ResourceId, type ResourceType } from '../../kube/resources.js';
import { newestObjectTimestamp } from './snapshot-time.js';

interface Entry {
  object: KubeObject;
  /** Position in load order: the tie-breaker between equally new copies (later file wins). */
  order: number;
}

export class ObjectStore {
  private readonly byResource = new Map<ResourceId, Map<string, Entry>>();
  private readonly sorted = new Map<ResourceId, KubeObject[]>();
  /** Resources the snapshot shows were collected even when it holds none of them. */
  private readonly collected = new Set<ResourceId>();
  private readonly ignored = new Map<string, number>();
  private order = 0;

  /**
   * Adds an object of a known kind; returns false (and counts it) for kinds the plugin does not
   * read. A namespaced object without a namespace gets `fallbackNamespace`, as `kubectl apply`
   * would give it.
   */
  add(object: KubeObject, fallbackNamespace: string): boolean {
    const resource = resourceForObject(object.apiVersion, object.kind);
    if (!resource) {
      const kind = object.kind ?? '';
      this.ignored.set(kind, (this.ignored.get(kind) ?? 0) + 1);
      return false;
    }
    if (resource.namespaced && !object.metadata.namespace) object.metadata.namespace = fallbackNamespace;
    const key = keyOf(resource, object.metadata.namespace, object.metadata.name ?? '');
    let table = this.byResource.get(resource.id);
    if (!table) {
      table = new Map();
      this.byResource.set(resource.id, table);
    }
    const entry: Entry = { object, order: this.order++ };
    const existing = table.get(key);
    if (!existing || isNewer(entry, existing)) table.set(key, entry);
    this.sorted.delete(resource.id);
    return true;
  }

  /** Records that a resource was collected (e.g. a `vmims.yaml` holding an empty List). */
  markCollected(id: ResourceId): void {
    this.collected.add(id);
  }

  has(id: ResourceId): boolean {
    return this.collected.has(id) || (this.byResource.get(id)?.size ?? 0) > 0;
  }

  get(id: ResourceId, namespace: string | undefined, name: string): KubeObject | undefined {
    const resource = RESOURCES[id];
    if (!resource) return undefined;
    return this.byResource.get(id)?.get(keyOf(resource, namespace, name))?.object;
  }

  /** All objects of a resource, ordered by namespace then name (the API server's order). */
  all(id: ResourceId): readonly KubeObject[] {
    let list = this.sorted.get(id);
    if (!list) {
      const table = this.byResource.get(id);
      list = table ? [...table.values()].map((e) => e.object) : [];
      list.sort(compareByNamespaceName);
      this.sorted.set(id, list);
    }
    return list;
  }

  counts(): Partial<Record<ResourceId, number>> {
    const out: Partial<Record<ResourceId, number>> = {};
    for (const [id, table] of this.byResource) if (table.size > 0) out[id] = table.size;
    return out;
  }

  /** Objects per kind, read or not: what the snapshot holds, for messages. */
  kinds(): Map<string, number> {
    const out = new Map(this.ignored);
    for (const [id, table] of this.byResource) if (table.size > 0) out.set(RESOURCES[id].kind, table.size);
    return out;
  }

  /** Kinds seen but not read by the plugin, with how many objects of each. */
  ignoredKinds(): ReadonlyMap<string, number> {
    return this.ignored;
  }

  *objects(): Iterable<KubeObject> {
    for (const table of this.byResource.values()) for (const e of table.values()) yield e.object;
  }
}

function keyOf(resource: ResourceType, namespace: string | undefined, name: string): string {
  return resource.namespaced ? `${namespace ?? ''}/${name}` : name;
}

function compareByNamespaceName(a: KubeObject, b: KubeObject): number {
  const na = a.metadata.namespace ?? '';
  const nb = b.metadata.namespace ?? '';
  if (na !== nb) return na < nb ? -1 : 1;
  const ma = a.metadata.name ?? '';
  const mb = b.metadata.name ?? '';
  return ma < mb ? -1 : ma > mb ? 1 : 0;
}

/**
 * Which of two copies of one object to keep: the higher resourceVersion when both are numbers
 * (etcd revisions only grow; they are opaque in theory but numeric on every real server), else
 * the one with the newer timestamps, else the one read last.
 */
function isNewer(candidate: Entry, existing: Entry): boolean {
  const a = numericResourceVersion(candidate.object);
  const b = numericResourceVersion(existing.object);
  if (a !== undefined && b !== undefined && a !== b) return a > b;
  const ta = newestObjectTimestamp(candidate.object);
  const tb = newestObjectTimestamp(existing.object);
  if (ta !== undefined && tb !== undefined && ta !== tb) return ta > tb;
  if (ta !== undefined && tb === undefined) return true;
  if (ta === undefined && tb !== undefined) return false;
  return candidate.order > existing.order;
}

function numericResourceVersion(obj: KubeObject): bigint | undefined {
  const rv = obj.metadata.resourceVersion;
  if (typeof rv !== 'string' && typeof rv !== 'number') return undefined;
  const s = String(rv);
  return /^\d{1,30}$/.test(s) ? BigInt(s) : undefined;
}
