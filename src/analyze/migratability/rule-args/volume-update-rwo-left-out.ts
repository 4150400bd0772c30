// The args of the volume-update-rwo-left-out rule's findings (rules/volume-update-rwo-left-out.ts), for render/migratability-text.ts. Types only.

export interface VolumeUpdateRwoLeftOutArgs {
  /** The VMI volume KubeVirt names: ReadWriteOnce and not among the volumes the update moves. */
  volume: string;
  claim: string | null;
  /** The volumes the update does move. */
  moved: string[];
}
