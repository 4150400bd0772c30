import type { KubeObject, PersistentVolume } from '../../../kube/types.js';
import { objectView } from './pick.js';

type PvStatus = NonNullable<PersistentVolume['status']>;

/** The status fields src/kube/types.ts gives a PV: not lastPhaseTransitionTime. */
const STATUS_KEYS: readonly (keyof PvStatus)[] = ['phase'];

export function pvView(obj: KubeObject): KubeObject {
  return objectView(obj as PersistentVolume, STATUS_KEYS);
}
