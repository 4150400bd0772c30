// `features.hypervPassthrough.enabled` hands the host's Hyper-V enlightenments to the guest
// as-is (facts §2, check 7, HypervPassthroughNotLiveMigratable, v1.3+).
import type { MigratabilityRule } from '../rule.js';
import { specPath, subjectRef } from '../subject.js';

export const hypervPassthrough: MigratabilityRule<'hyperv-passthrough'> = {
  id: 'hyperv-passthrough',
  severity: 'blocker',
  description: 'features.hypervPassthrough enabled: the host Hyper-V enlightenments are passed through',
  needs: [],
  evaluate(subject) {
    if (subject.spec.domain?.features?.hypervPassthrough?.enabled !== true) return { findings: [] };
    const path = specPath(subject, 'domain.features.hypervPassthrough');
    return { findings: [{ rule: 'hyperv-passthrough', severity: 'blocker', args: {}, path, evidence: [subjectRef(subject, path)] }] };
  },
};
