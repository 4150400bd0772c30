// The args of the storage-visibility check (checks/storage-visibility.ts), for render/why-text/storage-visibility.ts. Types only.

/** One PVC/DataVolume volume of the VMI: its claim, access modes (status, else spec), PV, class and mode. */
export interface VolumeArgs {
  volume: string;
  claim: string;
  accessModes: string[];
  pv?: string;
  storageClass?: string;
  volumeMode?: string;
}

/** A PV whose node affinity reaches only `nodes`. */
export interface NodeLocalPv {
  pv: string;
  claim: string;
  nodes: string[];
}

export type StorageVisibilityArgs =
  | { kind: 'no-vmi' | 'no-claims' }
  /** PVCs, PVs or nodes unreadable (`missing` says why). */
  | { kind: 'unreadable' | 'nodes-unreadable'; volumes?: VolumeArgs[] }
  /** Claims the VMI names that the PVC list lacks. */
  | { kind: 'claims-not-found'; claims: string[]; volumes: VolumeArgs[] }
  | { kind: 'unbound'; namespace: string; claims: string[]; volumes: VolumeArgs[] }
  | { kind: 'visible'; volumes: VolumeArgs[] }
  /** `excluded`: the nodes other than the source, which none of `pvs` reaches. */
  | { kind: 'node-local'; sourceNode?: string; pvs: NodeLocalPv[]; excluded: string[]; volumes: VolumeArgs[] };
