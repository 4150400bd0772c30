// The args of the peer-sync-address-missing rule's findings (rules/peer-sync-address-missing.ts), for render/migratability-text.ts. Types only.

export interface PeerSyncAddressMissingArgs {
  peer: string;
}
