// The args of the peer-volume-cannot-move rule's findings (rules/peer-volume-cannot-move.ts), for render/migratability-text.ts. Types only.

export type PeerVolumeCannotMoveArgs =
  | {
      /** A hostDisk marked `shared: true`: KubeVirt leaves it out of the copy. */
      kind: 'shared-hostdisk';
      /** The VM's spec.volumes[] entry. */
      volume: string;
      hostPath?: string;
      peer: string;
    }
  | {
      /** The backend-storage PVC (persistent TPM or EFI state) on a receiving KubeVirt that cannot create it. */
      kind: 'backend-storage';
      /** What needs the backend storage. */
      device: 'tpm' | 'efi';
      /** The other cluster's KubeVirt version. */
      version: string;
      /** virt-controller's error there. */
      kubevirtText: string;
      peer: string;
    };
