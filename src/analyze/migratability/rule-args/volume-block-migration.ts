// The args of the volume-block-migration rule's findings (rules/volume-block-migration.ts), for render/migratability-text.ts. Types only.

/** A volume copied by block migration, and its source kind (`containerDisk`, `persistentVolumeClaim`, …). */
export interface VolumeBlockMigrationArgs {
  volume: string;
  source: string;
  /** The claim a volume migration is moving (status.migratedVolumes). */
  volumeMigration?: true;
}
