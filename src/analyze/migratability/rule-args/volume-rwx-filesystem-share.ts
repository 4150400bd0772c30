// The args of the volume-rwx-filesystem-share rule's findings (rules/volume-rwx-filesystem-share.ts), for render/migratability-text.ts. Types only.

/** How a ReadWriteMany file share is served. */
export type FileShareVia = 'nfs' | 'longhorn-share-manager';

export interface VolumeRwxFilesystemShareArgs {
  volume: string;
  claim: string;
  via: FileShareVia;
  storageClass?: string;
  volumeMode?: string;
}

/** Access modes from the PVC, else from the VMI's volumeStatus; undefined when neither says. */
