// A volume update with updateVolumesStrategy: Migration that moves a volume KubeVirt cannot copy:
// the VM controller answers RestartRequired `invalid volumes to update with migration:` with the
// class — hot-plugged (v1.3–v1.4 only), filesystems (virtiofs), shareable disks, LUNs
// (volume-migration.go ValidateVolumes). The moved volumes are those whose claim differs between
// the VM template and the running VMI, so the rule needs both.
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import { SINCE, UPDATE_VOLUMES_MIGRATION } from '../../../kubevirt/migration-kinds.js';
import type { KubeVirtMinor } from '../../../kubevirt/migratability-facts.js';
import type { MigratabilityRule, ReleaseSpan, RuleFinding } from '../rule.js';
import type { RefusedVolumeClass } from '../rule-args/volume-update-volume-refused.js';
import { releaseOf } from '../release-spans.js';
import { changedClaims } from '../../migration/kind.js';
import { listOf } from '../../shape.js';

const RELEASES: ReleaseSpan = { since: SINCE.volumeMigration };
/** Hot-plugged volumes can move from v1.5 (volume-migration.go). */
const HOTPLUG_MOVES: KubeVirtMinor = SINCE.volumeMigrationGA;

export const volumeUpdateVolumeRefused: MigratabilityRule<'volume-update-volume-refused'> = {
  id: 'volume-update-volume-refused',
  severity: 'blocker',
  description: 'a volume update (updateVolumesStrategy: Migration) moves a LUN, shareable, virtiofs or (before 1.5) hot-plugged volume',
  needs: [],
  kubevirt: { reasons: [], releases: RELEASES, changesAt: [...boundariesOf(RELEASES), HOTPLUG_MOVES], reads: ['VM spec.updateVolumesStrategy', 'VM template claims against the VMI'] },
  evaluate(subject, facts) {
    const { vm, vmi } = subject;
    const release = releaseOf(facts);
    if (vm?.spec?.updateVolumesStrategy !== UPDATE_VOLUMES_MIGRATION || !inRelease(release, RELEASES)) return { findings: [] };
    const spec = vm.spec.template?.spec;
    const disks = listOf(spec?.domain?.devices?.disks);
    const filesystems = new Set(listOf(spec?.domain?.devices?.filesystems).map((f) => f.name));
    const volumes = listOf(spec?.volumes);
    const hotplugRefused = !inRelease(release, { since: HOTPLUG_MOVES });
    const findings: RuleFinding<'volume-update-volume-refused'>[] = [];
    for (const c of changedClaims(vm, vmi)) {
      const disk = disks.find((d) => d.name === c.volumeName);
      const volume = volumes.find((v) => v.name === c.volumeName);
      const hotplugged = Boolean(volume?.persistentVolumeClaim?.hotpluggable || volume?.dataVolume?.hotpluggable);
      const cls: RefusedVolumeClass | undefined = filesystems.has(c.volumeName)
        ? 'filesystems'
        : disk?.shareable === true
          ? 'shareable'
          : disk?.lun
            ? 'luns'
            : hotplugged && hotplugRefused
              ? 'hotplugged'
              : undefined;
      if (!cls) continue;
      const i = volumes.indexOf(volume as never);
      const path = `spec.template.spec.volumes[${i < 0 ? '' : i}]`;
      findings.push({
        rule: 'volume-update-volume-refused',
        severity: 'blocker',
        args: { volume: c.volumeName, class: cls, from: c.vmiClaim, to: c.vmClaim },
        path,
        evidence: [{ kind: 'VirtualMachine', namespace: subject.namespace, name: vm.metadata.name ?? subject.name, field: path, message: `${c.vmiClaim} -> ${c.vmClaim}` }],
      });
    }
    return { findings };
  },
};
