// The args of the migration-phase check (checks/migration-phase.ts), for render/why-text/migration-phase.ts. Types only.
import type { MigrationOrigin } from '../../../kubevirt/evacuation-facts.js';

export type MigrationPhaseArgs =
  | { kind: 'none'; vmi: string }
  /** `abort-pending`: deleted or abort requested, and not final yet. */
  | {
      kind: 'phase' | 'abort-pending';
      namespace: string;
      migration: string;
      phase: string;
      origin: MigrationOrigin;
      secondsInPhase?: number;
      ageSeconds?: number;
      evacuatedNode?: string;
      /** The user named an older VMIM: the newest one. */
      newerMigration?: string;
      abortRequested?: true;
      deletionTimestamp?: string;
      /** `abort-pending` before Running on a KubeVirt older than v0.56 (or of unknown version): it cannot finish. */
      abortStuck?: boolean;
    };
