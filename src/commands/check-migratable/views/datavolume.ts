import type { DataVolume, KubeObject } from '../../../kube/types.js';
import { objectView } from './pick.js';

type DvStatus = NonNullable<DataVolume['status']>;

/** The status fields src/kube/types.ts gives a DataVolume: not progress or restartCount. */
const STATUS_KEYS: readonly (keyof DvStatus)[] = ['phase', 'claimName', 'conditions'];

export function dataVolumeView(obj: KubeObject): KubeObject {
  return objectView(obj as DataVolume, { status: STATUS_KEYS, annotations: false });
}
