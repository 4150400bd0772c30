// The facts the migratability rules read, built one way by every command that evaluates them
// (check-migratable, check-migratable -f, start's pre-flight, why without a migration): the
// KubeVirt version is always that of the first KubeVirt CR.
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import type { ClusterFacts } from './rule.js';
import { ObjectIndex } from '../object-index.js';

/** The lists of ClusterFacts; extra fields (a command's other lists) are not kept. */
export type FactLists = Omit<ClusterFacts, 'kubevirtVersion' | 'index' | 'peer'>;

/**
 * `index`: the analysis's, when the facts come from lists it indexes already (`why` judges a VM
 * from its context's lists); else a new one, for every VM judged against these facts.
 */
export function clusterFacts(lists: FactLists, index: ObjectIndex = new ObjectIndex()): ClusterFacts {
  const { nodes, pvcs, pvs, storageClasses, dataVolumes, storageProfiles, kubevirt } = lists;
  return { nodes, pvcs, pvs, storageClasses, dataVolumes, storageProfiles, kubevirt, kubevirtVersion: kubevirt.ok ? versionOfKubeVirtCR(kubevirt.items[0]) : undefined, index };
}
