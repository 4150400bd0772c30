// The args of the volume-update-volume-refused rule's findings (rules/volume-update-volume-refused.ts), for render/migratability-text.ts. Types only.

/** KubeVirt's class names in `invalid volumes to update with migration:` (volume-migration.go). */
export type RefusedVolumeClass = 'hotplugged' | 'filesystems' | 'shareable' | 'luns';

export interface VolumeUpdateVolumeRefusedArgs {
  volume: string;
  class: RefusedVolumeClass;
  /** The claim the VM template asks for and the one the VMI runs on. */
  from: string;
  to: string;
}
