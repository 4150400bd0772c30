// `why` on a cross-cluster migration with the other cluster given: what is read there. Round A
// starts with the first cluster's reads, concurrently: every VMIM (the pair is found by
// migrationID; its namespace may differ), the KubeVirt CR and the MigrationPolicies. Once the
// first cluster named its migrationID, round B is `why`'s own gather for the paired VMIM, with
// round A's lists shared (as `list` shares them), so the other half is read as a local one
// would be — within the same WHY_REQUEST_BUDGET (3 + the gather's rounds without its lists).
import { listKnown } from '../../collect/gather.js';
import type { ClusterSource } from '../../collect/source.js';
import { unknownList, type GatherError, type Known } from '../../kube/known.js';
import type { KubeVirt, MigrationPolicy, VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { PeerInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { decentralizedHalf, pairedMigrations } from '../../analyze/decentralized/half.js';
import { gatherForWhy } from './gather.js';
import { ObjectIndex } from '../../analyze/object-index.js';
import type { OpenedPeer } from '../peer/open.js';

export interface PeerLists {
  migrations: Known<VirtualMachineInstanceMigration>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
}

/** Round A: three lists, whatever the migration. */
export async function readPeerLists(source: ClusterSource, errors: GatherError[]): Promise<PeerLists> {
  const [migrations, kubevirt, policies] = await Promise.all([
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
  ]);
  return { migrations, kubevirt, policies };
}

/** Round B: the paired half's own inputs, when the local migration is a half and the pair is there. */
export async function gatherPeerHalf(peer: OpenedPeer, lists: PeerLists, local: VirtualMachineInstanceMigration | undefined, errors: GatherError[]): Promise<PeerInputs> {
  const inputs: PeerInputs = { name: peer.name, migrations: lists.migrations, kubevirt: lists.kubevirt };
  const half = decentralizedHalf(local);
  if (!half || !lists.migrations.ok) return inputs;
  const paired = pairedMigrations(half, lists.migrations.items)[0];
  if (!paired?.metadata.name || !paired.metadata.namespace) return inputs;
  const shared = { ...lists, namespaces: unknownList<never>('not read in the other cluster'), index: new ObjectIndex() };
  const gathered = await gatherForWhy(peer.source, paired.metadata.namespace, paired.metadata.name, { shared });
  errors.push(...gathered.errors);
  inputs.half = deriveContext(gathered.inputs);
  return inputs;
}
