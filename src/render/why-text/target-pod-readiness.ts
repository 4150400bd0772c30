// Prose of the target-pod-readiness check: why a scheduled target pod does not start, and the
// pending/unschedulable timeout that deleted it.
import type { CheckArgs } from '../../analyze/why/check.js';
import type { PendingDeadline } from '../../analyze/why/target-pod-state.js';
import type { UnschedulableCause } from '../../analyze/why/parse/scheduler-message.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { duration } from './target-pod-args.js';

const PLACEMENT_CAUSE: Record<UnschedulableCause, string> = {
  'target-unschedulable-cpu': 'no other node offered the required CPU model/features',
  'target-unschedulable-node-selector': "no other node matched the pod's nodeSelector/affinity",
  'target-unschedulable-resources': 'no other node had enough resources',
  'target-unschedulable-taints': 'every other node was tainted, cordoned or not Ready',
  'target-unschedulable-anti-affinity': 'pod anti-affinity left no node',
  'target-unschedulable-storage': 'its volumes were not reachable from another node',
};

const PLACEMENT_FIX: Record<UnschedulableCause, string> = {
  'target-unschedulable-cpu': 'set a CPU model every node offers (spec.template.spec.domain.cpu.model) or add a node with the same CPU',
  'target-unschedulable-node-selector': "relax the VM's nodeSelector/affinity so another node matches",
  'target-unschedulable-resources': 'free cpu/memory/devices on another node (devices.kubevirt.io/* missing means no KVM or no virt-handler there)',
  'target-unschedulable-taints': 'uncordon or untaint another node, or add a toleration to the VM',
  'target-unschedulable-anti-affinity': 'delete leftover pods of this VMI on the other nodes, or add a node',
  'target-unschedulable-storage': 'put the disks on storage every node can reach (ReadWriteMany)',
};

type Args = CheckArgs['target-pod-readiness'];

function pod(a: { namespace: string; pod?: string }): string {
  return `${a.namespace}/${a.pod ?? '<target pod>'}`;
}

function deadline(a: { deadline?: PendingDeadline }): string {
  const d = a.deadline;
  if (!d) return '';
  // Past the timeout and still there: "deletes it in 0s" would be a false promise.
  if (d.left <= 0) return `; it is ${duration(d.age - d.seconds)} past virt-controller's ${d.timeout} timeout (${d.seconds}s) and still exists: is virt-controller running?`;
  return `; virt-controller deletes it in ${duration(d.left)} (${d.timeout} timeout ${d.seconds}s)`;
}

function timeoutSummary(a: Extract<Args, { kind: 'timeout' }>): string {
  const what = a.timeout === 'unschedulable' ? 'stayed unschedulable' : 'stayed Pending';
  let s = `Target pod ${pod(a)} ${what} for more than ${a.seconds}s${a.overridden ? ' (per-migration annotation)' : ''} and virt-controller deleted it`;
  if (a.placementCause) s += `: ${PLACEMENT_CAUSE[a.placementCause]}`;
  if (a.lastSchedulerMessage) s += `; last scheduler message: "${a.lastSchedulerMessage}"`;
  if (a.lastPodEvent) s += `; last pod event ${a.lastPodEvent.reason}: "${a.lastPodEvent.message}"`;
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
        return `The migration is ${a.phase}; the target pod is not checked.`;
      case 'pods-unreadable':
        return 'Pods are not readable: the target pod cannot be checked.';
      case 'no-target-pod':
        return 'No target pod yet.';
      case 'ready':
        return 'pod' in a && a.pod ? `Target pod ${pod(a)} is Ready${a.node ? ` on ${a.node}` : ''}.` : 'The target pod became Ready.';
      case 'timeout':
        return timeoutSummary(a);
      case 'not-scheduled':
        return `Target pod ${pod(a)} is not scheduled yet${deadline(a)}.`;
      case 'pod-failed':
        return `Target pod ${pod(a)} failed before the hand-off${a.reason ? ` (${a.reason}${a.message ? `: ${a.message}` : ''})` : ''}.`;
      case 'image':
      case 'volume':
      case 'sandbox':
      case 'config':
      case 'crash':
      case 'init': {
        const init = a.kind !== 'init' && a.init;
        const waitingReason = a.kind !== 'init' ? a.waitingReason : undefined;
        const where = a.container ? ` (${init ? 'init container' : 'container'} ${a.container}${waitingReason ? `: ${waitingReason}` : ''})` : '';
        const logged = a.kind !== 'init' && a.fromLog ? ` (${a.fromLog}'s log)` : '';
        return `Target pod ${pod(a)} on ${a.node} is stuck creating${where}: ${a.reason}${logged}${a.message ? ` "${a.message}"` : ''}${deadline(a)}.`;
      }
      case 'slow':
        return `Target pod ${pod(a)} on ${a.node} has been creating for ${duration(a.seconds)} without an error event${deadline(a)}.`;
      case 'starting':
        return `Target pod ${pod(a)} on ${a.node} is starting (${duration(a.seconds)})${deadline(a)}.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    const describe = (x: { namespace: string; pod?: string }) => `kubectl describe pod -n ${x.namespace} ${x.pod ?? ''}`;
    switch (a.kind) {
      case 'timeout': {
        const fix = a.placementCause ? PLACEMENT_FIX[a.placementCause] : undefined;
        const again = `start a new migration (virtctl migrate ${a.vmi} -n ${a.namespace}) and, while its target pod is Pending, run kubectl vmigrate why ${a.vmi} -n ${a.namespace} for the per-node detail`;
        return fix ? `${fix}; then ${again}` : again;
      }
      case 'image':
        return `the node ${a.node} cannot pull the virt-launcher image: check registry access and pull secrets from that node (${describe(a)})`;
      case 'volume':
        return `the volume cannot be attached/mounted on ${a.node}: a ReadWriteOnce volume cannot be attached to two nodes; check the CSI driver and VolumeAttachments (kubectl get volumeattachments)`;
      case 'sandbox': {
        const who = a.cni ? `the ${a.cni} CNI plugin` : 'the pod network (CNI/multus)';
        const net = a.network ? ` (network ${a.network})` : '';
        const logs = a.fromLog ? `; the failed CNI ADD is in ${a.fromLog}'s log` : '';
        return `${who} could not set up the pod on ${a.node}${net}: check the CNI pods on that node and the NetworkAttachmentDefinitions${logs}`;
      }
      case 'config':
      case 'crash':
      case 'init':
      case 'slow':
        return describe(a);
      case 'pod-failed':
        return `${describe(a)}; then start a new migration`;
      case 'no-migration':
      case 'final':
      case 'decentralized':
      case 'pods-unreadable':
      case 'no-target-pod':
      case 'ready':
      case 'not-scheduled':
      case 'starting':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
