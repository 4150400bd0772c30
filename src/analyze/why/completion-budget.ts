// How long KubeVirt lets a migration run before it aborts it
// (pkg/virt-launcher/virtwrap/live-migration-source.go; `getVMIMigrationDataSize` in
// pkg/virt-launcher/virtwrap/manager.go): completionTimeoutPerGiB × data size, the size being guest
// memory (spec.domain.memory.guest, else resources.requests.memory) plus copied disks, rounded UP
// to whole GB (10^9 bytes, `ScaledValue(Giga)`).
// The disks of a volume migration (VMI status.migratedVolumes) count from v1.7.2 only: for each
// source claim min(requests.storage, capacity.storage), an entry lacking either counting 0
// (pkg/storage/types GetTotalSizeMigratedVolumes; before v1.7.2 the sum found nothing,
// docs/kubevirt/migration-kinds.md §3.7). Ephemeral local disks of a block migration also count,
// and their size is not known here: then the budget is a lower bound.
import { parseQuantity } from '../../kube/quantity.js';
import type { MigrationConfiguration, VirtualMachineInstance } from '../../kube/types.js';
import { MIGRATION_METHOD_BLOCK } from '../../kubevirt/constants.js';
import { SINCE } from '../../kubevirt/migration-kinds.js';
import { atLeast, type KubeVirtVersion } from '../../kubevirt/version.js';
import { migratedVolumes } from '../migration/kind.js';

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
  /**
   * A volume migration's disks: how many `migratedVolumes` entries, the bytes KubeVirt v1.7.2+ adds
   * for them, and whether this version adds them (`null`: the version is not known, so they are
   * left out and the budget is a lower bound).
   */
  migratedVolumes?: { count: number; bytes: number; counted: boolean | null };
}

export function guestMemory(vmi: VirtualMachineInstance | undefined): Pick<CompletionBudget, 'memoryBytes' | 'memoryField'> | undefined {
  const domain = vmi?.spec?.domain;
  const guest = parseQuantity(domain?.memory?.guest);
  if (guest !== undefined && guest > 0) return { memoryBytes: guest, memoryField: 'spec.domain.memory.guest' };
  const requested = parseQuantity(domain?.resources?.requests?.memory);
  if (requested !== undefined && requested > 0) return { memoryBytes: requested, memoryField: 'spec.domain.resources.requests.memory' };
  return undefined;
}

export function completionBudget(vmi: VirtualMachineInstance | undefined, config: MigrationConfiguration, version?: KubeVirtVersion): CompletionBudget | undefined {
  const memory = guestMemory(vmi);
  const perGiB = config.completionTimeoutPerGiB;
  if (!memory || perGiB === undefined) return undefined;
  const volumes = migratedVolumeBytes(vmi, version);
  const sizeGB = Math.ceil((memory.memoryBytes + (volumes?.counted ? volumes.bytes : 0)) / 1e9);
  return {
    ...memory,
    sizeGB,
    completionTimeoutPerGiB: perGiB,
    seconds: perGiB * sizeGB,
    lowerBound: vmi?.status?.migrationMethod === MIGRATION_METHOD_BLOCK,
    ...(volumes ? { migratedVolumes: volumes } : {}),
  };
}

/** The migrated volumes' share of the size, as the version counts it; undefined when none move. */
function migratedVolumeBytes(vmi: VirtualMachineInstance | undefined, version: KubeVirtVersion | undefined): CompletionBudget['migratedVolumes'] {
  const list = migratedVolumes(vmi);
  if (list.length === 0) return undefined;
  const { major, minor, patch } = SINCE.budgetCountsMigratedVolumes;
  const counted = atLeast(version, major, minor, patch) ?? null;
  let bytes = 0;
  for (const v of list) {
    const info = v.sourcePVCInfo;
    const requested = parseQuantity(info?.requests?.storage);
    const capacity = parseQuantity(info?.capacity?.storage);
    if (requested !== undefined && capacity !== undefined) bytes += Math.min(requested, capacity);
  }
  return { count: list.length, bytes, counted };
}
