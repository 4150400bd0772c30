// The hand-off from virt-controller to the target virt-handler (Scheduled → PreparingTarget →
// TargetReady; `processMigrationPhase`, `handleTargetPodHandoff` in
// pkg/virt-controller/watch/migration/migration.go) and the target pod's survival until the
// migration ends.
// - Target pod lost after hand-off: VMI `FailedMigration` `VirtualMachineInstance migration uid
//   <uid> failed. reason: Target pod is down` (v0.59: lower case) or failureReason `Target pod is
//   down` (v1.3+), or, while the migration is still Scheduled…Running, the target pod Failed,
//   terminating or gone → target-pod-lost.
// - Target on the source node (kubevirt/kubevirt#18946: a scheduler that ignored the required
//   anti-affinity): a warning while in flight; target-pod-lost once the migration failed.
// - `FailedHandOver`, or PreparingTarget without a target address for long (target virt-handler
//   silent): warnings without a cause. No cause id fits them better than the phase's own verdict.
import { targetPodElsewhere } from '../../decentralized/half.js';
import type { WhyCheck } from '../check.js';
import { result } from '../check.js';
import type { Target, HandoffArgs } from '../check-args/handoff.js';
import type { WhyContext } from '../context.js';
import type { EvidenceRef } from '../../findings.js';
import type { KubeEvent, MigrationState, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { FAILURE_TARGET_POD_DOWN } from '../../../kubevirt/constants.js';
import { recognizeControllerEvent } from '../parse/controller-events.js';
import { isHandedOffInFlight, isPastScheduling, phaseFacts } from '../../migration/phase.js';
import { liveStateOf, stateOf } from '../../migration/state.js';
import { secondsInCurrentPhase } from '../timeline.js';
import { eventMessage, eventRef, eventsOfMigration, podRef, sourceNodeOf } from '../target-pod-state.js';
import { listOf } from '../../shape.js';

const ID = 'handoff';
const DEFAULT_SCHEDULER = 'default-scheduler';

/** PreparingTarget normally lasts seconds; past this without a target address, virt-handler is silent. */
export const PREPARING_TARGET_SLOW_SECONDS = 60;

export const handoff: WhyCheck<'handoff'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    // A decentralized source's target pod is in the other cluster (peer-half diagnoses it there).
    if (phaseFacts(phase)?.decentralized || targetPodElsewhere(m)) return result(ID, 'skip', { kind: 'decentralized', phase });
    // The VMI's state while in flight; a final VMIM keeps its own copy.
    const state: MigrationState | undefined = stateOf(m, ctx.vmi);
    const vmiName = ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '';
    const vmiRef = (field: string, message?: string): EvidenceRef => ({
      kind: 'VirtualMachineInstance',
      namespace: ctx.namespace,
      name: vmiName,
      field,
      ...(message ? { message } : {}),
    });
    const events = eventsOfMigration(ctx.migrationEvents, m).map((e) => ({ e, rec: recognizeControllerEvent(e) }));
    const handedOver = events.find((x) => x.rec?.kind === 'handed-over')?.e;
    const handedOff = Boolean(handedOver || state?.targetNode || isHandedOffInFlight(phase) || reached(m, 'PreparingTarget'));
    const targetNode = state?.targetNode ?? (handedOff ? ctx.targetPod?.spec?.nodeName : undefined);
    const podName = state?.targetPod ?? ctx.targetPod?.metadata.name;
    const base: Target = {};
    if (targetNode) base.targetNode = targetNode;
    if (podName) base.pod = podName;

    if (phase !== 'Succeeded') {
      const down = targetPodDown(ctx, m, state);
      if (down) return result(ID, 'fail', { kind: 'target-pod-down', ...base, reason: down.reason }, [down.ref], 'target-pod-lost');
    }

    const sourceNode = state?.sourceNode ?? sourceNodeOf(ctx);
    if (targetNode && sourceNode && targetNode === sourceNode && phase !== 'Succeeded') {
      const schedulerName = ctx.targetPod?.spec?.schedulerName;
      const args: HandoffArgs = { kind: 'same-node', ...base, node: targetNode, ...(schedulerName && schedulerName !== DEFAULT_SCHEDULER ? { schedulerName } : {}) };
      const evidence: EvidenceRef[] = [];
      if (state?.targetNode) evidence.push(vmiRef('status.migrationState.targetNode', state.targetNode));
      else if (ctx.targetPod) evidence.push(podRef(ctx.targetPod, 'spec.nodeName', targetNode));
      if (ctx.targetPod && schedulerName) evidence.push(podRef(ctx.targetPod, 'spec.schedulerName', schedulerName));
      return phase === 'Failed' ? result(ID, 'fail', args, evidence, 'target-pod-lost') : result(ID, 'warn', args, evidence);
    }

    if (phase === 'Succeeded') return result(ID, 'pass', { kind: 'handed-off', ...base });
    if (phase === 'Failed') return result(ID, handedOff ? 'info' : 'skip', { kind: handedOff ? 'handed-off' : 'not-handed-off', ...base, phase });
    if (!isPastScheduling(phase)) return result(ID, 'skip', { kind: 'not-yet', phase: phase || 'Pending' });

    // Scheduled…Running: the target pod must still be there.
    if (!ctx.pods.ok) return { ...result(ID, 'unknown', { kind: 'pods-unreadable', ...base }), missing: ctx.pods.reason };
    const pod = ctx.targetPod;
    if (!pod) {
      const name = state?.targetPod ?? createdPod(events.map((x) => x.e));
      const args: HandoffArgs = { kind: 'pod-missing', ...base, phase, ...(name ? { pod: name } : {}) };
      return result(ID, 'fail', args, [{ kind: 'Pod', namespace: ctx.namespace, name: name ?? '', field: 'metadata.name' }], 'target-pod-lost');
    }
    if (pod.status?.phase === 'Failed') {
      const args: HandoffArgs = { kind: 'pod-failed', ...base, phase, reason: pod.status.reason ?? '', message: pod.status.message ?? '' };
      return result(ID, 'fail', args, [podRef(pod, 'status.phase', 'Failed')], 'target-pod-lost');
    }
    if (pod.metadata.deletionTimestamp) {
      return result(ID, 'fail', { kind: 'pod-terminating', ...base, phase }, [podRef(pod, 'metadata.deletionTimestamp', pod.metadata.deletionTimestamp)], 'target-pod-lost');
    }

    if (phase === 'Scheduled') {
      const failed = events.filter((x) => x.rec?.kind === 'hand-over-failed').map((x) => x.e);
      const last = failed[failed.length - 1];
      if (last) return result(ID, 'warn', { kind: 'hand-over-failed', ...base, message: eventMessage(last) }, [eventRef(last)]);
      return result(ID, 'info', { kind: 'handing-off', ...base });
    }
    if (phase === 'PreparingTarget') {
      const seconds = secondsInCurrentPhase(m, ctx.now);
      if (!state?.targetNodeAddress && seconds !== undefined && seconds > PREPARING_TARGET_SLOW_SECONDS) {
        return result(ID, 'warn', { kind: 'target-not-responding', ...base, seconds }, [vmiRef('status.migrationState.targetNodeAddress')]);
      }
      return result(ID, 'info', { kind: 'preparing', ...base, ...(seconds !== undefined ? { seconds } : {}) });
    }
    const evidence = handedOver ? [eventRef(handedOver)] : [];
    return result(ID, 'pass', { kind: 'handed-off', ...base, ...(state?.targetNodeAddress ? { targetAddress: state.targetNodeAddress } : {}) }, evidence);
  },
};

function reached(m: VirtualMachineInstanceMigration, phase: string): boolean {
  return listOf(m.status?.phaseTransitionTimestamps).some((t) => t.phase === phase);
}

function createdPod(events: KubeEvent[]): string | undefined {
  let name: string | undefined;
  for (const e of events) {
    const rec = recognizeControllerEvent(e);
    if (rec?.kind === 'target-pod-created') name = rec.args.pod;
  }
  return name;
}

/** `Target pod is down` for this migration: the VMI event (any version) or failureReason (v1.3+). */
function targetPodDown(ctx: WhyContext, m: VirtualMachineInstanceMigration, state: MigrationState | undefined): { reason: string; ref: EvidenceRef } | undefined {
  const isDown = (text: string | undefined) => text?.trim().toLowerCase() === FAILURE_TARGET_POD_DOWN.toLowerCase();
  for (const e of [...eventsOfMigration(ctx.vmiEvents, m)].reverse()) {
    const rec = recognizeControllerEvent(e);
    if (rec?.kind !== 'migration-failed-on-vmi' || !isDown(rec.args.reason)) continue;
    if (rec.args.migrationUid && rec.args.migrationUid !== m.metadata.uid) continue;
    return { reason: rec.args.reason, ref: eventRef(e) };
  }
  if (isDown(state?.failureReason)) {
    const onVmi = liveStateOf(m, ctx.vmi)?.failureReason !== undefined;
    const ref: EvidenceRef = onVmi
      ? { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.failureReason', message: state?.failureReason ?? '' }
      : { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name: m.metadata.name ?? '', field: 'status.migrationState.failureReason', message: state?.failureReason ?? '' };
    return { reason: state?.failureReason ?? '', ref };
  }
  return undefined;
}
