// Cross-cluster pre-flight: the receiving VM (same name) and its VMIM with spec.receive are created
// in the target namespace on the other cluster; it must exist there.
import type { MigratabilityRule } from '../rule.js';

export const peerNamespaceMissing: MigratabilityRule<'peer-namespace-missing'> = {
  id: 'peer-namespace-missing',
  severity: 'blocker',
  description: 'with --peer-context: the target namespace does not exist in the other cluster',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['Namespace (other cluster)'] },
  evaluate(_subject, facts) {
    const peer = facts.peer;
    if (!peer) return { findings: [] };
    if (!peer.namespaces.ok) return { findings: [], unresolved: [`${peer.cluster}: ${peer.namespaces.reason}`] };
    if (peer.namespaces.items.some((n) => n.metadata.name === peer.namespace)) return { findings: [] };
    return {
      findings: [
        { rule: 'peer-namespace-missing', severity: 'blocker', args: { namespace: peer.namespace, peer: peer.cluster }, evidence: [{ kind: 'Namespace', name: peer.namespace, cluster: peer.cluster }] },
      ],
    };
  },
};
