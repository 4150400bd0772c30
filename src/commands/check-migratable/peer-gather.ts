// check-migratable --peer-context: what the receiving cluster of a cross-cluster migration holds
// for the VMs checked. Only GETs and LISTs, bounded whatever the cluster's size: the KubeVirt CR
// (list), the target namespace (GET), the StorageClasses (list: cluster-scoped and few) — all three
// while this cluster is read — then one GET per NetworkAttachmentDefinition the VMs' multus
// networks name (known only once the VMs are). Nothing is created on either cluster.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { getEach, listKnown } from '../../collect/gather.js';
import { FailureError } from '../../cmdutil/errors.js';
import { known, unknownList, type GatherError, type Known } from '../../kube/known.js';
import type { KubeObject, KubeVirt, Namespace, StorageClass } from '../../kube/types.js';
import type { PeerFacts, Subject } from '../../analyze/migratability/rule.js';
import { peerNetworkNeeds } from '../../analyze/migratability/rules/_peer.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';

export interface PeerFirstReads {
  kubevirt: Known<KubeVirt>;
  namespaces: Known<Namespace>;
  storageClasses: Known<StorageClass>;
}

/** The reads that do not depend on the VMs. */
export async function readPeerFirst(source: ClusterSource, namespace: string, errors: GatherError[]): Promise<PeerFirstReads> {
  const [kubevirt, namespaces, storageClasses] = await Promise.all([
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    getEach<Namespace>(source, 'namespace', undefined, [namespace], errors),
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
  ]);
  return { kubevirt, namespaces, storageClasses };
}

/** The NetworkAttachmentDefinitions the subjects name, one GET each (a namespace at a time). */
export async function readPeerNetworks(source: ClusterSource, subjects: readonly Subject[], namespace: string, errors: GatherError[]): Promise<Known<KubeObject>> {
  const byNamespace = new Map<string, Set<string>>();
  for (const s of subjects) for (const n of peerNetworkNeeds(s, namespace)) byNamespace.set(n.namespace, (byNamespace.get(n.namespace) ?? new Set()).add(n.name));
  const parts = await Promise.all([...byNamespace].map(([ns, names]) => getEach<KubeObject>(source, 'nad', ns, [...names], errors)));
  const failed = parts.find((p) => !p.ok);
  return failed ?? known(parts.flatMap((p) => (p.ok ? p.items : [])));
}

export function peerFacts(cluster: string, namespace: string, first: PeerFirstReads, networks: Known<KubeObject>): PeerFacts {
  const kubevirtVersion = first.kubevirt.ok ? versionOfKubeVirtCR(first.kubevirt.items[0]) : undefined;
  return { cluster, namespace, ...first, networks, ...(kubevirtVersion ? { kubevirtVersion } : {}) };
}

/** The peer answering with an error (unreachable, unauthorized): every peer list unknown with that reason. */
export function unreadablePeer(cluster: string, namespace: string, reason: string): PeerFacts {
  const u = unknownList<never>(reason);
  return { cluster, namespace, kubevirt: u, namespaces: u, networks: u, storageClasses: u };
}

/** A peer that cannot be opened or answers a fatal error: an errors[] entry, never an abort. */
export async function toleratedPeer<T>(cluster: string, read: () => Promise<T>, errors: GatherError[]): Promise<T | { failed: string }> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof SourceError || err instanceof FailureError)) throw err;
    const message = `${cluster}: ${(err.message.split('\n')[0] ?? '').replace(/^error: /, '')}`;
    errors.push({ resource: 'cluster', message });
    return { failed: message };
  }
}
