// Prose of the peer-migration check (src/analyze/why/checks/peer-migration.ts).
import type { PeerMigrationArgs } from '../../analyze/why/check-args/peer-migration.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { PEER_FLAGS_HINT, halfName, otherHalfName } from './peer-words.js';

function idField(a: { half: string }): string {
  return a.half === 'decentralized-source' ? 'spec.receive.migrationID' : 'spec.sendTo.migrationID';
}

export const peerMigrationText: CheckText<'peer-migration'> = {
  title: 'Other half of the cross-cluster migration',
  summary(r) {
    const a: PeerMigrationArgs = r.args;
    switch (a.kind) {
      case 'not-decentralized':
        return 'Not a cross-cluster migration.';
      case 'as-peer':
        return 'Judged from the other cluster.';
      case 'paired':
        return `This is the ${halfName(a.half)}; the ${otherHalfName(a.half)} is ${a.peer.namespace}/${a.peer.name} in ${a.peerName} (${a.peer.phase || 'no phase yet'}), migrationID ${a.migrationID}.`;
      case 'missing': {
        if (a.message) {
          const vmi = a.receiverVmi ? `: it has the migration but not VMI ${a.receiverVmi}` : `: it has no VMIM with ${idField(a)} ${a.migrationID}`;
          return `The other cluster answered "${a.message}"${vmi}.`;
        }
        if (a.final) return `No ${otherHalfName(a.half)} with migrationID ${a.migrationID} is left in ${a.peerName ?? 'the other cluster'} (the migration is over).`;
        return `${a.peerName ?? 'The other cluster'} has no VMIM with ${idField(a)} ${a.migrationID}: this ${halfName(a.half)} has nothing to pair with.`;
      }
      case 'mismatch':
        return `${a.peerName} has no VMIM with ${idField(a)} ${a.migrationID}, but ${a.others.map((o) => `${o.namespace}/${o.name} (migrationID ${o.migrationID})`).join(', ')} for the same VMI: the two halves name different IDs.`;
      case 'not-read':
        if (a.reason) return `The VMIMs of ${a.peerName ?? 'the other cluster'} could not be read: ${a.reason}.`;
        return `This is the ${halfName(a.half)} of cross-cluster migration ${a.migrationID}; its ${otherHalfName(a.half)} is in another cluster, which was not read.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'missing': {
        if (a.receiverVmi) return `in the other cluster, create the receiving VM (runStrategy: WaitAsReceiver) so that VMI ${a.receiverVmi} exists`;
        const create = a.half === 'decentralized-source' ? 'a VMIM with spec.receive.migrationID' : 'the source VMIM with spec.sendTo.migrationID';
        return `create ${create} ${a.migrationID} in the other cluster, or check which cluster the other half was created in`;
      }
      case 'mismatch':
        return `use one migrationID on both halves: delete and recreate one VMIM (kubectl delete vmim ${a.migration} -n ${a.namespace}) with the other's ID`;
      case 'not-read':
        return a.reason ? undefined : PEER_FLAGS_HINT;
      case 'not-decentralized':
      case 'as-peer':
      case 'paired':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
