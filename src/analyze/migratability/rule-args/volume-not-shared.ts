// The args of the volume-not-shared rule's findings (rules/volume-not-shared.ts), for render/migratability-text.ts. Types only.

/** Where the claim can get ReadWriteMany, from the StorageProfiles of CDI (the fix). */
export type RwxFix =
  /** Its own class offers ReadWriteMany, with this volume mode (the claim's own when the class allows it). */
  | { kind: 'same-class'; storageClass: string; volumeMode: string }
  /** Its class does not; these do (each with its first ReadWriteMany volume mode). */
  | { kind: 'other-class'; classes: { storageClass: string; volumeMode: string }[] }
  /** No StorageProfile offers ReadWriteMany. */
  | { kind: 'no-rwx-class' }
  /** No StorageProfiles to read (unreadable, or no CDI). */
  | { kind: 'profiles-unknown' };

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
      fix: RwxFix;
    })
  | (ClaimVolumeArgs & { kind: 'sharing-unknown'; node: string })
  | { kind: 'backend-storage'; claim: string; accessModes: string[] };
