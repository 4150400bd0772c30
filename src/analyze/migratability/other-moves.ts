// Rules that judge another move than a live migration within this cluster: to another cluster
// (peer-*, the cross-cluster pre-flight) or of the VM's volumes (volume-update-*, a volume update
// KubeVirt will refuse). Their blockers stop that move only: a drain still live-migrates the VM
// within the cluster, and KubeVirt's LiveMigratable condition does not judge them.
import { KV_REASON } from '../../kubevirt/migratability-facts.js';
import type { ClusterFacts, RuleFinding, RuleId } from './rule.js';

export function judgesOtherMove(rule: RuleId): boolean {
  return rule.startsWith('peer-') || rule.startsWith('volume-update-');
}

/** Whether a finding blocks a live migration within this cluster (what a drain and LiveMigratable are about). */
export function blocksInClusterMigration(f: RuleFinding): boolean {
  return f.severity === 'blocker' && !judgesOtherMove(f.rule);
}

/**
 * Whether, in the cross-cluster pre-flight (a peer given), KubeVirt lets this LiveMigratable
 * reason through: the migration-create webhook passes DisksNotLiveMigratable for a decentralized
 * migration (migration-create-admitter.go, v1.6+), which copies every disk — each PVC and
 * DataVolume is marked migrated (decentralized.go), non-shared hostDisks are copied
 * (live-migration-source.go classifyVolumesForMigration).
 */
export function copiedAcrossClusters(reason: string | undefined, facts: Pick<ClusterFacts, 'peer'>): boolean {
  return facts.peer !== undefined && reason === KV_REASON.disks;
}

/** A finding as the cross-cluster pre-flight weighs it: a disk KubeVirt copies is information there. */
export function forTheMove(f: RuleFinding, facts: Pick<ClusterFacts, 'peer'>): RuleFinding {
  return f.severity !== 'info' && copiedAcrossClusters(f.kubevirtReason, facts) ? { ...f, severity: 'info' } : f;
}
