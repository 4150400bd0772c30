// SCSI persistent reservation on LUN disks (`lun.reservation: true`) was not migratable before
// KubeVirt 1.9 (facts §2, check 5b: PersistentReservationNotLiveMigratable, v1.0–v1.8). From 1.9
// on the rule stays silent; with an unknown version it warns.
import { atLeast } from '../../../kubevirt/version.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { PersistentReservationArgs } from '../rule-args/persistent-reservation.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const persistentReservation: MigratabilityRule<'persistent-reservation'> = {
  id: 'persistent-reservation',
  severity: 'warning',
  description: 'LUN disk with SCSI persistent reservation: not migratable before KubeVirt 1.9 (silent from 1.9)',
  needs: [],
  evaluate(subject, facts) {
    if (atLeast(facts.kubevirtVersion, 1, 9) === true) return { findings: [] };
    const findings: RuleFinding<'persistent-reservation'>[] = [];
    listOf(subject.spec.domain?.devices?.disks).forEach((d, i) => {
      if (d.lun?.reservation !== true) return;
      const path = specPath(subject, `domain.devices.disks[${i}].lun.reservation`);
      const args: PersistentReservationArgs = { disk: nameText(d.name) };
      if (facts.kubevirtVersion) args.kubevirtVersion = facts.kubevirtVersion.raw;
      findings.push({ rule: 'persistent-reservation', severity: 'warning', args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
