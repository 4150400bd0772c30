// What `abort` reads, in one round (plus one GET when NAME was a migration of another name):
// NAME as a VMIM, a VMI and a VM, the namespace's migrations for the VMI's history, and the
// KubeVirt CR (its version and settings say whether and how an evacuation or workload update
// re-creates what is cancelled; unreadable, those warnings say less). run.ts GETs the node of an
// evacuation.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { getOptional, listKnown } from '../../collect/gather.js';
import type { GatherError } from '../../kube/known.js';
import type { KubeVirt, VirtualMachine, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';

export interface AbortGathered {
  namespace: string;
  resolvedAs: 'VirtualMachineInstanceMigration' | 'VirtualMachineInstance' | 'VirtualMachine';
  named?: VirtualMachineInstanceMigration;
  vmi?: VirtualMachineInstance;
  vm?: VirtualMachine;
  migrations: VirtualMachineInstanceMigration[];
  kubevirt?: KubeVirt;
  /** Reads that failed without deciding the abort (the KubeVirt CR): errors[] of the document. */
  errors: GatherError[];
}

export async function gatherForAbort(source: ClusterSource, namespace: string, name: string): Promise<AbortGathered> {
  const errors: GatherError[] = [];
  const [named, vmiByName, vmByName, migrations, kubevirts] = await Promise.all([
    getOptional<VirtualMachineInstanceMigration>(source, 'vmim', namespace, name),
    getOptional<VirtualMachineInstance>(source, 'vmi', namespace, name),
    getOptional<VirtualMachine>(source, 'vm', namespace, name),
    // The history is needed to find the in-flight one: a failed list is fatal here (exit 3).
    source.list<VirtualMachineInstanceMigration>('vmim', { namespace }),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
  ]);
  const cr = kubevirts.ok ? kubevirts.items[0] : undefined;
  const kubevirt = { errors, ...(cr ? { kubevirt: cr } : {}) };
  if (named) {
    const vmiName = named.spec?.vmiName;
    const vmi = vmiName === name ? vmiByName : vmiName ? await getOptional<VirtualMachineInstance>(source, 'vmi', namespace, vmiName) : undefined;
    return { namespace, resolvedAs: 'VirtualMachineInstanceMigration', named, ...(vmi ? { vmi } : {}), migrations, ...kubevirt };
  }
  if (vmiByName) return { namespace, resolvedAs: 'VirtualMachineInstance', vmi: vmiByName, ...(vmByName ? { vm: vmByName } : {}), migrations, ...kubevirt };
  if (vmByName) return { namespace, resolvedAs: 'VirtualMachine', vm: vmByName, migrations, ...kubevirt };
  throw new SourceError(
    'NotFound',
    `Error from server (NotFound): no virtualmachineinstancemigrations, virtualmachineinstances or virtualmachines named "${name}" in namespace "${namespace}"`,
    'virtualmachineinstancemigrations.kubevirt.io',
    404,
  );
}
