// A source that asks each distinct question once: when `list` gathers for many migrations at
// once, they share nodes, PVs, namespaces and quotas, and each is read once however many
// migrations name it. Failures are shared too (one 403 is one errors[] entry, as before).
import type { ResourceId } from '../kube/resources.js';
import type { ClusterSource, ListOptions } from './source.js';

export function memoizedSource(source: ClusterSource, resources: readonly ResourceId[]): ClusterSource {
  const memo = new Map<string, Promise<unknown>>();
  const shared = new Set(resources);
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = read();
      memo.set(key, p);
    }
    return p;
  };
  const has = source.has;
  const rawGet = source.rawGet;
  return {
    kind: source.kind,
    now: () => source.now(),
    defaultNamespace: () => source.defaultNamespace(),
    get: (resource, namespace, name) =>
      shared.has(resource) ? once(`get ${resource} ${namespace ?? ''} ${name}`, () => source.get(resource, namespace, name)) : source.get(resource, namespace, name),
    list: (resource, opts: ListOptions = {}) =>
      // A `select` hook cannot be compared: such a list is not shared.
      !shared.has(resource) || opts.select ? source.list(resource, opts) : once(`list ${resource} ${JSON.stringify(opts)}`, () => source.list(resource, opts)),
    podLog: (namespace, pod, opts) => source.podLog(namespace, pod, opts),
    close: () => source.close(),
    ...(has ? { has: (r: ResourceId) => has.call(source, r) } : {}),
    ...(rawGet ? { rawGet: (path: string) => rawGet.call(source, path) } : {}),
  };
}
