// Prose of the target-pod-scheduling check: which nodes reject the target pod and why, and the fix.
import type { CheckResult } from '../../analyze/why/check.js';
import { LABEL_HOSTNAME, LABEL_SCHEDULABLE, PREFIX_KUBEVIRT_DEVICES } from '../../kubevirt/constants.js';
import type { CheckText } from './check-text.js';
import { duration, list, nodeReasons, num, rec, recs, str, strs } from './target-pod-args.js';

function who(r: CheckResult<'target-pod-scheduling'>): string {
  return `Target pod ${str(r.args.namespace)}/${str(r.args.pod)}`;
}

/** Reason records of `kind` across the blocked nodes. */
function reasonsOfKind(r: CheckResult<'target-pod-scheduling'>, kind: string): { node: string; reason: Record<string, unknown> }[] {
  return recs(r.args.nodes).flatMap((n) => recs(n.reasons).filter((x) => x.kind === kind).map((x) => ({ node: str(n.name), reason: x as Record<string, unknown> })));
}

function unschedulableSummary(r: CheckResult<'target-pod-scheduling'>): string {
  const a = r.args;
  const source = str(a.sourceNode, 'the source node');
  const nodes = nodeReasons(a.nodes);
  const detail = nodes ? ` (${nodes})` : '';
  let why: string;
  switch (str(a.cause)) {
    case 'target-unschedulable-cpu': {
      const cpu = rec(a.cpu);
      const model = str(cpu?.model);
      const features = strs(cpu?.features);
      const what = [model ? `CPU model ${model}` : 'CPU labels', features.length ? `${features.length} required CPU feature(s)` : ''].filter(Boolean).join(' and ');
      why = `no node other than ${source} offers the ${what} it selects${detail}`;
      break;
    }
    case 'target-unschedulable-node-selector':
      why = `its nodeSelector/node affinity matches no node but ${source}${detail}`;
      break;
    case 'target-unschedulable-resources':
      why = `no other node has enough ${list(strs(a.resources)) || 'resources'}${detail}`;
      break;
    case 'target-unschedulable-taints':
      why = `every other node is tainted, cordoned or not Ready${detail}`;
      break;
    case 'target-unschedulable-anti-affinity':
      why =
        num(a.candidates) === 0
          ? `the cluster has no node other than ${source}, and KubeVirt's pod anti-affinity keeps the target off the source`
          : `pod anti-affinity leaves no node${detail}`;
      break;
    case 'target-unschedulable-storage':
      why = strs(a.unboundClaims).length
        ? `PVC ${list(strs(a.unboundClaims))} is not bound`
        : `its volumes cannot be reached from any node but ${source}${detail}`;
      break;
    default:
      why = 'and the evidence does not say why';
  }
  let s = `${who(r)} is unschedulable: ${why}`;
  const fitting = strs(a.fitting);
  if (fitting.length) s += `; the scheduler also rejects ${list(fitting)} for reasons not visible here (pods of other namespaces)`;
  if (!a.perNode && a.message) s += `; scheduler: "${str(a.message)}"`;
  else if (str(a.cause) === 'unknown' && a.message) s += `; scheduler: "${str(a.message)}"`;
  if (a.nodesUnreadable) s += ` (nodes not readable, no per-node detail: ${str(a.nodesUnreadable)})`;
  const seconds = num(a.seconds);
  if (seconds !== undefined) s += ` — pending for ${duration(seconds)}`;
  return `${s}.`;
}

function unschedulableHint(r: CheckResult<'target-pod-scheduling'>): string {
  const a = r.args;
  const ns = str(a.namespace);
  const vmi = str(a.vmi);
  const editVm = `kubectl edit vm ${vmi} -n ${ns}`;
  switch (str(a.cause)) {
    case 'target-unschedulable-cpu': {
      const cpu = rec(a.cpu);
      const common = strs(cpu?.commonModels);
      const example = common.length ? ` (offered by every node: ${list(common.slice(-3), 3)})` : '';
      return cpu?.hostModel
        ? `host-model only migrates to nodes with the same host CPU model and features: set an explicit CPU model every node offers in spec.template.spec.domain.cpu.model${example} (${editVm}), then restart the VM; a node that should qualify may have stale node-labeller labels (restart virt-handler there)`
        : `choose a CPU model (and features) every node offers${example} in spec.template.spec.domain.cpu (${editVm}), then restart the VM`;
    }
    case 'target-unschedulable-node-selector': {
      const keys = reasonsOfKind(r, 'missing-label').map((x) => String(x.reason.key));
      if (keys.includes(LABEL_SCHEDULABLE)) {
        return `nodes without ${LABEL_SCHEDULABLE}=true have no working virt-handler: check the virt-handler pods (kubectl get pods -A -l kubevirt.io=virt-handler -o wide)`;
      }
      if (keys.includes(LABEL_HOSTNAME) || a.hostnamePin !== undefined) return `the VM is pinned to one node with ${LABEL_HOSTNAME} in its nodeSelector: remove the pin (${editVm}) to let it migrate`;
      return `relax the VM's nodeSelector/affinity (${editVm}) or label a target node: kubectl label node <node> ${keys[0] ?? '<key>'}=<value>`;
    }
    case 'target-unschedulable-resources': {
      const res = strs(a.resources);
      if (res.some((x) => x.startsWith(PREFIX_KUBEVIRT_DEVICES))) {
        return `the other node(s) do not advertise ${list(res.filter((x) => x.startsWith(PREFIX_KUBEVIRT_DEVICES)))}: check /dev/kvm (virtualization enabled) and the virt-handler pod on them (kubectl get pods -A -l kubevirt.io=virt-handler -o wide)`;
      }
      return `free ${list(res) || 'resources'} on a candidate node (kubectl describe node <node>, "Allocated resources"), or lower the VM's requests`;
    }
    case 'target-unschedulable-taints': {
      const tainted = reasonsOfKind(r, 'taint')[0];
      const cordoned = reasonsOfKind(r, 'unschedulable')[0]?.node;
      const fixes: string[] = [];
      if (cordoned) fixes.push(`uncordon ${cordoned} (kubectl uncordon ${cordoned})`);
      if (tainted) {
        const t = tainted.reason;
        const spec = `${String(t.key)}${t.value ? `=${String(t.value)}` : ''}:${String(t.effect)}`;
        fixes.push(`remove the taint from ${tainted.node} (kubectl taint nodes ${tainted.node} ${spec}-) or add a matching toleration to the VM (${editVm})`);
      }
      if (fixes.length) return fixes.join(', or ');
      if (reasonsOfKind(r, 'not-ready').length > 0) return `bring a candidate node back to Ready (kubectl describe node ${reasonsOfKind(r, 'not-ready')[0]?.node ?? '<node>'})`;
      return "find the taints (kubectl describe nodes | grep -A3 Taints), then remove one (kubectl taint nodes <node> <key>:<effect>-), uncordon the node (kubectl uncordon <node>) or add a toleration to the VM";
    }
    case 'target-unschedulable-anti-affinity': {
      const pods = [...new Set(reasonsOfKind(r, 'anti-affinity').map((x) => String(x.reason.pod)))];
      if (pods.length) return `a leftover pod of this VMI holds the other node: kubectl delete pod -n ${ns} ${pods.join(' ')}`;
      if (num(a.candidates) === 0) return 'live migration needs a second node that can run VMs: add one';
      return `review the VM's required pod anti-affinity (${editVm})`;
    }
    case 'target-unschedulable-storage':
      return strs(a.unboundClaims).length
        ? `find out why the PVC is not bound: kubectl describe pvc -n ${ns} ${strs(a.unboundClaims).join(' ')}`
        : 'the volume lives on the source node only: move the disk to shared (ReadWriteMany) storage, or stop the VM instead of migrating it';
    default:
      return `kubectl describe pod -n ${ns} ${str(a.pod)}`;
  }
}

export const targetPodSchedulingText: CheckText<'target-pod-scheduling'> = {
  title: 'Target pod scheduled',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'no-migration':
        return 'No migration, no target pod.';
      case 'final':
        return `The migration is ${str(a.phase)}; its target pod is no longer scheduled.`;
      case 'decentralized':
        return `Decentralized migration (${str(a.phase)}): no target pod is scheduled in this step.`;
      case 'pods-unreadable':
        return 'Pods are not readable: the target pod cannot be checked.';
      case 'no-target-pod':
        return `No target pod yet (migration ${str(a.phase)}).`;
      case 'scheduled':
        return `${a.pod ? `Target pod ${str(a.pod)}` : 'The target pod'} was scheduled${a.node ? ` on ${str(a.node)}` : ''}.`;
      case 'gated':
        return `${who(r)} is held back by scheduling gates (PodScheduled=False, SchedulingGated).`;
      case 'waiting':
        return `${who(r)} waits for the scheduler${num(a.seconds) !== undefined ? ` (${duration(num(a.seconds) ?? 0)})` : ''}.`;
      case 'unschedulable':
        return unschedulableSummary(r);
      default:
        return 'Target pod scheduling.';
    }
  },
  hint(r) {
    if (r.args.kind === 'unschedulable') return unschedulableHint(r);
    if (r.args.kind === 'gated') return `see which gate holds it: kubectl get pod -n ${str(r.args.namespace)} ${str(r.args.pod)} -o jsonpath='{.spec.schedulingGates}'`;
    return undefined;
  },
};
