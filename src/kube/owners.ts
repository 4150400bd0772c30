// The VM behind a VMI: the VMI's ownerReference of kind VirtualMachine (the VM controller sets
// it). A dump may hold ownerReferences that are not a list (`null`, a string): no owner then.
import type { KubeObject } from './types.js';

type OwnerReference = NonNullable<KubeObject['metadata']['ownerReferences']>[number];

/** The VMI's ownerReference of kind VirtualMachine. */
export function vmOwnerOf(vmi: KubeObject | undefined): OwnerReference | undefined {
  const refs = vmi?.metadata.ownerReferences;
  return Array.isArray(refs) ? refs.find((o) => o?.kind === 'VirtualMachine') : undefined;
}

/** The VM's name: the VM read, else the VMI's owner. */
export function vmNameOf(vmi: KubeObject | undefined, vm?: KubeObject): string | undefined {
  return vm?.metadata.name ?? vmOwnerOf(vmi)?.name;
}
