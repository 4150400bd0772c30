// The args of the peer-version-skew rule's findings (rules/peer-version-skew.ts), for render/migratability-text.ts. Types only.

export interface PeerVersionSkewArgs {
  /** The versions as the KubeVirt CRs report them. */
  source: string;
  target: string;
  peer: string;
}
