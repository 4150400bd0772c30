// The args of the volume-containerdisk rule's findings (rules/volume-containerdisk.ts), for render/migratability-text.ts. Types only.

export interface VolumeContainerdiskArgs {
  volume: string;
  image?: string;
}
