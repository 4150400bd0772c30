// The `peer` section of a `why` document on a cross-cluster migration: which half this is, the
// pairing facts (migrationID, connectURL, the synchronization addresses), both installations'
// versions and gates, and — with the other cluster read — its half and that half's diagnosis.
// Present for every decentralized migration, read or not. Pure.
import type { KubeVirt } from '../../kube/types.js';
import type { WhyContext } from '../why/context.js';
import { clusterSyncFacts, decentralizedHalf, synchronizationAddresses, type HalfKind } from './half.js';

export interface PeerEnd {
  version?: string;
  gate?: boolean;
  /** KubeVirt CR status.synchronizationAddresses. */
  synchronizationAddresses: string[];
}

export interface PeerOutput<D> {
  half: HalfKind;
  migrationID: string;
  connectURL?: string;
  /** This side's VMIM status.synchronizationAddresses (copied from its KubeVirt CR). */
  migrationSynchronizationAddresses: string[];
  local: PeerEnd;
  /** The other cluster's context or snapshot, when it was read. */
  cluster?: string;
  remote?: PeerEnd;
  migration?: { namespace: string; name: string; uid: string; phase: string };
  vmi?: { namespace: string; name: string; phase: string };
  /** The other half's own diagnosis. */
  diagnosis?: D;
}

export function peerOutput<D>(ctx: WhyContext, diagnosis: D | undefined): PeerOutput<D> | undefined {
  const m = ctx.migration;
  const half = decentralizedHalf(m);
  if (!m || !half || ctx.asPeer) return undefined;
  const out: PeerOutput<D> = {
    half: half.kind,
    migrationID: half.migrationID,
    ...(half.kind === 'decentralized-source' && half.connectURL ? { connectURL: half.connectURL } : {}),
    migrationSynchronizationAddresses: synchronizationAddresses(m),
    local: endOf(ctx.kubevirtCR),
  };
  const peer = ctx.peer;
  if (!peer) return out;
  out.cluster = peer.name;
  if (peer.kubevirt.ok) out.remote = endOf(peer.kubevirt.items[0]);
  const pm = peer.half?.migration;
  if (pm) out.migration = { namespace: pm.metadata.namespace ?? '', name: pm.metadata.name ?? '', uid: pm.metadata.uid ?? '', phase: pm.status?.phase ?? '' };
  const pv = peer.half?.vmi;
  if (pv) out.vmi = { namespace: pv.metadata.namespace ?? '', name: pv.metadata.name ?? '', phase: pv.status?.phase ?? '' };
  if (diagnosis) out.diagnosis = diagnosis;
  return out;
}

function endOf(cr: KubeVirt | undefined): PeerEnd {
  const f = clusterSyncFacts(cr);
  return { ...(f.version ? { version: f.version.raw } : {}), ...(f.gate !== undefined ? { gate: f.gate } : {}), synchronizationAddresses: f.addresses };
}
