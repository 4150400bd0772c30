// Words the cross-cluster checks share (peer-migration, sync-channel, peer-half).
import type { HalfKind } from '../../analyze/decentralized/half.js';

export function halfName(h: HalfKind): string {
  return h === 'decentralized-source' ? 'source half' : 'target half';
}

export function otherHalfName(h: HalfKind): string {
  return h === 'decentralized-source' ? 'target half' : 'source half';
}

/** The hint that names the flags reading the other cluster. */
export const PEER_FLAGS_HINT = 'read the other cluster too: kubectl vmigrate why NAME --peer-context OTHER_CONTEXT (add --peer-kubeconfig PATH when it is in another kubeconfig file)';
