// `features.hypervPassthrough.enabled` hands the host's Hyper-V enlightenments to the guest
// as-is (HypervPassthroughNotLiveMigratable; the field and the check exist from v1.3).
import { KV_REASON, LIVE_MIGRATABLE_REASON_VERSIONS } from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';

const RELEASES = LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.hypervPassthrough];

export const hypervPassthrough: MigratabilityRule<'hyperv-passthrough'> = {
  id: 'hyperv-passthrough',
  severity: 'blocker',
  description: 'features.hypervPassthrough enabled: the host Hyper-V enlightenments are passed through',
  needs: [],
  kubevirt: { reasons: [KV_REASON.hypervPassthrough], releases: RELEASES, changesAt: [RELEASES.since], reads: [] },
  evaluate(subject, facts) {
    if (subject.spec.domain?.features?.hypervPassthrough?.enabled !== true) return { findings: [] };
    if (!inRelease(releaseOf(facts), RELEASES)) return { findings: [] };
    const path = specPath(subject, 'domain.features.hypervPassthrough');
    return {
      findings: [
        { rule: 'hyperv-passthrough', severity: 'blocker', kubevirtReason: KV_REASON.hypervPassthrough, args: {}, path, evidence: [subjectRef(subject, path)] },
      ],
    };
  },
};
