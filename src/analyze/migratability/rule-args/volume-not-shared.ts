// The args of the volume-not-shared rule's findings (rules/volume-not-shared.ts), for render/migratability-text.ts. Types only.

export interface VolumeNotSharedArgs {
  volume: string;
  claim: string;
  /** The claim's volume source (ClaimVolume['source'] in rules/_claims.ts). */
  source: 'persistentVolumeClaim' | 'dataVolume';
  accessModes: string[];
  /** Which object said the access modes. */
  accessModesFrom: 'pvc-status' | 'pvc-spec' | 'vmi-volume-status' | 'datavolume' | 'datavolume-template' | 'storage-profile';
  hotpluggable: boolean;
  storageClass?: string;
  volumeMode?: string;
}
