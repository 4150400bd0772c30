// Cross-cluster pre-flight: decentralized migration (VMIM spec.sendTo / spec.receive, the
// virt-synchronization-controller) exists from KubeVirt v1.6 (staging/src/kubevirt.io/api/core/v1/types.go);
// an older cluster on either side drops those fields and cannot take part.
import { SINCE } from '../../../kubevirt/migration-kinds.js';
import { minorText } from '../../../kubevirt/releases.js';
import { atLeast } from '../../../kubevirt/version.js';
import type { EvidenceRef } from '../../findings.js';
import type { MigratabilityRule } from '../rule.js';
import type { PeerVersionUnsupportedArgs } from '../rule-args/peer-version-unsupported.js';
import { releaseOf } from '../release-spans.js';
import { kubevirtCR, kubevirtCRRef } from './_facts.js';

const VERSION_FIELD = 'status.observedKubeVirtVersion';

export const peerVersionUnsupported: MigratabilityRule<'peer-version-unsupported'> = {
  id: 'peer-version-unsupported',
  severity: 'blocker',
  description: 'with --peer-context: either cluster runs KubeVirt older than 1.6 (no decentralized migration)',
  needs: [],
  kubevirt: { reasons: [], changesAt: [SINCE.decentralized], reads: [`KubeVirt CR ${VERSION_FIELD} (both clusters)`] },
  evaluate(_subject, facts) {
    const peer = facts.peer;
    if (!peer) return { findings: [] };
    if (!peer.kubevirtVersion) return { findings: [], unresolved: [`${peer.cluster}: ${peer.kubevirt.ok ? 'KubeVirt version not reported' : peer.kubevirt.reason}`] };
    const { major, minor } = SINCE.decentralized;
    const sides: PeerVersionUnsupportedArgs['sides'] = [];
    const evidence: EvidenceRef[] = [];
    const source = releaseOf(facts);
    if (!atLeast(source, major, minor)) {
      sides.push({ side: 'source', version: facts.kubevirtVersion?.raw ?? minorText(source) });
      evidence.push(kubevirtCRRef(kubevirtCR(facts), VERSION_FIELD));
    }
    if (!atLeast(peer.kubevirtVersion, major, minor)) {
      sides.push({ side: 'target', version: peer.kubevirtVersion.raw });
      evidence.push(kubevirtCRRef(peer.kubevirt.ok ? peer.kubevirt.items[0] : undefined, VERSION_FIELD, { cluster: peer.cluster }));
    }
    if (sides.length === 0) return { findings: [] };
    return { findings: [{ rule: 'peer-version-unsupported', severity: 'blocker', args: { sides, since: minorText(SINCE.decentralized), peer: peer.cluster }, evidence }] };
  },
};
