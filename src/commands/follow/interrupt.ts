// Ctrl-C while `start`/`abort` talk to the cluster. The first SIGINT is ours: it never cuts a
// create or delete in half (the request in flight is allowed to finish, so we can say what
// exists), it stops waiting, and the command reports and exits 3. A second Ctrl-C gives up: the
// handler goes and the signal is raised again, so the process dies the default way. The handler
// stays registered until then (or dispose): the spinner's exit hook (signal-exit) re-raises a
// signal that nobody else listens to, which would kill the process before it could report.
export interface Interrupt {
  /** Fires on the first SIGINT. */
  readonly signal: AbortSignal;
  readonly interrupted: boolean;
  dispose(): void;
}

export function catchInterrupt(): Interrupt {
  const controller = new AbortController();
  const dispose = () => {
    process.removeListener('SIGINT', handler);
  };
  const handler = () => {
    if (!controller.signal.aborted) {
      controller.abort();
      return;
    }
    dispose();
    process.kill(process.pid, 'SIGINT');
  };
  process.on('SIGINT', handler);
  return {
    signal: controller.signal,
    get interrupted() {
      return controller.signal.aborted;
    },
    dispose,
  };
}

/** Fires after `ms` (0 = never); `clear()` releases the timer. */
export function deadline(ms: number): { signal: AbortSignal; readonly expired: boolean; clear(): void } {
  const controller = new AbortController();
  const timer = ms > 0 ? setTimeout(() => controller.abort(), ms) : undefined;
  return {
    signal: controller.signal,
    get expired() {
      return controller.signal.aborted;
    },
    clear: () => {
      if (timer) clearTimeout(timer);
    },
  };
}

/** Resolves after `ms`, or at once when `signal` fires. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
