// Where KubeVirt lets a virt-launcher pod run, as far as the VM's own placement goes (KubeVirt
// pkg/virt-controller/services/nodeselectorrenderer.go): `kubevirt.io/schedulable=true`, the
// architecture, the KubeVirt CR's `developerConfiguration.nodeSelectors`, then the VMI's
// `spec.nodeSelector` (VMI wins), and the VMI's required node affinity. CPU-model, TSC and device
// selectors are left to their own checks.
import type { KubeVirt, Node, VmiSpec } from '../../kube/types.js';
import { LABEL_ARCH, LABEL_SCHEDULABLE } from '../../kubevirt/constants.js';
import { matchesNodeSelector } from './node-selector.js';
import { matchesRequiredNodeAffinity } from './node-affinity.js';

/** virt-handler labels the nodes it serves; every launcher pod selects on it. */
export function isKubeVirtSchedulable(node: Node): boolean {
  return node.metadata.labels?.[LABEL_SCHEDULABLE] === 'true';
}

export function launcherNodeSelector(spec: VmiSpec, kubevirt?: KubeVirt): Record<string, string> {
  const selector: Record<string, string> = { [LABEL_SCHEDULABLE]: 'true' };
  if (spec.architecture) selector[LABEL_ARCH] = spec.architecture.toLowerCase();
  Object.assign(selector, kubevirt?.spec?.configuration?.developerConfiguration?.nodeSelectors ?? {}, spec.nodeSelector ?? {});
  return selector;
}

/** Does the node satisfy the launcher nodeSelector and the VMI's required node affinity? */
export function matchesLauncherPlacement(node: Node, spec: VmiSpec, kubevirt?: KubeVirt): boolean {
  return (
    matchesNodeSelector(node.metadata.labels, launcherNodeSelector(spec, kubevirt)) &&
    matchesRequiredNodeAffinity(node, spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution)
  );
}
