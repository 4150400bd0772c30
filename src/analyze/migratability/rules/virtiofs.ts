// virtiofs filesystems were not migratable before KubeVirt 1.5 (facts §1.3/§2:
// VirtIOFSNotLiveMigratable is set only up to v1.4). From 1.5 on the rule stays silent; with an
// unknown version it warns, since the cluster may be older.
import { atLeast } from '../../../kubevirt/version.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { VirtiofsArgs } from '../rule-args/virtiofs.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const virtiofs: MigratabilityRule<'virtiofs'> = {
  id: 'virtiofs',
  severity: 'warning',
  description: 'virtiofs filesystems: not migratable before KubeVirt 1.5 (silent from 1.5)',
  needs: [],
  evaluate(subject, facts) {
    if (atLeast(facts.kubevirtVersion, 1, 5) === true) return { findings: [] };
    const findings: RuleFinding<'virtiofs'>[] = [];
    listOf(subject.spec.domain?.devices?.filesystems).forEach((fs, i) => {
      if (fs.virtiofs == null) return;
      const path = specPath(subject, `domain.devices.filesystems[${i}]`);
      const args: VirtiofsArgs = { filesystem: nameText(fs.name) };
      if (facts.kubevirtVersion) args.kubevirtVersion = facts.kubevirtVersion.raw;
      findings.push({ rule: 'virtiofs', severity: 'warning', args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
