// Volumes that turn the migration into a block migration (pkg/virt-handler/vm.go
// `checkVolumesForMigration`): every volume that is not a PVC/DataVolume, except read-only CD-ROMs
// and volumes shared through virtiofs; the disk is then copied over the network along with memory
// (slower, more data). containerDisks are left to `volume-containerdisk`, hostDisks to
// `volume-hostdisk` (a shared hostDisk is not copied).
// Per release (vm.go checkVolumesForMigration): volumes shared through virtiofs are skipped from
// v1.5 (before, virtiofs blocks anyway); from v1.4 the volumes a volume migration moves
// (`status.migratedVolumes`) are copied by block migration too.
import { MIGRATION_METHOD_BLOCK } from '../../../kubevirt/constants.js';
import { MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE, VIRTIOFS_VOLUMES_SKIPPED_SINCE } from '../../../kubevirt/migratability-facts.js';
import { inRelease } from '../../../kubevirt/releases.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import type { VolumeBlockMigrationArgs } from '../rule-args/volume-block-migration.js';
import { releaseOf } from '../release-spans.js';
import { specPath, subjectRef } from '../subject.js';
import { volumeSourceKind } from './_volumes.js';
import { listOf, nameText } from '../../shape.js';

const NOT_COPIED = new Set(['persistentVolumeClaim', 'dataVolume', 'containerDisk', 'hostDisk']);
const CLAIMS = new Set(['persistentVolumeClaim', 'dataVolume']);

export const volumeBlockMigration: MigratabilityRule<'volume-block-migration'> = {
  id: 'volume-block-migration',
  severity: 'info',
  description: 'ephemeral or node-local volumes (emptyDisk, ephemeral, cloud-init, configMap/secret disks…) copied by block migration',
  needs: [],
  kubevirt: { reasons: [], changesAt: [MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE, VIRTIOFS_VOLUMES_SKIPPED_SINCE], reads: ['VMI status.migratedVolumes (v1.4+)', 'VMI status.migrationMethod'] },
  evaluate(subject, facts) {
    const release = releaseOf(facts);
    const findings: RuleFinding<'volume-block-migration'>[] = [];
    const disks = listOf(subject.spec.domain?.devices?.disks);
    const skipsVirtiofs = inRelease(release, { since: VIRTIOFS_VOLUMES_SKIPPED_SINCE });
    const virtiofs = new Set(skipsVirtiofs ? listOf(subject.spec.domain?.devices?.filesystems).filter((f) => f.virtiofs).map((f) => f.name) : []);
    const migrated = new Set(
      inRelease(release, { since: MIGRATED_VOLUMES_BLOCK_MIGRATION_SINCE }) ? listOf(subject.vmi?.status?.migratedVolumes).map((m) => m.volumeName) : [],
    );
    const method = subject.vmi?.status?.migrationMethod;
    listOf(subject.spec.volumes).forEach((v, i) => {
      const source = volumeSourceKind(v);
      const moving = CLAIMS.has(source) && migrated.has(v.name);
      if ((NOT_COPIED.has(source) && !moving) || virtiofs.has(v.name)) return;
      const cdrom = disks.find((d) => d.name === v.name)?.cdrom;
      if (cdrom && cdrom.readonly !== false) return;
      const path = specPath(subject, `volumes[${i}].${source}`);
      const evidence = [subjectRef(subject, path)];
      // KubeVirt's own verdict, when the VMI reports it.
      if (method === MIGRATION_METHOD_BLOCK) {
        evidence.push({ kind: 'VirtualMachineInstance', namespace: subject.namespace, name: subject.name, field: 'status.migrationMethod', message: method });
      }
      if (moving) evidence.push({ kind: 'VirtualMachineInstance', namespace: subject.namespace, name: subject.name, field: 'status.migratedVolumes' });
      const args: VolumeBlockMigrationArgs = { volume: nameText(v.name), source };
      if (moving) args.volumeMigration = true;
      findings.push({ rule: 'volume-block-migration', severity: 'info', args, path, evidence });
    });
    return { findings };
  },
};
