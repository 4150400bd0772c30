// The facts the migratability rules read, built one way by every command that evaluates them
// (check-migratable, check-migratable -f, start's pre-flight, why without a migration): the
// KubeVirt version is always that of the first KubeVirt CR.
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import type { ClusterFacts } from './rule.js';

/** The lists of ClusterFacts; extra fields (a command's other lists) are not kept. */
export type FactLists = Omit<ClusterFacts, 'kubevirtVersion'>;

export function clusterFacts(lists: FactLists): ClusterFacts {
  const { nodes, pvcs, pvs, storageClasses, dataVolumes, storageProfiles, kubevirt } = lists;
  return { nodes, pvcs, pvs, storageClasses, dataVolumes, storageProfiles, kubevirt, kubevirtVersion: kubevirt.ok ? versionOfKubeVirtCR(kubevirt.items[0]) : undefined };
}
