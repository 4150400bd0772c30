// The args of the peer-half check (checks/peer-half.ts), for render/why-text/peer-half.ts. Types only.
import type { HalfKind } from '../../decentralized/half.js';
import type { CauseId, VerdictStatus } from '../cause.js';

export type PeerHalfArgs =
  | { kind: 'not-decentralized' }
  | { kind: 'as-peer' }
  /** No paired half to diagnose (the pairing check says why). */
  | { kind: 'no-peer'; half: HalfKind }
  /** The other cluster was not given: what its half does is not known here. */
  | { kind: 'not-read'; half: HalfKind; waitsOnPeer: boolean }
  | {
      kind: 'diagnosed';
      half: HalfKind;
      peerName: string;
      migration: { namespace: string; name: string; phase: string };
      status: VerdictStatus;
      cause: CauseId;
      /** The check that decided it there. */
      check?: string;
    };
