import type { KubeObject, VirtualMachineInstance, VmiStatus } from '../../../kube/types.js';
import { objectView } from './pick.js';

/**
 * The status fields src/kube/types.ts gives a VMI (everything reads a VMI through that type): not
 * interfaces, guestOSInfo, currentCPUTopology, qosClass and the like, most of a running VMI's status.
 */
const STATUS_KEYS: readonly (keyof VmiStatus)[] = [
  'phase',
  'nodeName',
  'conditions',
  'migrationState',
  'migrationMethod',
  'evacuationNodeName',
  'activePods',
  'volumeStatus',
  'migratedVolumes',
  'topologyHints',
  'selinuxContext',
  'machine',
  'launcherContainerImageVersion',
];

export function vmiView(obj: KubeObject): KubeObject {
  return objectView(obj as VirtualMachineInstance, { status: STATUS_KEYS });
}
