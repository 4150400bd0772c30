// The args of the volume-update-destination-missing rule's findings (rules/volume-update-destination-missing.ts), for render/migratability-text.ts. Types only.

export interface VolumeUpdateDestinationMissingArgs {
  volume: string;
  /** `pvc` for a persistentVolumeClaim volume, `datavolume` for a dataVolume one. */
  type: 'pvc' | 'datavolume';
  claim: string;
}
