// A volume migration (updateVolumesStrategy: Migration, KubeVirt v1.3+; docs/kubevirt/migration-kinds.md
// §3): which volumes move where, and where the update stands — refused up front by a VM or VMI
// condition (quoted), ended by ManualRecoveryRequired, cancelled by putting the source claims back,
// accepted without a VMIM to come, or copied by a VMIM (the launcher's disk figures and the budget
// with the disks counted). Only what KubeVirt wrote decides: the conditions, the KubeVirt CR's
// workload-update methods, the VMIMs; a failed copy's cause is failure-reason's (this names the volumes).
import type { EvidenceRef } from '../../findings.js';
import type { Condition, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import {
  BACKEND_STORAGE_PVC_PREFIX,
  COND_VOLUMES_CHANGE,
  EVENT_CHANGE_ABORTED,
  INVALID_VOLUME_CLASSES,
  MSG_DESTINATION_MISSING,
  MSG_DV_MISSING,
  MSG_INVALID_VOLUMES,
  MSG_ONLY_REVERT,
  MSG_PVC_MISSING,
  MSG_RWO_NOT_MIGRATED,
  MSG_STRATEGY_NOT_RECOGNIZED,
  MSG_VMI_NOT_STORAGE_MIGRATABLE,
  REASON_VOLUMES_CHANGE_CANCELLATION,
  REASON_VOLUMES_UPDATE_ERROR,
  VM_COND_FAILURE,
  VM_COND_MANUAL_RECOVERY_REQUIRED,
  VM_COND_RESTART_REQUIRED,
  WORKLOAD_UPDATE_LIVE_MIGRATE,
} from '../../../kubevirt/migration-kinds.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { DiskProgress, VolumeBudget, VolumeMigrationArgs, VolumeMove, VolumeRefusal } from '../check-args/volume-migration.js';
import type { WhyContext } from '../context.js';
import { changedClaims, migratedVolumes, vmMigratedVolumes, volumesChangeCondition } from '../../migration/kind.js';
import { isFinal } from '../../migration/phase.js';
import { matchGoFormat } from '../parse/go-format.js';
import { migrationLog, logEvidence } from '../migration-log.js';
import { parseProgressLine } from '../progress-line.js';
import { migrationProgress } from '../progress.js';
import { eventRef } from '../target-pod-state.js';
import { conditionsOf, listOf } from '../../shape.js';

const ID = 'volume-migration';

export const volumeMigration: WhyCheck<'volume-migration'> = {
  id: ID,
  run(ctx) {
    if (ctx.kind !== 'volume') return result(ID, 'skip', { kind: 'not-volume' });
    const base = { namespace: ctx.namespace, vm: ctx.vmName ?? ctx.vmi?.metadata.name ?? ctx.requested.name, moves: volumeMoves(ctx) };
    const vmRef = (field: string, message?: string): EvidenceRef => ({ kind: 'VirtualMachine', namespace: ctx.namespace, name: base.vm, field, ...(message ? { message } : {}) });

    const recovery = vmCondition(ctx, VM_COND_MANUAL_RECOVERY_REQUIRED);
    if (recovery?.status === 'True') {
      const reason = recovery.reason ?? '';
      return result(ID, 'fail', { ...base, kind: 'manual-recovery', reason }, [vmRef(`status.conditions[${VM_COND_MANUAL_RECOVERY_REQUIRED}]`, reason)], 'volume-manual-recovery');
    }
    const refused = refusal(ctx);
    if (refused) {
      const { object, condition, quote } = refused;
      const ref: EvidenceRef = { kind: object, namespace: ctx.namespace, name: object === 'VirtualMachine' ? base.vm : (ctx.vmi?.metadata.name ?? base.vm), field: `status.conditions[${condition}]`, message: quote };
      return result(ID, 'fail', { ...base, kind: 'refused', ...refused }, [ref], 'volume-update-refused');
    }
    const change = volumesChangeCondition(ctx.vmi, ctx.vm);
    const m = ctx.migration;
    if (change?.status === 'False' && (change.reason === REASON_VOLUMES_CHANGE_CANCELLATION || !m || isFinal(m.status?.phase))) {
      const abortEvent = [...ctx.vmiEvents].reverse().find((e) => e.reason === EVENT_CHANGE_ABORTED);
      const evidence = [vmRef(`status.conditions[${COND_VOLUMES_CHANGE}]`, change.reason ?? change.message), ...(abortEvent ? [eventRef(abortEvent)] : [])];
      if (change.reason === REASON_VOLUMES_CHANGE_CANCELLATION || abortEvent) {
        const r = result(ID, 'fail', { ...base, kind: 'cancelled', quote: abortEvent?.message ?? change.reason ?? null }, evidence, 'aborted');
        return { ...r, verdictStatus: 'failed' };
      }
    }
    if (m) return ofMigration(ctx, base, m);
    if (change?.status === 'True') return accepted(ctx, base, change);
    const pending = changedClaims(ctx.vm, ctx.vmi);
    return result(ID, 'info', { ...base, kind: 'requested', restartRequired: null }, pending.map((p) => vmRef('spec.template.spec.volumes', `${p.volumeName}: ${p.vmiClaim} -> ${p.vmClaim}`)));
  },
};

type Base = { namespace: string; vm: string; moves: VolumeMove[] };

function vmCondition(ctx: WhyContext, type: string): Condition | undefined {
  return conditionsOf(ctx.vm?.status?.conditions).find((c) => c.type === type);
}

/** Source → destination per volume: the VMI's list, else the VM's record (v1.4+), else the template's new claims. */
function volumeMoves(ctx: WhyContext): VolumeMove[] {
  const listed = migratedVolumes(ctx.vmi);
  const entries = listed.length > 0 ? listed : vmMigratedVolumes(ctx.vm);
  const moves: VolumeMove[] =
    entries.length > 0
      ? entries.map((v) => ({
          volume: v.volumeName ?? '',
          sourceClaim: v.sourcePVCInfo?.claimName ?? null,
          destinationClaim: v.destinationPVCInfo?.claimName ?? null,
          sourceVolumeMode: v.sourcePVCInfo?.volumeMode ?? null,
          destinationVolumeMode: v.destinationPVCInfo?.volumeMode ?? null,
        }))
      : changedClaims(ctx.vm, ctx.vmi).map((c) => ({ volume: c.volumeName, sourceClaim: c.vmiClaim, destinationClaim: c.vmClaim, sourceVolumeMode: null, destinationVolumeMode: null }));
  const pvcs = ctx.pvcs.ok ? ctx.pvcs.items : [];
  return moves.map((mv) => {
    const pvc = pvcs.find((p) => p.metadata.name === mv.destinationClaim && p.metadata.namespace === ctx.namespace);
    if (!pvc) return mv;
    const out = { ...mv };
    if (pvc.status?.phase) out.destinationPhase = pvc.status.phase;
    if (pvc.spec?.storageClassName) out.destinationStorageClass = pvc.spec.storageClassName;
    if (!out.destinationVolumeMode && pvc.spec?.volumeMode) out.destinationVolumeMode = pvc.spec.volumeMode;
    return out;
  });
}

type Refused = Extract<VolumeMigrationArgs, { kind: 'refused' }>;

/**
 * KubeVirt's up-front refusals (§3.8): VM RestartRequired with a volume-migration message, VM
 * Failure VolumesUpdateError, VolumesChange=False naming a missing destination (v1.6+). A
 * RestartRequired of any other text refuses too, while the template still names new claims: the
 * VM controller handles no volume update until that condition is gone.
 */
function refusal(ctx: WhyContext): Omit<Refused, keyof Base | 'kind'> | undefined {
  const failure = vmCondition(ctx, VM_COND_FAILURE);
  if (failure?.status === 'True' && failure.reason === REASON_VOLUMES_UPDATE_ERROR) {
    const quote = failure.message ?? '';
    return { object: 'VirtualMachine', condition: VM_COND_FAILURE, quote, ...classify(quote, 'update-error') };
  }
  const change = volumesChangeCondition(ctx.vmi, ctx.vm);
  if (change?.status === 'False' && change.message && matchGoFormat(MSG_DESTINATION_MISSING, change.message)) {
    const onVmi = conditionsOf(ctx.vmi?.status?.conditions).includes(change);
    return { object: onVmi ? 'VirtualMachineInstance' : 'VirtualMachine', condition: COND_VOLUMES_CHANGE, quote: change.message, ...classify(change.message, 'destination-missing') };
  }
  const restart = vmCondition(ctx, VM_COND_RESTART_REQUIRED);
  if (restart?.status !== 'True') return undefined;
  const quote = restart.message ?? '';
  const known = classify(quote, undefined);
  if (known.refusal !== 'restart-required') return { object: 'VirtualMachine', condition: VM_COND_RESTART_REQUIRED, quote, ...known };
  return changedClaims(ctx.vm, ctx.vmi).length > 0 ? { object: 'VirtualMachine', condition: VM_COND_RESTART_REQUIRED, quote, ...known } : undefined;
}

/** Which refusal a message is, with the volumes (and classes) it names. */
function classify(text: string, fallback: VolumeRefusal | undefined): { refusal: VolumeRefusal; volumes: string[]; classes: string[] } {
  if (text.startsWith(MSG_INVALID_VOLUMES)) {
    const classes: string[] = [];
    const volumes: string[] = [];
    for (const cls of INVALID_VOLUME_CLASSES) {
      const at = text.indexOf(`${cls}[`);
      if (at < 0) continue;
      const list = text.slice(at + cls.length + 1, text.indexOf(']', at));
      classes.push(cls.trim().replace(/:$/, ''));
      volumes.push(...list.split(' ').filter(Boolean));
    }
    return { refusal: 'invalid-volumes', volumes, classes };
  }
  const rwo = matchGoFormat(MSG_RWO_NOT_MIGRATED, text, 'contains');
  if (rwo?.[0]) return { refusal: rwo[0].startsWith(BACKEND_STORAGE_PVC_PREFIX) ? 'backend-storage' : 'rwo-not-migrated', volumes: [rwo[0]], classes: [] };
  if (matchGoFormat(MSG_VMI_NOT_STORAGE_MIGRATABLE, text, 'contains')) return { refusal: 'vmi-not-migratable', volumes: [], classes: [] };
  const missing = matchGoFormat(MSG_PVC_MISSING, text, 'contains') ?? matchGoFormat(MSG_DV_MISSING, text, 'contains');
  if (missing?.[0]) return { refusal: 'destination-missing', volumes: [missing[0]], classes: [] };
  if (text.includes(MSG_ONLY_REVERT)) return { refusal: 'only-revert', volumes: [], classes: [] };
  if (matchGoFormat(MSG_STRATEGY_NOT_RECOGNIZED, text, 'contains')) return { refusal: 'strategy-not-recognized', volumes: [], classes: [] };
  return { refusal: fallback ?? 'restart-required', volumes: [], classes: [] };
}

/** VolumesChange=True and no VMIM: the workload updater creates one only with LiveMigrate allowed. */
function accepted(ctx: WhyContext, base: Base, change: Condition): CheckResult<'volume-migration'> {
  const changeRef: EvidenceRef = { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? base.vm, field: `status.conditions[${COND_VOLUMES_CHANGE}]`, ...(change.message ? { message: change.message } : {}) };
  if (!ctx.kubevirt.ok) {
    const r = result(ID, 'unknown', { ...base, kind: 'methods-unknown', missing: `kubevirt: ${ctx.kubevirt.reason}` }, [changeRef]);
    return { ...r, missing: `kubevirt: ${ctx.kubevirt.reason}` };
  }
  const strategy = ctx.kubevirtCR?.spec?.workloadUpdateStrategy;
  // The API server always writes this struct: without it the CR was trimmed, not configured so.
  if (!strategy || typeof strategy !== 'object') {
    const missing = 'KubeVirt CR spec.workloadUpdateStrategy';
    return { ...result(ID, 'warn', { ...base, kind: 'methods-unknown', missing }, [changeRef]), missing };
  }
  const methods = listOf(strategy.workloadUpdateMethods).map(String);
  const crRef: EvidenceRef = { kind: 'KubeVirt', namespace: ctx.kubevirtCR?.metadata.namespace, name: ctx.kubevirtCR?.metadata.name ?? '', field: 'spec.workloadUpdateStrategy.workloadUpdateMethods', message: JSON.stringify(methods) };
  if (!methods.includes(WORKLOAD_UPDATE_LIVE_MIGRATE)) return result(ID, 'fail', { ...base, kind: 'no-live-migrate', methods }, [changeRef, crRef], 'volume-migration-not-started');
  return result(ID, 'info', { ...base, kind: 'accepted' }, [changeRef, crRef]);
}

function ofMigration(ctx: WhyContext, base: Base, m: VirtualMachineInstanceMigration): CheckResult<'volume-migration'> {
  const name = m.metadata.name ?? '';
  const phase = m.status?.phase ?? '';
  const ref: EvidenceRef = { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name, field: 'status.phase', message: phase };
  if (phase === 'Succeeded') return result(ID, 'pass', { ...base, kind: 'succeeded', migration: name }, [ref]);
  if (phase === 'Failed') return result(ID, 'info', { ...base, kind: 'attempt-failed', migration: name }, [ref]);
  const evidence: EvidenceRef[] = [ref];
  const disk = diskProgress(ctx, m, evidence);
  return result(ID, 'info', { ...base, kind: 'copying', migration: name, phase, disk, budget: volumeBudget(ctx), lastFailure: lastFailure(ctx, m, evidence) }, evidence);
}

/** libvirt's job figures minus the memory ones are the disks' (a block migration's DataTotal includes them). */
function diskProgress(ctx: WhyContext, m: VirtualMachineInstanceMigration, evidence: EvidenceRef[]): DiskProgress | null {
  const log = migrationLog(ctx, m);
  if (!log.ok) return null;
  for (const line of [...log.lines].reverse()) {
    const p = parseProgressLine(line.msg, ctx.version ? { version: ctx.version } : {});
    if (!p || p.migrationUid !== m.metadata.uid) continue;
    evidence.push(logEvidence(ctx, log.pod, line));
    const minus = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined ? Math.max(0, a - b) : null);
    return { time: line.time ?? null, diskTotalBytes: minus(p.dataTotal, p.memoryTotal), diskRemainingBytes: minus(p.dataRemaining, p.memoryRemaining), diskBytesPerSecond: p.diskBandwidth ?? null };
  }
  return null;
}

function volumeBudget(ctx: WhyContext): VolumeBudget | null {
  const b = migrationProgress(ctx)?.budget;
  if (!b) return null;
  return {
    seconds: b.seconds,
    sizeGB: b.sizeGB,
    completionTimeoutPerGiB: b.completionTimeoutPerGiB,
    memoryBytes: b.memoryBytes,
    disks: b.migratedVolumes?.count ?? 0,
    diskBytes: b.migratedVolumes?.bytes ?? 0,
    disksCounted: b.migratedVolumes?.counted ?? null,
  };
}

/** The previous attempt's failure the VMI still carries (its migrationState names another VMIM). */
function lastFailure(ctx: WhyContext, m: VirtualMachineInstanceMigration, evidence: EvidenceRef[]): { migration: string | null; quote: string } | null {
  const state = ctx.vmi?.status?.migrationState;
  if (!state?.failed || !state.failureReason || state.migrationUid === m.metadata.uid) return null;
  const previous = ctx.vmiMigrations.find((x) => x.metadata.uid === state.migrationUid);
  evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.failureReason', message: state.failureReason });
  return { migration: previous?.metadata.name ?? null, quote: state.failureReason };
}
