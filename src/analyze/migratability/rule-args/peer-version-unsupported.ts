// The args of the peer-version-unsupported rule's findings (rules/peer-version-unsupported.ts), for render/migratability-text.ts. Types only.

export interface PeerVersionUnsupportedArgs {
  /** Each cluster below the first release with decentralized migration, with its version. */
  sides: { side: 'source' | 'target'; version: string }[];
  /** `v1.6`: the first release that has it. */
  since: string;
  peer: string;
}
