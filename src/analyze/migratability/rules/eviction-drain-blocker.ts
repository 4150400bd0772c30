// evictionStrategy LiveMigrate on a VM that cannot migrate: `kubectl drain` is answered 429 by
// KubeVirt's eviction webhook (`VMI %s is configured with an eviction strategy but is not
// live-migratable`, pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go)
// and waits forever. The effective strategy is the VMI's (or VM template's), else the KubeVirt CR's
// `spec.configuration.evictionStrategy`, else none.
// LiveMigrateIfPossible shuts down instead, so it is not flagged. Reads prior findings: runs
// after every other rule but kubevirt-condition, whose blocker it covers via LiveMigratable=False.
import type { EvidenceRef } from '../../findings.js';
import { EVICTION_LIVE_MIGRATE } from '../../../kubevirt/constants.js';
import { effectiveEvictionStrategy } from '../drain.js';
import type { MigratabilityRule, RuleFinding, RuleId } from '../rule.js';
import type { EvictionDrainBlockerArgs } from '../rule-args/eviction-drain-blocker.js';
import { liveMigratableCondition, specPath, subjectRef } from '../subject.js';
import { kubevirtCR } from './_facts.js';
import { blocksInClusterMigration } from '../other-moves.js';

export const evictionDrainBlocker: MigratabilityRule<'eviction-drain-blocker'> = {
  id: 'eviction-drain-blocker',
  severity: 'warning',
  description: 'effective evictionStrategy LiveMigrate while not migratable: node drains will hang',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['KubeVirt spec.configuration.evictionStrategy', 'VMI status.conditions[LiveMigratable]'] },
  evaluate(subject, facts, prior) {
    // A pre-flight finding of another move (to another cluster, of the volumes) does not stop a drain here.
    const blockers = [...new Set(prior.filter(blocksInClusterMigration).map((f) => f.rule))];
    const kubevirtSaysNo = liveMigratableCondition(subject)?.status === 'False';
    if (blockers.length === 0 && !kubevirtSaysNo) return { findings: [] };

    const cr = kubevirtCR(facts);
    const { strategy, source } = effectiveEvictionStrategy({ metadata: subject.meta, spec: subject.spec }, cr);
    if (source === 'default' && !facts.kubevirt.ok) return { findings: [], unresolved: [facts.kubevirt.reason] };
    if (strategy !== EVICTION_LIVE_MIGRATE) return { findings: [] };

    let evidence: EvidenceRef;
    let path: string | undefined;
    let strategySource: EvictionDrainBlockerArgs<RuleId>['strategySource'];
    if (source === 'vmi') {
      path = specPath(subject, 'evictionStrategy');
      evidence = subjectRef(subject, path);
      strategySource = subject.kind === 'VirtualMachineInstance' ? 'vmi' : 'vm';
    } else {
      evidence = { kind: 'KubeVirt', namespace: cr?.metadata.namespace ?? '', name: cr?.metadata.name ?? '', field: 'spec.configuration.evictionStrategy' };
      strategySource = 'kubevirt';
    }
    const args: EvictionDrainBlockerArgs<RuleId> = { evictionStrategy: strategy, strategySource, blockers, liveMigratableFalse: kubevirtSaysNo };
    const finding: RuleFinding<'eviction-drain-blocker'> = { rule: 'eviction-drain-blocker', severity: 'warning', args, evidence: [evidence] };
    if (path) finding.path = path;
    return { findings: [finding] };
  },
};
