import type { KubeObject, PersistentVolume } from '../../../kube/types.js';
import { objectView, pick } from './pick.js';

type PvSpec = NonNullable<PersistentVolume['spec']>;
type PvStatus = NonNullable<PersistentVolume['status']>;

/**
 * What the storage rules read of a PV's spec: its access and volume modes, class, node affinity
 * and source (of a CSI source, the driver). Not capacity, reclaim policy, claimRef (a claim finds
 * its PV by spec.volumeName), nor the CSI volume handle, attributes and secret refs.
 */
const SPEC_KEYS: readonly (keyof PvSpec)[] = ['accessModes', 'volumeMode', 'storageClassName', 'nodeAffinity', 'local', 'hostPath', 'csi', 'nfs'];
const CSI_KEYS: readonly (keyof NonNullable<PvSpec['csi']>)[] = ['driver'];

/** The status fields src/kube/types.ts gives a PV: not lastPhaseTransitionTime. */
const STATUS_KEYS: readonly (keyof PvStatus)[] = ['phase'];

function specView(spec: PvSpec): PvSpec {
  const kept = pick(spec, SPEC_KEYS);
  if (kept.csi && typeof kept.csi === 'object' && !Array.isArray(kept.csi)) kept.csi = pick(kept.csi, CSI_KEYS);
  return kept;
}

export function pvView(obj: KubeObject): KubeObject {
  return objectView(obj as PersistentVolume, { status: STATUS_KEYS, annotations: false, spec: specView });
}
