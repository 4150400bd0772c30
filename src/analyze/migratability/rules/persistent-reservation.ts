// SCSI persistent reservation on LUN disks (`lun.reservation: true`, pkg/storage/reservation/pr.go):
// LiveMigratable refuses it v1.0–v1.8 (PersistentReservationNotLiveMigratable, a blocker there);
// from v1.9 the VM live-migrates but StorageLiveMigratable still refuses a volume migration
// (info). v0.59 has no persistent reservation.
import { KV_REASON, LIVE_MIGRATABLE_REASON_VERSIONS, STORAGE_LIVE_MIGRATABLE_SINCE } from '../../../kubevirt/migratability-facts.js';
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

const LIVE = LIVE_MIGRATABLE_REASON_VERSIONS[KV_REASON.persistentReservation];

export const persistentReservation: MigratabilityRule<'persistent-reservation'> = {
  id: 'persistent-reservation',
  severity: 'warning',
  description: 'LUN disk with SCSI persistent reservation: KubeVirt 1.0–1.8 refuses to migrate it; 1.9 refuses only a volume migration',
  needs: [],
  kubevirt: {
    reasons: [KV_REASON.persistentReservation],
    releases: { since: LIVE.since },
    changesAt: boundariesOf(LIVE),
    reads: [],
  },
  evaluate(subject, facts) {
    const release = releaseOf(facts);
    if (!inRelease(release, { since: LIVE.since })) return { findings: [] };
    const live = inRelease(release, LIVE);
    // StorageLiveMigratable (v1.4+) keeps refusing once LiveMigratable no longer does.
    if (!live && !inRelease(release, { since: STORAGE_LIVE_MIGRATABLE_SINCE })) return { findings: [] };
    const findings: RuleFinding<'persistent-reservation'>[] = [];
    listOf(subject.spec.domain?.devices?.disks).forEach((d, i) => {
      if (d.lun?.reservation !== true) return;
      const path = specPath(subject, `domain.devices.disks[${i}].lun.reservation`);
      const finding: RuleFinding<'persistent-reservation'> = {
        rule: 'persistent-reservation',
        severity: live ? 'blocker' : 'info',
        args: { disk: nameText(d.name), refuses: live ? 'live' : 'storage' },
        path,
        evidence: [subjectRef(subject, path)],
      };
      if (live) finding.kubevirtReason = KV_REASON.persistentReservation;
      findings.push(finding);
    });
    return { findings };
  },
};
