// failure-reason: why a failed migration failed. "Failed" = VMIM phase Failed, or the VMI's
// migrationState for THIS migration says failed (the VMIM may not be final yet). Evidence, in
// order (pkg/virt-controller/watch/migration/migration.go; pkg/virt-handler/migration-source.go
// `setMigrationProgressStatus`; pkg/virt-launcher/virtwrap/live-migration-source.go): (a)
// migrationState.failureReason (v1.3+; on the VMIM once final, else on the VMI), (b) the VMI
// Warning `Migrated` event for this UID (the only place in v0.59–v1.2; events expire after an
// hour), (c) the VMIM `FailedMigration` events, (d) the source launcher's log lines of this attempt
// (its failure lines, then libvirt's own error lines naming a disk or the CPU), (e) the target
// launcher's log (parse/target-log.ts), and last (f) the migration's state alone, said to be
// inferred: a migration that failed before the hand-off, or whose incoming domain never ran, lost
// its target (docs/kubevirt/target-side-failures.md). The log, the abort condition and the
// timestamps also tell v1.9's undifferentiated `Live migration has been aborted` apart (user or
// timeout). A storage failure names the VM's volume it is about (verdict rule 6: its PVC,
// StorageClass, access and volume mode).
// A Succeeded migration never fails here; earlier failed attempts are reported as info.
import type { EvidenceRef } from '../../findings.js';
import type { KubeEvent, MigrationState, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import {
  DISK_DIR_BLOCK,
  DISK_DIR_HOTPLUG,
  DISK_DIR_PVC,
  LABEL_PSA_ENFORCE,
  MIGRATION_MODE_PAUSED,
  MIGRATION_MODE_POST_COPY,
  PREFIX_CPU_FEATURE,
  VMIM_COND_ABORT_REQUESTED,
} from '../../../kubevirt/constants.js';
import { atLeast } from '../../../kubevirt/version.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import { migratedVolumes } from '../../migration/kind.js';
import type { FailureSource, Names, Explained, AbortPlacement, CpuFeatureDiff, FailureReasonArgs, TargetStateInference, FailedVolume } from '../check-args/failure-reason.js';
import { completionBudget } from '../completion-budget.js';
import type { WhyContext } from '../context.js';
import { liveStateOf, recordedStateOf } from '../../migration/state.js';
import { eventTime, time } from '../../../kube/time.js';
import { resolveMigrationConfig } from '../migration-config.js';
import { recommendations } from '../../progress/forecast.js';
import { logEvidence, migrationLog } from '../migration-log.js';
import type { LauncherLogLine } from '../launcher-log-lines.js';
import { recognizeControllerEvent } from '../parse/controller-events.js';
import { classifyFailure, type FailureClass } from '../parse/failure-reason.js';
import { classifyLauncherLogLine, refineAmbiguousAbort, type LauncherLogEvent } from '../parse/launcher-log.js';
import { classifyLibvirtText } from '../parse/libvirt-error.js';
import { classifyTargetLog } from '../parse/target-log.js';
import { parseLauncherLogLines } from '../launcher-log-lines.js';
import { SUBCOMPONENT_LIBVIRT } from '../../../kubevirt/target-side-texts.js';
import { finiteNumber, listOf } from '../../shape.js';

const ID = 'failure-reason';
/** Slack when comparing second-granularity timestamps with KubeVirt's timeouts. */
const TIMING_SLACK_SECONDS = 5;

type Source = FailureSource;

interface Found {
  failure: FailureClass;
  source: Source;
  evidence: EvidenceRef;
  /** Source `target-state`: what in the state implies the lost target. */
  inferred?: TargetStateInference;
}

interface LogEvent {
  line: LauncherLogLine;
  event: LauncherLogEvent;
}

export const failureReason: WhyCheck<'failure-reason'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    const vmiState = liveStateOf(m, ctx.vmi);
    if (phase !== 'Failed' && vmiState?.failed !== true) {
      if (phase === 'Succeeded') return succeeded(ctx, m);
      return result(ID, 'skip', { kind: 'not-failed', phase });
    }
    return explainFailure(ctx, m, vmiState);
  },
};

/** Names the hints need (the renderer sees only the result). */
function names(ctx: WhyContext): Names {
  return { namespace: ctx.namespace, vmi: ctx.vmi?.metadata.name ?? ctx.migration?.spec?.vmiName ?? '', pod: ctx.sourcePod?.metadata.name ?? null };
}

function succeeded(ctx: WhyContext, m: VirtualMachineInstanceMigration): CheckResult<'failure-reason'> {
  const created = time(m.metadata.creationTimestamp);
  const failedBefore = ctx.vmiMigrations.filter((x) => x !== m && x.status?.phase === 'Failed' && time(x.metadata.creationTimestamp) <= created);
  if (failedBefore.length === 0) return result(ID, 'pass', { kind: 'succeeded' });
  const migrations = failedBefore.map((x) => x.metadata.name ?? '');
  const evidence = failedBefore.map((x): EvidenceRef => ({ kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name: x.metadata.name ?? '', field: 'status.phase', message: 'Failed' }));
  return result(ID, 'info', { kind: 'succeeded-after-failures', failedBefore: migrations.length, migrations }, evidence);
}

function explainFailure(ctx: WhyContext, m: VirtualMachineInstanceMigration, vmiState: MigrationState | undefined): CheckResult<'failure-reason'> {
  const log = migrationLog(ctx, m);
  const logEvents: LogEvent[] = [];
  if (log.ok) {
    for (const line of log.lines) {
      const event = classifyLauncherLogLine(line.msg, line.reason);
      if (event) logEvents.push({ line, event });
    }
  }
  const fromEvents = migrationEventFailures(ctx);
  const found =
    fromFailureReason(ctx, m, vmiState) ??
    fromVmiEvents(ctx, m) ??
    fromEvents.found ??
    fromLog(ctx, log, logEvents) ??
    fromLibvirtLines(ctx, log) ??
    fromTargetLog(ctx) ??
    fromTargetState(ctx, m, vmiState);
  if (!found) return unexplained(ctx, m, vmiState, fromEvents.unclassified, log.ok ? undefined : log.reason);

  const evidence: EvidenceRef[] = [found.evidence];
  let failure = found.failure;
  let placement: AbortPlacement = {};
  const explained = (quote: string): Explained => ({ source: found.source, ...names(ctx), quote });

  if (failure.cause === 'aborted') {
    const refined = refineAbort(ctx, m, vmiState, failure, logEvents, log.ok ? log.pod : undefined);
    failure = refined.failure;
    placement = refined.args;
    evidence.push(...refined.evidence);
  }
  // The controller also writes "target pod was removed" after deleting a Pending target pod on
  // its timeout (§3.6): the SuccessfulDelete event says which one it was.
  if (failure.cause === 'target-pod-lost' && failure.args.mayBePendingTimeout) {
    const timeout = pendingTimeout(ctx);
    if (timeout) {
      return result(ID, 'fail', { ...explained(failure.args.quote), kind: 'target-pod-timeout', ...timeout.args }, [...evidence, timeout.evidence], 'target-pod-timeout');
    }
  }
  const switched = switchover(ctx, m, vmiState, logEvents, log.ok ? log.pod : undefined);
  const e: Explained = { ...explained(failure.args.quote), ...(switched ? { switchover: switched.mode } : {}) };
  if (switched) evidence.push(switched.evidence);
  const args = failureArgs(ctx, m, vmiState, failure, e, placement, switched?.mode === 'post-copy', found.inferred);
  return result(ID, 'fail', args, evidence, args.kind);
}

/** The args of a failure text's cause; a connection or libvirt error after the switch to post-copy is a failed post-copy. */
function failureArgs(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  vmiState: MigrationState | undefined,
  failure: FailureClass,
  e: Explained,
  placement: AbortPlacement,
  inPostCopy: boolean,
  inferredHow?: TargetStateInference,
): Exclude<FailureReasonArgs, { kind: 'no-migration' | 'succeeded' | 'not-failed' | 'succeeded-after-failures' | 'unclassified' | 'target-pod-timeout' }> {
  switch (failure.cause) {
    case 'progress-timeout':
    case 'completion-timeout': {
      // The configuration the attempt ran with (its migrationState echo when there is one): a
      // setting that was already on is no fix. No progress for progressTimeout is the guest
      // out-writing the link; a spent budget may be a slow link as well.
      const config = resolveMigrationConfig(ctx).effective.config;
      const reason = failure.cause === 'progress-timeout' ? 'dirty-rate' : 'eta-beyond-budget';
      const fixes = recommendations({ dirtyRate: null, transferRate: null, reason }, config, ctx.version);
      return { ...e, ...placement, kind: failure.cause, seconds: finiteNumber(failure.args.seconds), recommendations: fixes };
    }
    case 'aborted':
      return { ...e, ...placement, kind: 'aborted', ambiguous: failure.args.ambiguous };
    case 'cpu-incompatible':
      return { ...e, kind: 'cpu-incompatible', features: failure.args.features, extraFeatures: failure.args.extraFeatures, ...cpuFeatureDiff(ctx, m, vmiState, failure.args.features) };
    case 'network-error':
    case 'libvirt-error':
      // The guest already ran on the target, and KubeVirt marks the VMI irrecoverable (§6).
      if (inPostCopy) {
        const errorKind = failure.cause === 'network-error' ? { errorKind: failure.args.kind } : {};
        return { ...e, failedDuring: 'post-copy', underlyingCause: failure.cause, kind: 'post-copy-failed', ...errorKind, ...postCopyContext(ctx) };
      }
      return failure.cause === 'network-error' ? { ...e, kind: 'network-error', errorKind: failure.args.kind } : { ...e, kind: 'libvirt-error' };
    case 'post-copy-failed':
      return { ...e, kind: 'post-copy-failed', ...postCopyContext(ctx) };
    case 'storage-error': {
      const volume = volumeOfDisk(ctx, failure.args.disk);
      return { ...e, kind: 'storage-error', errorKind: failure.args.kind, ...(volume ? { volume } : {}) };
    }
    case 'target-pod-lost':
      return { ...e, kind: 'target-pod-lost', mayBePendingTimeout: failure.args.mayBePendingTimeout, ...(inferredHow ? { inferred: inferredHow } : {}) };
    case 'migration-conflict':
    case 'vmi-not-running':
      return { ...e, kind: failure.cause };
  }
}

/**
 * Whether KubeVirt had switched the migration over before it failed: mode PostCopy/Paused in the
 * migrationState, or the launcher's `Starting post copy mode…` / `Pausing the guest…` lines (§5.2).
 */
function switchover(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  vmiState: MigrationState | undefined,
  logEvents: LogEvent[],
  pod: string | undefined,
): { mode: 'post-copy' | 'paused'; evidence: EvidenceRef } | undefined {
  const recorded = recordedStateOf(m);
  const onVmim = recorded?.mode ? recorded : undefined;
  const state = onVmim ?? vmiState;
  const mode = state?.mode === MIGRATION_MODE_POST_COPY ? 'post-copy' : state?.mode === MIGRATION_MODE_PAUSED ? 'paused' : undefined;
  if (mode) {
    const kind = onVmim ? 'VirtualMachineInstanceMigration' : 'VirtualMachineInstance';
    const name = onVmim ? (m.metadata.name ?? '') : (ctx.vmi?.metadata.name ?? '');
    return { mode, evidence: { kind, namespace: ctx.namespace, name, field: 'status.migrationState.mode', message: state!.mode! } };
  }
  if (!pod) return undefined;
  const line = [...logEvents].reverse().find((e) => e.event.kind === 'post-copy-started' || e.event.kind === 'guest-paused');
  if (!line) return undefined;
  return { mode: line.event.kind === 'post-copy-started' ? 'post-copy' : 'paused', evidence: logEvidence(ctx, pod, line.line) };
}

// (a) failureReason: the VMIM's copy (written when final, v1.3+), else the VMI's live one.
function fromFailureReason(ctx: WhyContext, m: VirtualMachineInstanceMigration, vmiState: MigrationState | undefined): Found | undefined {
  const candidates: [MigrationState | undefined, string, string][] = [
    [recordedStateOf(m), 'VirtualMachineInstanceMigration', m.metadata.name ?? ''],
    [vmiState, 'VirtualMachineInstance', ctx.vmi?.metadata.name ?? ''],
  ];
  for (const [state, kind, name] of candidates) {
    const text = state?.failureReason;
    if (!text || text.trim() === '') continue;
    const failure = classifyFailure(text, { isFailureReason: true });
    if (failure) {
      return { failure, source: 'failure-reason', evidence: { kind, namespace: ctx.namespace, name, field: 'status.migrationState.failureReason', message: text } };
    }
  }
  return undefined;
}

function eventEvidence(e: KubeEvent): EvidenceRef {
  const ref: EvidenceRef = { kind: 'Event', name: e.metadata.name ?? '', message: e.message ?? e.note ?? '' };
  if (e.metadata.namespace) ref.namespace = e.metadata.namespace;
  if (e.reason) ref.field = e.reason;
  return ref;
}

// (b) the VMI's Warning `Migrated` (handler) / `FailedMigration` (controller) event for this UID;
// the uid-less `Migrated` texts count when they happened after this migration was created.
function fromVmiEvents(ctx: WhyContext, m: VirtualMachineInstanceMigration): Found | undefined {
  const created = time(m.metadata.creationTimestamp);
  for (const e of [...ctx.vmiEvents].reverse()) {
    const ev = recognizeControllerEvent(e);
    if (ev?.kind !== 'migration-failed-on-vmi' || !ev.args.failure) continue;
    const mine = ev.args.migrationUid ? ev.args.migrationUid === m.metadata.uid : time(eventTime(e)) >= created;
    if (mine) return { failure: ev.args.failure, source: 'migrated-event', evidence: eventEvidence(e) };
  }
  return undefined;
}

// (c) the VMIM's FailedMigration events; texts without a cause (`source node reported migration
// failed`) are kept to say what was seen.
function migrationEventFailures(ctx: WhyContext): { found?: Found; unclassified: string[] } {
  const unclassified: string[] = [];
  let found: Found | undefined;
  for (const e of [...ctx.migrationEvents].reverse()) {
    const ev = recognizeControllerEvent(e);
    if (ev?.kind === 'migration-failed') {
      if (ev.args.failure && !found) found = { failure: ev.args.failure, source: 'failed-migration-event', evidence: eventEvidence(e) };
      else if (!ev.args.failure) unclassified.push(ev.args.message);
    } else if (ev?.kind === 'utility-volumes-timeout') unclassified.push(e.message ?? '');
  }
  return found ? { found, unclassified } : { unclassified };
}

// (d) the launcher's own failure lines (`Live migration failed.` with its reason, `abort detected`).
function fromLog(ctx: WhyContext, log: ReturnType<typeof migrationLog>, events: LogEvent[]): Found | undefined {
  if (!log.ok) return undefined;
  for (const { line, event } of [...events].reverse()) {
    if ((event.kind === 'migration-failed' || event.kind === 'abort-detected') && event.failure) {
      const part = event.kind === 'migration-failed' ? 'reason' : 'msg';
      return { failure: event.failure, source: 'launcher-log', evidence: logEvidence(ctx, log.pod, line, part) };
    }
  }
  return undefined;
}

/**
 * (d') libvirt's own error lines in the source log (`subcomponent: libvirt`, level error): a
 * failure there may never reach a `Live migration failed.` line (kubevirt/kubevirt#14092). Only
 * a text that names its object counts — a disk or the guest CPU —; other libvirt errors are
 * routine (KubeVirt's own allowlist of launcher errors).
 */
function fromLibvirtLines(ctx: WhyContext, log: ReturnType<typeof migrationLog>): Found | undefined {
  if (!log.ok) return undefined;
  for (const line of [...log.lines].reverse()) {
    if (line.subcomponent !== SUBCOMPONENT_LIBVIRT || line.level !== 'error') continue;
    const failure = classifyLibvirtText(line.msg);
    if (failure.cause === 'storage-error' || failure.cause === 'cpu-incompatible') return { failure, source: 'launcher-log', evidence: logEvidence(ctx, log.pod, line) };
  }
  return undefined;
}

/** (e) The target launcher's log: the earliest line that names a target-side failure. */
function fromTargetLog(ctx: WhyContext): Found | undefined {
  const tail = ctx.targetLog;
  if (!tail?.ok) return undefined;
  const f = classifyTargetLog(parseLauncherLogLines(tail.text));
  if (!f) return undefined;
  const evidence = logEvidence(ctx, tail.pod, f.line);
  const failure: FailureClass =
    f.cause === 'target-pod-lost'
      ? { cause: 'target-pod-lost', args: { quote: f.quote, mayBePendingTimeout: false } }
      : f.failure && f.failure.cause === f.cause
        ? f.failure
        : f.cause === 'network-error'
          ? { cause: 'network-error', args: { quote: f.quote, kind: 'proxy' } }
          : { cause: 'libvirt-error', args: { quote: f.quote } };
  return { failure, source: 'target-log', evidence };
}

/**
 * (f) No text names the failure, and the migration's state places it on the target
 * (docs/kubevirt/target-side-failures.md, "Telling a target-side failure from a source-side
 * one"): it failed before the hand-off — no migrationState of this migration names a target pod
 * and nothing started —, when KubeVirt fails a migration only for a target pod that is gone
 * (deleted, failed, or removed on the pending timeout); or the incoming domain was detected and
 * never ran, on a KubeVirt that writes no failureReason (before v1.3). Said as inferred.
 */
function fromTargetState(ctx: WhyContext, m: VirtualMachineInstanceMigration, vmiState: MigrationState | undefined): Found | undefined {
  if (m.status?.phase !== 'Failed' && vmiState?.failed !== true) return undefined;
  const onVmim = m.status?.migrationState;
  const state = vmiState ?? (onVmim && (!onVmim.migrationUid || onVmim.migrationUid === m.metadata.uid) ? onVmim : undefined);
  const name = m.metadata.name ?? '';
  const quote = '';
  if (!state?.targetPod && !state?.startTimestamp && !state?.targetNodeDomainDetected) {
    const evidence: EvidenceRef = { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name, field: 'status.phase', message: 'Failed' };
    return { failure: { cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: true } }, source: 'target-state', evidence, inferred: 'before-handoff' };
  }
  const domainNeverRan = state.targetNodeDomainDetected === true && !state.targetNodeDomainReadyTimestamp && !state.failureReason;
  if (domainNeverRan && atLeast(ctx.version, 1, 3) !== true) {
    const evidence: EvidenceRef = { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.targetNodeDomainDetected', message: 'true' };
    return { failure: { cause: 'target-pod-lost', args: { quote, mayBePendingTimeout: false } }, source: 'target-state', evidence, inferred: 'domain-never-ran' };
  }
  return undefined;
}

/**
 * Verdict rule 6: the VM's volume a storage text's disk path belongs to, with its claim's
 * StorageClass and modes; undefined when the text names no disk of this VM.
 */
function volumeOfDisk(ctx: WhyContext, disk: string | undefined): FailedVolume | undefined {
  if (!disk) return undefined;
  const volumes = listOf(ctx.vmi?.spec?.volumes);
  const name = [DISK_DIR_PVC, DISK_DIR_HOTPLUG].map((d) => (disk.startsWith(d) ? disk.slice(d.length).split('/')[0] : undefined)).find(Boolean) ?? (disk.startsWith(DISK_DIR_BLOCK) ? disk.slice(DISK_DIR_BLOCK.length).split('/')[0] : undefined);
  const volume = volumes.find((v) => v.name === name);
  if (!volume) return undefined;
  const out: FailedVolume = { name: volume.name };
  const moved = migratedVolumes(ctx.vmi).find((v) => v.volumeName === volume.name)?.sourcePVCInfo;
  if (moved?.claimName) out.migratedFrom = { claim: moved.claimName, ...(moved.volumeMode ? { volumeMode: moved.volumeMode } : {}) };
  const claim = volume.persistentVolumeClaim?.claimName ?? volume.dataVolume?.name;
  if (!claim) return out;
  out.claim = claim;
  const pvc = ctx.pvcs.ok ? ctx.pvcs.items.find((p) => p.metadata.name === claim) : undefined;
  if (!pvc) return out;
  const sc = pvc.spec?.storageClassName;
  if (sc) out.storageClass = sc;
  const modes = listOf(pvc.spec?.accessModes);
  if (modes.length > 0) out.accessModes = modes;
  if (pvc.spec?.volumeMode) out.volumeMode = pvc.spec.volumeMode;
  return out;
}

/**
 * Who aborted: deleting the VMIM (`virtctl migrate-cancel`) adds `migrationAbortRequested` and a
 * deletionTimestamp (§6), so either one means a user. Otherwise v1.9's ambiguous text is a
 * timeout: the launcher log names it, else the timestamps tell which timeout could have fired.
 */
function refineAbort(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  vmiState: MigrationState | undefined,
  failure: Extract<FailureClass, { cause: 'aborted' }>,
  logEvents: LogEvent[],
  pod: string | undefined,
): { failure: FailureClass; args: AbortPlacement; evidence: EvidenceRef[] } {
  const name = m.metadata.name ?? '';
  const condition = listOf(m.status?.conditions).find((c) => c.type === VMIM_COND_ABORT_REQUESTED && c.status === 'True');
  if (condition || m.metadata.deletionTimestamp) {
    const evidence: EvidenceRef[] = condition
      ? [{ kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name, field: `status.conditions[${VMIM_COND_ABORT_REQUESTED}]`, message: 'True' }]
      : [{ kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name, field: 'metadata.deletionTimestamp', message: m.metadata.deletionTimestamp ?? '' }];
    return { failure: { cause: 'aborted', args: { quote: failure.args.quote, ambiguous: false } }, args: { by: 'user' }, evidence };
  }
  if (!failure.args.ambiguous) return { failure, args: {}, evidence: [] };

  const refined = refineAmbiguousAbort(failure, logEvents.map((e) => e.event));
  if (refined !== failure && pod) {
    const decisive = [...logEvents].reverse().find((e) => ['abort-progress-timeout', 'abort-completion-timeout', 'stuck'].includes(e.event.kind));
    return { failure: refined, args: { refinedBy: 'launcher-log' }, evidence: decisive ? [logEvidence(ctx, pod, decisive.line)] : [] };
  }
  const timed = timeoutByTiming(ctx, m, vmiState, failure.args.quote);
  if (timed) return timed;
  return { failure, args: { logMissing: ctx.sourceLog.ok ? null : ctx.sourceLog.reason }, evidence: [] };
}

/**
 * Which timeout fits the attempt's duration (startTimestamp → endTimestamp): a completion timeout
 * needs the whole budget, a progress timeout at least progressTimeout. Block-migrated disks make
 * the real budget a little longer than memory alone; the slack absorbs whole-second timestamps.
 */
function timeoutByTiming(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  vmiState: MigrationState | undefined,
  quote: string,
): { failure: FailureClass; args: AbortPlacement; evidence: EvidenceRef[] } | undefined {
  const recorded = recordedStateOf(m);
  const state = recorded?.startTimestamp ? recorded : vmiState;
  const start = state?.startTimestamp;
  const end = state?.endTimestamp;
  // Malformed times would make a 56-year migration (a confident completion-timeout) or a negative one.
  if (time(start) === 0 || time(end) < time(start)) return undefined;
  const duration = Math.round((time(end) - time(start)) / 1000);
  const config = resolveMigrationConfig(ctx).effective.config;
  const budget = completionBudget(ctx.vmi, config, ctx.version);
  const kind = state === vmiState ? 'VirtualMachineInstance' : 'VirtualMachineInstanceMigration';
  const name = kind === 'VirtualMachineInstance' ? (ctx.vmi?.metadata.name ?? '') : (m.metadata.name ?? '');
  const evidence: EvidenceRef[] = [
    { kind, namespace: ctx.namespace, name, field: 'status.migrationState.startTimestamp', message: start },
    { kind, namespace: ctx.namespace, name, field: 'status.migrationState.endTimestamp', message: end },
  ];
  const args: AbortPlacement = { refinedBy: 'timing', durationSeconds: duration };
  if (budget && duration + TIMING_SLACK_SECONDS >= budget.seconds) {
    return { failure: { cause: 'completion-timeout', args: { quote, seconds: budget.seconds } }, args: { ...args, budgetSeconds: budget.seconds }, evidence };
  }
  const progress = config.progressTimeout;
  if (budget && progress !== undefined && duration + TIMING_SLACK_SECONDS >= progress) {
    return { failure: { cause: 'progress-timeout', args: { quote, seconds: progress } }, args: { ...args, budgetSeconds: budget.seconds }, evidence };
  }
  return undefined;
}

function pendingTimeout(ctx: WhyContext): { args: { timeout: 'unschedulable' | 'pending'; pod: string | null }; evidence: EvidenceRef } | undefined {
  for (const e of [...ctx.migrationEvents].reverse()) {
    const ev = recognizeControllerEvent(e);
    if (ev?.kind === 'pending-timeout') {
      return { args: { timeout: ev.args.timeout, pod: ev.args.pod ?? null }, evidence: eventEvidence(e) };
    }
  }
  return undefined;
}

/**
 * harvester/harvester#7965: libvirt names the features the target lacks; the node labeller's
 * `cpu-feature.node.kubevirt.io/*` labels show which of them the source has and the target has not.
 */
function cpuFeatureDiff(ctx: WhyContext, m: VirtualMachineInstanceMigration, vmiState: MigrationState | undefined, features: string[]): CpuFeatureDiff {
  const state = recordedStateOf(m) ?? vmiState;
  const sourceNode = state?.sourceNode ?? vmiState?.sourceNode ?? ctx.vmi?.status?.nodeName;
  const targetNode = state?.targetNode ?? vmiState?.targetNode ?? ctx.targetPod?.spec?.nodeName;
  if (!sourceNode || !targetNode) return {};
  if (!ctx.nodes.ok) return { sourceNode, targetNode, nodesMissing: ctx.nodes.reason };
  const labels = (name: string) => {
    const node = ctx.nodes.ok ? ctx.nodes.items.find((n) => n.metadata.name === name) : undefined;
    if (!node) return undefined;
    return new Set(Object.keys(node.metadata.labels ?? {}).filter((k) => k.startsWith(PREFIX_CPU_FEATURE)).map((k) => k.slice(PREFIX_CPU_FEATURE.length)));
  };
  const src = labels(sourceNode);
  const tgt = labels(targetNode);
  if (!src || !tgt) return { sourceNode, targetNode };
  const onlyOnSource = [...src].filter((f) => !tgt.has(f)).sort();
  return { sourceNode, targetNode, onlyOnSource, confirmedMissing: features.filter((f) => src.has(f) && !tgt.has(f)) };
}

/** kubevirt/kubevirt#17780: post-copy needs userfaultfd on the nodes and a privileged PSA namespace. */
function postCopyContext(ctx: WhyContext): { podSecurityEnforce: string | null } {
  if (!ctx.namespaceObject.ok) return { podSecurityEnforce: null };
  const ns = ctx.namespaceObject.items[0];
  return { podSecurityEnforce: ns?.metadata.labels?.[LABEL_PSA_ENFORCE] ?? null };
}

/** Failed, and nothing names a cause: say exactly which evidence was absent. */
function unexplained(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  vmiState: MigrationState | undefined,
  unclassified: string[],
  logMissing: string | undefined,
): CheckResult<'failure-reason'> {
  const hasFailureReason = atLeast(ctx.version, 1, 3);
  const args: FailureReasonArgs = {
    kind: 'unclassified',
    ...names(ctx),
    // v0.59–v1.2 have no failureReason field at all.
    failureReasonField: hasFailureReason === false ? 'not-in-version' : 'unset',
    version: ctx.version?.raw ?? null,
    eventsReadable: ctx.events.ok,
    logMissing: logMissing ?? null,
    unclassified,
  };
  const evidence: EvidenceRef[] = [
    { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name: m.metadata.name ?? '', field: 'status.phase', message: m.status?.phase ?? '' },
  ];
  if (vmiState?.failed) evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.failed', message: 'true' });
  if (!ctx.events.ok) {
    const r = result(ID, 'unknown', args, evidence);
    r.missing = ctx.events.reason;
    return r;
  }
  return result(ID, 'fail', args, evidence, 'unknown');
}
