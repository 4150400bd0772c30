// Was the target pod scheduled but never became Ready, and did virt-controller give up on it?
// - The pending/unschedulable timeout (`handlePendingPodTimeout`,
//   pkg/virt-controller/watch/migration/migration.go): VMIM `SuccessfulDelete` `unschedulable pod
//   <ns>/<pod> timeout period exceeded` / `pending pod …` (≤v1.2 without the pod name, with Go's
//   `%!(EXTRA string=<pod>)`) → target-pod-timeout, whatever the phase but Succeeded. This runs
//   before failure-reason, whose `Migration target pod was removed during active migration.`
//   alone would only say target-pod-lost. The last scheduler message of the deleted pod is kept
//   (and classified) so the user still sees why it never scheduled.
// - While Pending/Scheduling with a scheduled pod: image pulls, volume attach/mount, sandbox (CNI,
//   multus), container config and init containers → target-pod-not-ready, quoting the kubelet
//   (kubevirt/kubevirt#8455: target stuck in Init); without a kubelet event, a snapshot's CNI
//   daemon log naming the pod's failed CNI ADD (kube-ovn/kube-ovn#6220). A target pod that
//   Failed → target-pod-lost.
// - An unscheduled pod is target-pod-scheduling's; here only the time left before deletion.
import { targetPodElsewhere } from '../../decentralized/half.js';
import type { CheckResult, WhyCheck } from '../check.js';
import { result } from '../check.js';
import type { StuckKind, TargetPodReadinessArgs } from '../check-args/target-pod-readiness.js';
import type { WhyContext } from '../context.js';
import type { EvidenceRef } from '../../findings.js';
import type { ContainerStatus, KubeEvent, Pod } from '../../../kube/types.js';
import { recognizeControllerEvent } from '../parse/controller-events.js';
import { classifyPodReason, type PodProblem } from '../parse/pod-event.js';
import { EVENT_FAILED_SCHEDULING, parseSchedulerMessage } from '../parse/scheduler-message.js';
import { ageSeconds } from '../timeline.js';
import { causeFromMessage, lastFailedScheduling, selectorKeysWithoutPod } from '../target-placement.js';
import {
  eventMessage,
  eventRef,
  eventsOfMigration,
  isPodReady,
  isPodScheduled,
  pendingDeadline,
  podEvents,
  podRef,
  podTimeouts,
  type PendingDeadline,
} from '../target-pod-state.js';
import { isFinal, isPastScheduling, phaseFacts } from '../../migration/phase.js';
import { stateOf } from '../../migration/state.js';
import { eventTime, time } from '../../../kube/time.js';
import { listOf } from '../../shape.js';
import { cniErrorFor } from '../component-log-lines.js';

const ID = 'target-pod-readiness';

/** A scheduled pod still creating after this long without an error is called stuck. */
export const SLOW_START_SECONDS = 180;

/** Kubelet waiting reasons that will not resolve by waiting. */
const STUCK_WAITING: Record<string, 'image' | 'config' | 'crash'> = {
  ErrImagePull: 'image',
  ImagePullBackOff: 'image',
  InvalidImageName: 'image',
  ErrImageNeverPull: 'image',
  CreateContainerConfigError: 'config',
  CreateContainerError: 'config',
  RunContainerError: 'crash',
  CrashLoopBackOff: 'crash',
};

/**
 * Kubelet/attach-detach/multus Warning events that keep a pod creating, most fundamental first.
 * `Failed` and `BackOff` are shared by image pulls and containers: classifyPodReason tells them apart.
 */
const STUCK_EVENTS: [reason: string, kind: 'volume' | 'sandbox' | 'image' | 'config' | 'crash'][] = [
  ['FailedAttachVolume', 'volume'],
  ['FailedMapVolume', 'volume'],
  ['FailedMount', 'volume'],
  ['NoNetworkFound', 'sandbox'],
  ['NetworkNotReady', 'sandbox'],
  ['FailedCreatePodSandBox', 'sandbox'],
  ['FailedPrepareDynamicResources', 'config'],
  ['Failed', 'image'],
  ['BackOff', 'image'],
  ['InspectFailed', 'image'],
  ['FailedPostStartHook', 'crash'],
];

export const targetPodReadiness: WhyCheck<'target-pod-readiness'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    if (phase !== 'Succeeded') {
      const timeout = timeoutResult(ctx);
      if (timeout) return timeout;
    }
    if (phase === 'Succeeded' || isPastScheduling(phase)) return result(ID, 'pass', { kind: 'ready' });
    if (isFinal(phase)) return result(ID, 'skip', { kind: 'final', phase });
    // A decentralized source's target pod is in the other cluster (peer-half diagnoses it there).
    if (phaseFacts(phase)?.decentralized || targetPodElsewhere(m)) return result(ID, 'skip', { kind: 'decentralized', phase });
    if (!ctx.pods.ok) return { ...result(ID, 'unknown', { kind: 'pods-unreadable' }), missing: ctx.pods.reason };
    const pod = ctx.targetPod;
    if (!pod) return result(ID, 'skip', { kind: 'no-target-pod' });
    const base = { namespace: pod.metadata.namespace ?? ctx.namespace, pod: pod.metadata.name ?? '' };
    const deadline = pendingDeadline(pod, m, ctx.now);

    if (pod.status?.phase === 'Failed') {
      const args: TargetPodReadinessArgs = { kind: 'pod-failed', ...base, reason: pod.status.reason ?? '', message: pod.status.message ?? '' };
      return result(ID, 'fail', args, [podRef(pod, 'status.phase', 'Failed'), ...terminatedRefs(pod)], 'target-pod-lost');
    }
    if (!isPodScheduled(pod)) {
      // target-pod-scheduling explains it; say how long until virt-controller deletes the pod.
      const args: TargetPodReadinessArgs = { kind: 'not-scheduled', ...base, ...deadlineArgs(deadline) };
      return result(ID, deadline && deadline.left <= deadline.seconds / 2 ? 'warn' : 'info', args);
    }
    if (isPodReady(pod)) return result(ID, 'pass', { kind: 'ready', ...base, node: pod.spec?.nodeName ?? '' });
    return notReady(ctx, pod, base, deadline);
  },
};

function deadlineArgs(d: PendingDeadline | undefined): { deadline?: PendingDeadline } {
  return d ? { deadline: { timeout: d.timeout, seconds: d.seconds, age: d.age, left: d.left } } : {};
}

function notReady(ctx: WhyContext, pod: Pod, base: { namespace: string; pod: string }, deadline: PendingDeadline | undefined): CheckResult<'target-pod-readiness'> {
  const node = pod.spec?.nodeName ?? '';
  const common = { ...base, node, ...deadlineArgs(deadline) };
  const since = pod.metadata.creationTimestamp;
  // Warnings of this pod's life (a pod name is unique while it exists, older events are another pod's).
  const born = time(since);
  const events = ctx.targetPodEvents.filter((e) => e.type !== 'Normal' && e.reason !== EVENT_FAILED_SCHEDULING && (born === 0 || time(eventTime(e)) === 0 || time(eventTime(e)) >= born));
  const waiting = waitingStates(pod);
  const stuckWaiting = waiting.find((w) => STUCK_WAITING[w.reason]);
  const event = decisiveEvent(events);
  const evidence: EvidenceRef[] = [];
  if (event) evidence.push(eventRef(event.event));
  if (stuckWaiting) evidence.push(podRef(pod, stuckWaiting.field, stuckWaiting.message || stuckWaiting.reason));

  if (event) {
    const p = event.problem;
    const args: TargetPodReadinessArgs = {
      kind: event.kind,
      ...common,
      reason: event.event.reason ?? '',
      message: eventMessage(event.event),
      ...containerArgs(stuckWaiting),
      ...(p?.cni ? { cni: p.cni } : {}),
      ...(p?.network ? { network: p.network } : {}),
    };
    return result(ID, 'fail', args, evidence, 'target-pod-not-ready');
  }
  if (stuckWaiting) {
    const args: TargetPodReadinessArgs = { kind: STUCK_WAITING[stuckWaiting.reason] ?? 'config', ...common, reason: stuckWaiting.reason, message: stuckWaiting.message, ...containerArgs(stuckWaiting) };
    return result(ID, 'fail', args, evidence, 'target-pod-not-ready');
  }
  const cni = cniErrorFor(ctx, pod.metadata.name);
  if (cni) {
    const args: TargetPodReadinessArgs = { kind: 'sandbox', ...common, reason: 'CNI', message: cni.quote, fromLog: cni.log.pod, ...containerArgs(waiting[0]) };
    const ref: EvidenceRef = { kind: 'Pod', name: cni.log.pod, field: 'log', message: cni.quote };
    if (cni.log.namespace) ref.namespace = cni.log.namespace;
    return result(ID, 'fail', args, [ref, ...evidence], 'target-pod-not-ready');
  }
  const failedInit = listOf(pod.status?.initContainerStatuses).find((s) => (s.state?.terminated?.exitCode ?? 0) !== 0);
  if (failedInit) {
    const t = failedInit.state?.terminated;
    const args: TargetPodReadinessArgs = { kind: 'init', ...common, container: failedInit.name, reason: t?.reason ?? '', message: t?.message ?? '', exitCode: t?.exitCode ?? null };
    return result(ID, 'fail', args, [podRef(pod, `status.initContainerStatuses[${failedInit.name}].state.terminated`, t?.message || t?.reason)], 'target-pod-not-ready');
  }
  const known = ageSeconds(since, ctx.now);
  const age = known ?? 0;
  const args = { ...common, seconds: age, waiting: waiting.map((w) => ({ container: w.container, reason: w.reason, init: w.init })) };
  // Without its age, "still starting" and "stuck" look the same (rule 8).
  if (known === undefined) return { ...result(ID, 'unknown', { kind: 'starting', ...args }), missing: "the target pod's metadata.creationTimestamp" };
  if (age > SLOW_START_SECONDS) {
    return result(ID, 'fail', { kind: 'slow', ...args }, waiting.map((w) => podRef(pod, w.field, w.reason)), 'target-pod-not-ready');
  }
  return result(ID, 'info', { kind: 'starting', ...args });
}

interface Waiting {
  container: string;
  init: boolean;
  reason: string;
  message: string;
  field: string;
}

/** Waiting containers, init containers first (a pod stuck in Init never starts the others). */
function waitingStates(pod: Pod): Waiting[] {
  const of = (list: ContainerStatus[] | undefined, init: boolean): Waiting[] =>
    listOf(list)
      .filter((s) => s.state?.waiting)
      .map((s) => ({
        container: s.name,
        init,
        reason: s.state?.waiting?.reason ?? '',
        message: s.state?.waiting?.message ?? '',
        field: `status.${init ? 'initContainerStatuses' : 'containerStatuses'}[${s.name}].state.waiting`,
      }));
  return [...of(pod.status?.initContainerStatuses, true), ...of(pod.status?.containerStatuses, false)];
}

function containerArgs(w: Waiting | undefined): { container?: string; init?: boolean; waitingReason?: string } {
  return w ? { container: w.container, init: w.init, waitingReason: w.reason } : {};
}

/** Kubelet summaries that repeat what a more specific event of the same reason already said. */
const GENERIC_MESSAGES = [/^Error: /, /^Unable to attach or mount volumes/, /^Unable to mount volumes/];

/**
 * The Warning event that explains the wait: the most fundamental reason (attach before mount
 * before sandbox before image), newest of its kind, preferring the specific text (`Failed to pull
 * image …`, `MountVolume.MountDevice failed …`) over the kubelet's summary (`Error: ErrImagePull`,
 * `Unable to attach or mount volumes: … timed out waiting for the condition`).
 */
function decisiveEvent(events: KubeEvent[]): { event: KubeEvent; kind: StuckKind; problem?: PodProblem } | undefined {
  for (const [reason, kind] of STUCK_EVENTS) {
    const hits = events.filter((e) => e.reason === reason);
    const specific = hits.filter((e) => !GENERIC_MESSAGES.some((re) => re.test(eventMessage(e))));
    const pool = specific.length > 0 ? specific : hits;
    const pick = pool[pool.length - 1];
    if (!pick) continue;
    const problem = classifyPodReason('event', reason, eventMessage(pick));
    // `Failed`/`BackOff` of a container (`Error: secret "x" not found`, `Back-off restarting failed container`) are no image trouble.
    const shared = kind === 'image' && (problem ? problem.class !== 'image' : reason === 'BackOff');
    return { event: pick, kind: shared ? (reason === 'BackOff' ? 'crash' : 'config') : kind, ...(problem ? { problem } : {}) };
  }
  return undefined;
}

function terminatedRefs(pod: Pod): EvidenceRef[] {
  return listOf(pod.status?.containerStatuses)
    .filter((s) => s.state?.terminated)
    .map((s) => podRef(pod, `status.containerStatuses[${s.name}].state.terminated`, s.state?.terminated?.message || s.state?.terminated?.reason));
}

// ---- the pending/unschedulable timeout ----

function timeoutResult(ctx: WhyContext): CheckResult<'target-pod-readiness'> | undefined {
  const m = ctx.migration;
  const events = eventsOfMigration(ctx.migrationEvents, m);
  let hit: { event: KubeEvent; timeout: 'unschedulable' | 'pending'; pod?: string; podNamespace?: string } | undefined;
  let createdPod: string | undefined;
  let removed: KubeEvent | undefined;
  for (const e of events) {
    const rec = recognizeControllerEvent(e);
    if (rec?.kind === 'pending-timeout') {
      hit = { event: e, timeout: rec.args.timeout };
      if (rec.args.pod) hit.pod = rec.args.pod;
      if (rec.args.namespace) hit.podNamespace = rec.args.namespace;
    }
    if (rec?.kind === 'target-pod-created') createdPod = rec.args.pod;
    if (rec?.kind === 'migration-failed' && rec.args.failure?.cause === 'target-pod-lost') removed = e;
  }
  if (!hit) return undefined;
  const timeouts = podTimeouts(m);
  const pod = hit.pod ?? createdPod ?? stateOf(m, ctx.vmi)?.targetPod;
  const args: Extract<TargetPodReadinessArgs, { kind: 'timeout' }> = {
    kind: 'timeout',
    timeout: hit.timeout,
    seconds: hit.timeout === 'unschedulable' ? timeouts.unschedulable : timeouts.pending,
    overridden: hit.timeout === 'unschedulable' ? timeouts.unschedulableOverridden : timeouts.pendingOverridden,
    namespace: hit.podNamespace ?? ctx.namespace,
    vmi: ctx.vmi?.metadata.name ?? m?.spec?.vmiName ?? '',
  };
  if (pod) args.pod = pod;
  const evidence: EvidenceRef[] = [eventRef(hit.event)];
  if (removed) evidence.push(eventRef(removed));

  // Why it never scheduled (or never started): the deleted pod's last words.
  const about = podEvents(ctx, pod);
  const sched = lastFailedScheduling(about);
  if (sched) {
    const message = eventMessage(sched);
    args.lastSchedulerMessage = message;
    const parsed = parseSchedulerMessage(message);
    const live = ctx.targetPod?.metadata.name === pod ? ctx.targetPod : undefined;
    const keys = live?.spec?.nodeSelector ? Object.keys(live.spec.nodeSelector) : selectorKeysWithoutPod(ctx);
    const cause = parsed ? causeFromMessage(parsed, keys) : undefined;
    if (cause) args.placementCause = cause;
    evidence.push(eventRef(sched));
  }
  const lastWarning = [...about].reverse().find((e) => e.type === 'Warning' && e.reason !== EVENT_FAILED_SCHEDULING);
  if (lastWarning && hit.timeout === 'pending') {
    args.lastPodEvent = { reason: lastWarning.reason ?? '', message: eventMessage(lastWarning) };
    evidence.push(eventRef(lastWarning));
  }
  return result(ID, 'fail', args, evidence, 'target-pod-timeout');
}
