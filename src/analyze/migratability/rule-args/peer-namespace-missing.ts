// The args of the peer-namespace-missing rule's findings (rules/peer-namespace-missing.ts), for render/migratability-text.ts. Types only.

export interface PeerNamespaceMissingArgs {
  namespace: string;
  peer: string;
}
