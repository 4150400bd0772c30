// A "still working" spinner on stderr, only when stderr is a terminal (docs/flags.md): never in a
// pipe, a file, CI or TERM=dumb (ora's own is-interactive test), so captured output stays free
// of escape codes. ora is imported only when a spinner is really shown, and only here: ora writes
// to the stream itself, so its text goes through the same boundary as every other write
// (toTerminal) before ora sees it.
import type { Io } from './io.js';
import { toTerminal } from '../render/terminal-text.js';

export interface Spinner {
  stop(): void;
}

/** A spinner whose text can change while it spins. */
export interface LiveSpinner extends Spinner {
  setText(text: string): void;
}

const NONE: Spinner = { stop: () => {} };

/** Whether a spinner may be drawn at all: stderr is a TTY that reports a width. */
export function spinnerAllowed(io: Io): boolean {
  // A TTY that reports no width (some CI ptys) would break ora's redraw arithmetic.
  return io.stderrIsTTY && Boolean(process.stderr.isTTY) && (process.stderr.columns ?? 0) > 0;
}

/**
 * Draw a spinner (the caller checked spinnerAllowed) unless `cancelled()` once ora is loaded.
 * `force` draws it even where ora's own test says not (CI, TERM=dumb).
 */
export async function showSpinner(text: string, opts: { color: boolean; force?: boolean; cancelled?: () => boolean }): Promise<LiveSpinner | undefined> {
  const { default: ora } = await import('ora');
  if (opts.cancelled?.()) return undefined;
  const spinner = ora({
    text: toTerminal(text),
    stream: process.stderr,
    discardStdin: false,
    color: opts.color ? 'cyan' : false,
    ...(opts.force ? { isEnabled: true } : {}),
  }).start();
  return {
    setText: (t) => {
      spinner.text = toTerminal(t);
    },
    stop: () => spinner.stop(),
  };
}

/** A spinner shown after a short delay, so fast commands do not flash one. */
export function startSpinner(io: Io, text: string, opts: { color: boolean; delayMs?: number }): Spinner {
  if (!spinnerAllowed(io)) return NONE;
  let stopped = false;
  let spinner: Spinner | undefined;
  const timer = setTimeout(() => {
    void showSpinner(text, { color: opts.color, cancelled: () => stopped })
      .then((s) => {
        spinner = s;
      })
      .catch(() => {});
  }, opts.delayMs ?? 250);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      spinner?.stop();
    },
  };
}
