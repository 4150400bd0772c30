// REST paths for the resource table. Kept free of I/O so the URL rules (core vs named groups,
// namespaced vs cluster-scoped, escaping) can be tested on their own.
import type { ResourceType } from '../../kube/resources.js';
import { SourceError } from '../source.js';

/** `/api/v1` for the core group, `/apis/GROUP/VERSION` otherwise. */
export function groupVersionPath(r: ResourceType): string {
  return r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
}

/**
 * The collection URL. A namespaced resource with no namespace is listed across all namespaces
 * (kubectl -A); a namespace given for a cluster-scoped resource is ignored, as kubectl does.
 */
export function collectionPath(r: ResourceType, namespace: string | undefined): string {
  const ns = r.namespaced && namespace !== undefined ? `/namespaces/${seg(namespace)}` : '';
  return `${groupVersionPath(r)}${ns}/${r.plural}`;
}

export function objectPath(r: ResourceType, namespace: string | undefined, name: string): string {
  return `${collectionPath(r, namespace)}/${seg(name)}`;
}

export function podLogPath(namespace: string, pod: string): string {
  return `/api/v1/namespaces/${seg(namespace)}/pods/${seg(pod)}/log`;
}

export type QueryValue = string | number | boolean | undefined;

/**
 * Appends query parameters, skipping undefined and empty strings (an empty labelSelector means
 * "everything" to the API server anyway, and dropping it keeps -v output readable).
 */
export function withQuery(path: string, params: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    parts.push(`${encodeComponent(key)}=${encodeComponent(String(value))}`);
  }
  if (parts.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

// One path segment: names are validated by the CLI, but a stray `/` or `?` must never change
// which URL we hit. Nor may `.` or `..`, which URL resolution drops or climbs (`namespaces/../pods`
// is every namespace's pods): the CLI never sees a kubeconfig context's namespace.
function seg(s: string): string {
  if (s === '.' || s === '..') throw new SourceError('Config', `error: invalid name or namespace "${s}": not a Kubernetes name (check the kubeconfig context's namespace)`);
  return encodeComponent(s);
}

/**
 * `encodeURIComponent` that cannot throw: a lone surrogate, which a dump or a hostile server can put
 * in a name (never a real API server: it reads invalid UTF-16 as U+FFFD), is sent as U+FFFD.
 */
export function encodeComponent(s: string): string {
  return encodeURIComponent(s.replace(/\p{Cs}/gu, '\uFFFD'));
}
