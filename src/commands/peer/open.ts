// Opens the other cluster of a cross-cluster migration: the same live source a fleet member or
// --context gets (cmdutil/open-source.ts), or a snapshot judged at the first cluster's time.
import { openLive } from '../../cmdutil/open-source.js';
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import type { ClusterSource } from '../../collect/source.js';
import type { PeerFlags } from './flags.js';

export interface OpenedPeer {
  /** How documents name it: the context (else --peer-kubeconfig's path), or the snapshot path. */
  name: string;
  source: ClusterSource;
}

export async function openPeer(g: GlobalOptions, io: Io, flags: PeerFlags, now: Date): Promise<OpenedPeer> {
  if ('from' in flags) {
    const { openSnapshotSource } = await import('../../collect/snapshot/index.js');
    const source = await openSnapshotSource(flags.from, { now, warn: (line) => io.stderr(`[peer] ${line}\n`), requireKubeVirt: true });
    return { name: flags.from, source };
  }
  const context = flags.live.context;
  // Without --peer-context, --peer-kubeconfig's current context: named by its file.
  const name = context ?? flags.live.kubeconfig ?? 'peer';
  // -v lines carry the cluster they come from, as a fleet's do.
  const prefixed: Io = { ...io, stderr: (text) => io.stderr(text.replace(/^(?=.)/gm, `[${name}] `)) };
  const source = await openLive({ ...g, kubeconfig: flags.live.kubeconfig ?? g.kubeconfig, context, namespace: undefined }, prefixed);
  return { name, source };
}
