// virtiofs filesystems (VirtIOFSNotLiveMigratable): KubeVirt refuses any VMI with one up to v1.4
// (vm.go, util.IsVMIVirtiofsEnabled); from v1.5 they migrate (a PVC behind one still needs
// ReadWriteMany: volume-not-shared). A blocker where KubeVirt refuses, silent elsewhere.
import { KV_REASON, LIVE_MIGRATABLE_REASON_VERSIONS } from '../../../kubevirt/migratability-facts.js';
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

const RELEASES = LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.virtiofs];

export const virtiofs: MigratabilityRule<'virtiofs'> = {
  id: 'virtiofs',
  severity: 'warning',
  description: 'virtiofs filesystems: KubeVirt refuses to migrate them before 1.5',
  needs: [],
  kubevirt: { reasons: [KV_REASON.virtiofs], releases: RELEASES, changesAt: boundariesOf(RELEASES), reads: [] },
  evaluate(subject, facts) {
    if (!inRelease(releaseOf(facts), RELEASES)) return { findings: [] };
    const findings: RuleFinding<'virtiofs'>[] = [];
    listOf(subject.spec.domain?.devices?.filesystems).forEach((fs, i) => {
      if (fs.virtiofs == null) return;
      const path = specPath(subject, `domain.devices.filesystems[${i}]`);
      findings.push({
        rule: 'virtiofs',
        severity: 'blocker',
        kubevirtReason: KV_REASON.virtiofs,
        args: { filesystem: nameText(fs.name) },
        path,
        evidence: [subjectRef(subject, path)],
      });
    });
    return { findings };
  },
};
