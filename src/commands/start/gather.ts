// What `start`'s pre-flight reads, in two rounds of concurrent requests: NAME (VM, VMI) with
// every list why reads (migrations and target pods cluster-wide for the slots, launcher pods,
// quotas, nodes, storage, the KubeVirt CR) and the three storage lists check-migratable's rules
// add; then, when NAME was a migration, its VMI. No launcher log is read.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { getOptional, listKnown } from '../../collect/gather.js';
import { unknownList, type GatherError } from '../../kube/known.js';
import type { ClusterFacts } from '../../analyze/migratability/rule.js';
import { clusterFacts } from '../../analyze/migratability/cluster-facts.js';
import type { WhyInputs } from '../../analyze/why/context.js';
import type { DataVolume, StorageClass, StorageProfile, VirtualMachine, VirtualMachineInstance } from '../../kube/types.js';
import { readWhyLists, WHY_PAGE_SIZE } from '../why/gather.js';

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
    readWhyLists(source, namespace, errors, { pageSize: WHY_PAGE_SIZE }),
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
    listKnown<DataVolume>(source, 'datavolume', { namespace }, errors),
    listKnown<StorageProfile>(source, 'storageprofile', {}, errors),
  ]);

  // NAME resolution (contract §2): a VMIM name (start a new migration of its VMI), else a VMI, else a VM.
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

  const inputs: StartGathered['inputs'] = {
    ...lists,
    now: source.now(),
    namespace,
    requested: { name, resolvedAs },
    ...(vmi ? { vmi } : {}),
    ...(vm ? { vm } : {}),
    namespaceObject: unknownList('not read by start'),
    sourceLog: { ok: false, reason: 'not read by start' },
  };
  const facts = clusterFacts({ ...lists, storageClasses, dataVolumes, storageProfiles });
  return { inputs, facts, errors };
}
