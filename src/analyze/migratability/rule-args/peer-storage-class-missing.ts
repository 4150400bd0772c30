// The args of the peer-storage-class-missing rule's findings (rules/peer-storage-class-missing.ts), for render/migratability-text.ts. Types only.

export interface PeerStorageClassMissingArgs {
  /** The StorageClass the volume's PVC or DataVolume uses in this cluster. */
  storageClass: string;
  /** The VM volumes on it. */
  volumes: string[];
  peer: string;
}
