// Cross-cluster pre-flight: each multus network of the VM names a NetworkAttachmentDefinition
// that the receiving cluster's virt-controller resolves for the target pod (pkg/network/multus);
// a missing one leaves the target pod unschedulable.
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import { subjectRef } from '../subject.js';
import { peerNetworkNeeds } from './_peer.js';

export const peerNetworkMissing: MigratabilityRule<'peer-network-missing'> = {
  id: 'peer-network-missing',
  severity: 'blocker',
  description: 'with --peer-context: a multus network\'s NetworkAttachmentDefinition is missing in the other cluster',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['spec.networks[].multus.networkName', 'NetworkAttachmentDefinition (other cluster)'] },
  evaluate(subject, facts) {
    const peer = facts.peer;
    if (!peer) return { findings: [] };
    const needs = peerNetworkNeeds(subject, peer.namespace);
    if (needs.length === 0) return { findings: [] };
    if (!peer.networks.ok) return { findings: [], unresolved: [`${peer.cluster}: ${peer.networks.reason}`] };
    const have = new Set(peer.networks.items.map((n) => `${n.metadata.namespace ?? ''}/${n.metadata.name ?? ''}`));
    const findings: RuleFinding<'peer-network-missing'>[] = [];
    for (const n of needs) {
      const nad = `${n.namespace}/${n.name}`;
      if (have.has(nad)) continue;
      findings.push({
        rule: 'peer-network-missing',
        severity: 'blocker',
        args: { network: n.network, nad, peer: peer.cluster },
        path: n.path,
        evidence: [subjectRef(subject, n.path), { kind: 'NetworkAttachmentDefinition', namespace: n.namespace, name: n.name, cluster: peer.cluster }],
      });
    }
    return { findings };
  },
};
