// Where the API server answers our paged LISTs from, by its version (GET /version), and whether
// `--cache-ok` (resourceVersion=0) is worth it. From k8s.io/apiserver's cacher
// (pkg/storage/cacher/cacher.go shouldDelegateList, delegator/interface.go ShouldDelegateList):
//   - before 1.31 every LIST with a limit and no resourceVersion is read from etcd;
//   - 1.31–1.33 (ConsistentListFromCache, beta and on): the first page comes from the watch cache,
//     every continuation still from etcd;
//   - from 1.34 (ListFromCacheSnapshot, beta and on): continuations too, from cache snapshots.
// resourceVersion=0 is always served from the watch cache, in one piece (the cacher ignores the
// limit then: computeListLimit), and may be slightly stale.

export type ListSource = 'etcd' | 'first-page-from-cache' | 'cache';

export interface ServerVersion {
  gitVersion: string;
  major: number;
  minor: number;
}

/** `v1.30.4`, `v1.29.7-eks-a18cd3a`, `v1.31.1+k3s1`; undefined when unreadable. */
export function parseServerVersion(body: unknown): ServerVersion | undefined {
  const git = (body as { gitVersion?: unknown } | null)?.gitVersion;
  if (typeof git !== 'string') return undefined;
  const m = /^v?(\d+)\.(\d+)/.exec(git);
  if (!m) return undefined;
  return { gitVersion: git, major: Number(m[1]), minor: Number(m[2]) };
}

export function pagedListSource(v: ServerVersion): ListSource {
  if (v.major > 1 || v.minor >= 34) return 'cache';
  if (v.minor >= 31) return 'first-page-from-cache';
  return 'etcd';
}

/** What `-v` says about it, and whether lists use resourceVersion=0. */
export function listPlan(v: ServerVersion | undefined, cacheOk: boolean): { resourceVersion0: boolean; note: string } {
  if (!v) {
    return cacheOk
      ? { resourceVersion0: true, note: 'server version unknown; --cache-ok: lists are read from the watch cache (resourceVersion=0, one response each, possibly slightly stale)' }
      : { resourceVersion0: false, note: 'server version unknown; lists are read in consistent pages of 500' };
  }
  const source = pagedListSource(v);
  if (source === 'cache') {
    return {
      resourceVersion0: false,
      note: `server ${v.gitVersion} serves paged lists from its watch cache: lists are read in consistent pages of 500${cacheOk ? ' (--cache-ok not needed)' : ''}`,
    };
  }
  const where = source === 'etcd' ? 'from etcd' : 'from etcd after the first page';
  return cacheOk
    ? { resourceVersion0: true, note: `server ${v.gitVersion} serves paged lists ${where}; --cache-ok: lists are read from the watch cache (resourceVersion=0, one response each, possibly slightly stale)` }
    : { resourceVersion0: false, note: `server ${v.gitVersion} serves paged lists ${where}: lists are read in consistent pages of 500; --cache-ok would read them from the watch cache (resourceVersion=0, possibly slightly stale)` };
}
