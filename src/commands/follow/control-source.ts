// The live source with what `start` and `abort` need beyond reads: create/delete (never retried)
// and watch (for --wait). Only the live source has them; --from is refused by the CLI layer.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { FailureError } from '../../cmdutil/errors.js';
import { openLive } from '../../cmdutil/open-source.js';
import type { MutableClusterSource } from '../../collect/source.js';
import type { LiveSource } from '../../collect/live/index.js';

export type ControlSource = MutableClusterSource & Pick<LiveSource, 'watch' | 'listWithResourceVersion'>;

function canWatch(s: MutableClusterSource): s is ControlSource {
  const w = s as Partial<ControlSource>;
  return typeof w.watch === 'function' && typeof w.listWithResourceVersion === 'function';
}

export async function openControlSource(g: GlobalOptions, io: Io): Promise<ControlSource> {
  const source = await openLive(g, io);
  if (!canWatch(source)) {
    await source.close();
    throw new FailureError('this cluster source cannot watch objects');
  }
  return source;
}
