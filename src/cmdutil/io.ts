import { toTerminal } from '../render/terminal-text.js';

// Streams and environment are passed down explicitly so tests can capture them and so no
// analyzer or renderer ever reaches for process.stdout itself.
export interface Io {
  /**
   * Resolves once the stream took the text: at once, or after 'drain' when its buffer was full. A
   * command writing a large document awaits each piece, so the output never queues up in memory.
   */
  stdout: (text: string) => void | Promise<void>;
  stderr: (text: string) => void;
  stdoutIsTTY: boolean;
  /** The terminal's width now, when stdout is one: a frame redrawn in place counts its rows by it. */
  stdoutColumns?: () => number | undefined;
  stderrIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

export function processIo(): Io {
  return {
    stdout: (t) => writeWithBackpressure(process.stdout, t),
    stderr: (t) => void process.stderr.write(t),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stdoutColumns: () => (process.stdout.isTTY ? process.stdout.columns : undefined),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}

/** `stream.write`, waiting for 'drain' when it asks to; a closed or broken stream does not wait. */
export function writeWithBackpressure(stream: NodeJS.WritableStream, text: string): Promise<void> {
  if (stream.write(text)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}

/**
 * `io` whose every write goes through the terminal boundary (render/terminal-text.ts): no control
 * character the cluster wrote reaches a stream raw, and Style's colour is written as SGR. main()
 * installs it once, over whatever streams it is given; stdout keeps their backpressure.
 */
export function terminalIo(io: Io): Io {
  return { ...io, stdout: (t) => io.stdout(toTerminal(t)), stderr: (t) => io.stderr(toTerminal(t)) };
}
