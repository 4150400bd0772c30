// containerDisk volumes are ephemeral copies of an image on the node: upstream KubeVirt copies
// them by block migration (pkg/virt-handler/vm.go, `checkVolumesForMigration`), but some
// distributions refuse to migrate such VMs.
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { VolumeContainerdiskArgs } from '../rule-args/volume-containerdisk.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const volumeContainerdisk: MigratabilityRule<'volume-containerdisk'> = {
  id: 'volume-containerdisk',
  severity: 'warning',
  description: 'containerDisk volume: copied by block migration upstream, refused by some distributions; guest writes live on the node',
  needs: [],
  kubevirt: { reasons: [], changesAt: [], reads: [] },
  evaluate(subject) {
    const findings: RuleFinding<'volume-containerdisk'>[] = [];
    listOf(subject.spec.volumes).forEach((v, i) => {
      if (!v.containerDisk) return;
      const path = specPath(subject, `volumes[${i}].containerDisk`);
      const args: VolumeContainerdiskArgs = { volume: nameText(v.name) };
      if (v.containerDisk.image) args.image = v.containerDisk.image;
      findings.push({ rule: 'volume-containerdisk', severity: 'warning', args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
