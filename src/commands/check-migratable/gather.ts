// Everything check-migratable reads, fetched up front and in parallel: a constant number of
// list requests whatever the number of VMs.
import type { ClusterSource } from '../../collect/source.js';
import { SourceError } from '../../collect/source.js';
import { initialErrors, listKnown } from '../../collect/gather.js';
import { notFoundError } from '../../collect/not-found.js';
import { known, type GatherError, type Known } from '../../kube/known.js';
import { FailureError } from '../../cmdutil/errors.js';
import { RESOURCES, qualifiedName } from '../../kube/resources.js';
import type {
  DataVolume,
  KubeVirt,
  Node,
  Pod,
  ResourceQuota,
  VirtualMachineInstanceMigration,
  PersistentVolume,
  PersistentVolumeClaim,
  StorageClass,
  StorageProfile,
  VirtualMachine,
  VirtualMachineInstance,
} from '../../kube/types.js';
import type { ClusterFacts } from '../../analyze/migratability/rule.js';
import { clusterFacts } from '../../analyze/migratability/cluster-facts.js';
import type { DrainInputs } from '../../analyze/migratability/drain-preflight.js';
import { LABEL_APP, LABEL_APP_LAUNCHER, LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { vmView } from './views/vm.js';
import { vmiView } from './views/vmi.js';
import { pvcView } from './views/pvc.js';
import { dataVolumeView } from './views/datavolume.js';
import { pvView } from './views/pv.js';
import { nodeView } from './views/node.js';

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
  /** With `--node`: what start's pre-flight reads besides the facts. */
  drain?: DrainInputs;
  errors: GatherError[];
  /** The namespace listed; undefined: every namespace. */
  namespace?: string;
}

export async function gatherForCheck(source: ClusterSource, scope: CheckScope): Promise<GatheredForCheck> {
  const errors = initialErrors(source);
  const ns = { namespace: scope.namespace };
  const sel = { namespace: scope.namespace, labelSelector: scope.labelSelector };
  // The lists that grow with the cluster keep only what is read of each item (./views).
  const [vms, vmis, pvcs, dataVolumes, pvs, storageClasses, storageProfiles, nodes, kubevirt, drain] = await Promise.all([
    listKnown<VirtualMachine>(source, 'vm', { ...sel, select: vmView }, errors),
    listKnown<VirtualMachineInstance>(source, 'vmi', { ...sel, select: vmiView }, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', { ...ns, select: pvcView }, errors),
    listKnown<DataVolume>(source, 'datavolume', { ...ns, select: dataVolumeView }, errors),
    listKnown<PersistentVolume>(source, 'pv', { select: pvView }, errors),
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
    listKnown<StorageProfile>(source, 'storageprofile', {}, errors),
    listKnown<Node>(source, 'node', { select: nodeView }, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    scope.node === undefined ? undefined : gatherForDrain(source, scope.node, scope.namespace, errors),
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
  return { vms: vmList, vmis: vmiList, facts, ...(drain ? { drain } : {}), errors, ...(scope.namespace !== undefined ? { namespace: scope.namespace } : {}) };
}

/**
 * The drain preview's pre-flight lists (same requests whatever the number of VMs): every VMIM,
 * the launcher pods on the node, every migration target pod (slots count per source node), the
 * quotas in scope.
 */
async function gatherForDrain(source: ClusterSource, node: string, namespace: string | undefined, errors: GatherError[]): Promise<DrainInputs> {
  const [migrations, launcherPods, targetPods, quotas] = await Promise.all([
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors),
    listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}`, fieldSelector: `spec.nodeName=${node}` }, errors),
    listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID }, errors),
    listKnown<ResourceQuota>(source, 'resourcequota', { namespace }, errors),
  ]);
  return { now: source.now(), migrations, pods: mergePods(launcherPods, targetPods), quotas };
}

/** The node's launcher pods and the target pods as one list (a pod in both once). */
function mergePods(a: Known<Pod>, b: Known<Pod>): Known<Pod> {
  if (!a.ok) return a;
  const key = (p: Pod) => p.metadata.uid ?? `${p.metadata.namespace}/${p.metadata.name}`;
  const seen = new Set(a.items.map(key));
  return known([...a.items, ...(b.ok ? b.items.filter((p) => !seen.has(key(p))) : [])]);
}
