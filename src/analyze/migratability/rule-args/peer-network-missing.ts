// The args of the peer-network-missing rule's findings (rules/peer-network-missing.ts), for render/migratability-text.ts. Types only.

export interface PeerNetworkMissingArgs {
  /** The VM's spec.networks[] entry. */
  network: string;
  /** The NetworkAttachmentDefinition it names, `namespace/name`. */
  nad: string;
  peer: string;
}
