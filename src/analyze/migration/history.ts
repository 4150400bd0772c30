// A VMI's migrations, as every command finds them. Pure.
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { newestFirst } from '../../kube/time.js';
import { LABEL_VMI_NAME } from '../../kubevirt/constants.js';
import type { ListKey, ObjectIndex } from '../object-index.js';

/** VMIMs by `namespace/vmi`: label kubevirt.io/vmi-name, else spec.vmiName. */
const BY_VMI: ListKey<VirtualMachineInstanceMigration> = {
  name: 'namespace/vmi',
  of: (m) => {
    const name = m.metadata.labels?.[LABEL_VMI_NAME] ?? m.spec?.vmiName;
    return m.metadata.namespace === undefined || name === undefined ? undefined : `${m.metadata.namespace}/${name}`;
  },
};

/** This VMI's migrations, newest first: label kubevirt.io/vmi-name, else spec.vmiName. */
export function migrationsOfVmi(index: ObjectIndex, all: readonly VirtualMachineInstanceMigration[], namespace: string, vmiName: string): VirtualMachineInstanceMigration[] {
  return newestFirst([...index.where(all, BY_VMI, `${namespace}/${vmiName}`)]);
}
