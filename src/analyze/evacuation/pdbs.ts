// PodDisruptionBudgets that refuse the eviction of a pod on the node right now: the eviction API
// answers 429 when a PDB selecting the pod has `status.disruptionsAllowed` 0 (kubernetes
// pkg/registry/core/pod/storage/eviction.go). Completed pods are let through without a PDB
// check, and a PDB without a status is not judged (a missing field is never a cause). KubeVirt's
// per-VMI PDBs (`kubevirt-disruption-budget-*`, created up to v1.5) are told apart: they hold a
// launcher pod while its VMI migrates, by design. Pure.
import type { Pod, PodDisruptionBudget } from '../../kube/types.js';
import { PDB_GENERATE_NAME } from '../../kubevirt/evacuation-facts.js';
import { matchesLabelSelector } from '../scheduling/label-selector.js';
import { objectKey } from './inputs.js';

export interface RefusingPdb {
  pdb: PodDisruptionBudget;
  /** Created by KubeVirt for one VMI (name prefix, controller ownerReference of kind VirtualMachineInstance). */
  kubevirt: boolean;
}

export function isCompleted(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

export function isKubeVirtPdb(pdb: PodDisruptionBudget): boolean {
  const name = pdb.metadata.name ?? '';
  const owner = pdb.metadata.ownerReferences?.find((o) => o?.controller);
  return (name.startsWith(PDB_GENERATE_NAME) || pdb.metadata.generateName === PDB_GENERATE_NAME) && owner?.kind === 'VirtualMachineInstance';
}

/** Per pod (`namespace/name`), the PDBs that refuse its eviction now. */
export function refusingPdbs(pods: readonly Pod[], pdbs: readonly PodDisruptionBudget[]): Map<string, RefusingPdb[]> {
  const out = new Map<string, RefusingPdb[]>();
  const closed = pdbs.filter((p) => p.status?.disruptionsAllowed === 0);
  for (const pod of pods) {
    if (isCompleted(pod)) continue;
    const ns = pod.metadata.namespace;
    const hits = closed.filter((p) => p.metadata.namespace === ns && matchesLabelSelector(pod.metadata.labels, p.spec?.selector));
    if (hits.length > 0) out.set(objectKey(ns, pod.metadata.name), hits.map((pdb) => ({ pdb, kubevirt: isKubeVirtPdb(pdb) })));
  }
  return out;
}
