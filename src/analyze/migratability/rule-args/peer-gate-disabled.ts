// The args of the peer-gate-disabled rule's findings (rules/peer-gate-disabled.ts), for render/migratability-text.ts. Types only.

export interface PeerGateDisabledArgs {
  /** The clusters whose KubeVirt CR does not list the gate: `source` (this one), `target` (the peer). */
  sides: ('source' | 'target')[];
  gate: string;
  /** The peer's name (its context, or its snapshot). */
  peer: string;
}
