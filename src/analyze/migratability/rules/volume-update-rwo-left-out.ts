// A volume update (updateVolumesStrategy: Migration) that leaves a ReadWriteOnce volume of the
// running VMI behind: the target node could not attach it, so KubeVirt refuses the update — v1.4+
// RestartRequired `cannot migrate the VM. The volume %s is RWO and not included in the migration
// volumes` (watch/volume-migration/volume-migration.go ValidateVolumesUpdateMigration); v1.3 logs
// the same text and the workload updater never creates the migration (CanVolumesUpdateMigration).
// "ReadWriteOnce" is KubeVirt's IsReadWriteOnceAccessMode: neither ReadOnlyMany nor ReadWriteMany
// (pkg/storage/types/pvc.go). From v1.5 the backend-storage PVC (persistent TPM/EFI) is skipped.
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import { BACKEND_STORAGE_PVC_PREFIX, SINCE, UPDATE_VOLUMES_MIGRATION } from '../../../kubevirt/migration-kinds.js';
import type { MigratabilityRule, ReleaseSpan, RuleFinding } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { changedClaims } from '../../migration/kind.js';
import { listOf } from '../../shape.js';
import { RWX } from './_claims.js';

const RELEASES: ReleaseSpan = { since: SINCE.volumeMigration };
const SHARED_MODES = [RWX, 'ReadOnlyMany'];

export const volumeUpdateRwoLeftOut: MigratabilityRule<'volume-update-rwo-left-out'> = {
  id: 'volume-update-rwo-left-out',
  severity: 'blocker',
  description: 'a volume update (updateVolumesStrategy: Migration) leaves a ReadWriteOnce volume of the VMI behind',
  needs: [],
  kubevirt: {
    reasons: [],
    releases: RELEASES,
    changesAt: [...boundariesOf(RELEASES), SINCE.rwoCheckSkipsBackendStorage],
    reads: ['VM spec.updateVolumesStrategy', 'VM template claims against the VMI', 'VMI status.volumeStatus[].persistentVolumeClaimInfo.accessModes'],
  },
  evaluate(subject, facts) {
    const { vm, vmi } = subject;
    const release = releaseOf(facts);
    if (vm?.spec?.updateVolumesStrategy !== UPDATE_VOLUMES_MIGRATION || !inRelease(release, RELEASES)) return { findings: [] };
    const moved = changedClaims(vm, vmi).map((c) => c.volumeName);
    if (moved.length === 0) return { findings: [] };
    const skipBackend = inRelease(release, { since: SINCE.rwoCheckSkipsBackendStorage });
    const findings: RuleFinding<'volume-update-rwo-left-out'>[] = [];
    const template = listOf(vm.spec.template?.spec?.volumes).map((v) => v?.name);
    listOf(vmi?.status?.volumeStatus).forEach((v, i) => {
      const info = v?.persistentVolumeClaimInfo;
      if (!info || typeof v.name !== 'string' || moved.includes(v.name)) return;
      if (skipBackend && v.name.startsWith(BACKEND_STORAGE_PVC_PREFIX)) return;
      if (listOf(info.accessModes).some((m) => SHARED_MODES.includes(m))) return;
      const field = `status.volumeStatus[${i}].persistentVolumeClaimInfo.accessModes`;
      findings.push({
        rule: 'volume-update-rwo-left-out',
        severity: 'blocker',
        args: { volume: v.name, claim: info.claimName ?? null, moved },
        // One path per volume: findings are told apart by path when judged across releases.
        path: template.includes(v.name) ? `spec.template.spec.volumes[${template.indexOf(v.name)}]` : field,
        evidence: [{ kind: 'VirtualMachineInstance', namespace: subject.namespace, name: vmi?.metadata.name ?? subject.name, field, message: JSON.stringify(listOf(info.accessModes)) }],
      });
    });
    return { findings };
  },
};
