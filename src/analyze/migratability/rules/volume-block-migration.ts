// Volumes that turn the migration into a block migration (facts §2): every volume that is not a
// PVC/DataVolume, except read-only CD-ROMs and volumes shared through virtiofs; the disk is then
// copied over the network along with memory (slower, more data). containerDisks are left to
// `volume-containerdisk`, hostDisks to `volume-hostdisk` (a shared hostDisk is not copied).
import { MIGRATION_METHOD_BLOCK } from '../../../kubevirt/constants.js';
import type { MigratabilityRule, RuleFinding } from '../rule.js';
import { specPath, subjectRef } from '../subject.js';
import { volumeSourceKind } from './_volumes.js';
import { listOf, nameText } from '../../shape.js';

const NOT_COPIED = new Set(['persistentVolumeClaim', 'dataVolume', 'containerDisk', 'hostDisk']);

export const volumeBlockMigration: MigratabilityRule<'volume-block-migration'> = {
  id: 'volume-block-migration',
  severity: 'info',
  description: 'ephemeral or node-local volumes (emptyDisk, ephemeral, cloud-init, configMap/secret disks…) copied by block migration',
  needs: [],
  evaluate(subject) {
    const findings: RuleFinding<'volume-block-migration'>[] = [];
    const disks = listOf(subject.spec.domain?.devices?.disks);
    const virtiofs = new Set(listOf(subject.spec.domain?.devices?.filesystems).filter((f) => f.virtiofs).map((f) => f.name));
    const method = subject.vmi?.status?.migrationMethod;
    listOf(subject.spec.volumes).forEach((v, i) => {
      const source = volumeSourceKind(v);
      if (NOT_COPIED.has(source) || virtiofs.has(v.name)) return;
      const cdrom = disks.find((d) => d.name === v.name)?.cdrom;
      if (cdrom && cdrom.readonly !== false) return;
      const path = specPath(subject, `volumes[${i}].${source}`);
      const evidence = [subjectRef(subject, path)];
      // KubeVirt's own verdict, when the VMI reports it.
      if (method === MIGRATION_METHOD_BLOCK) {
        evidence.push({ kind: 'VirtualMachineInstance', namespace: subject.namespace, name: subject.name, field: 'status.migrationMethod', message: method });
      }
      findings.push({ rule: 'volume-block-migration', severity: 'info', args: { volume: nameText(v.name), source }, path, evidence });
    });
    return { findings };
  },
};
