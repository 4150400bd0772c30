// Small shared facts about a migration that several `why` checks need (its phase predicates are
// src/analyze/migration/phase.ts): "is it still waiting for its target pod", active launcher pods,
// recognized controller events and VMIM evidence references. Pure; no prose. (Event evidence
// and "events since the migration" live in target-pod-state.ts.)
import type { EvidenceRef } from '../findings.js';
import type { KubeEvent, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';
import type { WhyContext } from './context.js';
import { targetPodElsewhere } from '../decentralized/half.js';
import type { ListKey, ObjectIndex } from '../object-index.js';
import { recognizeControllerEvent, type ControllerEvent } from './parse/controller-events.js';

/**
 * The diagnosed migration is waiting for its target pod: phase Pending (or not processed yet)
 * and no pod with its job label. This is the only window in which the controller's pre-creation
 * gates (slots, active pods, backoff) and the target pod's admission (quota, Pod Security) can
 * hold it (`handleTargetPodCreation`, pkg/virt-controller/watch/migration/migration.go).
 */
export function awaitingTargetPod(ctx: WhyContext): boolean {
  const phase = ctx.migration?.status?.phase ?? '';
  // A decentralized source's target pod is created in the other cluster.
  return ctx.migration !== undefined && (phase === '' || phase === 'Pending') && ctx.targetPod === undefined && !targetPodElsewhere(ctx.migration);
}

/**
 * `VMIActivePodsCount` (pkg/controller/controller.go): launcher pods of the VMI that are not
 * Succeeded/Failed. More than one holds every new migration of the VMI before its target pod
 * (`handleTargetPodCreation`).
 */
export function liveLauncherPods(ctx: Pick<WhyContext, 'launcherPods'>): Pod[] {
  return ctx.launcherPods.filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
}

/**
 * Does the VMI have more than one active pod: listed in `status.activePods` (what users see,
 * kubevirt#12773) or alive among its launcher pods (what the controller counts)?
 */
export function hasMultipleActivePods(ctx: Pick<WhyContext, 'launcherPods' | 'vmi'>): boolean {
  return Object.keys(ctx.vmi?.status?.activePods ?? {}).length > 1 || liveLauncherPods(ctx).length > 1;
}

const BY_MIGRATION_JOB: ListKey<Pod> = { name: LABEL_MIGRATION_JOB_UID, of: (p) => p.metadata.labels?.[LABEL_MIGRATION_JOB_UID] };

/** Target pods of a migration among `pods` (label kubevirt.io/migrationJobUID = its UID). */
export function targetPodsOf(index: ObjectIndex, pods: readonly Pod[], m: VirtualMachineInstanceMigration): Pod[] {
  const uid = m.metadata.uid;
  return uid ? [...index.where(pods, BY_MIGRATION_JOB, uid)] : [];
}

export interface RecognizedEvent {
  event: KubeEvent;
  recognized: ControllerEvent;
}

/** The events KubeVirt's controllers wrote that `recognizeControllerEvent` knows, oldest first. */
export function recognizedEvents(events: readonly KubeEvent[]): RecognizedEvent[] {
  const out: RecognizedEvent[] = [];
  for (const event of events) {
    const recognized = recognizeControllerEvent(event);
    if (recognized) out.push({ event, recognized });
  }
  return out;
}

/** `ns/name` of an object, as runningMigrations and similar lists print it. */
export function qualified(o: { metadata: { namespace?: string; name?: string } }): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

/** Evidence: a field of a VMIM (phase by default). */
export function migrationRef(m: VirtualMachineInstanceMigration, field = 'status.phase', message?: string): EvidenceRef {
  const ref: EvidenceRef = { kind: 'VirtualMachineInstanceMigration', name: m.metadata.name ?? '', field };
  if (m.metadata.namespace) ref.namespace = m.metadata.namespace;
  if (message !== undefined) ref.message = message;
  return ref;
}
