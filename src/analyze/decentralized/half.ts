// Which half of a decentralized (cross-cluster) migration a VMIM is, how the two halves pair, and
// what each cluster's KubeVirt CR says about the synchronization channel (gate, addresses,
// version). Facts: docs/kubevirt/migration-kinds.md §1, §2.2, §2.3; strings in
// src/kubevirt/migration-kinds.ts. Pure.
import type { Condition, KubeVirt, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { GATE_DECENTRALIZED_LIVE_MIGRATION, SINCE, VMI_COND_DECENTRALIZED_FAILURE, VMIM_COND_DECENTRALIZED_BLOCKED } from '../../kubevirt/migration-kinds.js';
import { atLeast, versionOfKubeVirtCR, type KubeVirtVersion } from '../../kubevirt/version.js';
import { isFinal } from '../migration/phase.js';
import { decentralizedRole } from '../migration/kind.js';

/** status.synchronizationAddresses of a VMIM or KubeVirt CR (v1.6+, types.go); not in kube/types.ts. */
interface SyncAddressesView {
  status?: { synchronizationAddresses?: unknown };
}

export type HalfKind = NonNullable<ReturnType<typeof decentralizedRole>>;

export type DecentralizedHalf =
  | { kind: 'decentralized-source'; migrationID: string; connectURL: string }
  | { kind: 'decentralized-target'; migrationID: string };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The half (the kind classifier's decentralizedRole) with its pairing fields. */
export function decentralizedHalf(m: VirtualMachineInstanceMigration | undefined): DecentralizedHalf | undefined {
  const role = decentralizedRole(m);
  if (role === 'decentralized-source') return { kind: role, migrationID: str(m?.spec?.sendTo?.migrationID), connectURL: str(m?.spec?.sendTo?.connectURL) };
  if (role === 'decentralized-target') return { kind: role, migrationID: str(m?.spec?.receive?.migrationID) };
  return undefined;
}

/** The other half's kind. */
export function oppositeKind(kind: HalfKind): HalfKind {
  return kind === 'decentralized-source' ? 'decentralized-target' : 'decentralized-source';
}

/**
 * The peer VMIM among the other cluster's: the opposite half with the same migrationID (the sync
 * controllers index them so: byTargetMigrationID / bySourceMigrationID). Newest first when a
 * retried pair left several.
 */
export function pairedMigrations(half: DecentralizedHalf, peerMigrations: readonly VirtualMachineInstanceMigration[]): VirtualMachineInstanceMigration[] {
  const want = oppositeKind(half.kind);
  return peerMigrations.filter((m) => {
    const h = decentralizedHalf(m);
    return h?.kind === want && h.migrationID !== '' && h.migrationID === half.migrationID;
  });
}

/**
 * Opposite halves for the same VMI name with another migrationID that are not final: what a
 * mistyped or regenerated ID leaves (each sync controller then finds nothing).
 */
export function mismatchedMigrations(half: DecentralizedHalf, vmiName: string, peerMigrations: readonly VirtualMachineInstanceMigration[]): VirtualMachineInstanceMigration[] {
  const want = oppositeKind(half.kind);
  return peerMigrations.filter((m) => {
    const h = decentralizedHalf(m);
    return h?.kind === want && h.migrationID !== half.migrationID && m.spec?.vmiName === vmiName && !isFinal(m.status?.phase);
  });
}

/** `status.synchronizationAddresses` of a VMIM or a KubeVirt CR (`host:port` strings). */
export function synchronizationAddresses(o: { status?: unknown } | undefined): string[] {
  const raw = (o as SyncAddressesView | undefined)?.status?.synchronizationAddresses;
  return Array.isArray(raw) ? raw.filter((a): a is string => typeof a === 'string' && a !== '') : [];
}

/** What one cluster's KubeVirt installation says about decentralized migration. */
export interface ClusterSyncFacts {
  version?: KubeVirtVersion;
  /** The gate is listed (v1.6–v1.9 Alpha: must be); undefined without a KubeVirt CR. */
  gate?: boolean;
  /** The version has decentralized migration at all (v1.6+); undefined when the version is not known. */
  supported?: boolean;
  /** KubeVirt CR status.synchronizationAddresses: the leading sync controller's `ip:port`. */
  addresses: string[];
  /** The CR's name and namespace, for evidence. */
  cr?: { name: string; namespace: string };
}

export function clusterSyncFacts(cr: KubeVirt | undefined): ClusterSyncFacts {
  const version = versionOfKubeVirtCR(cr);
  if (!cr) return { addresses: [] };
  const gates = cr.spec?.configuration?.developerConfiguration?.featureGates;
  const supported = atLeast(version, SINCE.decentralized.major, SINCE.decentralized.minor);
  return {
    ...(version ? { version } : {}),
    gate: Array.isArray(gates) && gates.includes(GATE_DECENTRALIZED_LIVE_MIGRATION),
    ...(supported !== undefined ? { supported } : {}),
    addresses: synchronizationAddresses(cr),
    cr: { name: cr.metadata.name ?? '', namespace: cr.metadata.namespace ?? '' },
  };
}

/** The sync controller's failure condition on a VMI (v1.8+) or its mirror on the VMIM. */
export function syncFailureCondition(o: VirtualMachineInstance | VirtualMachineInstanceMigration | undefined): Condition | undefined {
  const conds = o?.status?.conditions;
  if (!Array.isArray(conds)) return undefined;
  return conds.find((c) => (c?.type === VMI_COND_DECENTRALIZED_FAILURE || c?.type === VMIM_COND_DECENTRALIZED_BLOCKED) && c.status === 'True');
}

/**
 * A source half's target pod runs in the other cluster (migration.go createTargetPod runs only
 * for the half that receives): none of this cluster's pods, quotas or slots can hold it.
 */
export function targetPodElsewhere(m: VirtualMachineInstanceMigration | undefined): boolean {
  return decentralizedHalf(m)?.kind === 'decentralized-source';
}

/**
 * `list --peer-context`: each local half's partner among the other cluster's VMIMs (by
 * migrationID), or that it has none there; undefined for a migration that is not a half.
 */
export function pairAcross(local: VirtualMachineInstanceMigration, peerMigrations: readonly VirtualMachineInstanceMigration[]): VirtualMachineInstanceMigration | null | undefined {
  const half = decentralizedHalf(local);
  if (!half) return undefined;
  return pairedMigrations(half, peerMigrations)[0] ?? null;
}

/**
 * The one version skew that matters between the two KubeVirt installations: v1.6 has no
 * CancelMigration RPC (v1.7+, SINCE.decentralizedCancel), so a v1.7+ peer's cancel fails with
 * Unimplemented. Which side is older, or undefined when both are on the same side of v1.7.
 * Used by why's sync-channel check and check-migratable's peer-version-skew rule alike.
 */
export function cancelSkew(local: KubeVirtVersion, peer: KubeVirtVersion): 'local' | 'peer' | undefined {
  const { major, minor } = SINCE.decentralizedCancel;
  const l = atLeast(local, major, minor);
  const p = atLeast(peer, major, minor);
  if (l === p) return undefined;
  return l ? 'peer' : 'local';
}
