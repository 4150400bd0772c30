// Prose of the target-pod-scheduling check: which nodes reject the target pod and why, and the fix.
import type { PlacementReason } from '../../analyze/why/placement.js';
import type { UnschedulableArgs } from '../../analyze/why/check-args/target-pod-scheduling.js';
import { LABEL_HOSTNAME, LABEL_SCHEDULABLE, PREFIX_KUBEVIRT_DEVICES } from '../../kubevirt/constants.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { duration, list, nodeReasons } from './target-pod-args.js';

function who(a: { namespace: string; pod: string }): string {
  return `Target pod ${a.namespace}/${a.pod}`;
}

/** Reasons of `kind` across the blocked nodes. */
function reasonsOfKind<K extends PlacementReason['kind']>(a: UnschedulableArgs, kind: K): { node: string; reason: Extract<PlacementReason, { kind: K }> }[] {
  return (a.nodes ?? []).flatMap((n) => n.reasons.filter((x): x is Extract<PlacementReason, { kind: K }> => x.kind === kind).map((reason) => ({ node: n.name, reason })));
}

function unschedulableSummary(a: UnschedulableArgs): string {
  const source = a.sourceNode ?? 'the source node';
  const nodes = nodeReasons(a.nodes ?? []);
  const detail = nodes ? ` (${nodes})` : '';
  const unbound = a.unboundClaims ?? [];
  let why: string;
  switch (a.cause) {
    case 'target-unschedulable-cpu': {
      const model = a.cpu?.model ?? '';
      const features = a.cpu?.features ?? [];
      const what = [model ? `CPU model ${model}` : 'CPU labels', features.length ? `${features.length} required CPU feature(s)` : ''].filter(Boolean).join(' and ');
      why = `no node other than ${source} offers the ${what} it selects${detail}`;
      break;
    }
    case 'target-unschedulable-node-selector':
      why = `its nodeSelector/node affinity matches no node but ${source}${detail}`;
      break;
    case 'target-unschedulable-resources':
      why = `no other node has enough ${list(a.resources ?? []) || 'resources'}${detail}`;
      break;
    case 'target-unschedulable-taints':
      why = `every other node is tainted, cordoned or not Ready${detail}`;
      break;
    case 'target-unschedulable-anti-affinity':
      why =
        a.candidates === 0
          ? `the cluster has no node other than ${source}, and KubeVirt's pod anti-affinity keeps the target off the source`
          : `pod anti-affinity leaves no node${detail}`;
      break;
    case 'target-unschedulable-storage':
      why = unbound.length ? `PVC ${list(unbound)} is not bound` : `its volumes cannot be reached from any node but ${source}${detail}`;
      break;
    case 'unknown':
    case undefined:
      why = 'and the evidence does not say why';
      break;
    default:
      return assertNever(a.cause);
  }
  let s = `${who(a)} is unschedulable: ${why}`;
  const fitting = a.fitting ?? [];
  if (fitting.length) s += `; the scheduler also rejects ${list(fitting)} for reasons not visible here (pods of other namespaces)`;
  if (!a.perNode && a.message) s += `; scheduler: "${a.message}"`;
  else if (a.cause === 'unknown' && a.message) s += `; scheduler: "${a.message}"`;
  if (a.nodesUnreadable) s += ` (nodes not readable, no per-node detail: ${a.nodesUnreadable})`;
  if (a.seconds !== undefined) s += ` — pending for ${duration(a.seconds)}`;
  return `${s}.`;
}

function unschedulableHint(a: UnschedulableArgs): string {
  const ns = a.namespace;
  const editVm = `kubectl edit vm ${a.vmi} -n ${ns}`;
  switch (a.cause) {
    case 'target-unschedulable-cpu': {
      const cpu = a.cpu;
      const common = cpu?.commonModels ?? [];
      const example = common.length ? ` (offered by every node: ${list(common.slice(-3), 3)})` : '';
      return cpu?.hostModel
        ? `host-model only migrates to nodes with the same host CPU model and features: set an explicit CPU model every node offers in spec.template.spec.domain.cpu.model${example} (${editVm}), then restart the VM; a node that should qualify may have stale node-labeller labels (restart virt-handler there)`
        : `choose a CPU model (and features) every node offers${example} in spec.template.spec.domain.cpu (${editVm}), then restart the VM`;
    }
    case 'target-unschedulable-node-selector': {
      const keys = reasonsOfKind(a, 'missing-label').map((x) => x.reason.key);
      if (keys.includes(LABEL_SCHEDULABLE)) {
        return `nodes without ${LABEL_SCHEDULABLE}=true have no working virt-handler: check the virt-handler pods (kubectl get pods -A -l kubevirt.io=virt-handler -o wide)`;
      }
      if (keys.includes(LABEL_HOSTNAME) || a.hostnamePin !== undefined) return `the VM is pinned to one node with ${LABEL_HOSTNAME} in its nodeSelector: remove the pin (${editVm}) to let it migrate`;
      return `relax the VM's nodeSelector/affinity (${editVm}) or label a target node: kubectl label node <node> ${keys[0] ?? '<key>'}=<value>`;
    }
    case 'target-unschedulable-resources': {
      const res = a.resources ?? [];
      if (res.some((x) => x.startsWith(PREFIX_KUBEVIRT_DEVICES))) {
        return `the other node(s) do not advertise ${list(res.filter((x) => x.startsWith(PREFIX_KUBEVIRT_DEVICES)))}: check /dev/kvm (virtualization enabled) and the virt-handler pod on them (kubectl get pods -A -l kubevirt.io=virt-handler -o wide)`;
      }
      const unoffered = a.unoffered ?? [];
      if (unoffered.length) {
        return `no node other than ${a.sourceNode ?? 'the source'} offers ${list(unoffered)} (status.allocatable): the VM cannot migrate until another node has it (install the device and its device plugin there, and for KubeVirt devices list it in permittedHostDevices), or remove the device from the VM (${editVm}) and restart it`;
      }
      return `free ${list(res) || 'resources'} on a candidate node (kubectl describe node <node>, "Allocated resources"), or lower the VM's requests`;
    }
    case 'target-unschedulable-taints': {
      const tainted = reasonsOfKind(a, 'taint')[0];
      const cordoned = reasonsOfKind(a, 'unschedulable')[0]?.node;
      const fixes: string[] = [];
      if (cordoned) fixes.push(`uncordon ${cordoned} (kubectl uncordon ${cordoned})`);
      if (tainted) {
        const t = tainted.reason;
        const spec = `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
        fixes.push(`remove the taint from ${tainted.node} (kubectl taint nodes ${tainted.node} ${spec}-) or add a matching toleration to the VM (${editVm})`);
      }
      if (fixes.length) return fixes.join(', or ');
      if (reasonsOfKind(a, 'not-ready').length > 0) return `bring a candidate node back to Ready (kubectl describe node ${reasonsOfKind(a, 'not-ready')[0]?.node ?? '<node>'})`;
      return "find the taints (kubectl describe nodes | grep -A3 Taints), then remove one (kubectl taint nodes <node> <key>:<effect>-), uncordon the node (kubectl uncordon <node>) or add a toleration to the VM";
    }
    case 'target-unschedulable-anti-affinity': {
      const pods = [...new Set(reasonsOfKind(a, 'anti-affinity').map((x) => x.reason.pod))];
      if (pods.length) return `a leftover pod of this VMI holds the other node: kubectl delete pod -n ${ns} ${pods.join(' ')}`;
      if (a.candidates === 0) return 'live migration needs a second node that can run VMs: add one';
      return `review the VM's required pod anti-affinity (${editVm})`;
    }
    case 'target-unschedulable-storage':
      return a.unboundClaims?.length
        ? `find out why the PVC is not bound: kubectl describe pvc -n ${ns} ${a.unboundClaims.join(' ')}`
        : 'the volume lives on the source node only: move the disk to shared (ReadWriteMany) storage, or stop the VM instead of migrating it';
    case 'unknown':
    case undefined:
      return `kubectl describe pod -n ${ns} ${a.pod}`;
    default:
      return assertNever(a.cause);
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
        return `The migration is ${a.phase}; its target pod is no longer scheduled.`;
      case 'decentralized':
        return `Decentralized migration (${a.phase}): no target pod is scheduled in this step.`;
      case 'pods-unreadable':
        return 'Pods are not readable: the target pod cannot be checked.';
      case 'no-target-pod':
        if (r.status === 'warn') return `Migration ${a.phase}, so virt-controller created its target pod, but no pod of this VMI carries the migration's label (kubevirt.io/migrationJobUID): it was deleted, or the dump lacks it.`;
        return `No target pod yet (migration ${a.phase}).`;
      case 'scheduled':
        return `${a.pod ? `Target pod ${a.pod}` : 'The target pod'} was scheduled${a.node ? ` on ${a.node}` : ''}.`;
      case 'gated':
        return `${who(a)} is held back by scheduling gates (PodScheduled=False, SchedulingGated).`;
      case 'waiting':
        if (r.status === 'warn' || r.status === 'unknown') {
          return `${who(a)} is not scheduled and no scheduler verdict was found${a.seconds !== null ? ` in ${duration(a.seconds)}` : ''} (no PodScheduled condition, no FailedScheduling event): the scheduler may not see it (schedulerName, a scheduling gate) or the evidence is missing.`;
        }
        return `${who(a)} waits for the scheduler${a.seconds !== null ? ` (${duration(a.seconds)})` : ''}.`;
      case 'host-model-event': {
        const what = a.model ? ` (model ${a.model}${a.features.length > 0 ? `, features ${a.features.join(', ')}` : ''})` : a.features.length > 0 ? ` (features ${a.features.join(', ')})` : '';
        return `KubeVirt found no node for the VMI's host-model CPU${what}: NoSuitableNodesForHostModelMigration${a.message ? ` "${a.message}"` : ''}; no target pod can be placed.`;
      }
      case 'unschedulable':
        return unschedulableSummary(a);
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'host-model-event':
        return `give ${a.vmi} a CPU model every node offers (spec.domain.cpu.model: a named model instead of host-model), or add nodes with the source's CPU; compare the nodes' host-model labels: kubectl get nodes --show-labels | tr , '\\n' | grep host-model-cpu`;
      case 'unschedulable':
        return unschedulableHint(a);
      case 'gated':
        return `see which gate holds it: kubectl get pod -n ${a.namespace} ${a.pod} -o jsonpath='{.spec.schedulingGates}'`;
      case 'no-migration':
      case 'final':
      case 'decentralized':
      case 'pods-unreadable':
      case 'no-target-pod':
      case 'scheduled':
        return undefined;
      case 'waiting':
        return r.status === 'info' ? undefined : `see what the scheduler says about it: kubectl describe pod -n ${a.namespace} ${a.pod}`;
      default:
        return assertNever(a);
    }
  },
};
