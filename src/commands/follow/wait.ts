// The `--wait` block `start` and `abort` share: follow the migration (follow.ts) until it is
// final or gone, until --timeout, or until the first Ctrl-C, and say which of the four ended it.
import type { WaitOutcome } from '../../render/start-doc-types.js';
import type { ControlSource } from './control-source.js';
import { followWithProgress, type FollowParams, type Followed } from './follow.js';
import { deadline } from './interrupt.js';

export interface Waited extends Followed {
  outcome: WaitOutcome;
}

/** `interrupted`: the first Ctrl-C (catchInterrupt); `timeoutMs`: --timeout (0 = none). */
export async function waitForMigration(source: ControlSource, p: Omit<FollowParams, 'signal'>, timeoutMs: number, interrupted: AbortSignal): Promise<Waited> {
  const limit = deadline(timeoutMs);
  let followed: Followed;
  try {
    followed = await followWithProgress(source, { ...p, signal: AbortSignal.any([interrupted, limit.signal]) });
  } finally {
    limit.clear();
  }
  const { kind } = followed.end;
  const outcome: WaitOutcome = kind === 'final' ? 'final' : kind === 'gone' ? 'gone' : interrupted.aborted ? 'interrupted' : 'timeout';
  return { ...followed, outcome };
}
