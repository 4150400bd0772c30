// A VM asking for volume migration (updateVolumesStrategy: Migration) on a cluster whose VM
// rollout strategy is not LiveUpdate: the VM controller handles a volume update only when
// IsVMRolloutStrategyLiveUpdate() (pkg/virt-controller/watch/vm.go, v1.3; watch/vm/vm.go, v1.4–v1.9),
// so a changed claim only earns RestartRequired and nothing is copied. LiveUpdate is
// (pkg/virt-config/virt-config.go): v1.3–v1.4 the VMLiveUpdateFeatures gate and
// vmRolloutStrategy LiveUpdate; v1.5 vmRolloutStrategy LiveUpdate; v1.6+ LiveUpdate or unset.
import { boundariesOf, inRelease } from '../../../kubevirt/releases.js';
import {
  GATE_VM_LIVE_UPDATE_FEATURES,
  PATH_KUBEVIRT_VM_ROLLOUT_STRATEGY,
  PATH_VM_UPDATE_VOLUMES_STRATEGY,
  SINCE,
  UPDATE_VOLUMES_MIGRATION,
  VM_ROLLOUT_LIVE_UPDATE,
} from '../../../kubevirt/migration-kinds.js';
import type { MigratabilityRule, ReleaseSpan } from '../rule.js';
import { releaseOf } from '../release-spans.js';
import { alphaGateOn, kubevirtCR, kubevirtCRRef } from './_facts.js';

const RELEASES: ReleaseSpan = { since: SINCE.volumeMigration };

export const volumeUpdateRolloutNotLive: MigratabilityRule<'volume-update-rollout-not-live'> = {
  id: 'volume-update-rollout-not-live',
  severity: 'blocker',
  description: 'updateVolumesStrategy: Migration on a cluster whose vmRolloutStrategy is not LiveUpdate (KubeVirt 1.3+)',
  needs: ['kubevirt'],
  kubevirt: {
    reasons: [],
    releases: RELEASES,
    changesAt: [...boundariesOf(RELEASES), SINCE.liveUpdateWithoutGate, SINCE.liveUpdateByDefault],
    reads: [`KubeVirt CR ${PATH_KUBEVIRT_VM_ROLLOUT_STRATEGY}`, `featureGates ${GATE_VM_LIVE_UPDATE_FEATURES} (1.3–1.4)`, `VM ${PATH_VM_UPDATE_VOLUMES_STRATEGY}`],
  },
  evaluate(subject, facts) {
    const release = releaseOf(facts);
    if (subject.vm?.spec?.updateVolumesStrategy !== UPDATE_VOLUMES_MIGRATION || !inRelease(release, RELEASES)) return { findings: [] };
    if (!facts.kubevirt.ok) return { findings: [], unresolved: [facts.kubevirt.reason] };
    const cr = kubevirtCR(facts);
    const set = cr?.spec?.configuration?.vmRolloutStrategy;
    const rollout = typeof set === 'string' ? set : null;
    const byDefault = inRelease(release, { since: SINCE.liveUpdateByDefault });
    const gateMissing = !inRelease(release, { since: SINCE.liveUpdateWithoutGate }) && !alphaGateOn(cr, GATE_VM_LIVE_UPDATE_FEATURES) ? GATE_VM_LIVE_UPDATE_FEATURES : null;
    const live = (rollout === VM_ROLLOUT_LIVE_UPDATE || (rollout === null && byDefault)) && gateMissing === null;
    if (live) return { findings: [] };
    return {
      findings: [
        {
          rule: 'volume-update-rollout-not-live',
          severity: 'blocker',
          args: { rollout, gateMissing },
          path: PATH_VM_UPDATE_VOLUMES_STRATEGY,
          evidence: [
            { kind: 'VirtualMachine', namespace: subject.namespace, name: subject.vm.metadata.name ?? subject.name, field: PATH_VM_UPDATE_VOLUMES_STRATEGY, message: UPDATE_VOLUMES_MIGRATION },
            kubevirtCRRef(cr, PATH_KUBEVIRT_VM_ROLLOUT_STRATEGY, rollout ? { message: rollout } : {}),
            ...(gateMissing ? [kubevirtCRRef(cr, 'spec.configuration.developerConfiguration.featureGates')] : []),
          ],
        },
      ],
    };
  },
};
