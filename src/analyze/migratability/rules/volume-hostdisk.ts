// hostDisk volumes live in a file on the node (pkg/virt-handler/vm.go, `checkVolumesForMigration`:
// `cannot migrate VMI with non-shared HostDisk`). A hostDisk marked `shared: true` is accepted by
// KubeVirt.
import { KV_REASON } from '../../../kubevirt/migratability-facts.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { VolumeHostdiskArgs } from '../rule-args/volume-hostdisk.js';
import { specPath, subjectRef } from '../subject.js';
import { listOf, nameText } from '../../shape.js';

export const volumeHostdisk: MigratabilityRule<'volume-hostdisk'> = {
  id: 'volume-hostdisk',
  severity: 'blocker',
  description: 'hostDisk volume not marked shared: the disk image is a file on the source node',
  needs: [],
  kubevirt: { reasons: [KV_REASON.disks], changesAt: [], reads: [] },
  evaluate(subject) {
    const findings: RuleFinding<'volume-hostdisk'>[] = [];
    listOf(subject.spec.volumes).forEach((v, i) => {
      const hd = v.hostDisk;
      if (!hd || hd.shared === true) return;
      const path = specPath(subject, `volumes[${i}].hostDisk`);
      const args: VolumeHostdiskArgs = { volume: nameText(v.name) };
      if (hd.path) args.hostPath = hd.path;
      if (hd.type) args.type = hd.type;
      findings.push({ rule: 'volume-hostdisk', severity: 'blocker', kubevirtReason: KV_REASON.disks, args, path, evidence: [subjectRef(subject, path)] });
    });
    return { findings };
  },
};
