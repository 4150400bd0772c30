// Prose of the `transfer` check (src/analyze/why/checks/transfer.ts).
import type { TransferClock } from '../../analyze/why/check-args/transfer.js';
import type { TransferSample } from '../../analyze/progress/sample.js';
import { formatBytes } from '../../kube/quantity.js';
import { formatSeconds } from '../format.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { MIGRATION_MODE_PAUSED } from '../../kubevirt/constants.js';

/** bytes/s as `12.5Mi/s (105 Mbps)`: libvirt and the launcher log speak Mbps. */
export function formatRate(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s (${Math.round((bytesPerSecond * 8) / 1e6)} Mbps)`;
}

/** "running for 3m of a 12m30s budget (150 s/GB × 5 GB)". */
function clock(a: TransferClock): string {
  const { budgetSeconds: budget, completionTimeoutPerGiB: perGiB, sizeGB: size } = a;
  const running = a.elapsedSeconds !== null ? `running for ${formatSeconds(a.elapsedSeconds)}` : 'running';
  if (budget === null) return running;
  const doubled = a.mode === MIGRATION_MODE_PAUSED ? ' × 2 once paused' : '';
  const formula = perGiB !== null && size !== null ? ` (completionTimeoutPerGiB ${perGiB} × ${size} GB${a.budgetLowerBound ? ' + copied disks' : ''}${doubled})` : '';
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

function latest(a: TransferClock): string {
  const s: Partial<TransferSample> = a.latest ?? {};
  const parts: string[] = [];
  const { percent } = a;
  if (s.dataRemaining !== undefined) {
    parts.push(`${formatBytes(s.dataRemaining)} remaining${s.dataTotal !== undefined ? ` of ${formatBytes(s.dataTotal)}` : ''}${percent !== null ? ` (${percent}% done)` : ''}`);
  }
  if (s.memoryTransferRate !== undefined) parts.push(`sent at ${formatRate(s.memoryTransferRate)}`);
  if (s.memoryDirtyRate !== undefined) parts.push(`dirty rate ${formatRate(s.memoryDirtyRate)}`);
  if (s.iteration !== undefined) parts.push(`iteration ${s.iteration}`);
  if (a.etaSeconds !== null) parts.push(`about ${formatSeconds(a.etaSeconds)} left`);
  return parts.join(', ');
}

function from(a: TransferClock): string {
  switch (a.source) {
    case 'logs':
      return 'launcher log';
    case 'metrics':
      return 'virt-handler metrics';
    case 'prometheus':
      return 'Prometheus';
    case 'none':
      return '';
    default:
      return assertNever(a.source);
  }
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

/**
 * The changes not yet in force, most likely first (each named once), then what always remains:
 * less guest write load during the migration.
 */
export function convergeHint(a: { recommendations: readonly string[] }): string {
  const changes = a.recommendations.map(recommendationText).filter((t): t is string => t !== undefined);
  return [...changes, 'lower the guest write load during the migration'].join('; or ');
}

function howToGetProgress(a: TransferClock & { prometheusAsked: boolean; needsLogVerbosity?: number }): string {
  const ns = a.namespace || '<namespace>';
  const vmi = a.vmi || '<vmi>';
  const level = a.needsLogVerbosity ?? 4;
  return (
    `to see progress, raise the launcher log verbosity (kubectl label vmi ${vmi} -n ${ns} logVerbosity=${level}, or spec.configuration.developerConfiguration.logVerbosity.virtLauncher: ${level} in the KubeVirt CR; ` +
    `both apply to launcher pods created afterwards, such as the next migration's), allow get on pods/proxy of virt-handler in the KubeVirt namespace (its /metrics)` +
    (a.prometheusAsked === true ? '' : `, or pass a Prometheus URL: kubectl vmigrate why ${vmi} -n ${ns} --prometheus https://<prometheus>`)
  );
}

/** `PreCopy` when the VMI names no mode. */
const modeOf = (a: TransferClock): string => a.mode || 'PreCopy';
const expiryOf = (a: TransferClock): string => budgetActionText(a.onBudgetExpiry);

export const transferText: CheckText<'transfer'> = {
  title: 'Memory transfer',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
        return 'No migration to follow.';
      case 'finished':
        return `The migration is ${a.phase || 'finished'}: nothing is being copied.`;
      case 'not-started':
        return `libvirt has not started copying yet (phase ${a.phase || 'Pending'}).`;
      case 'aborting':
        return `An abort is in progress (abortStatus ${a.abortStatus || 'requested'}), ${clock(a)}.`;
      case 'abort-failed':
        return `libvirt refused the abort (abortStatus Failed): the ${modeOf(a)} migration goes on, ${clock(a)}.`;
      case 'post-copy':
        return `Post-copy, ${clock(a)}: the guest runs on the target and pulls the remaining pages; KubeVirt no longer times it out.`;
      case 'budget-exceeded':
        return `${modeOf(a)}, ${clock(a)}: past the budget, and neither a switch to post-copy nor a pause is allowed, so KubeVirt aborts it as a completion timeout.`;
      case 'no-progress-source': {
        const verbosity = a.needsLogVerbosity !== undefined ? ` (before KubeVirt v1.2 the launcher logs progress only at verbosity ${a.needsLogVerbosity})` : '';
        const why = r.missing ? `: ${r.missing}` : '';
        return `${modeOf(a)}, ${clock(a)}; no progress data${why}${verbosity}. ${capitalise(howToGetProgress(a))}.`;
      }
      case 'dirty-rate':
        // formatRate has its own parentheses: never inside another pair.
        return `Not converging: the guest dirties memory at ${formatRate(a.dirtyRate ?? 0)} while ${formatRate(a.transferRate ?? 0)} is sent, over the last ${a.window} samples; ${clock(a)}; ${expiryOf(a)}.`;
      case 'stalled': {
        const past = a.stall === 'exceeded' ? ', past progressTimeout: KubeVirt aborts it as stuck' : ` (KubeVirt aborts after progressTimeout ${a.progressTimeout ?? '?'}s without progress)`;
        return `Not converging: DataRemaining has not gone below ${formatBytes(a.minRemaining ?? 0)} for ${formatSeconds(a.stalledSeconds ?? 0)}${past}; ${clock(a)}.`;
      }
      case 'not-shrinking':
        return `Not converging: DataRemaining has not shrunk over the last ${formatSeconds(a.windowSeconds ?? 0)} (trend ${formatSigned(a.slope ?? 0)}/s); ${clock(a)}; ${expiryOf(a)}.`;
      case 'eta-beyond-budget': {
        const eta = a.etaSeconds ?? 0;
        const left = a.budgetRemainingSeconds ?? 0;
        return `At risk: at the current pace the copy needs about ${formatSeconds(eta)} more, but only ${formatSeconds(Math.max(0, left))} of the budget is left; ${clock(a)}; ${expiryOf(a)}.`;
      }
      case 'progressing': {
        const l = latest(a);
        const src = from(a);
        return `${modeOf(a)}, ${clock(a)}${l ? `: ${l}` : ''}${src ? ` (${src})` : ''}.`;
      }
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'dirty-rate':
      case 'stalled':
      case 'not-shrinking':
        return convergeHint(a);
      case 'budget-exceeded':
      case 'eta-beyond-budget':
        return `raise completionTimeoutPerGiB (KubeVirt CR spec.configuration.migrations or a MigrationPolicy), or ${convergeHint(a)}`;
      case 'no-progress-source':
        if (a.needsLogVerbosity !== undefined) {
          return `${howToGetProgress(a)}; then: kubectl logs -n ${a.namespace} ${a.pod || '<virt-launcher pod>'} -c compute | grep 'Migration info'`;
        }
        return howToGetProgress(a);
      case 'abort-failed':
        return `a post-copy migration cannot be aborted; wait for it to finish`;
      case 'no-migration':
      case 'finished':
      case 'not-started':
      case 'aborting':
      case 'post-copy':
      case 'progressing':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function formatSigned(bytes: number): string {
  return `${bytes >= 0 ? '+' : ''}${formatBytes(bytes)}`;
}
