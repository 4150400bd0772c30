// The args of the volume-migration check (checks/volume-migration.ts), for render/why-text/volume-migration.ts. Types only.

/** One volume a volume migration moves: source claim → destination claim (VMI status.migratedVolumes, else the VM's record or template). */
export interface VolumeMove {
  volume: string;
  sourceClaim: string | null;
  destinationClaim: string | null;
  sourceVolumeMode: string | null;
  destinationVolumeMode: string | null;
  /** The destination PVC's status.phase and storage class, when the PVCs were read and it exists. */
  destinationPhase?: string;
  destinationStorageClass?: string;
}

/** Which of KubeVirt's up-front refusals the condition message is (docs/kubevirt/migration-kinds.md §3.8). */
export type VolumeRefusal =
  | 'invalid-volumes'
  | 'rwo-not-migrated'
  | 'backend-storage'
  | 'vmi-not-migratable'
  | 'destination-missing'
  | 'only-revert'
  | 'strategy-not-recognized'
  | 'update-error'
  /** The VM already had RestartRequired for another reason: the VM controller handles no volume update until it is gone. */
  | 'restart-required';

/** The launcher's disk figures from its newest progress line of this attempt (libvirt's job: data minus memory). */
export interface DiskProgress {
  time: string | null;
  diskTotalBytes: number | null;
  diskRemainingBytes: number | null;
  /** libvirt's DiskMbps, as bytes/s. */
  diskBytesPerSecond: number | null;
}

/** The completion budget of a volume migration with its disks (completion-budget.ts). */
export interface VolumeBudget {
  seconds: number;
  sizeGB: number;
  completionTimeoutPerGiB: number;
  memoryBytes: number;
  disks: number;
  diskBytes: number;
  /** true v1.7.2+, false v1.3–v1.7.1 (the disks are not added), null version not known. */
  disksCounted: boolean | null;
}

interface Base {
  namespace: string;
  vm: string;
  moves: VolumeMove[];
}

export type VolumeMigrationArgs =
  | { kind: 'not-volume' }
  /** A condition of the VM or VMI refuses the update; `quote` verbatim, `volumes` the names it lists. */
  | (Base & { kind: 'refused'; refusal: VolumeRefusal; object: 'VirtualMachine' | 'VirtualMachineInstance'; condition: string; quote: string; volumes: string[]; classes: string[] })
  /** VM ManualRecoveryRequired=True (v1.4+): the VMI ended mid-copy; `reason` verbatim. */
  | (Base & { kind: 'manual-recovery'; reason: string })
  /** The user put the source claims back: VolumesChange=False VolumesChangeCancellation (v1.4+), or the abort event. */
  | (Base & { kind: 'cancelled'; quote: string | null })
  /** Accepted (VolumesChange=True) but the KubeVirt CR allows no LiveMigrate workload update: no VMIM will come. */
  | (Base & { kind: 'no-live-migrate'; methods: string[] })
  /** Accepted, no VMIM yet, and whether the workload updater may create one could not be read. */
  | (Base & { kind: 'methods-unknown'; missing: string })
  /** The template names new claims; the VM controller has not acted yet (or waits on a RestartRequired of another cause). */
  | (Base & { kind: 'requested'; restartRequired: string | null })
  /** Accepted, waiting for the workload updater's VMIM. */
  | (Base & { kind: 'accepted' })
  /** A VMIM copies the volumes (or waits to); with the disk figures and budget once libvirt copies, and the last failed attempt's reason. */
  | (Base & { kind: 'copying'; migration: string; phase: string; disk: DiskProgress | null; budget: VolumeBudget | null; lastFailure: { migration: string | null; quote: string } | null })
  /** This attempt failed; failure-reason names why, this check names the volumes. */
  | (Base & { kind: 'attempt-failed'; migration: string })
  | (Base & { kind: 'succeeded'; migration: string | null });
