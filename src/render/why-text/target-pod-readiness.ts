// Prose of the target-pod-readiness check: why a scheduled target pod does not start, and the
// pending/unschedulable timeout that deleted it.
import type { CheckResult } from '../../analyze/why/check.js';
import type { CheckText } from './check-text.js';
import { duration, num, rec, str } from './target-pod-args.js';

const PLACEMENT_CAUSE: Record<string, string> = {
  'target-unschedulable-cpu': 'no other node offered the required CPU model/features',
  'target-unschedulable-node-selector': "no other node matched the pod's nodeSelector/affinity",
  'target-unschedulable-resources': 'no other node had enough resources',
  'target-unschedulable-taints': 'every other node was tainted, cordoned or not Ready',
  'target-unschedulable-anti-affinity': 'pod anti-affinity left no node',
  'target-unschedulable-storage': 'its volumes were not reachable from another node',
};

const PLACEMENT_FIX: Record<string, string> = {
  'target-unschedulable-cpu': 'set a CPU model every node offers (spec.template.spec.domain.cpu.model) or add a node with the same CPU',
  'target-unschedulable-node-selector': "relax the VM's nodeSelector/affinity so another node matches",
  'target-unschedulable-resources': 'free cpu/memory/devices on another node (devices.kubevirt.io/* missing means no KVM or no virt-handler there)',
  'target-unschedulable-taints': 'uncordon or untaint another node, or add a toleration to the VM',
  'target-unschedulable-anti-affinity': 'delete leftover pods of this VMI on the other nodes, or add a node',
  'target-unschedulable-storage': 'put the disks on storage every node can reach (ReadWriteMany)',
};

function pod(r: CheckResult<'target-pod-readiness'>): string {
  return `${str(r.args.namespace)}/${str(r.args.pod, '<target pod>')}`;
}

function deadline(r: CheckResult<'target-pod-readiness'>): string {
  const d = rec(r.args.deadline);
  const left = num(d?.left);
  if (!d || left === undefined) return '';
  return `; virt-controller deletes it in ${duration(left)} (${str(d.timeout)} timeout ${num(d.seconds) ?? ''}s)`;
}

function timeoutSummary(r: CheckResult<'target-pod-readiness'>): string {
  const a = r.args;
  const what = a.timeout === 'unschedulable' ? 'stayed unschedulable' : 'stayed Pending';
  let s = `Target pod ${pod(r)} ${what} for more than ${num(a.seconds) ?? ''}s${a.overridden ? ' (per-migration annotation)' : ''} and virt-controller deleted it`;
  const cause = PLACEMENT_CAUSE[str(a.placementCause)];
  if (cause) s += `: ${cause}`;
  if (a.lastSchedulerMessage) s += `; last scheduler message: "${str(a.lastSchedulerMessage)}"`;
  const last = rec(a.lastPodEvent);
  if (last) s += `; last pod event ${str(last.reason)}: "${str(last.message)}"`;
  return `${s}.`;
}

export const targetPodReadinessText: CheckText<'target-pod-readiness'> = {
  title: 'Target pod started',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
        return 'No migration, no target pod.';
      case 'final':
      case 'decentralized':
        return `The migration is ${str(a.phase)}; the target pod is not checked.`;
      case 'pods-unreadable':
        return 'Pods are not readable: the target pod cannot be checked.';
      case 'no-target-pod':
        return 'No target pod yet.';
      case 'ready':
        return a.pod ? `Target pod ${pod(r)} is Ready${a.node ? ` on ${str(a.node)}` : ''}.` : 'The target pod became Ready.';
      case 'timeout':
        return timeoutSummary(r);
      case 'not-scheduled':
        return `Target pod ${pod(r)} is not scheduled yet${deadline(r)}.`;
      case 'pod-failed':
        return `Target pod ${pod(r)} failed before the hand-off${a.reason ? ` (${str(a.reason)}${a.message ? `: ${str(a.message)}` : ''})` : ''}.`;
      case 'image':
      case 'volume':
      case 'sandbox':
      case 'config':
      case 'crash':
      case 'init': {
        const where = a.container ? ` (${a.init ? 'init container' : 'container'} ${str(a.container)}${a.waitingReason ? `: ${str(a.waitingReason)}` : ''})` : '';
        return `Target pod ${pod(r)} on ${str(a.node)} is stuck creating${where}: ${str(a.reason)}${a.message ? ` "${str(a.message)}"` : ''}${deadline(r)}.`;
      }
      case 'slow':
        return `Target pod ${pod(r)} on ${str(a.node)} has been creating for ${duration(num(a.seconds) ?? 0)} without an error event${deadline(r)}.`;
      case 'starting':
        return `Target pod ${pod(r)} on ${str(a.node)} is starting (${duration(num(a.seconds) ?? 0)})${deadline(r)}.`;
      default:
        return 'Target pod readiness.';
    }
  },
  hint(r) {
    const a = r.args;
    const describe = `kubectl describe pod -n ${str(a.namespace)} ${str(a.pod)}`;
    switch (a.kind) {
      case 'timeout': {
        const fix = PLACEMENT_FIX[str(a.placementCause)];
        const again = `start a new migration (virtctl migrate ${str(a.vmi, '<vm>')} -n ${str(a.namespace)}) and, while its target pod is Pending, run kubectl vmigrate why ${str(a.vmi, '<vm>')} -n ${str(a.namespace)} for the per-node detail`;
        return fix ? `${fix}; then ${again}` : again;
      }
      case 'image':
        return `the node ${str(a.node)} cannot pull the virt-launcher image: check registry access and pull secrets from that node (${describe})`;
      case 'volume':
        return `the volume cannot be attached/mounted on ${str(a.node)}: a ReadWriteOnce volume cannot be attached to two nodes; check the CSI driver and VolumeAttachments (kubectl get volumeattachments)`;
      case 'sandbox':
        return `the pod network (CNI/multus) could not set up the pod on ${str(a.node)}: check the CNI pods on that node and the NetworkAttachmentDefinitions`;
      case 'config':
      case 'crash':
      case 'init':
      case 'slow':
        return describe;
      case 'pod-failed':
        return `${describe}; then start a new migration`;
      case 'not-scheduled':
        return undefined;
      default:
        return undefined;
    }
  },
};
