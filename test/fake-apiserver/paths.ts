// REST path parsing: /api/v1/... and /apis/GROUP/VERSION/... into resource, namespace, name and
// subresource, the way kube-apiserver's RequestInfoFactory does (including legacy /watch/ prefix).

import type { ResourceType } from '../../src/kube/resources.js';
import { ALL_RESOURCES } from '../../src/kube/resources.js';

export interface ResourcePath {
  resource: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
  /** The deprecated `/watch/` path prefix was used. */
  watchPrefix: boolean;
}

export type ParsedPath =
  | { kind: 'resource'; target: ResourcePath }
  /** A known group version but an unknown resource: a Status 404. */
  | { kind: 'unknown-resource' }
  | { kind: 'not-api' };

export function servedGroupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of ALL_RESOURCES) seen.set(`${r.group}/${r.version}`, { group: r.group, version: r.version });
  return [...seen.values()];
}

export function resourcesIn(group: string, version: string): ResourceType[] {
  return ALL_RESOURCES.filter((r) => r.group === group && r.version === version);
}

export function parseResourcePath(pathname: string): ParsedPath {
  const segs = pathname.split('/').filter((s) => s !== '').map(decodeURIComponent);
  let group: string;
  let version: string;
  let rest: string[];
  if (segs[0] === 'api' && segs.length >= 2) {
    group = '';
    version = segs[1]!;
    rest = segs.slice(2);
  } else if (segs[0] === 'apis' && segs.length >= 3) {
    group = segs[1]!;
    version = segs[2]!;
    rest = segs.slice(3);
  } else {
    return { kind: 'not-api' };
  }
  const inGv = resourcesIn(group, version);
  if (inGv.length === 0 || rest.length === 0) return { kind: 'not-api' };

  let watchPrefix = false;
  if (rest[0] === 'watch') {
    watchPrefix = true;
    rest = rest.slice(1);
  }
  const byPlural = (p: string | undefined) => inGv.find((r) => r.plural === p);

  // /namespaces/NS/<plural>[/name[/sub]] for namespaced resources; otherwise a cluster-scoped
  // path, where `namespaces/NAME[/sub]` is the Namespace object itself.
  if (rest[0] === 'namespaces' && rest.length >= 3 && byPlural(rest[2])?.namespaced) {
    const resource = byPlural(rest[2])!;
    // Only the proxy subresource carries a trailing path (pods/NAME/proxy/metrics).
    if (rest.length > 5 && rest[4] !== 'proxy') return { kind: 'unknown-resource' };
    return {
      kind: 'resource',
      target: { resource, namespace: rest[1], name: rest[3], subresource: rest[4], watchPrefix },
    };
  }
  const resource = byPlural(rest[0]);
  if (!resource || rest.length > 3) return { kind: 'unknown-resource' };
  // A namespaced resource listed across all namespaces: /api/v1/pods (no name allowed).
  if (resource.namespaced && rest.length > 1) return { kind: 'unknown-resource' };
  return { kind: 'resource', target: { resource, name: rest[1], subresource: rest[2], watchPrefix } };
}
