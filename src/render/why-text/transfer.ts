// Prose of the `transfer` check (src/analyze/why/checks/transfer.ts).
import type { ArgRecord, CheckResult } from '../../analyze/why/check.js';
import { formatBytes } from '../../kube/quantity.js';
import { formatSeconds } from '../why-checklist.js';
import type { CheckText } from './check-text.js';

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
  const formula = perGiB !== undefined && size !== undefined ? ` (completionTimeoutPerGiB ${perGiB} × ${size} GB${a.budgetLowerBound ? ' + copied disks' : ''})` : '';
  return `${running} of a ${formatSeconds(budget)} budget${formula}`;
}

function latest(a: ArgRecord): string {
  const s = rec(a.latest);
  const parts: string[] = [];
  const remaining = num(s.dataRemaining);
  const total = num(s.dataTotal);
  if (remaining !== undefined) parts.push(`${formatBytes(remaining)} remaining${total !== undefined ? ` of ${formatBytes(total)}` : ''}`);
  const sent = num(s.memoryBandwidth);
  if (sent !== undefined) parts.push(`sent at ${formatRate(sent)}`);
  const dirty = num(s.dirtyRate);
  if (dirty !== undefined) parts.push(`dirty rate ${formatRate(dirty)}`);
  const it = num(s.iteration);
  if (it !== undefined) parts.push(`iteration ${it}`);
  return parts.join(', ');
}

const CONVERGE =
  'let it converge: a MigrationPolicy (or spec.configuration.migrations) with allowAutoConverge: true, or allowPostCopy: true / allowWorkloadDisruption: true (post-copy needs vm.unprivileged_userfaultfd=1 on the nodes and a privileged namespace); more bandwidth (bandwidthPerMigration, a dedicated migration network); or less guest write load during the migration';

export const transferText: CheckText = {
  title: 'Memory transfer',
  summary(r: CheckResult): string {
    const a = r.args;
    const mode = str(a.mode) || 'PreCopy';
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
        return `${mode}, ${clock(a)}, and neither post-copy nor workload disruption is allowed: KubeVirt aborts it as a completion timeout.`;
      case 'no-progress-source': {
        const verbosity = num(a.needsLogVerbosity) !== undefined ? ' (before KubeVirt v1.2 the launcher logs progress only at verbosity 4)' : '';
        return `${mode}, ${clock(a)}; no progress data${r.missing ? `: ${r.missing}` : ''}${verbosity}.`;
      }
      case 'dirty-rate':
        return `Not converging: the guest dirties memory at ${formatRate(num(a.dirtyRate) ?? 0)}, at least as fast as it is sent (${formatRate(num(a.transferRate) ?? 0)}), over the last ${num(a.window) ?? 0} samples; ${clock(a)}.`;
      case 'stalled':
        return `Not converging: DataRemaining has not gone below ${formatBytes(num(a.minRemaining) ?? 0)} for ${formatSeconds(num(a.stalledSeconds) ?? 0)} (KubeVirt aborts after progressTimeout ${num(a.progressTimeout) ?? '?'}s without progress); ${clock(a)}.`;
      case 'progressing': {
        const l = latest(a);
        return `${mode}, ${clock(a)}${l ? `: ${l}` : ''}.`;
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
        return CONVERGE;
      case 'budget-exceeded':
        return `raise completionTimeoutPerGiB (KubeVirt CR spec.configuration.migrations or a MigrationPolicy), or ${CONVERGE}`;
      case 'no-progress-source':
        if (num(a.needsLogVerbosity) !== undefined) {
          return `set spec.configuration.developerConfiguration.logVerbosity.virtLauncher: 4 in the KubeVirt CR to log progress, then: kubectl logs -n ${ns} ${pod} -c compute | grep 'Migration info'`;
        }
        return `follow progress in the source launcher log: kubectl logs -n ${ns} ${pod} -c compute | grep 'Migration info'`;
      case 'abort-failed':
        return `a post-copy migration cannot be aborted; wait for it to finish`;
      default:
        return undefined;
    }
  },
};
