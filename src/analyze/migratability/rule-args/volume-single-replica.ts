// The args of the volume-single-replica rule's findings (rules/volume-single-replica.ts), for render/migratability-text.ts. Types only.

/** A claim whose StorageClass keeps one replica: the provisioner and the parameter that says so. */
export interface VolumeSingleReplicaArgs {
  volume: string;
  claim: string;
  storageClass: string;
  provisioner: string;
  parameter: string;
  replicas: 1;
}
