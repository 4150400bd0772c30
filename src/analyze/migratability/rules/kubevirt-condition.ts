// KubeVirt's own verdict: `LiveMigratable=False` with a reason that no blocker found by the
// rules above explains (e.g. a reason from a newer KubeVirt, or a check we do not model, like
// `DedicatedCPUNotLiveMigratable` in v0.59/v1.0). A reason explained only by a warning (virtiofs
// ≤1.4, persistent reservation ≤1.8) also fires here, so the verdict follows KubeVirt's refusal.
// The condition message is quoted verbatim in the evidence.
import {
  REASON_CPU_MODE_NOT_MIGRATABLE,
  REASON_DISKS_NOT_MIGRATABLE,
  REASON_HOST_DEVICE_NOT_MIGRATABLE,
  REASON_HOTPLUG_NOT_MIGRATABLE,
  REASON_HYPERV_PASSTHROUGH_NOT_MIGRATABLE,
  REASON_INTERFACE_NOT_MIGRATABLE,
  REASON_NO_TSC_FREQUENCY,
  REASON_PR_NOT_MIGRATABLE,
  REASON_SECURE_EXECUTION_NOT_MIGRATABLE,
  REASON_SEV_NOT_MIGRATABLE,
  REASON_TDX_NOT_MIGRATABLE,
  REASON_VIRTIOFS_NOT_MIGRATABLE,
} from '../../../kubevirt/constants.js';
import type { EvidenceRef } from '../../findings.js';
import type { MigratabilityRule, RuleFinding, RuleId } from '../rule.js';
import type { KubevirtConditionArgs } from '../rule-args/kubevirt-condition.js';
import { liveMigratableCondition } from '../subject.js';

/** Which rules explain each LiveMigratable reason (facts §1.3, §2). */
export const REASON_EXPLAINED_BY: Readonly<Record<string, readonly RuleId[]>> = {
  [REASON_DISKS_NOT_MIGRATABLE]: ['volume-not-shared', 'volume-hostdisk'],
  [REASON_HOTPLUG_NOT_MIGRATABLE]: ['volume-not-shared'],
  [REASON_INTERFACE_NOT_MIGRATABLE]: ['interface-not-migratable'],
  [REASON_CPU_MODE_NOT_MIGRATABLE]: ['cpu-host-model-unique'],
  [REASON_HOST_DEVICE_NOT_MIGRATABLE]: ['host-device'],
  [REASON_SEV_NOT_MIGRATABLE]: ['confidential-computing'],
  [REASON_TDX_NOT_MIGRATABLE]: ['confidential-computing'],
  [REASON_SECURE_EXECUTION_NOT_MIGRATABLE]: ['confidential-computing'],
  [REASON_NO_TSC_FREQUENCY]: ['tsc-frequency'],
  [REASON_HYPERV_PASSTHROUGH_NOT_MIGRATABLE]: ['hyperv-passthrough'],
  [REASON_VIRTIOFS_NOT_MIGRATABLE]: ['virtiofs'],
  [REASON_PR_NOT_MIGRATABLE]: ['persistent-reservation'],
};

export const kubevirtCondition: MigratabilityRule<'kubevirt-condition'> = {
  id: 'kubevirt-condition',
  severity: 'blocker',
  description: 'KubeVirt reports LiveMigratable=False for a reason no other blocker explains',
  needs: [],
  evaluate(subject, _facts, prior) {
    const cond = liveMigratableCondition(subject);
    if (cond?.status !== 'False') return { findings: [] };
    const reason = cond.reason ?? '';
    const explaining = REASON_EXPLAINED_BY[reason] ?? [];
    const matched = prior.filter((f) => explaining.includes(f.rule));
    if (matched.some((f) => f.severity === 'blocker')) return { findings: [] };

    const evidence: EvidenceRef = {
      kind: 'VirtualMachineInstance',
      namespace: subject.namespace,
      name: subject.vmi?.metadata.name ?? subject.name,
      field: 'status.conditions[type=LiveMigratable]',
    };
    if (cond.message) evidence.message = cond.message;
    const args: KubevirtConditionArgs<RuleId> = { reason, message: cond.message ?? '' };
    if (matched.length > 0) args.explainedBy = [...new Set(matched.map((f) => f.rule))];
    return { findings: [{ rule: 'kubevirt-condition', severity: 'blocker', args, evidence: [evidence] }] };
  },
};
