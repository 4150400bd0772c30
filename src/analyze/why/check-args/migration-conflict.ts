// The args of the migration-conflict check (checks/migration-conflict.ts), for render/why-text/migration-conflict.ts. Types only.
import type { CauseId, VerdictStatus } from '../cause.js';

/** The other migration that owns the VMI. */
export interface OtherMigration {
  name: string;
  uid: string;
  phase: string;
}

/** The owner's own verdict (diagnose.ts adds it): what the waiter really waits for. */
export interface OwnerVerdict {
  status: VerdictStatus;
  cause: CauseId;
  /** The deciding check's id (a CheckId: importing check.ts here would make a cycle). */
  check?: string;
}

export type MigrationConflictArgs =
  | { kind: 'no-migration' }
  /** Nothing in the way (pass), or other migrations or events unreadable (unknown). */
  | { kind: 'none' }
  /** `not-eligible`: ours failed because another owned the VMI; `in-flight`: ours waits behind it. */
  | { kind: 'not-eligible' | 'in-flight'; namespace: string; migration: string; other?: OtherMigration; ownerVerdict?: OwnerVerdict }
  /** Ours is the one KubeVirt serves; these unfinished migrations of the VMI wait behind it. */
  | { kind: 'owner'; migration: string; waiting: string[] }
  /** An automatic migration could not be created because ours is in flight. */
  | { kind: 'blocks-automatic'; migration: string }
  /**
   * No migration, and the VMI's `status.migrationState` still names an unfinished migration whose
   * VMIM is gone. KubeVirt up to v0.39 refuses every new migration on it (the webhook read the VMI);
   * from v0.40 it takes the state over (`version` known, `ignored`).
   */
  | { kind: 'stale-state'; namespace: string; vmi: string; migrationUid: string; targetPod?: string; version: string | null; ignored: boolean };
