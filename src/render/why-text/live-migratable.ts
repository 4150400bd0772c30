// Prose of the live-migratable check (src/analyze/why/checks/live-migratable.ts).
import {
  REASON_CPU_MODE_NOT_MIGRATABLE,
  REASON_DISKS_NOT_MIGRATABLE,
  REASON_INTERFACE_NOT_MIGRATABLE,
} from '../../kubevirt/constants.js';
import { assertNever } from '../assert-never.js';
import { deviceMoveHint } from '../device-move.js';
import type { CheckText } from './check-text.js';

/** The usual fix per KubeVirt reason (docs/kubevirt/live-migratable-by-version.md §2); other reasons get the generic advice. HostDeviceNotLiveMigratable: from the nodes (device-move.ts). */
const FIX: Record<string, string> = {
  [REASON_DISKS_NOT_MIGRATABLE]: 'give every PVC/DataVolume the ReadWriteMany access mode (often on the same StorageClass with volumeMode: Block; check-migratable reads its StorageProfile)',
  [REASON_INTERFACE_NOT_MIGRATABLE]: 'connect the pod network with masquerade (or bridge plus the kubevirt.io/allow-pod-bridge-network-live-migration annotation)',
  [REASON_CPU_MODE_NOT_MIGRATABLE]: 'set an explicit CPU model instead of host-model, or fix the node labeller on this node',
};

export const liveMigratableText: CheckText<'live-migratable'> = {
  title: 'KubeVirt reports LiveMigratable',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-migratable':
        return `KubeVirt reports LiveMigratable=False for VMI ${a.vmi}: ${a.reason}${a.message ? `: ${a.message}` : ''}.`;
      case 'no-condition':
        return `VMI ${a.vmi} has no LiveMigratable condition yet (virt-handler has not evaluated it).`;
      case 'no-vmi':
        return 'No VMI to ask.';
      case 'migratable':
        return `KubeVirt reports LiveMigratable=${a.status || 'True'} for VMI ${a.vmi}.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-migratable': {
        const fix = a.move ? deviceMoveHint(a.move, 'the host devices / GPUs from the VM') : FIX[a.reason];
        const all = `kubectl vmigrate check-migratable ${a.vmi} -n ${a.namespace} lists every reason`;
        return fix ? `${fix}; ${all}` : `${all} and how to fix it`;
      }
      case 'no-condition':
      case 'no-vmi':
      case 'migratable':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
