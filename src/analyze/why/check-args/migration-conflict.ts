// The args of the migration-conflict check (checks/migration-conflict.ts), for render/why-text/migration-conflict.ts. Types only.

/** The other migration that owns the VMI. */
export interface OtherMigration {
  name: string;
  uid: string;
  phase: string;
}

export type MigrationConflictArgs =
  | { kind: 'no-migration' }
  /** Nothing in the way (pass), or other migrations or events unreadable (unknown). */
  | { kind: 'none' }
  /** `not-eligible`: ours failed because another owned the VMI; `in-flight`: ours waits behind it. */
  | { kind: 'not-eligible' | 'in-flight'; namespace: string; migration: string; other?: OtherMigration }
  /** An automatic migration could not be created because ours is in flight. */
  | { kind: 'blocks-automatic'; migration: string };
