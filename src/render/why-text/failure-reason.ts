// Prose of the `failure-reason` check (src/analyze/why/checks/failure-reason.ts).
import type { CheckArgs, CheckResult } from '../../analyze/why/check.js';
import type { AbortPlacement, CpuFeatureDiff, FailedVolume, FailureSource } from '../../analyze/why/check-args/failure-reason.js';
import { formatSeconds } from '../format.js';
import { assertNever } from '../assert-never.js';
import { convergeHint } from './transfer.js';
import type { CheckText } from './check-text.js';

type Args = CheckArgs['failure-reason'];

const quoted = (quote: string): string => (quote ? `: "${quote.trim()}"` : '');

const SOURCE: Record<FailureSource, string> = {
  'failure-reason': 'migrationState.failureReason',
  'migrated-event': 'the VMI Migrated event',
  'failed-migration-event': 'the FailedMigration event',
  'launcher-log': 'the source launcher log',
  'target-log': 'the target launcher log',
  'target-state': "the migration's state",
};

function volumeText(v: FailedVolume | undefined): string {
  if (!v) return '';
  const parts = [v.claim ? `PVC ${v.claim}` : undefined, v.storageClass ? `StorageClass ${v.storageClass}` : undefined, v.accessModes?.join(','), v.volumeMode].filter(Boolean);
  const from = v.migratedFrom ? `, moved from PVC ${v.migratedFrom.claim}${v.migratedFrom.volumeMode ? ` (${v.migratedFrom.volumeMode})` : ''}` : '';
  return ` on volume ${v.name}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}${from}`;
}

/** How a v1.9 `Live migration has been aborted` was told apart, inside the timeout's parentheses. */
function how(a: AbortPlacement): string {
  if (a.refinedBy === 'launcher-log') return '; named by the launcher log';
  if (a.refinedBy === 'timing') {
    const ran = a.durationSeconds ?? 0;
    const budget = a.budgetSeconds ?? 0;
    return `; inferred: it ran ${formatSeconds(ran)}, ${ran >= budget ? 'reaching' : 'short of'} the ${formatSeconds(budget)} completion budget`;
  }
  return '';
}

function cpuDiff(a: CpuFeatureDiff): string {
  const target = a.targetNode;
  const source = a.sourceNode;
  if (!target || !source) return '';
  if (a.nodesMissing) return ` (nodes not readable: ${a.nodesMissing})`;
  const confirmed = a.confirmedMissing ?? [];
  if (confirmed.length > 0) return `; node labels agree: ${target} lacks cpu-feature ${confirmed.join(', ')} that ${source} has`;
  const only = a.onlyOnSource ?? [];
  if (only.length > 0) return `; ${source} has cpu-feature labels ${target} lacks: ${only.slice(0, 8).join(', ')}${only.length > 8 ? ', …' : ''}`;
  return '';
}

function unexplained(r: CheckResult<'failure-reason'>, a: Extract<Args, { kind: 'unclassified' }>): string {
  const parts: string[] = [];
  parts.push(a.failureReasonField === 'not-in-version' ? `no failureReason (KubeVirt ${a.version || '< v1.3'} predates it)` : 'no failureReason');
  parts.push(a.eventsReadable ? 'no Migrated or FailedMigration event with a reason (events expire after 1 h)' : `events not readable${r.missing ? ` (${r.missing})` : ''}`);
  parts.push(a.logMissing ? `no source launcher log (${a.logMissing})` : 'no failure line in the source launcher log');
  const seen = a.unclassified;
  return `The migration failed and nothing says why: ${parts.join(', ')}${seen.length > 0 ? `; seen only: ${seen.map((s) => `"${s}"`).join(', ')}` : ''}.`;
}

export const failureReasonText: CheckText<'failure-reason'> = {
  title: 'Failure reason',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
        return 'No migration.';
      case 'not-failed':
        return `The migration has not failed (phase ${a.phase || 'Pending'}).`;
      case 'succeeded':
        return 'The migration succeeded.';
      case 'succeeded-after-failures':
        return `Succeeded after ${a.failedBefore} failed attempt(s): ${a.migrations.join(', ')}.`;
      case 'unclassified':
        return unexplained(r, a);
    }
    const from = ` [${SOURCE[a.source]}]`;
    const q = quoted(a.quote);
    switch (a.kind) {
      case 'progress-timeout':
        return `KubeVirt aborted it: no progress for ${a.seconds ?? '?'}s (progressTimeout${how(a)})${q}${from}.`;
      case 'completion-timeout': {
        const paused = a.switchover === 'paused' ? ', even after pausing the guest' : '';
        return `KubeVirt aborted it: not completed within ${a.seconds ?? '?'}s (completionTimeoutPerGiB × size${how(a)})${paused}${q}${from}.`;
      }
      case 'aborted':
        if (a.by === 'user') return `Cancelled by a user (the VMIM was deleted / abort requested)${q}${from}.`;
        if (a.ambiguous) {
          const log = a.logMissing ? `the launcher log was not available (${a.logMissing})` : 'the launcher log names no timeout';
          return `Aborted${q}${from}; KubeVirt v1.9+ writes this for user cancels and timeouts alike, no abort was requested on the VMIM, and ${log}.`;
        }
        return `Aborted${q}${from}.`;
      case 'cpu-incompatible': {
        const { features, extraFeatures: extra } = a;
        const what = features.length > 0 ? `the target CPU lacks ${features.join(', ')}` : extra.length > 0 ? `the target CPU has extra features ${extra.join(', ')}` : 'the target CPU does not match the guest CPU';
        return `libvirt refused the guest CPU on the target: ${what}${cpuDiff(a)}${q}${from}.`;
      }
      case 'post-copy-failed':
        if (a.failedDuring === 'post-copy') return `Failed after the switch to post-copy, when the guest already ran on the target (${a.underlyingCause ?? ''})${q}${from}.`;
        return `Post-copy failed${q}${from}.`;
      case 'storage-error':
        return `Disk/volume migration failed (${a.errorKind})${volumeText(a.volume)}${q}${from}.`;
      case 'network-error':
        return `The connection to the target failed (${a.errorKind})${q}${from}.`;
      case 'libvirt-error':
        return `libvirt/QEMU failed${q}${from}.`;
      case 'target-pod-lost':
        if (a.inferred === 'before-handoff') {
          return `Inferred: the migration failed before the hand-off with no failure text, and KubeVirt fails a migration there only when its target pod is gone (deleted, failed, or removed on the pending timeout)${from}.`;
        }
        if (a.inferred === 'domain-never-ran') {
          return `Inferred: the incoming domain was detected on the target and never ran, and no failure text was written: the target lost or refused the state (node down, launcher gone)${from}.`;
        }
        return `The target pod went away during the migration${q}${from}.`;
      case 'target-pod-timeout':
        return `The target pod${a.pod ? ` ${a.pod}` : ''} stayed Pending past the ${a.timeout} timeout and was deleted${q}${from}.`;
      case 'vmi-not-running':
        return `The VMI stopped or disappeared during the migration${q}${from}.`;
      case 'migration-conflict':
        return `Another migration took the VMI over${q}${from}.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
      case 'not-failed':
      case 'succeeded':
      case 'succeeded-after-failures':
        return undefined;
      case 'unclassified':
        // Events unreadable: the check says unknown, with no cause to act on.
        if (r.cause !== 'unknown') return undefined;
    }
    const { namespace: ns, vmi } = a;
    const logs = `kubectl logs -n ${ns} ${a.pod || '<virt-launcher pod>'} -c compute | grep -i migration`;
    switch (a.kind) {
      case 'progress-timeout':
        return `the remaining data stopped shrinking for progressTimeout (usually the guest writing memory as fast as it is sent): ${convergeHint(a)}; or raise progressTimeout (KubeVirt CR spec.configuration.migrations)`;
      case 'completion-timeout':
        return `raise completionTimeoutPerGiB (KubeVirt CR spec.configuration.migrations or a MigrationPolicy); or ${convergeHint(a)}`;
      case 'aborted':
        if (a.ambiguous) return `tell a cancel from a timeout in the launcher log: ${logs}`;
        return `start it again when ready: kubectl vmigrate start ${vmi} -n ${ns}`;
      case 'cpu-incompatible': {
        const nodes = a.sourceNode && a.targetNode ? `; compare: kubectl get node ${a.sourceNode} ${a.targetNode} --show-labels | tr , '\\n' | grep cpu-feature` : '';
        return `give the VM a CPU model every node offers (spec.domain.cpu.model: a named model instead of host-model/host-passthrough), or keep it off nodes without these features with a nodeSelector${nodes}`;
      }
      case 'post-copy-failed': {
        if (a.failedDuring === 'post-copy') {
          return `a VMI whose post-copy failed cannot recover: restart the VM (virtctl restart ${vmi} -n ${ns}); then fix the connection to the target (migration network, ports 49152/49153, TLS) before migrating with post-copy again`;
        }
        const psa = a.podSecurityEnforce === null ? 'no enforce label' : `enforce=${a.podSecurityEnforce}`;
        return `post-copy needs userfaultfd: sysctl vm.unprivileged_userfaultfd=1 on every node, and a namespace labelled pod-security.kubernetes.io/enforce=privileged (${ns}: ${psa}); or turn allowPostCopy off`;
      }
      case 'storage-error':
        if (a.errorKind === 'read-only-disk') return 'remove or make writable the empty/read-only disk, or put it on shared (RWX) storage so it is not copied';
        if (a.errorKind === 'destination-smaller') {
          const m = a.volume?.migratedFrom;
          // Block → filesystem: the file system's overhead makes an equal request too small.
          const overhead = m?.volumeMode === 'Block' && a.volume?.volumeMode === 'Filesystem' ? ' (a Filesystem destination of a Block source needs room for the file-system overhead: request more than the source)' : '';
          return `the destination volume${a.volume?.claim ? ` ${a.volume.claim}` : ''} must be at least as large as the source volume${m ? ` ${m.claim}` : ''}${overhead}; put the source claim back in the VM, recreate the destination larger, then set it again`;
        }
        if (a.errorKind === 'no-space') return "free space on the target node's storage";
        if (a.errorKind === 'not-shared' || a.errorKind === 'image-lock') {
          const v = a.volume?.claim ? ` of PVC ${a.volume.claim}${a.volume.storageClass ? ` (StorageClass ${a.volume.storageClass})` : ''}` : '';
          return `the storage${v} is not shared the way live migration needs it (libvirt sees no shared file system, or another process holds the image lock): use a RWX block volume or a file system libvirt recognises as shared; kubectl vmigrate check-migratable ${vmi} -n ${ns}`;
        }
        return `check the storage on both nodes (I/O errors, NBD block-migration path): ${logs}`;
      case 'network-error':
        return 'check connectivity from the source to the target virt-handler (migration ports 49152/49153 behind the migration proxy), the migration network (spec.configuration.migrations.network, interface migration0) and TLS (disableTLS)';
      case 'libvirt-error':
        return `read the source and target launcher logs around the failure: ${logs}`;
      case 'target-pod-lost':
        // Before the hand-off the same state follows KubeVirt's own pending timeout: its
        // SuccessfulDelete event on the migration is what tells the two apart.
        if (a.mayBePendingTimeout) {
          return `find out whether the target pod stopped (node NotReady, eviction, OOM) or never started and KubeVirt removed it on the pending timeout (a SuccessfulDelete event on the migration): kubectl get events -n ${ns} --field-selector involvedObject.kind=VirtualMachineInstanceMigration; then kubectl get events -n ${ns} --field-selector involvedObject.kind=Pod`;
        }
        return `find out why the target pod stopped (node NotReady, eviction, OOM): kubectl get events -n ${ns} --field-selector involvedObject.kind=Pod`;
      case 'target-pod-timeout':
        return `the target pod could not be scheduled or started in time; migrate again and run: kubectl vmigrate why ${vmi} -n ${ns}`;
      case 'vmi-not-running':
        return 'start the VM again, then migrate it';
      case 'migration-conflict':
        return `let the other migration finish, or cancel it: kubectl vmigrate abort ${vmi} -n ${ns}`;
      case 'unclassified':
        return `read the source launcher log (${logs}) and virt-handler's log on the source node; events expire after 1 h, so run why soon after a failure`;
      default:
        return assertNever(a);
    }
  },
};
