import type { KubeObject, PersistentVolumeClaim } from '../../../kube/types.js';
import { objectView } from './pick.js';

type PvcStatus = NonNullable<PersistentVolumeClaim['status']>;

/** The status fields src/kube/types.ts gives a PVC: not its conditions or allocatedResources. */
const STATUS_KEYS: readonly (keyof PvcStatus)[] = ['phase', 'accessModes', 'capacity'];

export function pvcView(obj: KubeObject): KubeObject {
  return objectView(obj as PersistentVolumeClaim, { status: STATUS_KEYS, annotations: false });
}
