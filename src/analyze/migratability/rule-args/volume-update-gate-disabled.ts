// The args of the volume-update-gate-disabled rule's findings (rules/volume-update-gate-disabled.ts), for render/migratability-text.ts. Types only.

export interface VolumeUpdateGateDisabledArgs {
  /** The Alpha gates the VM's updateVolumesStrategy needs that the KubeVirt CR does not list. */
  gates: string[];
  strategy: string;
}
