// Prose of the peer-half check (src/analyze/why/checks/peer-half.ts).
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { PEER_FLAGS_HINT, otherHalfName } from './peer-words.js';

export const peerHalfText: CheckText<'peer-half'> = {
  title: 'Other cluster\'s half',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-decentralized':
        return 'Not a cross-cluster migration.';
      case 'as-peer':
        return 'Judged from the other cluster.';
      case 'no-peer':
        return `No ${otherHalfName(a.half)} to diagnose.`;
      case 'not-read':
        return a.waitsOnPeer
          ? `This half waits for the ${otherHalfName(a.half)} in the other cluster, which was not read: what holds it is not known here.`
          : `The ${otherHalfName(a.half)} is in the other cluster, which was not read.`;
      case 'diagnosed': {
        const by = a.check ? ` (check ${a.check})` : '';
        return `The ${otherHalfName(a.half)} ${a.migration.namespace}/${a.migration.name} in ${a.peerName} is ${a.migration.phase || 'without a phase'}: ${a.status}, cause ${a.cause}${by}.`;
      }
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind === 'not-read') return PEER_FLAGS_HINT;
    if (a.kind === 'diagnosed' && (r.status === 'fail' || r.status === 'warn')) return `the other half's own diagnosis follows (peer.verdict and peer.checks in -o json); fix it in ${a.peerName}: kubectl vmigrate why ${a.migration.name} -n ${a.migration.namespace} there`;
    return undefined;
  },
};
