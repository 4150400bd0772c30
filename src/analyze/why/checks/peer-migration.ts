// A decentralized (cross-cluster) migration is two VMIMs, one per cluster, paired by migrationID
// (spec.sendTo.migrationID on the source, spec.receive.migrationID on the target; docs/kubevirt/
// migration-kinds.md §2.2). Neither cluster can see the other's, so:
// - the sync controller's own answer is direct evidence: `source: unable to locate VMI for
//   migrationID %s` (and the `target:` and `, vmi: %s` variants, v1.6+ texts; written into the
//   VMI condition DecentralizedLiveMigrationFailure from v1.8) → peer-migration-missing;
// - with the other cluster read (--peer-context), its VMIMs decide: the opposite half with the
//   same ID (paired), one for the same VMI under another ID (peer-migration-mismatch), or none
//   (peer-migration-missing);
// - without it, while the migration is not final, the pairing is `unknown` and the flag is named.
import type { EvidenceRef } from '../../findings.js';
import type { VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { decentralizedHalf, mismatchedMigrations, pairedMigrations, syncFailureCondition } from '../../decentralized/half.js';
import { classifySyncMessage } from '../../decentralized/sync-condition.js';
import { isFinal } from '../../migration/phase.js';
import { result, type WhyCheck } from '../check.js';
import type { PeerMigrationArgs, PeerRef } from '../check-args/peer-migration.js';
import { migrationRef } from '../migration-state.js';

const ID = 'peer-migration';

/** How the hint names the flags: the analysis says which, the renderer words it. */
export const PEER_FLAG_MISSING = 'the other cluster: give --peer-context NAME (or --peer-kubeconfig PATH)';

export const peerMigration: WhyCheck<'peer-migration'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    const half = decentralizedHalf(m);
    if (!m || !half) return result(ID, 'skip', { kind: 'not-decentralized' });
    if (ctx.asPeer) return result(ID, 'skip', { kind: 'as-peer' });
    const final = isFinal(m.status?.phase);
    const base = { half: half.kind, migrationID: half.migrationID, namespace: ctx.namespace, migration: m.metadata.name ?? '' };
    const peerName = ctx.peer?.name;

    // The sync controller's answer, on the VMI (v1.8+) or mirrored on the VMIM.
    for (const o of [ctx.vmi, m]) {
      const c = syncFailureCondition(o);
      const said = c?.message ? classifySyncMessage(c.message) : undefined;
      if (said?.kind !== 'peer-missing' || final) continue;
      const ref: EvidenceRef = o === m ? migrationRef(m, 'status.conditions', c?.message) : { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.conditions', message: c?.message ?? '' };
      const args: PeerMigrationArgs = { ...base, kind: 'missing', message: c?.message ?? '', final, ...(said.vmi ? { receiverVmi: said.vmi } : {}), ...(peerName ? { peerName } : {}) };
      return result(ID, 'fail', args, [ref, ...peerEvidence(ctx.peer?.half?.migration, peerName)], 'peer-migration-missing');
    }

    if (!ctx.peer || !ctx.peer.migrations.ok) {
      const reason = ctx.peer && !ctx.peer.migrations.ok ? ctx.peer.migrations.reason : undefined;
      const args: PeerMigrationArgs = { ...base, kind: 'not-read', final, ...(peerName ? { peerName } : {}), ...(reason ? { reason } : {}) };
      if (final) return result(ID, 'info', args, [migrationRef(m, half.kind === 'decentralized-source' ? 'spec.sendTo.migrationID' : 'spec.receive.migrationID', half.migrationID)]);
      return { ...result(ID, 'unknown', args), missing: reason ?? PEER_FLAG_MISSING };
    }
    const peers = ctx.peer.migrations.items;
    const paired = pairedMigrations(half, peers)[0];
    const name = ctx.peer.name;
    if (paired) return result(ID, 'pass', { ...base, kind: 'paired', peerName: name, peer: refOf(paired, half.migrationID) }, peerEvidence(paired, name));
    const vmiName = m.spec?.vmiName ?? '';
    const others = mismatchedMigrations(half, vmiName, peers);
    if (others.length > 0 && !final) {
      const refs = others.map((o) => refOf(o, decentralizedHalf(o)?.migrationID ?? ''));
      return result(ID, 'fail', { ...base, kind: 'mismatch', peerName: name, others: refs }, others.flatMap((o) => peerEvidence(o, name, idField(o))), 'peer-migration-mismatch');
    }
    // Once final, KubeVirt or MTV may have deleted the other half: history, not a cause.
    const args: PeerMigrationArgs = { ...base, kind: 'missing', peerName: name, final };
    return final ? result(ID, 'info', args) : result(ID, 'fail', args, [migrationRef(m, idField(m), half.migrationID)], 'peer-migration-missing');
  },
};

function idField(m: VirtualMachineInstanceMigration): string {
  return decentralizedHalf(m)?.kind === 'decentralized-source' ? 'spec.sendTo.migrationID' : 'spec.receive.migrationID';
}

function refOf(m: VirtualMachineInstanceMigration, migrationID: string): PeerRef {
  return { namespace: m.metadata.namespace ?? '', name: m.metadata.name ?? '', phase: m.status?.phase ?? '', migrationID };
}

function peerEvidence(m: VirtualMachineInstanceMigration | undefined, cluster: string | undefined, field = 'status.phase'): EvidenceRef[] {
  if (!m || !cluster) return [];
  const value = field === 'status.phase' ? m.status?.phase : decentralizedHalf(m)?.migrationID;
  return [{ ...migrationRef(m, field, value ?? ''), cluster }];
}
