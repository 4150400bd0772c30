// The args of the volume-not-shared rule's findings (rules/volume-not-shared.ts), for render/migratability-text.ts. Types only.

/** The spec volume and the claim behind it. */
interface ClaimVolumeArgs {
  volume: string;
  claim: string;
  /** The claim's volume source (ClaimVolume['source'] in rules/_claims.ts). */
  source: 'persistentVolumeClaim' | 'dataVolume';
  hotpluggable: boolean;
}

/**
 * `not-shared`: the claim is not ReadWriteMany; `sharing-unknown`: the running VMI's
 * status.volumeStatus has no access modes for it (KubeVirt then refuses: "Unable to determine if
 * PVC … is shared"); `backend-storage`: the persistent TPM/EFI state PVC is not ReadWriteMany
 * (KubeVirt v1.3 only).
 */
export type VolumeNotSharedArgs =
  | (ClaimVolumeArgs & {
      kind: 'not-shared';
      accessModes: string[];
      /** Which object said the access modes. */
      accessModesFrom: 'pvc-status' | 'pvc-spec' | 'vmi-volume-status' | 'datavolume' | 'datavolume-template' | 'storage-profile';
      storageClass?: string;
      volumeMode?: string;
    })
  | (ClaimVolumeArgs & { kind: 'sharing-unknown'; node: string })
  | { kind: 'backend-storage'; claim: string; accessModes: string[] };
