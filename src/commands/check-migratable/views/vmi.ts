import type { KubeObject, VirtualMachineInstance, VmiStatus } from '../../../kube/types.js';
import { objectView } from './pick.js';

/**
 * The status fields src/kube/types.ts gives a VMI (everything reads a VMI through that type): not
 * interfaces, guestOSInfo, currentCPUTopology, qosClass and the like, most of a running VMI's status.
 */
const STATUS_KEYS = Object.keys({
  phase: true,
  nodeName: true,
  conditions: true,
  migrationState: true,
  migrationMethod: true,
  evacuationNodeName: true,
  activePods: true,
  volumeStatus: true,
  migratedVolumes: true,
  topologyHints: true,
  selinuxContext: true,
  machine: true,
  launcherContainerImageVersion: true,
  // Every key of VmiStatus, checked by tsc: a field added to the type is kept until decided otherwise.
} satisfies Record<keyof VmiStatus, true>) as (keyof VmiStatus)[];

export function vmiView(obj: KubeObject): KubeObject {
  return objectView(obj as VirtualMachineInstance, { status: STATUS_KEYS });
}
