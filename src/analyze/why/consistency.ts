// Verdict rule 5 (§4.1.1), "one fact, one judgement": a check never passes what another check
// failed. Each check judges from its own evidence; this pass runs over all results before the
// verdict and turns a pass that a failure elsewhere contradicts into `info`, naming that failure
// (a quota that refused the target pod leaves nothing "admitted"; a storage failure leaves no
// volume "reachable"; a lost target pod is not "ready"). Circular waits are excluded where they
// could arise, in migration-conflict (one owner per VMI).
import { REASON_DISKS_NOT_MIGRATABLE, REASON_HOTPLUG_NOT_MIGRATABLE, REASON_VIRTIOFS_NOT_MIGRATABLE } from '../../kubevirt/constants.js';
import type { CheckCause } from './cause.js';
import type { CheckId, CheckResult } from './check.js';

/** A cause that contradicts a pass, always or only when the failing result says so. */
type Contradiction = CheckCause | { cause: CheckCause; when: (failing: CheckResult) => boolean };

/** KubeVirt's LiveMigratable=False reasons that are about the VM's volumes (an RWO disk, a hotplugged one, virtiofs). */
const VOLUME_REASONS: readonly string[] = [REASON_DISKS_NOT_MIGRATABLE, REASON_HOTPLUG_NOT_MIGRATABLE, REASON_VIRTIOFS_NOT_MIGRATABLE];
const aboutVolumes = (r: CheckResult): boolean => r.id === 'live-migratable' && r.args.kind === 'not-migratable' && VOLUME_REASONS.includes(r.args.reason);

/**
 * Per check, the causes that contradict its pass: the facts it would otherwise vouch for. A
 * cause decided by the check itself never contradicts it.
 */
export const CONTRADICTED_BY: Partial<Record<CheckId, readonly Contradiction[]>> = {
  'vmi-running': ['vmi-not-running'],
  'live-migratable': ['not-live-migratable'],
  'migration-conflict': ['migration-conflict'],
  'migration-slots': ['concurrency-limit'],
  'resource-quota': ['quota-exceeded'],
  // The target pod was never created or admitted.
  admission: ['quota-exceeded', 'pod-security', 'concurrency-limit', 'stale-active-pods', 'migration-backoff', 'migration-conflict'],
  'active-pods': ['stale-active-pods'],
  'target-pod-scheduling': ['target-unschedulable-cpu', 'target-unschedulable-node-selector', 'target-unschedulable-resources', 'target-unschedulable-taints', 'target-unschedulable-anti-affinity', 'target-unschedulable-storage'],
  // An RWO disk that keeps the VM from migrating is not "reachable from the target".
  'storage-visibility': ['target-unschedulable-storage', 'storage-error', { cause: 'not-live-migratable', when: aboutVolumes }],
  'target-pod-readiness': ['target-pod-not-ready', 'target-pod-timeout', 'target-pod-lost'],
  handoff: ['target-pod-lost', 'target-pod-timeout'],
  transfer: ['not-converging', 'target-pod-lost', 'progress-timeout', 'completion-timeout'],
};

export function reconcileChecks(checks: readonly CheckResult[]): CheckResult[] {
  const failures = checks.filter((c): c is CheckResult & { cause: CheckCause } => (c.status === 'fail' || c.status === 'warn') && c.cause !== undefined);
  return checks.map((c) => {
    if (c.status !== 'pass') return c;
    const against = CONTRADICTED_BY[c.id] ?? [];
    const f = failures.find((x) => x.id !== c.id && against.some((a) => (typeof a === 'string' ? a === x.cause : a.cause === x.cause && a.when(x))));
    return f ? { ...c, status: 'info', contradictedBy: { check: f.id, cause: f.cause } } : c;
  });
}
