// The args of the volume-cdrom rule's findings (rules/volume-cdrom.ts), for render/migratability-text.ts. Types only.

/** A CD-ROM disk, with the kind of volume behind it and its claim, when it has one. */
export interface VolumeCdromArgs {
  disk: string;
  readonly: boolean;
  volumeSource?: string;
  claim?: string;
}
