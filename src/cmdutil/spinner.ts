// A "still working" spinner on stderr, only when stderr is a terminal (contract §1): never in a
// pipe, a file, CI or TERM=dumb (ora's own is-interactive test), so captured output stays free
// of escape codes. ora is imported only when a spinner is really shown. Shown after a short
// delay, so fast commands do not flash one.
import type { Io } from './io.js';

export interface Spinner {
  stop(): void;
}

const NONE: Spinner = { stop: () => {} };

/** Whether a spinner may be drawn at all: stderr is a TTY that reports a width. */
export function spinnerAllowed(io: Io): boolean {
  // A TTY that reports no width (some CI ptys) would break ora's redraw arithmetic.
  return io.stderrIsTTY && Boolean(process.stderr.isTTY) && (process.stderr.columns ?? 0) > 0;
}

export function startSpinner(io: Io, text: string, opts: { color: boolean; delayMs?: number }): Spinner {
  if (!spinnerAllowed(io)) return NONE;
  let stopped = false;
  let spinner: { stop(): unknown } | undefined;
  const timer = setTimeout(() => {
    void import('ora')
      .then(({ default: ora }) => {
        if (stopped) return;
        spinner = ora({ text, stream: process.stderr, discardStdin: false, color: opts.color ? 'cyan' : false }).start();
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
