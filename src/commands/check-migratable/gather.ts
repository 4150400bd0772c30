// Everything check-migratable reads, fetched up front and in parallel: a constant number of
// list requests whatever the number of VMs.
import type { ClusterSource } from '../../collect/source.js';
import { SourceError } from '../../collect/source.js';
import { initialErrors, listKnown } from '../../collect/gather.js';
import { notFoundError } from '../../collect/not-found.js';
import type { GatherError } from '../../kube/known.js';
import { FailureError } from '../../cmdutil/errors.js';
import { RESOURCES, qualifiedName } from '../../kube/resources.js';
import type {
  DataVolume,
  KubeVirt,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  StorageClass,
  StorageProfile,
  VirtualMachine,
  VirtualMachineInstance,
} from '../../kube/types.js';
import type { ClusterFacts } from '../../analyze/migratability/rule.js';
import { clusterFacts } from '../../analyze/migratability/cluster-facts.js';

export interface CheckScope {
  /** undefined = all namespaces. */
  namespace?: string;
  labelSelector?: string;
  names: string[];
  node?: string;
}

export interface GatheredForCheck {
  vms: VirtualMachine[];
  vmis: VirtualMachineInstance[];
  facts: ClusterFacts;
  errors: GatherError[];
  /** The namespace listed; undefined: every namespace. */
  namespace?: string;
}

export async function gatherForCheck(source: ClusterSource, scope: CheckScope): Promise<GatheredForCheck> {
  const errors = initialErrors(source);
  const ns = { namespace: scope.namespace };
  const sel = { namespace: scope.namespace, labelSelector: scope.labelSelector };
  const [vms, vmis, pvcs, dataVolumes, pvs, storageClasses, storageProfiles, nodes, kubevirt] = await Promise.all([
    listKnown<VirtualMachine>(source, 'vm', sel, errors),
    listKnown<VirtualMachineInstance>(source, 'vmi', sel, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', ns, errors),
    listKnown<DataVolume>(source, 'datavolume', ns, errors),
    listKnown<PersistentVolume>(source, 'pv', {}, errors),
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
    listKnown<StorageProfile>(source, 'storageprofile', {}, errors),
    listKnown<Node>(source, 'node', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
  ]);
  if (!vms.ok && !vmis.ok) {
    throw new FailureError(errors[0]?.message ?? 'error: cannot list virtual machines or virtual machine instances');
  }
  const facts = clusterFacts({ nodes, pvcs, pvs, storageClasses, dataVolumes, storageProfiles, kubevirt });
  let vmList = vms.ok ? vms.items : [];
  let vmiList = vmis.ok ? vmis.items : [];

  if (scope.node !== undefined) {
    if (nodes.ok && !nodes.items.some((n) => n.metadata.name === scope.node)) {
      throw await notFoundError(source, { resources: ['node'], name: scope.node, liveLine: `Error from server (NotFound): nodes "${scope.node}" not found`, resource: 'nodes' });
    }
    vmiList = vmiList.filter((v) => v.status?.nodeName === scope.node);
    const onNode = new Set(vmiList.map((v) => `${v.metadata.namespace}/${v.metadata.name}`));
    vmList = vmList.filter((v) => onNode.has(`${v.metadata.namespace}/${v.metadata.name}`));
  }
  if (scope.names.length > 0) {
    const wanted = new Set(scope.names);
    vmList = vmList.filter((v) => wanted.has(v.metadata.name ?? ''));
    vmiList = vmiList.filter((v) => wanted.has(v.metadata.name ?? ''));
    const found = new Set([...vmList, ...vmiList].map((o) => o.metadata.name));
    const missing = scope.names.find((n) => !found.has(n));
    if (missing !== undefined) {
      const res = qualifiedName(RESOURCES[vms.ok ? 'vm' : 'vmi']);
      throw await notFoundError(source, {
        resources: ['vm', 'vmi'],
        name: missing,
        ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}),
        liveLine: `Error from server (NotFound): ${res} "${missing}" not found`,
        resource: res,
      });
    }
  }
  return { vms: vmList, vmis: vmiList, facts, errors, ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}) };
}
