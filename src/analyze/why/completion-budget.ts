// How long KubeVirt lets a migration run before it aborts it (facts §5.2):
// completionTimeoutPerGiB × data size, the size being guest memory (spec.domain.memory.guest, else
// resources.requests.memory) plus copied disks, rounded UP to whole GB (10^9 bytes, `ScaledValue(Giga)`).
// We only know the memory: for a block migration the real budget is larger (`lowerBound`).
import { parseQuantity } from '../../kube/quantity.js';
import type { MigrationConfiguration, VirtualMachineInstance } from '../../kube/types.js';
import { MIGRATION_METHOD_BLOCK } from '../../kubevirt/constants.js';

export interface CompletionBudget {
  memoryBytes: number;
  /** Where the memory size came from. */
  memoryField: 'spec.domain.memory.guest' | 'spec.domain.resources.requests.memory';
  /** The size KubeVirt multiplies by: whole GB (10^9), rounded up. */
  sizeGB: number;
  completionTimeoutPerGiB: number;
  seconds: number;
  /** Block migration: disks add to the size, so the real budget is longer. */
  lowerBound: boolean;
}

export function guestMemory(vmi: VirtualMachineInstance | undefined): Pick<CompletionBudget, 'memoryBytes' | 'memoryField'> | undefined {
  const domain = vmi?.spec?.domain;
  const guest = parseQuantity(domain?.memory?.guest);
  if (guest !== undefined && guest > 0) return { memoryBytes: guest, memoryField: 'spec.domain.memory.guest' };
  const requested = parseQuantity(domain?.resources?.requests?.memory);
  if (requested !== undefined && requested > 0) return { memoryBytes: requested, memoryField: 'spec.domain.resources.requests.memory' };
  return undefined;
}

export function completionBudget(vmi: VirtualMachineInstance | undefined, config: MigrationConfiguration): CompletionBudget | undefined {
  const memory = guestMemory(vmi);
  const perGiB = config.completionTimeoutPerGiB;
  if (!memory || perGiB === undefined) return undefined;
  const sizeGB = Math.ceil(memory.memoryBytes / 1e9);
  return {
    ...memory,
    sizeGB,
    completionTimeoutPerGiB: perGiB,
    seconds: perGiB * sizeGB,
    lowerBound: vmi?.status?.migrationMethod === MIGRATION_METHOD_BLOCK,
  };
}
