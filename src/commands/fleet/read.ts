// A fleet's reading: one live source per kubeconfig context, at most FLEET_CONCURRENCY clusters
// at a time (each keeps its own LIST limiter, so no API server sees more than a single run would
// send it). Each cluster is read and analysed on its own by the command; one that cannot be read
// is a member with its error, never an abort.
import { FailureError } from '../../cmdutil/errors.js';
import { openLive } from '../../cmdutil/open-source.js';
import { startSpinner } from '../../cmdutil/spinner.js';
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { SourceError, type ClusterSource } from '../../collect/source.js';
import type { FleetFlags } from './flags.js';

/** Clusters read at once. */
export const FLEET_CONCURRENCY = 4;

/** One cluster of a fleet: what `read` returned, or why the cluster could not be read. */
export type FleetMember<T> = { cluster: string; ok: true; result: T } | { cluster: string; ok: false; message: string };

/**
 * `read` over every context of the fleet, FLEET_CONCURRENCY at a time, in the fleet's order.
 * An unknown context name fails the command before any cluster is contacted (as --context
 * does); a cluster whose source cannot be opened or whose `read` fails with a source error (no
 * connection, unauthorized, a required list refused) is a failed member. `-v` lines carry the
 * context they come from.
 */
export async function readFleet<T>(g: GlobalOptions, io: Io, fleet: FleetFlags, read: (source: ClusterSource, cluster: string) => Promise<T>): Promise<FleetMember<T>[]> {
  const { kubeconfigContextNames } = await import('../../collect/live/index.js');
  const wanted = 'contexts' in fleet ? fleet.contexts : [];
  const all = kubeconfigContextNames({ kubeconfig: g.kubeconfig, env: io.env }, wanted);
  const clusters = 'contexts' in fleet ? fleet.contexts : all;
  if (clusters.length === 0) throw new FailureError('error: --all-contexts: the kubeconfig defines no contexts');
  const spinner = g.verbose ? undefined : startSpinner(io, `Reading ${clusters.length} clusters`, { color: g.color });
  try {
    const members: FleetMember<T>[] = new Array(clusters.length);
    let next = 0;
    const worker = async () => {
      while (next < clusters.length) {
        const i = next++;
        members[i] = await readMember(g, io, clusters[i]!, read);
      }
    };
    await Promise.all(Array.from({ length: Math.min(FLEET_CONCURRENCY, clusters.length) }, worker));
    return members;
  } finally {
    spinner?.stop();
  }
}

async function readMember<T>(g: GlobalOptions, io: Io, cluster: string, read: (source: ClusterSource, cluster: string) => Promise<T>): Promise<FleetMember<T>> {
  const prefixed: Io = { ...io, stderr: (text) => io.stderr(text.replace(/^(?=.)/gm, `[${cluster}] `)) };
  try {
    const source = await openLive({ ...g, context: cluster }, prefixed);
    try {
      return { cluster, ok: true, result: await read(source, cluster) };
    } finally {
      await source.close();
    }
  } catch (err) {
    if (!(err instanceof SourceError || err instanceof FailureError)) throw err;
    return { cluster, ok: false, message: (err.message.split('\n')[0] ?? '').replace(/^error: /, '') };
  }
}
