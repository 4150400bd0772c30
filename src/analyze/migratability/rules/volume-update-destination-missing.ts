// A volume update with updateVolumesStrategy: Migration whose destination claim does not exist:
// v1.5 answers RestartRequired `the pvc %s doesn't exist` / `the datavolume %s doesn't exist`,
// v1.6+ VolumesChange=False `One of the destination volumes doesn't exist: …` and starts the copy
// once it appears (vm/vm.go); v1.3–v1.4 patch the VMI anyway and the target pod waits for the
// claim. A DataVolume the VM's dataVolumeTemplates declare is created by KubeVirt: not missing.
import { inRelease } from '../../../kubevirt/releases.js';
import { SINCE, UPDATE_VOLUMES_MIGRATION } from '../../../kubevirt/migration-kinds.js';
import type { MigratabilityRule, ReleaseSpan, RuleFinding } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { changedClaims } from '../../migration/kind.js';
import { listOf } from '../../shape.js';
import { lookup } from './_facts.js';

const RELEASES: ReleaseSpan = { since: SINCE.volumeMigration };

export const volumeUpdateDestinationMissing: MigratabilityRule<'volume-update-destination-missing'> = {
  id: 'volume-update-destination-missing',
  severity: 'blocker',
  description: 'a volume update (updateVolumesStrategy: Migration) names a destination PVC or DataVolume that does not exist',
  // Read only for a VM with changed claims (an unreadable list is then unresolved): no unknown on every other VM.
  needs: [],
  kubevirt: { reasons: [], releases: RELEASES, changesAt: [RELEASES.since], reads: ['VM spec.updateVolumesStrategy', 'destination PVCs and DataVolumes'] },
  evaluate(subject, facts) {
    const { vm, vmi } = subject;
    if (vm?.spec?.updateVolumesStrategy !== UPDATE_VOLUMES_MIGRATION || !inRelease(releaseOf(facts), RELEASES)) return { findings: [] };
    const volumes = listOf(vm.spec.template?.spec?.volumes);
    const templates = new Set(listOf(vm.spec.dataVolumeTemplates).map((t) => t.metadata?.name));
    const findings: RuleFinding<'volume-update-destination-missing'>[] = [];
    const unresolved: string[] = [];
    for (const c of changedClaims(vm, vmi)) {
      const i = volumes.findIndex((v) => v.name === c.volumeName);
      const type = volumes[i]?.dataVolume ? 'datavolume' : 'pvc';
      if (type === 'datavolume' && templates.has(c.vmClaim)) continue;
      const found = type === 'pvc' ? lookup(facts.index, facts.pvcs, 'PersistentVolumeClaim', c.vmClaim, subject.namespace) : lookup(facts.index, facts.dataVolumes, 'DataVolume', c.vmClaim, subject.namespace);
      if ('found' in found) continue;
      const list = type === 'pvc' ? facts.pvcs : facts.dataVolumes;
      // An unreadable list says nothing about the claim: unresolved, not a finding.
      if (!list.ok) {
        unresolved.push(found.missing);
        continue;
      }
      const path = `spec.template.spec.volumes[${i}]`;
      findings.push({
        rule: 'volume-update-destination-missing',
        severity: 'blocker',
        args: { volume: c.volumeName, type, claim: c.vmClaim },
        path,
        evidence: [{ kind: 'VirtualMachine', namespace: subject.namespace, name: vm.metadata.name ?? subject.name, field: path, message: c.vmClaim }],
      });
    }
    return unresolved.length > 0 ? { findings, unresolved } : { findings };
  },
};
