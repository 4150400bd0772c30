// What `start`'s pre-flight reads, in two rounds of concurrent requests: NAME (VM, VMI) with
// the lists its checks read (migrations and target pods cluster-wide for the slots, launcher
// pods, quotas, nodes, storage, the KubeVirt CR) and the three storage lists check-migratable's
// rules add; then, when NAME was a migration, its VMI. No launcher log is read.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { getOptional, listKnown, mergeKnown } from '../../collect/gather.js';
import { known, unknownList, type GatherError, type Known } from '../../kube/known.js';
import type { ClusterFacts } from '../../analyze/migratability/rule.js';
import { clusterFacts } from '../../analyze/migratability/cluster-facts.js';
import type { WhyInputs } from '../../analyze/why/context.js';
import type {
  DataVolume,
  KubeEvent,
  KubeVirt,
  MigrationPolicy,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  StorageClass,
  StorageProfile,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import { LABEL_APP, LABEL_APP_LAUNCHER, LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';

export interface StartGathered {
  /** WhyInputs without a migration: preflightContext adds the planned one. */
  inputs: Omit<WhyInputs, 'namedMigration'>;
  facts: ClusterFacts;
  errors: GatherError[];
}

export async function gatherForStart(source: ClusterSource, namespace: string, name: string): Promise<StartGathered> {
  const errors: GatherError[] = [];
  const [vmiByName, vmByName, lists, storageClasses, dataVolumes, storageProfiles] = await Promise.all([
    getOptional<VirtualMachineInstance>(source, 'vmi', namespace, name),
    getOptional<VirtualMachine>(source, 'vm', namespace, name),
    readStartLists(source, namespace, errors),
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
    listKnown<DataVolume>(source, 'datavolume', { namespace }, errors),
    listKnown<StorageProfile>(source, 'storageprofile', {}, errors),
  ]);

  // NAME resolution (docs/output.md): a VMIM name (start a new migration of its VMI), else a VMI, else a VM.
  let vmi = vmiByName;
  let vm = vmByName;
  let resolvedAs: WhyInputs['requested']['resolvedAs'];
  const named = lists.migrations.ok ? lists.migrations.items.find((m) => m.metadata.namespace === namespace && m.metadata.name === name) : undefined;
  if (named) {
    resolvedAs = 'VirtualMachineInstanceMigration';
    const vmiName = named.spec?.vmiName;
    if (vmiName && vmiName !== name) {
      [vmi, vm] = await Promise.all([
        getOptional<VirtualMachineInstance>(source, 'vmi', namespace, vmiName),
        getOptional<VirtualMachine>(source, 'vm', namespace, vmiName),
      ]);
    }
  } else if (vmiByName) resolvedAs = 'VirtualMachineInstance';
  else if (vmByName) resolvedAs = 'VirtualMachine';
  else {
    throw new SourceError(
      'NotFound',
      `Error from server (NotFound): no virtualmachineinstances, virtualmachines or virtualmachineinstancemigrations named "${name}" in namespace "${namespace}"`,
      'virtualmachineinstances.kubevirt.io',
      404,
    );
  }
  if (!vmi && !vm) {
    throw new SourceError('NotFound', `Error from server (NotFound): the VMI of migration "${name}" no longer exists in namespace "${namespace}"`, 'virtualmachineinstances.kubevirt.io', 404);
  }

  // One index for the pre-flight: its checks and its migratability rules read the same lists.
  const facts = clusterFacts({ ...lists, storageClasses, dataVolumes, storageProfiles });
  const inputs: StartGathered['inputs'] = {
    ...lists,
    now: source.now(),
    namespace,
    requested: { name, resolvedAs },
    ...(vmi ? { vmi } : {}),
    ...(vm ? { vm } : {}),
    namespaceObject: unknownList('not read by start'),
    sourceLog: { ok: false, reason: 'not read by start' },
    index: facts.index,
  };
  return { inputs, facts, errors };
}

type StartLists = Pick<WhyInputs, 'migrations' | 'pods' | 'events' | 'nodes' | 'quotas' | 'pvcs' | 'pvs' | 'kubevirt' | 'policies'>;

/** The VMIMs and target pods cluster-wide (the slots), the namespace's launcher pods, events, quotas and claims, every node and PV. */
async function readStartLists(source: ClusterSource, namespace: string, errors: GatherError[]): Promise<StartLists> {
  const [migrations, launcherPods, targetPods, events, nodes, quotas, pvcs, pvs, kubevirt, policies] = await Promise.all([
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors),
    listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}` }, errors),
    // Target pods cluster-wide: their kubevirt.io/nodeName label names the source node (outbound slots per node).
    listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID }, errors),
    listKnown<KubeEvent>(source, 'event', { namespace }, errors),
    listKnown<Node>(source, 'node', {}, errors),
    listKnown<ResourceQuota>(source, 'resourcequota', { namespace }, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', { namespace }, errors),
    listKnown<PersistentVolume>(source, 'pv', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
  ]);
  // The target pods are known even when the namespace's launcher pods are not (a failed list stays failed).
  const pods: Known<Pod> = launcherPods.ok ? mergeKnown(launcherPods, targetPods.ok ? targetPods : known([])) : launcherPods;
  return { migrations, pods, events, nodes, quotas, pvcs, pvs, kubevirt, policies };
}
