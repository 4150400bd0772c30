// A VM asking for volume migration (spec.updateVolumesStrategy) on KubeVirt v1.3–v1.4 without the
// Alpha gates: the VM webhook refuses the VM (`%s feature gate is not enabled in kubevirt-config`,
// field updateVolumesStrategy — admitters/vms-admitter.go): VolumesUpdateStrategy for any value,
// VolumeMigration as well for `Migration`. From v1.5 both are GA (featuregate/inactive.go).
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import { GATE_VOLUME_MIGRATION, GATE_VOLUMES_UPDATE_STRATEGY, PATH_VM_UPDATE_VOLUMES_STRATEGY, SINCE, UPDATE_VOLUMES_MIGRATION } from '../../../kubevirt/migration-kinds.js';
import type { MigratabilityRule, ReleaseSpan } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { alphaGateOn, kubevirtCR, kubevirtCRRef } from './_facts.js';

const RELEASES: ReleaseSpan = { since: SINCE.volumeMigration, until: { major: SINCE.volumeMigrationGA.major, minor: SINCE.volumeMigrationGA.minor - 1 } };

export const volumeUpdateGateDisabled: MigratabilityRule<'volume-update-gate-disabled'> = {
  id: 'volume-update-gate-disabled',
  severity: 'blocker',
  description: 'updateVolumesStrategy without the VolumesUpdateStrategy / VolumeMigration gates (KubeVirt 1.3–1.4)',
  needs: ['kubevirt'],
  kubevirt: {
    reasons: [],
    releases: RELEASES,
    changesAt: boundariesOf(RELEASES),
    reads: [`featureGates ${GATE_VOLUMES_UPDATE_STRATEGY}, ${GATE_VOLUME_MIGRATION}`, `VM ${PATH_VM_UPDATE_VOLUMES_STRATEGY}`],
  },
  evaluate(subject, facts) {
    const strategy = subject.vm?.spec?.updateVolumesStrategy;
    if (typeof strategy !== 'string' || !inRelease(releaseOf(facts), RELEASES)) return { findings: [] };
    if (!facts.kubevirt.ok) return { findings: [], unresolved: [facts.kubevirt.reason] };
    const cr = kubevirtCR(facts);
    const needed = strategy === UPDATE_VOLUMES_MIGRATION ? [GATE_VOLUMES_UPDATE_STRATEGY, GATE_VOLUME_MIGRATION] : [GATE_VOLUMES_UPDATE_STRATEGY];
    const gates = needed.filter((g) => !alphaGateOn(cr, g));
    if (gates.length === 0) return { findings: [] };
    const path = PATH_VM_UPDATE_VOLUMES_STRATEGY;
    return {
      findings: [
        {
          rule: 'volume-update-gate-disabled',
          severity: 'blocker',
          args: { gates, strategy },
          path,
          evidence: [
            { kind: 'VirtualMachine', namespace: subject.namespace, name: subject.vm?.metadata.name ?? subject.name, field: path, message: strategy },
            kubevirtCRRef(cr, 'spec.configuration.developerConfiguration.featureGates'),
          ],
        },
      ],
    };
  },
};
