// Prose of the live-migratable check (src/analyze/why/checks/live-migratable.ts).
import {
  REASON_CPU_MODE_NOT_MIGRATABLE,
  REASON_DISKS_NOT_MIGRATABLE,
  REASON_HOST_DEVICE_NOT_MIGRATABLE,
  REASON_INTERFACE_NOT_MIGRATABLE,
} from '../../kubevirt/constants.js';
import type { CheckText } from './check-text.js';

/** The usual fix per KubeVirt reason (facts §2); other reasons get the generic advice. */
const FIX: Record<string, string> = {
  [REASON_DISKS_NOT_MIGRATABLE]: 'give every PVC/DataVolume the ReadWriteMany access mode (RWX storage class)',
  [REASON_INTERFACE_NOT_MIGRATABLE]: 'connect the pod network with masquerade (or bridge plus the kubevirt.io/allow-pod-bridge-network-live-migration annotation)',
  [REASON_CPU_MODE_NOT_MIGRATABLE]: 'set an explicit CPU model instead of host-model, or fix the node labeller on this node',
  [REASON_HOST_DEVICE_NOT_MIGRATABLE]: 'remove the host devices / GPUs, or stop the VM and start it on the other node',
};

export const liveMigratableText: CheckText<'live-migratable'> = {
  title: 'KubeVirt reports LiveMigratable',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-migratable':
        return `KubeVirt reports LiveMigratable=False for VMI ${String(a.vmi)}: ${String(a.reason)}${a.message ? `: ${String(a.message)}` : ''}.`;
      case 'no-condition':
        return `VMI ${String(a.vmi)} has no LiveMigratable condition yet (virt-handler has not evaluated it).`;
      case 'no-vmi':
        return 'No VMI to ask.';
      default:
        return `KubeVirt reports LiveMigratable=${String(a.status || 'True')} for VMI ${String(a.vmi)}.`;
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind !== 'not-migratable') return undefined;
    const fix = FIX[String(a.reason)];
    const all = `kubectl vmigrate check-migratable ${String(a.vmi)} -n ${String(a.namespace)} lists every reason`;
    return fix ? `${fix}; ${all}` : `${all} and how to fix it`;
  },
};
