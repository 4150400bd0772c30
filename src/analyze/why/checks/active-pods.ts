// virt-controller will not create a target pod while the VMI has more than one active pod
// (docs/kubevirt/evacuation-and-queue.md §5 step 2; it only logs `Waiting to schedule target pod
// for migration because there are already multiple pods running for vmi …`). kubevirt#12773:
// `status.activePods` still listed the finished pod of the previous migration. Right after a
// successful migration 2–3 active pods are normal for a while, so this fails only when OUR
// migration is Pending without a target pod.
import type { EvidenceRef } from '../../findings.js';
import { result, type WhyCheck } from '../check.js';
import type { ActivePod, ActivePodsArgs } from '../check-args/active-pods.js';
import { awaitingTargetPod, hasMultipleActivePods, liveLauncherPods } from '../migration-state.js';
import { podRef } from '../target-pod-state.js';

export const activePods: WhyCheck<'active-pods'> = {
  id: 'active-pods',
  run(ctx) {
    const { vmi } = ctx;
    if (!vmi) return result('active-pods', 'skip', { kind: 'no-vmi' });
    const listed = Object.entries(vmi.status?.activePods ?? {});
    if (!hasMultipleActivePods(ctx)) return result('active-pods', 'pass', { kind: 'single', count: listed.length });

    const vmiName = vmi.metadata.name ?? '';
    const pods: ActivePod[] = [];
    const evidence: EvidenceRef[] = [{ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.activePods' }];
    for (const [uid, node] of listed) {
      const pod = ctx.launcherPods.find((p) => p.metadata.uid === uid);
      const entry: ActivePod = { uid, node, listed: true };
      if (pod) {
        entry.pod = pod.metadata.name ?? '';
        entry.phase = pod.status?.phase ?? '';
        evidence.push(podRef(pod, 'status.phase', pod.status?.phase));
      }
      pods.push(entry);
    }
    // Alive launcher pods the VMI does not list still count for the controller.
    for (const p of liveLauncherPods(ctx)) {
      if (listed.some(([uid]) => uid === p.metadata.uid)) continue;
      pods.push({ uid: p.metadata.uid ?? '', node: p.spec?.nodeName ?? '', pod: p.metadata.name ?? '', phase: p.status?.phase ?? '', listed: false });
      evidence.push(podRef(p, 'status.phase', p.status?.phase));
    }
    const finished = pods.filter((p) => p.phase === 'Succeeded' || p.phase === 'Failed').map((p) => p.pod ?? '');
    const args: ActivePodsArgs = { kind: 'multiple', vmi: vmiName, namespace: ctx.namespace, count: pods.length, pods, finished, live: liveLauncherPods(ctx).length };
    if (awaitingTargetPod(ctx) && ctx.migration?.status?.phase === 'Pending') {
      return result('active-pods', 'fail', args, evidence, 'stale-active-pods');
    }
    return result('active-pods', 'info', args, evidence);
  },
};
