// Rules that judge another move than a live migration within this cluster: to another cluster
// (peer-*, the cross-cluster pre-flight) or of the VM's volumes (volume-update-*, a volume update
// KubeVirt will refuse). Their blockers stop that move only: a drain still live-migrates the VM
// within the cluster, and KubeVirt's LiveMigratable condition does not judge them.
import type { RuleFinding, RuleId } from './rule.js';

export function judgesOtherMove(rule: RuleId): boolean {
  return rule.startsWith('peer-') || rule.startsWith('volume-update-');
}

/** Whether a finding blocks a live migration within this cluster (what a drain and LiveMigratable are about). */
export function blocksInClusterMigration(f: RuleFinding): boolean {
  return f.severity === 'blocker' && !judgesOtherMove(f.rule);
}
