// Which log files of a snapshot are cluster components' (virt-controller, virt-handler, CNI
// daemons), and how much of them `why` reads. Dumps carry them (must-gather, support bundles,
// a log pasted into a report); a migration's refusal or a target pod's CNI failure is often
// written only there (harvester/harvester#7161: virt-controller's quota refusal; kube-ovn/kube-ovn#6220:
// the CNI ADD of the target pod failing).
import { COMPONENT_VIRT_CONTROLLER } from '../../kubevirt/constants.js';
import type { LogFileRef } from './pod-logs.js';

/**
 * Pod-name prefixes of the components, in reading order: KubeVirt's controller (one per cluster,
 * it writes why a target pod was not created), its node agents, then CNI daemons (a target pod
 * stuck in ContainerCreating).
 */
export const COMPONENT_POD_PREFIXES = [
  COMPONENT_VIRT_CONTROLLER,
  'virt-handler',
  'kube-ovn-cni',
  'kube-multus',
  'multus',
  'ovnkube-node',
  'calico-node',
  'cilium',
  'kube-flannel',
] as const;

/** At most this many files are read, each only its last COMPONENT_LOG_BYTES. */
export const MAX_COMPONENT_LOGS = 16;
export const COMPONENT_LOG_BYTES = 256 * 1024;
export const COMPONENT_LOG_LINES = 2000;

/** The component log files to read, most useful first, one ref per file. */
export function componentLogRefs(refs: Iterable<LogFileRef>): LogFileRef[] {
  const byPath = new Map<string, LogFileRef>();
  for (const r of refs) {
    const rank = COMPONENT_POD_PREFIXES.findIndex((p) => r.pod === p || r.pod.startsWith(`${p}-`));
    if (rank < 0 || /^previous/i.test(r.path.split('/').pop() ?? '')) continue;
    const seen = byPath.get(r.path);
    if (!seen || r.rank > seen.rank) byPath.set(r.path, r);
  }
  const order = (r: LogFileRef) => COMPONENT_POD_PREFIXES.findIndex((p) => r.pod === p || r.pod.startsWith(`${p}-`));
  return [...byPath.values()].sort((a, b) => order(a) - order(b) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)).slice(0, MAX_COMPONENT_LOGS);
}
