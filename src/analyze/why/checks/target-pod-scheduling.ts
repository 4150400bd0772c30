// Is the migration target pod stuck unschedulable, and why (kubevirt/kubevirt#7780, #7779,
// #5565, #8771; harvester/harvester#3015, #2435)? Fails only while the migration waits for the
// pod (Pending/Scheduling) and the scheduler has rejected it: PodScheduled=False/Unschedulable,
// FailedScheduling events, the VMIM's migrationTargetPodUnschedulable or the VMI's
// NoSuitableNodesForHostModelMigration. Nodes readable: every node is judged against the pod's
// spec (out.placement) and that decides the cause; otherwise the scheduler message decides and
// `args.nodesUnreadable` says why the per-node table is missing. A migration that already failed
// is left to target-pod-readiness (timeout) and failure-reason.
import { targetPodElsewhere } from '../../decentralized/half.js';
import { parseQuantity } from '../../../kube/quantity.js';
import type { CheckOutputs, CheckResult, WhyCheck } from '../check.js';
import { result } from '../check.js';
import type { PodArgs, TargetPodSchedulingArgs, UnschedulableArgs } from '../check-args/target-pod-scheduling.js';
import type { WhyContext } from '../context.js';
import type { EvidenceRef } from '../../findings.js';
import type { KubeEvent, Pod } from '../../../kube/types.js';
import { EVENT_TARGET_POD_UNSCHEDULABLE, LABEL_HOSTNAME } from '../../../kubevirt/constants.js';
import { COND_POD_SCHEDULED, isCpuSchedulingLabel, type UnschedulableCause } from '../parse/scheduler-message.js';
import { isPastScheduling, phaseFacts } from '../../migration/phase.js';
import { stateOf } from '../../migration/state.js';
import { ageSeconds } from '../timeline.js';
import {
  causeFromMessage,
  cpuRequirement,
  decidePlacementCause,
  evaluateTargetPlacement,
  hostModelEvent,
  isClaimUnbound,
  reasonsFor,
  schedulerEvidence,
  vmiClaims,
  type SchedulerEvidence,
} from '../target-placement.js';
import {
  eventRef,
  eventsOfMigration,
  isPodScheduled,
  podCondition,
  podRef,
  sourceNodeOf,
  unschedulableCondition,
} from '../target-pod-state.js';

const ID = 'target-pod-scheduling';
const DEFAULT_SCHEDULER = 'default-scheduler';
/** Pod condition reason while scheduling gates (e.g. AAQ) hold the pod back. */
const REASON_SCHEDULING_GATED = 'SchedulingGated';
/** An unscheduled target pod with no word from the scheduler (which answers within a second or two) for longer than this is an anomaly. */
const SCHEDULER_SILENCE_SECONDS = 10;
/** Blocked nodes cited as evidence (the placement lists them all). */
const MAX_NODE_EVIDENCE = 5;

export const targetPodScheduling: WhyCheck<'target-pod-scheduling'> = {
  id: ID,
  run(ctx, _prior, out) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    const pod = ctx.targetPod;
    if (phase === 'Succeeded' || isPastScheduling(phase)) {
      const node = pod?.spec?.nodeName ?? stateOf(m, ctx.vmi)?.targetNode;
      return result(ID, 'pass', { kind: 'scheduled', ...(pod?.metadata.name ? { pod: pod.metadata.name } : {}), ...(node ? { node } : {}) });
    }
    // A failed migration's pod is gone or irrelevant: the timeout and the failure are explained later.
    if (phase === 'Failed') return result(ID, 'skip', { kind: 'final', phase });
    // A decentralized source's target pod is in the other cluster (peer-half diagnoses it there).
    if (phaseFacts(phase)?.decentralized || targetPodElsewhere(m)) return result(ID, 'skip', { kind: 'decentralized', phase });
    if (!pod) {
      // KubeVirt's own CPU verdict needs no pod: it is written before the pod is created (rule 2).
      const hm = hostModelEvent(ctx);
      if (hm) {
        const args: TargetPodSchedulingArgs = { kind: 'host-model-event', namespace: ctx.namespace, vmi: ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '', message: hm.event.message ?? hm.event.note ?? '', features: hm.features, ...(hm.model ? { model: hm.model } : {}) };
        return result(ID, 'fail', args, [eventRef(hm.event)], 'target-unschedulable-cpu');
      }
    }
    if (!ctx.pods.ok) return { ...result(ID, 'unknown', { kind: 'pods-unreadable' }), missing: ctx.pods.reason };
    // Scheduling means virt-controller created the target pod: none found is an anomaly (rule 1).
    if (!pod) return result(ID, phase === 'Scheduling' ? 'warn' : 'skip', { kind: 'no-target-pod', phase: phase || 'Pending' });
    const podArgs = { namespace: pod.metadata.namespace ?? ctx.namespace, pod: pod.metadata.name ?? '', vmi: ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '' };
    if (isPodScheduled(pod)) return result(ID, 'pass', { kind: 'scheduled', ...podArgs, node: pod.spec?.nodeName ?? '' });

    const gated = podCondition(pod, COND_POD_SCHEDULED);
    if (gated?.status === 'False' && gated.reason === REASON_SCHEDULING_GATED) {
      return result(ID, 'info', { kind: 'gated', ...podArgs }, [podRef(pod, 'status.conditions[PodScheduled]', gated.message)]);
    }
    const sched = schedulerEvidence(pod, ctx.targetPodEvents);
    const vmimEvents = eventsOfMigration(ctx.migrationEvents, m).filter((e) => e.reason === EVENT_TARGET_POD_UNSCHEDULABLE);
    const hostModel = hostModelEvent(ctx);
    if (!unschedulableCondition(pod) && !sched && vmimEvents.length === 0 && !hostModel) {
      // The scheduler answers within seconds: a pod without its verdict for longer is an anomaly
      // nothing names (rule 1), and with the events unread it may be one we cannot see.
      const seconds = ageSeconds(pod.metadata.creationTimestamp, ctx.now) ?? null;
      const args: TargetPodSchedulingArgs = { kind: 'waiting', ...podArgs, seconds };
      if (seconds !== null && seconds <= SCHEDULER_SILENCE_SECONDS) return result(ID, 'info', args);
      if (!ctx.events.ok) return { ...result(ID, 'unknown', args), missing: ctx.events.reason };
      return result(ID, 'warn', args, [podRef(pod, 'status.conditions[PodScheduled]', 'absent')]);
    }
    return unschedulable(ctx, pod, podArgs, out, sched, vmimEvents[vmimEvents.length - 1], hostModel);
  },
};

function unschedulable(
  ctx: WhyContext,
  pod: Pod,
  podArgs: PodArgs,
  out: CheckOutputs,
  sched: SchedulerEvidence | undefined,
  vmimEvent: KubeEvent | undefined,
  hostModel: ReturnType<typeof hostModelEvent>,
): CheckResult<'target-pod-scheduling'> {
  const evidence: EvidenceRef[] = [];
  if (sched) evidence.push(sched.ref);
  if (vmimEvent) evidence.push(eventRef(vmimEvent));
  if (hostModel) evidence.push(eventRef(hostModel.event));
  const sourceNode = sourceNodeOf(ctx);
  const selector = pod.spec?.nodeSelector ?? {};
  const args: UnschedulableArgs = { kind: 'unschedulable', ...podArgs, perNode: false };
  if (sourceNode) args.sourceNode = sourceNode;
  if (sched) args.message = sched.message;
  if (sched?.parsed) {
    const { available, total, reasons } = sched.parsed;
    Object.assign(args, { available, total, schedulerCounts: reasons.map((r) => ({ count: r.count, kind: r.kind, reason: r.reason })) });
  }
  const age = ageSeconds(pod.metadata.creationTimestamp, ctx.now);
  if (age !== undefined) args.seconds = age;
  if (pod.spec?.schedulerName && pod.spec.schedulerName !== DEFAULT_SCHEDULER) args.schedulerName = pod.spec.schedulerName;
  if (selector[LABEL_HOSTNAME] !== undefined) args.hostnamePin = selector[LABEL_HOSTNAME];

  let cause: UnschedulableCause | undefined;
  // An empty node list (e.g. a snapshot without nodes) says nothing: judge from the message then.
  const nodesReason = !ctx.nodes.ok ? ctx.nodes.reason : ctx.nodes.items.length === 0 ? 'no nodes listed' : undefined;
  if (ctx.nodes.ok && !nodesReason) {
    const tp = evaluateTargetPlacement(ctx, pod, ctx.nodes.items, sourceNode);
    out.placement = tp.placement;
    if (tp.gaps.length > 0) args.storageUnknown = tp.gaps.join('; ');
    const decision = decidePlacementCause(tp.candidates);
    args.perNode = true;
    args.candidates = tp.candidates.length;
    // Nodes we think fit were rejected for something we cannot see (pods of other namespaces):
    // the scheduler's own counts decide then.
    if (decision.fitting.length > 0) args.fitting = decision.fitting;
    cause = decision.cause ?? (sched?.parsed ? causeFromMessage(sched.parsed, Object.keys(selector)) : undefined);
    const c = cause;
    // Per blocked candidate, the reasons of the chosen cause (all of them if none is of that kind).
    args.nodes = tp.candidates
      .filter((n) => !n.fits)
      .map((n) => {
        const own = c ? reasonsFor(n, c) : [];
        return { name: n.name, reasons: own.length > 0 ? own : n.reasons };
      });
    const blocked = tp.candidates.filter((n) => !n.fits).slice(0, MAX_NODE_EVIDENCE);
    evidence.push(...blocked.map((n): EvidenceRef => ({ kind: 'Node', name: n.name })));
  } else {
    args.nodesUnreadable = nodesReason ?? '';
    cause = hostModel ? 'target-unschedulable-cpu' : sched?.parsed ? causeFromMessage(sched.parsed, Object.keys(selector)) : undefined;
  }

  // An unbound claim keeps the pod off every node, whatever the nodes look like.
  const unbound = vmiClaims(ctx).filter((c) => c.pvc && isClaimUnbound(c));
  if (unbound.length > 0) {
    cause = 'target-unschedulable-storage';
    delete args.fitting;
    args.unboundClaims = unbound.map((c) => c.claim);
    for (const c of unbound) evidence.push({ kind: 'PersistentVolumeClaim', namespace: ctx.namespace, name: c.claim, field: 'status.phase', message: c.pvc?.status?.phase ?? '' });
  }
  if (cause === 'target-unschedulable-cpu') {
    const podSelectsCpu = Object.keys(selector).some(isCpuSchedulingLabel);
    const cpu = cpuRequirement(podSelectsCpu || !hostModel ? selector : hostModel.labels, ctx.nodes.ok ? ctx.nodes.items : []);
    args.cpu = {
      features: cpu.features,
      commonModels: cpu.commonModels,
      hostModel: cpu.hostModel || Boolean(hostModel),
      hostModelEvent: Boolean(hostModel),
      ...(cpu.model ? { model: cpu.model } : {}),
    };
  }
  if (cause === 'target-unschedulable-resources') {
    // The scheduler's `Insufficient X` is the authority; our per-node figures add the numbers.
    const names = new Set<string>((sched?.parsed?.reasons ?? []).filter((r) => r.kind === 'resources' && r.resource).map((r) => r.resource ?? ''));
    for (const p of out.placement?.nodes ?? []) for (const r of p.reasons) if (r.kind === 'insufficient') names.add(r.resource);
    args.resources = [...names];
    // Freeing room helps only where the resource exists: a device no other node offers never fits.
    const others = ctx.nodes.ok ? ctx.nodes.items.filter((n) => n.metadata.name !== sourceNode) : [];
    const unoffered = others.length ? args.resources.filter((r) => others.every((n) => !((parseQuantity(n.status?.allocatable?.[r]) ?? 0) > 0))) : [];
    if (unoffered.length) args.unoffered = unoffered;
  }
  if (!cause && nodesReason && !sched?.parsed) return { ...result(ID, 'unknown', args, evidence), missing: nodesReason };
  // Stuck for sure, but nothing says why (e.g. topology spread): an honest `unknown` cause.
  args.cause = cause ?? 'unknown';
  return result(ID, 'fail', args, evidence, cause ?? 'unknown');
}
