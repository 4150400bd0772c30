// Prose of the `transfer` check (src/analyze/why/checks/transfer.ts).
import type { ArgRecord, CheckResult } from '../../analyze/why/check.js';
import { formatBytes } from '../../kube/quantity.js';
import { formatSeconds } from '../format.js';
import type { CheckText } from './check-text.js';
import { MIGRATION_MODE_PAUSED } from '../../kubevirt/constants.js';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const rec = (v: unknown): ArgRecord => (v && typeof v === 'object' && !Array.isArray(v) ? (v as ArgRecord) : {});

/** bytes/s as `12.5Mi/s (105 Mbps)`: libvirt and the launcher log speak Mbps. */
export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s (${Math.round((bytesPerSecond * 8) / 1e6)} Mbps)`;
}

/** "running for 3m of a 12m30s budget (150 s/GB × 5 GB)". */
function clock(a: ArgRecord): string {
  const elapsed = num(a.elapsedSeconds);
  const budget = num(a.budgetSeconds);
  const perGiB = num(rec(a.config).completionTimeoutPerGiB);
  const size = num(a.sizeGB);
  const running = elapsed !== undefined ? `running for ${formatSeconds(elapsed)}` : 'running';
  if (budget === undefined) return running;
  const doubled = str(a.mode) === MIGRATION_MODE_PAUSED ? ' × 2 once paused' : '';
  const formula = perGiB !== undefined && size !== undefined ? ` (completionTimeoutPerGiB ${perGiB} × ${size} GB${a.budgetLowerBound ? ' + copied disks' : ''}${doubled})` : '';
  return a.budgetLowerBound ? `${running} of a budget of at least ${formatSeconds(budget)}${formula}` : `${running} of a ${formatSeconds(budget)} budget${formula}`;
}

/** What KubeVirt does when the budget runs out. */
export function budgetActionText(action: string): string {
  switch (action) {
    case 'post-copy':
      return 'KubeVirt switches to post-copy when the budget runs out';
    case 'pause':
      return 'KubeVirt pauses the guest when the budget runs out (and allows it as long again)';
    case 'abort':
      return 'KubeVirt aborts it when the budget runs out';
    default:
      return 'KubeVirt no longer times it out';
  }
}

function latest(a: ArgRecord): string {
  const s = rec(a.latest);
  const parts: string[] = [];
  const remaining = num(s.dataRemaining);
  const total = num(s.dataTotal);
  const percent = num(a.percent);
  if (remaining !== undefined) parts.push(`${formatBytes(remaining)} remaining${total !== undefined ? ` of ${formatBytes(total)}` : ''}${percent !== undefined ? ` (${percent}% done)` : ''}`);
  const sent = num(s.memoryTransferRate);
  if (sent !== undefined) parts.push(`sent at ${formatRate(sent)}`);
  const dirty = num(s.memoryDirtyRate);
  if (dirty !== undefined) parts.push(`dirty rate ${formatRate(dirty)}`);
  const it = num(s.iteration);
  if (it !== undefined) parts.push(`iteration ${it}`);
  const eta = num(a.etaSeconds);
  if (eta !== undefined) parts.push(`about ${formatSeconds(eta)} left`);
  return parts.join(', ');
}

function from(a: ArgRecord): string {
  const source = str(a.source);
  return source === 'logs' ? 'launcher log' : source === 'metrics' ? 'virt-handler metrics' : source === 'prometheus' ? 'Prometheus' : '';
}

/** The one change most likely to let it finish (forecast `recommendation`). */
export function recommendationText(id: string): string | undefined {
  switch (id) {
    case 'auto-converge':
      return 'allow auto-converge (allowAutoConverge: true in a MigrationPolicy or spec.configuration.migrations): QEMU throttles the vCPUs until the copy catches up';
    case 'post-copy':
      return 'allow post-copy (allowPostCopy: true): the guest moves to the target and pulls the rest; needs vm.unprivileged_userfaultfd=1 on the nodes and a privileged namespace, and a network failure during post-copy loses the guest';
    case 'workload-disruption':
      return 'allow workload disruption (allowWorkloadDisruption: true, KubeVirt v1.5+): KubeVirt pauses the guest when the budget runs out so the copy can finish';
    case 'bandwidth':
      return 'raise bandwidthPerMigration (spec.configuration.migrations or a MigrationPolicy): the copy runs at its cap';
    case 'migration-network':
      return 'give migrations a dedicated network (spec.configuration.migrations.network: a NetworkAttachmentDefinition in the KubeVirt namespace) so they do not share the pod network';
    default:
      return undefined;
  }
}

const CONVERGE =
  'let it converge: a MigrationPolicy (or spec.configuration.migrations) with allowAutoConverge: true, or allowPostCopy: true / allowWorkloadDisruption: true (post-copy needs vm.unprivileged_userfaultfd=1 on the nodes and a privileged namespace); more bandwidth (bandwidthPerMigration, a dedicated migration network); or less guest write load during the migration';

function convergeHint(a: ArgRecord): string {
  const first = recommendationText(str(a.recommendation));
  return first ? `${first}; or ${CONVERGE}` : CONVERGE;
}

function howToGetProgress(a: ArgRecord): string {
  const ns = str(a.namespace) || '<namespace>';
  const vmi = str(a.vmi) || '<vmi>';
  const level = num(a.needsLogVerbosity) ?? 4;
  return (
    `to see progress, raise the launcher log verbosity (kubectl label vmi ${vmi} -n ${ns} logVerbosity=${level}, or spec.configuration.developerConfiguration.logVerbosity.virtLauncher: ${level} in the KubeVirt CR; ` +
    `both apply to launcher pods created afterwards, such as the next migration's), allow get on pods/proxy of virt-handler in the KubeVirt namespace (its /metrics)` +
    (a.prometheusAsked === true ? '' : `, or pass a Prometheus URL: kubectl vmigrate why ${vmi} -n ${ns} --prometheus https://<prometheus>`)
  );
}

export const transferText: CheckText = {
  title: 'Memory transfer',
  summary(r: CheckResult): string {
    const a = r.args;
    const mode = str(a.mode) || 'PreCopy';
    const expiry = budgetActionText(str(a.onBudgetExpiry));
    switch (a.kind) {
      case 'no-migration':
        return 'No migration to follow.';
      case 'finished':
        return `The migration is ${str(a.phase) || 'finished'}: nothing is being copied.`;
      case 'not-started':
        return `libvirt has not started copying yet (phase ${str(a.phase) || 'Pending'}).`;
      case 'aborting':
        return `An abort is in progress (abortStatus ${str(a.abortStatus) || 'requested'}), ${clock(a)}.`;
      case 'abort-failed':
        return `libvirt refused the abort (abortStatus Failed): the ${mode} migration goes on, ${clock(a)}.`;
      case 'post-copy':
        return `Post-copy, ${clock(a)}: the guest runs on the target and pulls the remaining pages; KubeVirt no longer times it out.`;
      case 'budget-exceeded':
        return `${mode}, ${clock(a)}: past the budget, and neither a switch to post-copy nor a pause is allowed, so KubeVirt aborts it as a completion timeout.`;
      case 'no-progress-source': {
        const verbosity = num(a.needsLogVerbosity) !== undefined ? ` (before KubeVirt v1.2 the launcher logs progress only at verbosity ${num(a.needsLogVerbosity)})` : '';
        const why = r.missing ? `: ${r.missing}` : '';
        return `${mode}, ${clock(a)}; no progress data${why}${verbosity}. ${capitalise(howToGetProgress(a))}.`;
      }
      case 'dirty-rate':
        return `Not converging: the guest dirties memory at ${formatRate(num(a.dirtyRate) ?? 0)}, at least as fast as it is sent (${formatRate(num(a.transferRate) ?? 0)}), over the last ${num(a.window) ?? 0} samples; ${clock(a)}; ${expiry}.`;
      case 'stalled': {
        const past = str(a.stall) === 'exceeded' ? ', past progressTimeout: KubeVirt aborts it as stuck' : ` (KubeVirt aborts after progressTimeout ${num(a.progressTimeout) ?? '?'}s without progress)`;
        return `Not converging: DataRemaining has not gone below ${formatBytes(num(a.minRemaining) ?? 0)} for ${formatSeconds(num(a.stalledSeconds) ?? 0)}${past}; ${clock(a)}.`;
      }
      case 'not-shrinking':
        return `Not converging: DataRemaining has not shrunk over the last ${formatSeconds(num(a.windowSeconds) ?? 0)} (trend ${formatSigned(num(a.slope) ?? 0)}/s); ${clock(a)}; ${expiry}.`;
      case 'eta-beyond-budget': {
        const eta = num(a.etaSeconds) ?? 0;
        const left = num(a.budgetRemainingSeconds) ?? 0;
        return `At risk: at the current pace the copy needs about ${formatSeconds(eta)} more, but only ${formatSeconds(Math.max(0, left))} of the budget is left; ${clock(a)}; ${expiry}.`;
      }
      case 'progressing': {
        const l = latest(a);
        const src = from(a);
        return `${mode}, ${clock(a)}${l ? `: ${l}` : ''}${src ? ` (${src})` : ''}.`;
      }
      default:
        return `${mode}, ${clock(a)}.`;
    }
  },
  hint(r: CheckResult): string | undefined {
    const a = r.args;
    const ns = str(a.namespace);
    const pod = str(a.pod) || '<virt-launcher pod>';
    switch (a.kind) {
      case 'dirty-rate':
      case 'stalled':
      case 'not-shrinking':
        return convergeHint(a);
      case 'budget-exceeded':
      case 'eta-beyond-budget':
        return `raise completionTimeoutPerGiB (KubeVirt CR spec.configuration.migrations or a MigrationPolicy), or ${convergeHint(a)}`;
      case 'no-progress-source':
        if (num(a.needsLogVerbosity) !== undefined) {
          return `${howToGetProgress(a)}; then: kubectl logs -n ${ns} ${pod} -c compute | grep 'Migration info'`;
        }
        return howToGetProgress(a);
      case 'abort-failed':
        return `a post-copy migration cannot be aborted; wait for it to finish`;
      default:
        return undefined;
    }
  },
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function formatSigned(bytes: number): string {
  return `${bytes >= 0 ? '+' : ''}${formatBytes(bytes)}`;
}
