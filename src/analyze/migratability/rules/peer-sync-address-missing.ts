// Cross-cluster pre-flight: the receiving cluster's sync address is what the source half's
// spec.sendTo.connectURL must reach. virt-operator publishes it in the KubeVirt CR's
// status.synchronizationAddresses (the leading virt-synchronization-controller pod's IPs with
// spec.synchronizationPort, default 9185) and publishes none while the gate is off, the
// controller's lease has no holder or its pod is gone (v1.6–v1.9
// pkg/virt-operator/resource/apply/core.go updateSynchronizationAddress). KubeVirt creates the
// VMIMs anyway, so: a warning, the judgement of why's sync-channel check (no-address). Read from
// the KubeVirt CR the pre-flight already reads: no request of its own.
import { PATH_KUBEVIRT_SYNCHRONIZATION_ADDRESSES, SINCE } from '../../../kubevirt/migration-kinds.js';
import { inRelease } from '../../../kubevirt/releases.js';
import { atLeast } from '../../../kubevirt/version.js';
import type { MigratabilityRule } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { clusterSyncFacts } from '../../decentralized/half.js';
import { kubevirtCRRef } from './_facts.js';
import { PEER_RELEASES } from './_peer.js';

export const peerSyncAddressMissing: MigratabilityRule<'peer-sync-address-missing'> = {
  id: 'peer-sync-address-missing',
  severity: 'warning',
  description: 'with --peer-context: the other cluster\'s KubeVirt CR publishes no synchronization address (its sync controller has no leader or no pod)',
  needs: [],
  kubevirt: { reasons: [], releases: PEER_RELEASES, changesAt: [PEER_RELEASES.since], reads: [`KubeVirt CR ${PATH_KUBEVIRT_SYNCHRONIZATION_ADDRESSES} (other cluster)`] },
  evaluate(_subject, facts) {
    const peer = facts.peer;
    if (!peer || !inRelease(releaseOf(facts), PEER_RELEASES)) return { findings: [] };
    if (!peer.kubevirt.ok) return { findings: [], unresolved: [`${peer.cluster}: ${peer.kubevirt.reason}`] };
    const cr = peer.kubevirt.items[0];
    const sync = clusterSyncFacts(cr);
    // No CR, the gate off or a release before v1.6: peer-gate-disabled and peer-version-unsupported say it.
    if (!cr || !sync.gate || atLeast(sync.version, SINCE.decentralized.major, SINCE.decentralized.minor) === false) return { findings: [] };
    if (sync.addresses.length > 0) return { findings: [] };
    return {
      findings: [
        { rule: 'peer-sync-address-missing', severity: 'warning', args: { peer: peer.cluster }, evidence: [kubevirtCRRef(cr, PATH_KUBEVIRT_SYNCHRONIZATION_ADDRESSES, { cluster: peer.cluster })] },
      ],
    };
  },
};
