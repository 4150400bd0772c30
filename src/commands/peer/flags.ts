// `--peer-context NAME`, `--peer-kubeconfig PATH`, `--peer-from PATH` (why, check-migratable, list):
// the other cluster of a cross-cluster (decentralized) migration. Checked before any I/O.
import type { Command } from 'commander';
import { UsageError } from '../../cmdutil/errors.js';
import type { GlobalOptions } from '../../cmdutil/global-options.js';

/** A live cluster (a context, of --kubeconfig's file or of --peer-kubeconfig's), or a snapshot. */
export type PeerFlags = { live: { context?: string; kubeconfig?: string } } | { from: string };

export interface RawPeerFlags {
  peerContext?: string;
  peerKubeconfig?: string;
  peerFrom?: string;
}

/**
 * Live and offline do not mix: a snapshot of one cluster beside a live read of the other would
 * compare two moments, so `--from` pairs with `--peer-from` and a live read with `--peer-context`.
 */
export function parsePeerFlags(raw: RawPeerFlags, g: Pick<GlobalOptions, 'from' | 'context' | 'kubeconfig'>): PeerFlags | undefined {
  const live = raw.peerContext !== undefined || raw.peerKubeconfig !== undefined;
  if (!live && raw.peerFrom === undefined) return undefined;
  if (live && raw.peerFrom !== undefined) throw new UsageError('--peer-from reads a snapshot of the other cluster: it cannot be combined with --peer-context or --peer-kubeconfig');
  if (raw.peerFrom !== undefined) {
    if (raw.peerFrom === '') throw new UsageError('invalid argument "" for "--peer-from" flag: a snapshot file or directory');
    if (g.from === undefined) throw new UsageError('--peer-from reads a snapshot: use it with --from (a live cluster pairs with --peer-context)');
    return { from: raw.peerFrom };
  }
  if (g.from !== undefined) throw new UsageError('--peer-context reads a live cluster: it cannot be combined with --from (use --peer-from PATH for a snapshot of the other cluster)');
  if (raw.peerContext === '') throw new UsageError('invalid argument "" for "--peer-context" flag: a kubeconfig context name');
  if (raw.peerKubeconfig === '') throw new UsageError('invalid argument "" for "--peer-kubeconfig" flag: a kubeconfig file');
  if (raw.peerKubeconfig === undefined && raw.peerContext !== undefined && raw.peerContext === g.context) {
    throw new UsageError(`--peer-context ${raw.peerContext} is the cluster --context reads already: name the other cluster's context`);
  }
  return { live: { ...(raw.peerContext !== undefined ? { context: raw.peerContext } : {}), ...(raw.peerKubeconfig !== undefined ? { kubeconfig: raw.peerKubeconfig } : {}) } };
}

/** The flags a fleet (--contexts) cannot take: a fleet is many clusters, a peer is one other. */
export function rejectPeerWith(flags: PeerFlags | undefined, other: string | undefined): void {
  if (flags && other) throw new UsageError(`--peer-context reads the other cluster of one cross-cluster migration: it cannot be combined with ${other}`);
}

export function addPeerOptions(cmd: Command): Command {
  return cmd
    .option('--peer-context <name>', 'cross-cluster migrations: also read the other cluster, this kubeconfig context')
    .option('--peer-kubeconfig <path>', 'with --peer-context: the kubeconfig file that defines it (default: --kubeconfig\'s); alone: that file\'s current context')
    .option('--peer-from <path>', 'with --from: a snapshot of the other cluster');
}
