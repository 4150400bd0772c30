// The args of the host-device rule's findings (rules/host-device.ts), for render/migratability-text.ts. Types only.
import type { DeviceMove } from '../../scheduling/device-nodes.js';

/**
 * What KubeVirt holds against the device (its HostDeviceNotLiveMigratable message): up to v1.8
 * any device (`pci-host-device`); v1.9 a generic PCI device, one of several GPUs, a GPU with the
 * VGPULiveMigration gate off, or a GPU that is not a permitted mediated device.
 */
export type HostDeviceProblem = 'pci-host-device' | 'generic-pci' | 'too-many-gpus' | 'gate-off' | 'not-mediated';

export interface HostDeviceArgs {
  device: string;
  kind: 'gpu' | 'hostDevice';
  problem: HostDeviceProblem;
  deviceName?: string;
  /** Where the VM could be started instead (the nodes that offer all its device resources): the fix. */
  move: DeviceMove;
}
