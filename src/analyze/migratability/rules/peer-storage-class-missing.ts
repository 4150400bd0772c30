// Cross-cluster pre-flight: the receiving VM's volumes are provisioned in the other cluster and
// the disks copied into them (decentralized migration copies non-shared disks: the create webhook
// lets DisksNotLiveMigratable through for it, v1.6+ migration-create-admitter.go). A StorageClass
// the VM's claims use that the other cluster lacks leaves the receiving claims Pending unless the
// receiving VM names another class: a blocker for the VM as it is.
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import { peerStorageNeeds } from './_peer.js';

export const peerStorageClassMissing: MigratabilityRule<'peer-storage-class-missing'> = {
  id: 'peer-storage-class-missing',
  severity: 'blocker',
  description: 'with --peer-context: a StorageClass the VM\'s volumes use is missing in the other cluster',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['PVC/DataVolume storageClassName', 'StorageClass (other cluster)'] },
  evaluate(subject, facts) {
    const peer = facts.peer;
    if (!peer) return { findings: [] };
    const { classes, unresolved } = peerStorageNeeds(subject, facts);
    if (classes.size === 0) return unresolved.length > 0 ? { findings: [], unresolved } : { findings: [] };
    if (!peer.storageClasses.ok) return { findings: [], unresolved: [...unresolved, `${peer.cluster}: ${peer.storageClasses.reason}`] };
    const have = new Set(peer.storageClasses.items.map((s) => s.metadata.name));
    const findings: RuleFinding<'peer-storage-class-missing'>[] = [];
    for (const [storageClass, volumes] of classes) {
      if (have.has(storageClass)) continue;
      findings.push({
        rule: 'peer-storage-class-missing',
        severity: 'blocker',
        args: { storageClass, volumes, peer: peer.cluster },
        evidence: [{ kind: 'StorageClass', name: storageClass, cluster: peer.cluster }],
      });
    }
    return unresolved.length > 0 ? { findings, unresolved } : { findings };
  },
};
