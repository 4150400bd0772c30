// Prose of the `failure-reason` check (src/analyze/why/checks/failure-reason.ts).
import type { CheckResult } from '../../analyze/why/check.js';
import { formatSeconds } from '../why-checklist.js';
import type { CheckText } from './check-text.js';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const quoted = (v: unknown): string => (str(v) ? `: "${str(v).trim()}"` : '');

const SOURCE: Record<string, string> = {
  'failure-reason': 'migrationState.failureReason',
  'migrated-event': 'the VMI Migrated event',
  'failed-migration-event': 'the FailedMigration event',
  'launcher-log': 'the source launcher log',
};

/** How a v1.9 `Live migration has been aborted` was told apart, inside the timeout's parentheses. */
function how(r: CheckResult<'failure-reason'>): string {
  const a = r.args;
  if (a.refinedBy === 'launcher-log') return '; named by the launcher log';
  if (a.refinedBy === 'timing') {
    const ran = num(a.durationSeconds) ?? 0;
    const budget = num(a.budgetSeconds) ?? 0;
    return `; inferred: it ran ${formatSeconds(ran)}, ${ran >= budget ? 'reaching' : 'short of'} the ${formatSeconds(budget)} completion budget`;
  }
  return '';
}

function cpuDiff(r: CheckResult<'failure-reason'>): string {
  const a = r.args;
  const target = str(a.targetNode);
  const source = str(a.sourceNode);
  if (!target || !source) return '';
  if (str(a.nodesMissing)) return ` (nodes not readable: ${str(a.nodesMissing)})`;
  const confirmed = list(a.confirmedMissing);
  if (confirmed.length > 0) return `; node labels agree: ${target} lacks cpu-feature ${confirmed.join(', ')} that ${source} has`;
  const only = list(a.onlyOnSource);
  if (only.length > 0) return `; ${source} has cpu-feature labels ${target} lacks: ${only.slice(0, 8).join(', ')}${only.length > 8 ? ', …' : ''}`;
  return '';
}

function unexplained(r: CheckResult<'failure-reason'>): string {
  const a = r.args;
  const parts: string[] = [];
  parts.push(a.failureReasonField === 'not-in-version' ? `no failureReason (KubeVirt ${str(a.version) || '< v1.3'} predates it)` : 'no failureReason');
  parts.push(a.eventsReadable ? 'no Migrated or FailedMigration event with a reason (events expire after 1 h)' : `events not readable${r.missing ? ` (${r.missing})` : ''}`);
  parts.push(str(a.logMissing) ? `no source launcher log (${str(a.logMissing)})` : 'no failure line in the source launcher log');
  const seen = list(a.unclassified);
  return `The migration failed and nothing says why: ${parts.join(', ')}${seen.length > 0 ? `; seen only: ${seen.map((s) => `"${s}"`).join(', ')}` : ''}.`;
}

export const failureReasonText: CheckText<'failure-reason'> = {
  title: 'Failure reason',
  summary(r: CheckResult<'failure-reason'>): string {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
        return 'No migration.';
      case 'not-failed':
        return `The migration has not failed (phase ${str(a.phase) || 'Pending'}).`;
      case 'succeeded':
        return 'The migration succeeded.';
      case 'succeeded-after-failures':
        return `Succeeded after ${num(a.failedBefore) ?? 0} failed attempt(s): ${list(a.migrations).join(', ')}.`;
      case 'unclassified':
        return unexplained(r);
    }
    const from = SOURCE[str(a.source)] ? ` [${SOURCE[str(a.source)]}]` : '';
    switch (r.cause) {
      case 'progress-timeout':
        return `KubeVirt aborted it: no progress for ${num(a.seconds) ?? '?'}s (progressTimeout${how(r)})${quoted(a.quote)}${from}.`;
      case 'completion-timeout': {
        const paused = a.switchover === 'paused' ? ', even after pausing the guest' : '';
        return `KubeVirt aborted it: not completed within ${num(a.seconds) ?? '?'}s (completionTimeoutPerGiB × size${how(r)})${paused}${quoted(a.quote)}${from}.`;
      }
      case 'aborted':
        if (a.by === 'user') return `Cancelled by a user (the VMIM was deleted / abort requested)${quoted(a.quote)}${from}.`;
        if (a.ambiguous) {
          const log = str(a.logMissing) ? `the launcher log was not available (${str(a.logMissing)})` : 'the launcher log names no timeout';
          return `Aborted${quoted(a.quote)}${from}; KubeVirt v1.9+ writes this for user cancels and timeouts alike, no abort was requested on the VMIM, and ${log}.`;
        }
        return `Aborted${quoted(a.quote)}${from}.`;
      case 'cpu-incompatible': {
        const features = list(a.features);
        const extra = list(a.extraFeatures);
        const what = features.length > 0 ? `the target CPU lacks ${features.join(', ')}` : extra.length > 0 ? `the target CPU has extra features ${extra.join(', ')}` : 'the target CPU does not match the guest CPU';
        return `libvirt refused the guest CPU on the target: ${what}${cpuDiff(r)}${quoted(a.quote)}${from}.`;
      }
      case 'post-copy-failed':
        if (a.failedDuring === 'post-copy') return `Failed after the switch to post-copy, when the guest already ran on the target (${str(a.underlyingCause)})${quoted(a.quote)}${from}.`;
        return `Post-copy failed${quoted(a.quote)}${from}.`;
      case 'storage-error':
        return `Disk/volume migration failed${str(a.errorKind) ? ` (${str(a.errorKind)})` : ''}${quoted(a.quote)}${from}.`;
      case 'network-error':
        return `The connection to the target failed${str(a.errorKind) ? ` (${str(a.errorKind)})` : ''}${quoted(a.quote)}${from}.`;
      case 'libvirt-error':
        return `libvirt/QEMU failed${quoted(a.quote)}${from}.`;
      case 'target-pod-lost':
        return `The target pod went away during the migration${quoted(a.quote)}${from}.`;
      case 'target-pod-timeout':
        return `The target pod${str(a.pod) ? ` ${str(a.pod)}` : ''} stayed Pending past the ${str(a.timeout) || 'pending'} timeout and was deleted${quoted(a.quote)}${from}.`;
      case 'vmi-not-running':
        return `The VMI stopped or disappeared during the migration${quoted(a.quote)}${from}.`;
      case 'migration-conflict':
        return `Another migration took the VMI over${quoted(a.quote)}${from}.`;
      default:
        return `The migration failed${quoted(a.quote)}${from}.`;
    }
  },
  hint(r: CheckResult<'failure-reason'>): string | undefined {
    const a = r.args;
    const ns = str(a.namespace);
    const vmi = str(a.vmi);
    const pod = str(a.pod) || '<virt-launcher pod>';
    const logs = `kubectl logs -n ${ns} ${pod} -c compute | grep -i migration`;
    switch (r.cause) {
      case 'progress-timeout':
        return 'the guest dirties memory faster than it is sent: allow convergence with a MigrationPolicy (allowAutoConverge: true, or allowPostCopy / allowWorkloadDisruption: true), raise progressTimeout (KubeVirt CR spec.configuration.migrations), or add bandwidth (bandwidthPerMigration, a dedicated migration network)';
      case 'completion-timeout':
        return 'raise completionTimeoutPerGiB (KubeVirt CR spec.configuration.migrations or a MigrationPolicy), or allow post-copy / workload disruption so KubeVirt switches over instead of aborting';
      case 'aborted':
        if (a.ambiguous) return `tell a cancel from a timeout in the launcher log: ${logs}`;
        return `start it again when ready: kubectl vmigrate start ${vmi} -n ${ns}`;
      case 'cpu-incompatible': {
        const nodes = str(a.sourceNode) && str(a.targetNode) ? `; compare: kubectl get node ${str(a.sourceNode)} ${str(a.targetNode)} --show-labels | tr , '\\n' | grep cpu-feature` : '';
        return `give the VM a CPU model every node offers (spec.domain.cpu.model: a named model instead of host-model/host-passthrough), or keep it off nodes without these features with a nodeSelector${nodes}`;
      }
      case 'post-copy-failed': {
        if (a.failedDuring === 'post-copy') {
          return `a VMI whose post-copy failed cannot recover: restart the VM (virtctl restart ${vmi} -n ${ns}); then fix the connection to the target (migration network, ports 49152/49153, TLS) before migrating with post-copy again`;
        }
        const psa = a.podSecurityEnforce === null || a.podSecurityEnforce === undefined ? 'no enforce label' : `enforce=${str(a.podSecurityEnforce)}`;
        return `post-copy needs userfaultfd: sysctl vm.unprivileged_userfaultfd=1 on every node, and a namespace labelled pod-security.kubernetes.io/enforce=privileged (${ns}: ${psa}); or turn allowPostCopy off`;
      }
      case 'storage-error':
        if (a.errorKind === 'read-only-disk') return 'remove or make writable the empty/read-only disk, or put it on shared (RWX) storage so it is not copied';
        if (a.errorKind === 'destination-smaller') return 'the destination volume must be at least as large as the source volume';
        if (a.errorKind === 'no-space') return "free space on the target node's storage";
        return `check the storage on both nodes (I/O errors, NBD block-migration path): ${logs}`;
      case 'network-error':
        return 'check connectivity from the source to the target virt-handler (migration ports 49152/49153 behind the migration proxy), the migration network (spec.configuration.migrations.network, interface migration0) and TLS (disableTLS)';
      case 'libvirt-error':
        return `read the source and target launcher logs around the failure: ${logs}`;
      case 'target-pod-lost':
        return `find out why the target pod stopped (node NotReady, eviction, OOM): kubectl get events -n ${ns} --field-selector involvedObject.kind=Pod`;
      case 'target-pod-timeout':
        return `the target pod could not be scheduled or started in time; migrate again and run: kubectl vmigrate why ${vmi} -n ${ns}`;
      case 'vmi-not-running':
        return 'start the VM again, then migrate it';
      case 'migration-conflict':
        return `let the other migration finish, or cancel it: kubectl vmigrate abort ${vmi} -n ${ns}`;
      case 'unknown':
        return `read the source launcher log (${logs}) and virt-handler's log on the source node; events expire after 1 h, so run why soon after a failure`;
      default:
        return undefined;
    }
  },
};
