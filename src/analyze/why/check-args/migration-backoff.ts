// The args of the migration-backoff check (checks/migration-backoff.ts), for render/why-text/migration-backoff.ts. Types only.
import type { AutomaticOrigin } from '../../migration/origin.js';

/** The controller's backoff: consecutive failures, the wait, and when it ends (with the previous VMIM's Failed time). */
export interface BackoffFacts {
  failures: number;
  backoffSeconds: number;
  previousMigration: string;
  retryAt?: string;
  secondsLeft?: number;
}

export interface Waiting {
  namespace: string;
  origin: AutomaticOrigin;
}

export type MigrationBackoffArgs =
  | { kind: 'no-migration' | 'not-automatic' | 'not-waiting' | 'no-failures' }
  /** Earlier migrations of the VMI unreadable, and no event (`missing` says why). */
  | { kind: 'unreadable' }
  /** `backoff`: still waiting; `expired`: the wait is over; `no-timestamp`: no Failed time to count from. */
  | (Waiting & BackoffFacts & { kind: 'backoff' | 'expired' | 'no-timestamp' })
  /** The controller's `backoff migrating vmi` event says so (with the computed backoff when there is one). */
  | (Waiting & Partial<BackoffFacts> & { kind: 'event'; lastEventTime: string });
