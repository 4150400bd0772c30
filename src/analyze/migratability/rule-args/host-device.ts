// The args of the host-device rule's findings (rules/host-device.ts), for render/migratability-text.ts. Types only.

export interface HostDeviceArgs {
  device: string;
  kind: 'gpu' | 'hostDevice';
  deviceName?: string;
}
