// The args of the host-device rule's findings (rules/host-device.ts), for render/migratability-text.ts. Types only.
import type { DeviceMove } from '../../scheduling/device-nodes.js';

export interface HostDeviceArgs {
  device: string;
  kind: 'gpu' | 'hostDevice';
  deviceName?: string;
  /** Where the VM could be started instead (the nodes that offer all its device resources): the fix. */
  move: DeviceMove;
}
