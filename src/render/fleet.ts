// What the renderers know of a fleet (--contexts, --all-contexts): each cluster by its context
// name, whether it answered, and the errors[] entry of one that did not.
import type { GatherError } from '../kube/known.js';

/** The `resource` of the errors[] entry that says a cluster could not be read at all. */
export const CLUSTER_UNREACHABLE_RESOURCE = 'cluster';

/** One cluster of the fleet, as `summary.clusters[]` begins. */
export interface ClusterReach {
  cluster: string;
  /** false: nothing could be read (no connection, unauthorized, a required list refused). */
  reachable: boolean;
}

/** errors[] entry of a cluster that could not be read. */
export function unreachableError(cluster: string, message: string): GatherError {
  return { cluster, resource: CLUSTER_UNREACHABLE_RESOURCE, message };
}
