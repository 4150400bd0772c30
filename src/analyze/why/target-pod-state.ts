// The migration target pod's state as the target-pod checks read it (scheduling, readiness,
// hand-off): Kubernetes pod conditions, the KubeVirt pending/unschedulable timeouts
// (`handlePendingPodTimeout`, pkg/virt-controller/watch/migration/migration.go) and evidence
// references for pods and events. Pure helpers over the WhyContext.
import type { EvidenceRef } from '../findings.js';
import type { Condition, KubeEvent, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import {
  ANNOTATION_PENDING_POD_TIMEOUT,
  ANNOTATION_UNSCHEDULABLE_POD_TIMEOUT,
  DEFAULT_PENDING_POD_TIMEOUT_SECONDS,
  DEFAULT_UNSCHEDULABLE_POD_TIMEOUT_SECONDS,
  LABEL_NODE_NAME,
} from '../../kubevirt/constants.js';
import type { WhyContext } from './context.js';
import { stateOf } from '../migration/state.js';
import { eventTime, time } from '../../kube/time.js';
import { COND_POD_SCHEDULED, REASON_UNSCHEDULABLE } from './parse/scheduler-message.js';
import { ageSeconds } from './timeline.js';
import { conditionsOf } from '../shape.js';

export function podCondition(pod: Pod, type: string): Condition | undefined {
  return conditionsOf(pod.status?.conditions).find((c) => c.type === type);
}

/** Bound to a node: `spec.nodeName`, or PodScheduled=True in a snapshot that lost it. */
export function isPodScheduled(pod: Pod): boolean {
  return Boolean(pod.spec?.nodeName) || podCondition(pod, COND_POD_SCHEDULED)?.status === 'True';
}

/** PodScheduled=False reason Unschedulable: the scheduler tried and found no node. */
export function unschedulableCondition(pod: Pod): Condition | undefined {
  const c = podCondition(pod, COND_POD_SCHEDULED);
  return c?.status === 'False' && c.reason === REASON_UNSCHEDULABLE ? c : undefined;
}

export function isPodTerminated(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

export function isPodReady(pod: Pod): boolean {
  return podCondition(pod, 'Ready')?.status === 'True';
}

/** The node the VMI runs on now: the VMI's, else the migration state's, else the target pod's copy. */
export function sourceNodeOf(ctx: WhyContext): string | undefined {
  return (
    ctx.vmi?.status?.nodeName ??
    stateOf(ctx.migration, ctx.vmi)?.sourceNode ??
    ctx.targetPod?.metadata.labels?.[LABEL_NODE_NAME]
  );
}

export function podRef(pod: Pod, field?: string, message?: string): EvidenceRef {
  const ref: EvidenceRef = { kind: 'Pod', name: pod.metadata.name ?? '' };
  if (pod.metadata.namespace) ref.namespace = pod.metadata.namespace;
  if (field) ref.field = field;
  if (message) ref.message = message;
  return ref;
}

export function eventMessage(e: KubeEvent): string {
  return e.message ?? e.note ?? '';
}

/** An event as evidence: `field` holds its reason, `message` its verbatim text. */
export function eventRef(e: KubeEvent): EvidenceRef {
  const ref: EvidenceRef = { kind: 'Event', name: e.metadata.name ?? '' };
  if (e.metadata.namespace) ref.namespace = e.metadata.namespace;
  if (e.reason) ref.field = e.reason;
  const message = eventMessage(e);
  if (message) ref.message = message;
  return ref;
}

/**
 * Events no older than the migration: a VMI's events span all its migrations, and a VMIM name
 * can be reused after the old object was deleted.
 */
export function eventsOfMigration(events: readonly KubeEvent[], migration: VirtualMachineInstanceMigration | undefined): KubeEvent[] {
  const since = time(migration?.metadata.creationTimestamp);
  return events.filter((e) => since === 0 || time(eventTime(e)) === 0 || time(eventTime(e)) >= since);
}

/** Events about a pod of that name in the namespace, oldest first (the pod itself may be gone). */
export function podEvents(ctx: WhyContext, podName: string | undefined): KubeEvent[] {
  if (!podName || !ctx.events.ok) return [];
  return ctx.events.items
    .filter((e) => {
      const o = e.involvedObject ?? e.regarding;
      return o?.kind === 'Pod' && o.name === podName;
    })
    .sort((a, b) => time(eventTime(a)) - time(eventTime(b)));
}

export interface PodTimeouts {
  /** Seconds an unschedulable target pod may stay Pending (default 300). */
  unschedulable: number;
  /** Seconds any Pending target pod may stay Pending (default 900). */
  pending: number;
  /** True when a VMIM annotation overrides the default. */
  unschedulableOverridden: boolean;
  pendingOverridden: boolean;
}

function annotationSeconds(m: VirtualMachineInstanceMigration | undefined, key: string): number | undefined {
  const raw = m?.metadata.annotations?.[key];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The timeouts virt-controller applies to this migration's target pod (`handlePendingPodTimeout`). */
export function podTimeouts(m: VirtualMachineInstanceMigration | undefined): PodTimeouts {
  const u = annotationSeconds(m, ANNOTATION_UNSCHEDULABLE_POD_TIMEOUT);
  const p = annotationSeconds(m, ANNOTATION_PENDING_POD_TIMEOUT);
  return {
    unschedulable: u ?? DEFAULT_UNSCHEDULABLE_POD_TIMEOUT_SECONDS,
    pending: p ?? DEFAULT_PENDING_POD_TIMEOUT_SECONDS,
    unschedulableOverridden: u !== undefined,
    pendingOverridden: p !== undefined,
  };
}

export interface PendingDeadline {
  timeout: 'unschedulable' | 'pending';
  seconds: number;
  /** Seconds since the pod was created, and until virt-controller deletes it (≥ 0). */
  age: number;
  left: number;
}

/**
 * The deadline that will delete a Pending target pod first: the unschedulable one while
 * PodScheduled=False/Unschedulable, else the catch-all pending one. Undefined when the pod is not
 * Pending or has no creation time.
 */
export function pendingDeadline(pod: Pod, m: VirtualMachineInstanceMigration | undefined, now: Date): PendingDeadline | undefined {
  if (pod.status?.phase !== undefined && pod.status.phase !== 'Pending') return undefined;
  const age = ageSeconds(pod.metadata.creationTimestamp, now);
  if (age === undefined) return undefined;
  const t = podTimeouts(m);
  const candidates: PendingDeadline[] = [{ timeout: 'pending', seconds: t.pending, age, left: Math.max(0, t.pending - age) }];
  if (unschedulableCondition(pod)) {
    candidates.push({ timeout: 'unschedulable', seconds: t.unschedulable, age, left: Math.max(0, t.unschedulable - age) });
  }
  return candidates.sort((a, b) => a.left - b.left)[0];
}
