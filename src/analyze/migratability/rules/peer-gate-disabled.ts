// Cross-cluster pre-flight: KubeVirt v1.6+ creates neither half of a decentralized migration
// without the DecentralizedLiveMigration gate in that cluster's KubeVirt CR (the VMIM webhook:
// `DecentralizedLiveMigration feature gate is not enabled in kubevirt resource` —
// pkg/virt-api/webhooks/validating-webhook/admitters/migration-create-admitter.go), and runs no
// virt-synchronization-controller without it. Alpha v1.6–v1.9: it must be listed.
import { GATE_DECENTRALIZED_LIVE_MIGRATION, SINCE } from '../../../kubevirt/migration-kinds.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { EvidenceRef } from '../../findings.js';
import type { MigratabilityRule } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { alphaGateOn, kubevirtCR, kubevirtCRRef } from './_facts.js';
import { PEER_RELEASES } from './_peer.js';

const GATES_FIELD = 'spec.configuration.developerConfiguration.featureGates';

export const peerGateDisabled: MigratabilityRule<'peer-gate-disabled'> = {
  id: 'peer-gate-disabled',
  severity: 'blocker',
  description: 'with --peer-context: the DecentralizedLiveMigration gate is off in either cluster (KubeVirt 1.6+)',
  needs: [],
  kubevirt: { reasons: [], releases: PEER_RELEASES, changesAt: [SINCE.decentralized], reads: [`featureGates ${GATE_DECENTRALIZED_LIVE_MIGRATION} (both clusters)`] },
  evaluate(_subject, facts) {
    const peer = facts.peer;
    if (!peer || !inRelease(releaseOf(facts), PEER_RELEASES)) return { findings: [] };
    const unresolved = [facts.kubevirt, peer.kubevirt].flatMap((k, i) => (k.ok ? [] : [i === 0 ? k.reason : `${peer.cluster}: ${k.reason}`]));
    if (unresolved.length > 0) return { findings: [], unresolved };
    const source = kubevirtCR(facts);
    const target = peer.kubevirt.ok ? peer.kubevirt.items[0] : undefined;
    const sides: ('source' | 'target')[] = [];
    const evidence: EvidenceRef[] = [];
    if (!alphaGateOn(source, GATE_DECENTRALIZED_LIVE_MIGRATION)) {
      sides.push('source');
      evidence.push(kubevirtCRRef(source, GATES_FIELD));
    }
    if (!alphaGateOn(target, GATE_DECENTRALIZED_LIVE_MIGRATION)) {
      sides.push('target');
      evidence.push(kubevirtCRRef(target, GATES_FIELD, { cluster: peer.cluster }));
    }
    if (sides.length === 0) return { findings: [] };
    return { findings: [{ rule: 'peer-gate-disabled', severity: 'blocker', args: { sides, gate: GATE_DECENTRALIZED_LIVE_MIGRATION, peer: peer.cluster }, evidence }] };
  },
};
