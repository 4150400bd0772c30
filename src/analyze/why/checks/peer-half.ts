// The other half of a decentralized migration, diagnosed by `why`'s own checks on the other
// cluster's objects (diagnose.ts runs them there and hands the verdict in): the target half's pod
// scheduling and readiness, quota, slots, hand-off — the checks a local target gets. A blocked or
// failed other half is this migration's cause too: a source half waits in Synchronizing …
// TargetReady for the target pod of the other cluster, and a target half in WaitingForSync for
// the source's state. Without the other cluster, while this half waits on it, `unknown`.
import { decentralizedHalf } from '../../decentralized/half.js';
import { isFinal } from '../../migration/phase.js';
import type { CheckCause } from '../cause.js';
import { result, type WhyCheck } from '../check.js';
import type { PeerHalfArgs } from '../check-args/peer-half.js';
import type { WhyContext } from '../context.js';
import { migrationRef } from '../migration-state.js';
import { copyState } from '../progress.js';
import { PEER_FLAG_MISSING } from './peer-migration.js';
import { PHASE_WAITING_FOR_SYNC } from '../../../kubevirt/migration-kinds.js';

const ID = 'peer-half';

/** Checks whose facts only the target cluster holds (its pod, quota, slots, hand-off). */
const TARGET_SIDE_CHECKS: ReadonlySet<string> = new Set(['migration-slots', 'resource-quota', 'admission', 'active-pods', 'target-pod-scheduling', 'storage-visibility', 'target-pod-readiness', 'handoff']);

export const peerHalf: WhyCheck<'peer-half'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    const half = decentralizedHalf(m);
    if (!m || !half) return result(ID, 'skip', { kind: 'not-decentralized' });
    if (ctx.asPeer) return result(ID, 'skip', { kind: 'as-peer' });
    const peer = ctx.peer;
    if (!peer) {
      const waits = waitsOnPeer(ctx);
      const args: PeerHalfArgs = { kind: 'not-read', half: half.kind, waitsOnPeer: waits };
      return waits ? { ...result(ID, 'unknown', args), missing: PEER_FLAG_MISSING } : result(ID, 'info', args);
    }
    const other = peer.half?.migration;
    if (!other || !peer.verdict) return result(ID, 'skip', { kind: 'no-peer', half: half.kind });
    const v = peer.verdict;
    const args: PeerHalfArgs = {
      kind: 'diagnosed',
      half: half.kind,
      peerName: peer.name,
      migration: { namespace: other.metadata.namespace ?? '', name: other.metadata.name ?? '', phase: other.status?.phase ?? '' },
      status: v.status,
      cause: v.cause,
      ...(v.check ? { check: v.check } : {}),
    };
    const evidence = [{ ...migrationRef(other, 'status.phase', other.status?.phase ?? ''), cluster: peer.name }];
    // One fact, one judgement: a copying migration's transfer and failure are the source's to judge,
    // so a target half's view of them is not taken over by the source side.
    const named = v.cause !== 'none' && v.cause !== 'unknown' && v.cause !== 'no-migration' && (half.kind === 'decentralized-target' || waitsOnPeer(ctx) || TARGET_SIDE_CHECKS.has(v.check ?? ''));
    if ((v.status === 'blocked' || v.status === 'failed') && named && !isFinal(m.status?.phase)) {
      // The other half's cause is this one's (a check named it there), with its status.
      return { ...result(ID, 'fail', args, evidence, v.cause as CheckCause), verdictStatus: v.status };
    }
    if (v.status === 'at-risk' && named) return result(ID, 'warn', args, evidence, v.cause as CheckCause);
    if (v.status === 'unknown' && waitsOnPeer(ctx)) return { ...result(ID, 'unknown', args, evidence), missing: `the other half's diagnosis is unknown (${peer.name})` };
    return result(ID, isFinal(m.status?.phase) ? 'info' : 'pass', args, evidence);
  },
};

/**
 * This half cannot move until the other one does: a source half before libvirt copies (its
 * target pod is in the other cluster), a target half in WaitingForSync (for the source's state).
 */
function waitsOnPeer(ctx: WhyContext): boolean {
  const m = ctx.migration;
  const half = decentralizedHalf(m);
  if (!m || !half || isFinal(m.status?.phase)) return false;
  if (half.kind === 'decentralized-target') return (m.status?.phase ?? '') === PHASE_WAITING_FOR_SYNC || (m.status?.phase ?? '') === '';
  return !copyState(ctx, m).started;
}
