import type { ClusterSource, MutableClusterSource } from '../collect/source.js';
import type { GlobalOptions } from './global-options.js';
import type { Io } from './io.js';
import { startSpinner } from './spinner.js';

/**
 * The snapshot (--from) or the live cluster. The live source, and with it
 * @kubernetes/client-node, is imported only here and only when needed.
 */
export async function openSource(opts: GlobalOptions, io: Io): Promise<ClusterSource> {
  if (opts.from !== undefined) {
    const { openSnapshotSource } = await import('../collect/snapshot/index.js');
    return openSnapshotSource(opts.from, { now: opts.now, namespace: opts.namespace, warn: (line) => io.stderr(`${line}\n`), requireKubeVirt: true });
  }
  return openLive(opts, io);
}

export async function openLive(opts: GlobalOptions, io: Io): Promise<MutableClusterSource> {
  const { openLiveSource } = await import('../collect/live/index.js');
  return openLiveSource({
    kubeconfig: opts.kubeconfig,
    context: opts.context,
    namespace: opts.namespace,
    requestTimeoutMs: opts.requestTimeoutMs,
    insecureSkipTlsVerify: opts.insecureSkipTlsVerify,
    cacheOk: opts.cacheOk,
    verbose: opts.verbose,
    stderr: (line) => io.stderr(line.endsWith('\n') ? line : line + '\n'),
    env: io.env,
  });
}

/** Open the source, run `fn`, always release the source. A live read shows a spinner on a TTY. */
export async function withSource<T>(opts: GlobalOptions, io: Io, fn: (source: ClusterSource) => Promise<T>): Promise<T> {
  // -v writes request lines to stderr, which a spinner would overdraw.
  const spinner = opts.from === undefined && !opts.verbose ? startSpinner(io, 'Reading the cluster', { color: opts.color }) : undefined;
  try {
    const source = await openSource(opts, io);
    try {
      return await fn(source);
    } finally {
      await source.close();
    }
  } finally {
    spinner?.stop();
  }
}
