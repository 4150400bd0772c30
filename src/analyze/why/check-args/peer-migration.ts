// The args of the peer-migration check (checks/peer-migration.ts), for render/why-text/peer-migration.ts. Types only.
import type { HalfKind } from '../../decentralized/half.js';

export interface PeerRef {
  namespace: string;
  name: string;
  phase: string;
  migrationID: string;
}

interface Half {
  half: HalfKind;
  migrationID: string;
  /** The migration diagnosed here, for hints. */
  namespace: string;
  migration: string;
}

export type PeerMigrationArgs =
  | { kind: 'not-decentralized' }
  /** This is the peer half of another diagnosis: judged there. */
  | { kind: 'as-peer' }
  | (Half & { kind: 'paired'; peerName: string; peer: PeerRef })
  /**
   * No opposite half with this migrationID: said by the sync controller (`message`, v1.6+ texts,
   * a condition only from v1.8) or seen in the other cluster's VMIMs (`peerName`). `receiverVmi`:
   * the VMIM is there but not the VMI it names.
   */
  | (Half & { kind: 'missing'; peerName?: string; message?: string; receiverVmi?: string; final: boolean })
  /** The other cluster has an opposite half for the same VMI under another migrationID. */
  | (Half & { kind: 'mismatch'; peerName: string; others: PeerRef[] })
  /** The other cluster was not given (no --peer-context) or its VMIMs could not be read. */
  | (Half & { kind: 'not-read'; peerName?: string; reason?: string; final: boolean });
