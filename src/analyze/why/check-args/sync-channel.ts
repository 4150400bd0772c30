// The args of the sync-channel check (checks/sync-channel.ts), for render/why-text/sync-channel.ts. Types only.
import type { HalfKind } from '../../decentralized/half.js';

export type Side = 'local' | 'peer';

/** One cluster's end of the channel. */
export interface ChannelEnd {
  /** The peer's kubeconfig context or snapshot; unset for the cluster diagnosed. */
  name?: string;
  version?: string;
  /** DecentralizedLiveMigration listed in the KubeVirt CR; unset when the CR was not read. */
  gate?: boolean;
  /** KubeVirt CR status.synchronizationAddresses. */
  addresses: string[];
  /** The sync controller's failure condition on this side's VMI or VMIM (v1.8+). */
  condition?: { kind: 'VirtualMachineInstance' | 'VirtualMachineInstanceMigration'; name: string; message: string };
}

export type ChannelFinding =
  | { kind: 'ok' }
  /** A target half in WaitingForSync, nothing failed: the source has not pushed its state yet. */
  | { kind: 'waiting' }
  | { kind: 'gate-off'; side: Side }
  | { kind: 'unsupported'; side: Side; version: string }
  /** `side` wrote the error: its sync controller could not reach the other's address. */
  | { kind: 'unreachable'; side: Side; code: string; message: string; address?: string }
  | { kind: 'tls'; side: Side; message: string }
  /** The other cluster's "unable to locate" answer: the pairing check names it. */
  | { kind: 'peer-missing'; side: Side }
  | { kind: 'error'; side: Side; message: string }
  /** A v1.6 installation against a v1.7+ one: no CancelMigration, deleting one VMIM leaves the other half. */
  | { kind: 'version-skew'; older: Side; versions: [string, string] }
  /** The sync controller advertises no address (no leader, pod gone, gate just enabled). */
  | { kind: 'no-address'; side: Side }
  /** spec.sendTo.connectURL is none of the addresses the receiving KubeVirt advertises. */
  | { kind: 'address-mismatch'; connectURL: string; advertised: string[] }
  /** Before v1.8 a failing sync shows only in virt-synchronization-controller's log. */
  | { kind: 'silent'; version: string; seconds: number }
  /** The far end was not read (no --peer-context). */
  | { kind: 'peer-not-read' };

export type SyncChannelArgs =
  | { kind: 'not-decentralized' }
  | { kind: 'as-peer' }
  | { kind: 'channel'; half: HalfKind; phase: string; connectURL?: string; local: ChannelEnd; peer?: ChannelEnd; finding: ChannelFinding };
