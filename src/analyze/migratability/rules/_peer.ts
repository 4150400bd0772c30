// What the cross-cluster pre-flight (check-migratable --peer-context) asks of the receiving
// cluster, from the VM spec and this cluster's objects: the multus networks' NetworkAttachment-
// Definitions and the StorageClasses of the VM's claims. Shared by the peer rules and by the
// gather that reads exactly those names from the peer (not a rule: the `_` prefix).
import { SINCE } from '../../../kubevirt/migration-kinds.js';
import type { ClusterFacts, PeerFacts, ReleaseSpan, Subject } from '../rule.js';
import { specPath } from '../subject.js';
import { listOf } from '../../shape.js';
import { claimVolumes, resolveClaim, storageClassNameOf } from './_claims.js';

/** The releases with decentralized migration (v1.6+): the peer rules that read this cluster's version find nothing before. */
export const PEER_RELEASES: ReleaseSpan = { since: SINCE.decentralized };

export interface PeerNetworkNeed {
  network: string;
  /** The NAD's namespace on the peer: the one networkName names, else the target namespace. */
  namespace: string;
  name: string;
  path: string;
}

/** Multus networkName is `name` or `namespace/name` (KubeVirt pkg/network/multus, v1.6+ unchanged). */
export function peerNetworkNeeds(subject: Subject, targetNamespace: string): PeerNetworkNeed[] {
  const out: PeerNetworkNeed[] = [];
  listOf(subject.spec.networks).forEach((n, i) => {
    const ref = n.multus?.networkName;
    if (!ref) return;
    const slash = ref.indexOf('/');
    const [namespace, name] = slash >= 0 ? [ref.slice(0, slash), ref.slice(slash + 1)] : [targetNamespace, ref];
    out.push({ network: n.name ?? '', namespace, name, path: specPath(subject, `networks[${i}].multus.networkName`) });
  });
  return out;
}

export interface PeerStorageNeeds {
  /** StorageClass name → the VM volumes on it (a claim without a class gets the peer's default: not listed). */
  classes: Map<string, string[]>;
  /** Claims nothing could be found about here (their class is unknown). */
  unresolved: string[];
}

export function peerStorageNeeds(subject: Subject, facts: ClusterFacts): PeerStorageNeeds {
  const classes = new Map<string, string[]>();
  const unresolved: string[] = [];
  for (const v of claimVolumes(subject)) {
    const r = resolveClaim(subject, facts, v);
    const sc = storageClassNameOf(r);
    if (sc === undefined) {
      if (!r.pvc && !r.dataVolume && !r.template && r.gaps[0]) unresolved.push(r.gaps[0]);
      continue;
    }
    if (sc === '') continue;
    classes.set(sc, [...(classes.get(sc) ?? []), v.volume]);
  }
  return { classes, unresolved };
}

/** The target namespace of a VM: KubeVirt's receiving VM has the same name; this tool keeps the namespace too. */
export function peerTargetNamespace(subject: Subject, peer: PeerFacts): string {
  return peer.namespace || subject.namespace;
}
