// Every VMIM phase of every supported version (v0.59–v1.9), in one table: where each sits in the
// controller's walk and how KubeVirt's own helpers judge it (`IsFinal`, `IsRunning`,
// `TargetIsHandedOff` in staging/src/kubevirt.io/api/core/v1/types.go). A new KubeVirt phase is one
// row here; what a phase in no row means is decided in src/analyze/migration/phase.ts.
import type { KubeVirtMinor } from './migratability-facts.js';

export interface PhaseFacts {
  /** `status.phase`; `''` = not processed yet (`MigrationPhaseUnset`). */
  phase: string;
  /**
   * Place in the controller's walk (processMigrationPhase): a migration enters a phase only after
   * the lower places it passes through. The final phases share the last place; the decentralized
   * ones sit between "" and Pending (pkg/virt-controller/watch/migration/migration.go, v1.6+).
   */
  order: number;
  /** `IsFinal()`: nothing moves the migration again; its finalizer goes. */
  final: boolean;
  /** `TargetIsHandedOff()`: virt-handler carries it on; a delete then only requests the abort (pkg/virt-controller/watch/migration/migration.go, `markMigrationAbortInVmiStatus`). */
  handedOff: boolean;
  /** `IsRunning()`: held against parallelMigrationsPerCluster and …OutboundMigrationsPerNode (migration.go `findRunningMigrations`). */
  countsAsRunning: boolean;
  /** Only that half of a decentralized (cross-cluster) migration passes through it. */
  decentralized?: 'source' | 'target';
  /** The first version with the phase (types.go `VirtualMachineInstanceMigrationPhase`). */
  since: KubeVirtMinor;
}

const ALL: KubeVirtMinor = { major: 0, minor: 59 };
const DECENTRALIZED: KubeVirtMinor = { major: 1, minor: 6 };

export const MIGRATION_PHASE_TABLE = [
  { phase: '', order: 0, final: false, handedOff: false, countsAsRunning: false, since: ALL },
  { phase: 'Pending', order: 2, final: false, handedOff: false, countsAsRunning: false, since: ALL },
  // IsRunning() is false for Scheduling on a decentralized source (v1.6+); the table keeps the plain case.
  { phase: 'Scheduling', order: 3, final: false, handedOff: false, countsAsRunning: true, since: ALL },
  { phase: 'Scheduled', order: 4, final: false, handedOff: false, countsAsRunning: true, since: ALL },
  { phase: 'PreparingTarget', order: 5, final: false, handedOff: true, countsAsRunning: true, since: ALL },
  { phase: 'TargetReady', order: 6, final: false, handedOff: true, countsAsRunning: true, since: ALL },
  { phase: 'Running', order: 7, final: false, handedOff: true, countsAsRunning: true, since: ALL },
  { phase: 'Succeeded', order: 8, final: true, handedOff: true, countsAsRunning: false, since: ALL },
  { phase: 'Failed', order: 8, final: true, handedOff: true, countsAsRunning: false, since: ALL },
  { phase: 'WaitingForSync', order: 1, final: false, handedOff: false, countsAsRunning: false, decentralized: 'target', since: DECENTRALIZED },
  { phase: 'Synchronizing', order: 1, final: false, handedOff: false, countsAsRunning: false, decentralized: 'source', since: DECENTRALIZED },
] as const satisfies readonly PhaseFacts[];

/** A phase KubeVirt names, or `''` (not processed yet). */
export type MigrationPhase = (typeof MIGRATION_PHASE_TABLE)[number]['phase'];
/** The named phases of every version (without `''`). */
export const MIGRATION_PHASES: readonly Exclude<MigrationPhase, ''>[] = MIGRATION_PHASE_TABLE.flatMap((p) => (p.phase === '' ? [] : [p.phase]));
