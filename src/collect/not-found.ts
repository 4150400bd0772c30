// A NAME (or node) that is not there. Live, kubectl's `Error from server (NotFound)` line. Offline
// no server was asked: the line says what the snapshot lacks and where it does hold such objects
// (the usual slip is the namespace).
import { RESOURCES, type ResourceId } from '../kube/resources.js';
import { SourceError, type ClusterSource } from './source.js';

export interface MissingObject {
  /** The resources NAME was looked up in, in lookup order. */
  resources: readonly ResourceId[];
  name: string;
  /** For namespaced resources. */
  namespace?: string;
  /** The line a live API server's 404 gives, kubectl-worded. */
  liveLine: string;
  /** SourceError.resource. */
  resource: string;
}

/** Names or namespaces listed at most in the offline line. */
const MAX_LISTED = 6;

export async function notFoundError(source: ClusterSource, missing: MissingObject): Promise<SourceError> {
  if (source.kind !== 'snapshot') return new SourceError('NotFound', missing.liveLine, missing.resource, 404);
  const kinds = missing.resources.map((id) => RESOURCES[id].kind);
  const kindsText = kinds.length === 1 ? kinds[0] : `${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`;
  const scope = missing.namespace !== undefined ? ` in namespace "${missing.namespace}"` : '';
  return new SourceError('NotFound', `error: the snapshot holds no ${kindsText} named "${missing.name}"${scope}; ${await whatItHolds(source, missing)}`, missing.resource, 404);
}

async function whatItHolds(source: ClusterSource, missing: MissingObject): Promise<string> {
  const present = missing.resources.filter((id) => !source.has || source.has(id));
  // What cannot be listed (forbidden) is left out of the line; the error stays the NotFound.
  const lists = await Promise.allSettled(present.map((id) => source.list(id)));
  const objects = lists.flatMap((l) => (l.status === 'fulfilled' ? l.value : []));
  if (objects.length === 0) return 'it holds none of these in any namespace';
  if (missing.namespace === undefined) {
    const names = [...new Set(objects.map((o) => o.metadata.name ?? ''))].sort();
    return `it holds ${listed(names)}`;
  }
  const sameName = [...new Set(objects.filter((o) => o.metadata.name === missing.name).map((o) => o.metadata.namespace ?? ''))].sort();
  // There, but left out by -l: the lookup was of the selected objects only.
  if (sameName.includes(missing.namespace)) return 'the one of that name in that namespace does not match the label selector';
  if (sameName.length > 0) return `it holds one of that name in ${sameName.length === 1 ? 'namespace' : 'namespaces'} ${listed(sameName)} (-n ${KUBE_NAME.test(sameName[0] ?? '') ? sameName[0] : 'NAMESPACE'})`;
  const namespaces = [...new Set(objects.map((o) => o.metadata.namespace ?? ''))].sort();
  return `it holds these in ${namespaces.length === 1 ? 'namespace' : 'namespaces'} ${listed(namespaces)} (-n NAMESPACE)`;
}

/** Snapshot text in an error line: only names that are Kubernetes names are shown, the rest counted. */
const KUBE_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

function listed(values: readonly string[]): string {
  const shown = values.filter((v) => KUBE_NAME.test(v)).slice(0, MAX_LISTED);
  const more = values.length - shown.length;
  return more > 0 ? `${shown.join(', ')}${shown.length > 0 ? ' and ' : ''}${more} more` : shown.join(', ');
}
