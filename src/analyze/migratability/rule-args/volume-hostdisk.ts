// The args of the volume-hostdisk rule's findings (rules/volume-hostdisk.ts), for render/migratability-text.ts. Types only.

export interface VolumeHostdiskArgs {
  volume: string;
  hostPath?: string;
  type?: string;
}
