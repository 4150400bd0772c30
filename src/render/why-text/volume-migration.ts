// Prose of the volume-migration check (src/analyze/why/checks/volume-migration.ts).
import type { VolumeBudget, VolumeMigrationArgs, VolumeMove, VolumeRefusal } from '../../analyze/why/check-args/volume-migration.js';
import { formatBytes } from '../../kube/quantity.js';
import { formatSeconds } from '../format.js';
import { assertNever } from '../assert-never.js';
import { formatRate } from './transfer.js';
import type { CheckText } from './check-text.js';

type Args<K extends VolumeMigrationArgs['kind']> = Extract<VolumeMigrationArgs, { kind: K }>;

/** `rootdisk: reports-disk (Block) → reports-disk-fast (Filesystem, Pending)`. */
function moveText(mv: VolumeMove): string {
  const mode = (m: string | null, extra: (string | undefined)[]) => {
    const parts = [m ?? undefined, ...extra].filter(Boolean);
    return parts.length > 0 ? ` (${parts.join(', ')})` : '';
  };
  const src = `${mv.sourceClaim ?? '<unknown>'}${mode(mv.sourceVolumeMode, [])}`;
  const dst = `${mv.destinationClaim ?? '<unknown>'}${mode(mv.destinationVolumeMode, [mv.destinationStorageClass, mv.destinationPhase])}`;
  return `${mv.volume || '<unnamed>'}: ${src} → ${dst}`;
}

function movesText(moves: readonly VolumeMove[]): string {
  return moves.length > 0 ? ` Volumes: ${moves.map(moveText).join('; ')}.` : '';
}

const REFUSAL: Record<VolumeRefusal, string> = {
  'invalid-volumes': 'volumes of a kind volume migration cannot move',
  'rwo-not-migrated': 'a ReadWriteOnce volume of the VM is not part of the update',
  'backend-storage': 'the VM’s backend-storage PVC (persistent TPM/EFI) is ReadWriteOnce and cannot be moved (KubeVirt v1.4; v1.5+ skips it)',
  'vmi-not-migratable': 'the VMI is not storage-migratable',
  'destination-missing': 'a destination volume does not exist',
  'only-revert': 'a volume in the middle of a migration can only be put back to its source claim',
  'strategy-not-recognized': 'spec.updateVolumesStrategy has a value KubeVirt does not know',
  'update-error': 'the VM controller failed to handle the volume update',
  'restart-required': 'the VM already needs a restart, so the VM controller handles no volume update',
};

function budgetText(b: VolumeBudget): string {
  const disks = b.disks === 1 ? '1 disk' : `${b.disks} disks`;
  const counted =
    b.disksCounted === true
      ? `memory ${formatBytes(b.memoryBytes)} + ${disks} ${formatBytes(b.diskBytes)}`
      : b.disksCounted === false
        ? `memory ${formatBytes(b.memoryBytes)} only: before KubeVirt v1.7.2 the ${disks} ${b.disks === 1 ? 'does' : 'do'} not count`
        : `memory ${formatBytes(b.memoryBytes)}; whether the ${disks} (${formatBytes(b.diskBytes)}) count depends on the KubeVirt version (v1.7.2+), not known`;
  return ` Completion budget ${formatSeconds(b.seconds)} (completionTimeoutPerGiB ${b.completionTimeoutPerGiB} × ${b.sizeGB} GB: ${counted}).`;
}

function copyingText(a: Args<'copying'>): string {
  const d = a.disk;
  const figures = d
    ? [
        d.diskRemainingBytes !== null && d.diskTotalBytes !== null ? `${formatBytes(d.diskRemainingBytes)} of ${formatBytes(d.diskTotalBytes)} of disk left` : undefined,
        d.diskBytesPerSecond !== null ? `disks at ${formatRate(d.diskBytesPerSecond)}` : undefined,
      ].filter(Boolean)
    : [];
  const progress = figures.length > 0 ? ` Launcher${d?.time ? ` at ${d.time}` : ''}: ${figures.join(', ')}.` : '';
  const last = a.lastFailure ? ` The previous attempt${a.lastFailure.migration ? ` ${a.lastFailure.migration}` : ''} failed: "${a.lastFailure.quote}".` : '';
  return `Migration ${a.migration} (${a.phase || 'Pending'}) copies the volumes of VM ${a.vm}.${movesText(a.moves)}${progress}${a.budget ? budgetText(a.budget) : ''}${last}`;
}

export const volumeMigrationText: CheckText<'volume-migration'> = {
  title: 'Volume migration accepted by KubeVirt',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-volume':
        return 'Not a volume migration.';
      case 'refused': {
        const named = a.volumes.length > 0 ? ` (${a.classes.length > 0 ? `${a.classes.join(', ')}: ` : ''}${a.volumes.join(', ')})` : '';
        return `KubeVirt refused the volume update of VM ${a.vm}: ${REFUSAL[a.refusal]}${named}; ${a.object} ${a.condition}: "${a.quote}".${movesText(a.moves)}`;
      }
      case 'manual-recovery':
        return `VM ${a.vm} needs manual recovery: ManualRecoveryRequired "${a.reason}"; its volumes may point to destinations that were never fully copied, and KubeVirt refuses to start it.${movesText(a.moves)}`;
      case 'cancelled':
        return `The volume migration of VM ${a.vm} was cancelled: its claims were put back to the sources${a.quote ? ` ("${a.quote}")` : ''}.${movesText(a.moves)}`;
      case 'no-live-migrate':
        return `KubeVirt accepted the volume update of VM ${a.vm} (VolumesChange=True), but no migration will copy it: the KubeVirt CR's workloadUpdateMethods ${JSON.stringify(a.methods)} lack LiveMigrate.${movesText(a.moves)}`;
      case 'methods-unknown':
        return `KubeVirt accepted the volume update of VM ${a.vm} (VolumesChange=True) and has not created its migration; whether it will cannot be told: ${a.missing} not read.${movesText(a.moves)}`;
      case 'requested':
        return `VM ${a.vm} asks for new claims with updateVolumesStrategy Migration; the VM controller has not acted on it yet.${movesText(a.moves)}`;
      case 'accepted':
        return `KubeVirt accepted the volume update of VM ${a.vm} (VolumesChange=True); the workload updater creates its migration next.${movesText(a.moves)}`;
      case 'copying':
        return copyingText(a);
      case 'attempt-failed':
        return `Migration ${a.migration}, which copied the volumes of VM ${a.vm}, failed; KubeVirt retries while VolumesChange stays True.${movesText(a.moves)}`;
      case 'succeeded':
        return `The volumes of VM ${a.vm} were moved${a.migration ? ` by ${a.migration}` : ''}.${movesText(a.moves)}`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail' && r.status !== 'warn') return undefined;
    switch (a.kind) {
      case 'refused':
        return refusalHint(a);
      case 'manual-recovery':
        return `put the source claims back into VM ${a.vm}'s spec.template.spec.volumes (or remove spec.updateVolumesStrategy), then start it: kubectl edit vm ${a.vm} -n ${a.namespace}`;
      case 'cancelled':
        return `to move the volumes again, set the destination claims in VM ${a.vm}'s spec.template.spec.volumes again`;
      case 'no-live-migrate':
        return 'add LiveMigrate to the KubeVirt CR spec.workloadUpdateStrategy.workloadUpdateMethods: kubectl edit kubevirt -n kubevirt';
      case 'methods-unknown':
        return 'read the KubeVirt CR (kubectl get kubevirt -A -o yaml): spec.workloadUpdateStrategy.workloadUpdateMethods must contain LiveMigrate';
      case 'not-volume':
      case 'requested':
      case 'accepted':
      case 'copying':
      case 'attempt-failed':
      case 'succeeded':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};

function refusalHint(a: Args<'refused'>): string {
  const edit = `kubectl edit vm ${a.vm} -n ${a.namespace}`;
  switch (a.refusal) {
    case 'invalid-volumes':
      return `leave ${a.volumes.join(', ') || 'those volumes'} on their current claims (hot-plugged volumes move from KubeVirt v1.5; a DataVolume needs a CSI storage class or a populator), then put the claims back and retry: ${edit}`;
    case 'rwo-not-migrated':
      return `move ${a.volumes.join(', ')} in the same update (give it a destination claim too), or make it ReadWriteMany: ${edit}`;
    case 'backend-storage':
      return 'upgrade to KubeVirt v1.5 or later (it leaves the backend-storage PVC out of the check), or move the volumes with a restart (updateVolumesStrategy Replacement)';
    case 'vmi-not-migratable':
      return `the VMI's StorageLiveMigratable condition says why: kubectl get vmi ${a.vm} -n ${a.namespace} -o jsonpath='{.status.conditions}'`;
    case 'destination-missing':
      return `create ${a.volumes.join(', ') || 'the destination volume'} in namespace ${a.namespace}; the migration starts by itself once it exists`;
    case 'only-revert':
    case 'strategy-not-recognized':
    case 'update-error':
      return `fix spec.updateVolumesStrategy or spec.template.spec.volumes of VM ${a.vm} as the condition says: ${edit}`;
    case 'restart-required':
      return `restart VM ${a.vm} (virtctl restart ${a.vm} -n ${a.namespace}) to clear RestartRequired, or revert the change that set it; the volume update is then handled`;
    default:
      return assertNever(a.refusal);
  }
}
