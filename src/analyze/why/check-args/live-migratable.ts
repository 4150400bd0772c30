// The args of the live-migratable check (checks/live-migratable.ts), for render/why-text/live-migratable.ts. Types only.
import type { DeviceMove } from '../../scheduling/device-nodes.js';

/** KubeVirt's LiveMigratable condition of the VMI, verbatim. */
export type LiveMigratableArgs =
  | { kind: 'no-vmi' }
  | { kind: 'no-condition'; vmi: string }
  | { kind: 'migratable'; vmi: string; status: string }
  | {
      kind: 'not-migratable';
      vmi: string;
      namespace: string;
      reason: string;
      message: string;
      /** For HostDeviceNotLiveMigratable: where the VM could be started instead (the fix). */
      move?: DeviceMove;
    };
