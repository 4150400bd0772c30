import type { KubeObject, VirtualMachine } from '../../../kube/types.js';
import { objectView } from './pick.js';

type VmStatus = NonNullable<VirtualMachine['status']>;

/** The status fields src/kube/types.ts gives a VM: not volumeSnapshotStatuses, created, desiredGeneration… */
const STATUS_KEYS: readonly (keyof VmStatus)[] = ['printableStatus', 'ready', 'conditions', 'volumeUpdateState'];

export function vmView(obj: KubeObject): KubeObject {
  return objectView(obj as VirtualMachine, { status: STATUS_KEYS });
}
