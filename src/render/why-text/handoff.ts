// Prose of the handoff check: hand-off to the target virt-handler, and a target pod lost after it.
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { duration } from './target-pod-args.js';

export const handoffText: CheckText<'handoff'> = {
  title: 'Target handed off',
  summary(r) {
    const a = r.args;
    if (a.kind === 'no-migration') return 'No migration, no hand-off.';
    if (a.kind === 'decentralized') return `Decentralized migration (${a.phase}): no hand-off in this cluster.`;
    if (a.kind === 'not-yet') return `Not handed off yet: the migration is ${a.phase}.`;
    const target = a.targetNode ? ` on ${a.targetNode}` : '';
    const podName = a.pod ?? 'the target pod';
    switch (a.kind) {
      case 'not-handed-off':
        return 'The migration failed before the hand-off.';
      case 'handed-off':
        return `Handed off to the target virt-handler${target}${a.targetAddress ? ` (listening at ${a.targetAddress})` : ''}.`;
      case 'target-pod-down':
        return `Target pod ${podName}${target} went down after the hand-off, before the transfer: "${a.reason}".`;
      case 'same-node':
        return `The target pod landed on the source node ${a.node}${a.schedulerName ? ` (schedulerName ${a.schedulerName})` : ''}: the scheduler ignored KubeVirt's required anti-affinity, and the migration cannot work there.`;
      case 'pods-unreadable':
        return 'Pods are not readable: cannot tell whether the target pod still exists.';
      case 'pod-missing':
        return `Target pod ${podName} is gone while the migration is ${a.phase}.`;
      case 'pod-failed':
        return `Target pod ${podName}${target} failed while the migration is ${a.phase}${a.reason ? ` (${a.reason}${a.message ? `: ${a.message}` : ''})` : ''}.`;
      case 'pod-terminating':
        return `Target pod ${podName}${target} is being deleted while the migration is ${a.phase}.`;
      case 'hand-over-failed':
        return `virt-controller could not hand the migration over: "${a.message}".`;
      case 'handing-off':
        return `Target pod ${podName}${target} is Ready; waiting for virt-controller to hand off.`;
      case 'target-not-responding':
        return `PreparingTarget for ${duration(a.seconds)} and the target virt-handler${target} has not published its address yet.`;
      case 'preparing':
        return `The target virt-handler${target} is preparing the target.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'target-pod-down':
      case 'pod-missing':
      case 'pod-failed':
      case 'pod-terminating':
        return `look for why the target pod stopped (kubectl get events -A --field-selector involvedObject.name=${a.pod ?? '<pod>'}; target virt-handler log), then start a new migration`;
      case 'same-node':
        return a.schedulerName
          ? `scheduler ${a.schedulerName} does not honour required pod anti-affinity: use a conformant scheduler (or profile) for virt-launcher pods`
          : 'check the scheduler configuration: required pod anti-affinity must be enforced for virt-launcher pods';
      case 'target-not-responding':
        return `check virt-handler on ${a.targetNode ?? 'the target node'}: kubectl get pods -A -l kubevirt.io=virt-handler -o wide --field-selector spec.nodeName=${a.targetNode ?? '<node>'}, then its log`;
      case 'hand-over-failed':
        return "check virt-controller's log in the KubeVirt namespace and its access to the VMI";
      case 'no-migration':
      case 'decentralized':
      case 'not-yet':
      case 'not-handed-off':
      case 'handed-off':
      case 'pods-unreadable':
      case 'handing-off':
      case 'preparing':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
