// The args of the migration-slots check (checks/migration-slots.ts), for render/why-text/migration-slots.ts. Types only.
import type { QueuePosition } from '../queue-position.js';

/** Running migrations against both limits (parallelMigrationsPerCluster, parallelOutboundMigrationsPerNode). */
interface SlotCounts {
  running: number;
  limit: number;
  outbound: number;
  nodeLimit: number;
  /** The source node. */
  node?: string;
  /** `namespace/name` of the KubeVirt CR the limits come from. */
  kubevirt?: string;
  /** Running migrations whose source node is not known (they may hold the node's slots). */
  unplaced?: number;
}

export type MigrationSlotsArgs =
  | { kind: 'no-migration' }
  | { kind: 'not-waiting'; phase: string }
  /** The migrations could not be listed (`missing` says why). */
  | { kind: 'unreadable' }
  /** A slot is free (unknown: pods unreadable, so the count is a lower bound). */
  | (SlotCounts & { kind: 'counts' })
  /** No slot: `running`/`limit` of the full `scope`, and who holds the slots. */
  | (SlotCounts & {
      kind: 'full';
      scope: 'cluster' | 'node';
      clusterRunning: number;
      clusterLimit: number;
      runningMigrations: string[];
      /** Its place in KubeVirt's queue for the next slot of `scope`. */
      queue: QueuePosition;
      /** The KubeVirt CR was unreadable: the limit is the default. */
      limitAssumed?: true;
      /** The VMI's second active pod holds it first (active-pods names the cause). */
      behindActivePods?: true;
    });
