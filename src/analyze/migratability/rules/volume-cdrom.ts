// CD-ROM disks: some distributions refuse to migrate them, and a read-only disk cannot be the
// destination of a block copy. KubeVirt's CD-ROM default is read-only (the real VMIs show
// `readonly: true` after defaulting), so only an explicit `readonly: false` counts as writable.
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { VolumeCdromArgs } from '../rule-args/volume-cdrom.js';
import { specPath, subjectRef } from '../subject.js';
import { volumeSourceKind } from './_volumes.js';
import { listOf, nameText } from '../../shape.js';

export const volumeCdrom: MigratabilityRule<'volume-cdrom'> = {
  id: 'volume-cdrom',
  severity: 'warning',
  description: 'CD-ROM disk: refused by some distributions; read-only disks break block migration',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: ['PVC of the CD-ROM volume'] },
  evaluate(subject) {
    const findings: RuleFinding<'volume-cdrom'>[] = [];
    const volumes = listOf(subject.spec.volumes);
    listOf(subject.spec.domain?.devices?.disks).forEach((d, i) => {
      if (!d.cdrom) return;
      const path = specPath(subject, `domain.devices.disks[${i}].cdrom`);
      const volume = volumes.find((v) => v.name === d.name);
      const args: VolumeCdromArgs = { disk: nameText(d.name), readonly: d.cdrom.readonly !== false };
      if (volume) args.volumeSource = volumeSourceKind(volume);
      const claim = volume?.persistentVolumeClaim?.claimName ?? volume?.dataVolume?.name;
      if (claim) args.claim = claim;
      findings.push({ rule: 'volume-cdrom', severity: 'warning', args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
