// The args of the volume-node-local rule's findings (rules/volume-node-local.ts), for render/migratability-text.ts. Types only.

/** Why the volume lives on one node: its PV (local, hostPath, node affinity: the nodes it reaches) or a node-local provisioner. */
export type NodeLocalVolume =
  | { kind: 'local' | 'hostPath' | 'node-affinity'; pv: string; nodes: string[] }
  | { kind: 'provisioner'; storageClass: string; provisioner: string; nodes: string[]; volumeBindingMode?: string };

export type VolumeNodeLocalArgs = { volume: string; claim: string } & NodeLocalVolume;
