// A VMI's migrations, as every command finds them. Pure.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { newestFirst } from '../../kube/time.js';
import { LABEL_VMI_NAME } from '../../kubevirt/constants.js';
import { itemsWhere } from '../lookup.js';

/** This VMI's migrations, newest first: label kubevirt.io/vmi-name, else spec.vmiName. */
export function migrationsOfVmi(all: VirtualMachineInstanceMigration[], namespace: string, vmiName: string): VirtualMachineInstanceMigration[] {
  const vmiOf = (m: VirtualMachineInstanceMigration) => {
    const name = m.metadata.labels?.[LABEL_VMI_NAME] ?? m.spec?.vmiName;
    return m.metadata.namespace === undefined || name === undefined ? undefined : `${m.metadata.namespace}/${name}`;
  };
  return newestFirst([...itemsWhere(all, 'vmi', vmiOf, `${namespace}/${vmiName}`)]);
}
