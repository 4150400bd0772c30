import { toTerminal } from '../render/terminal-text.js';

// Streams and environment are passed down explicitly so tests can capture them and so no
// analyzer or renderer ever reaches for process.stdout itself.
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: NodeJS.ProcessEnv;
}

export function processIo(): Io {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    stdoutIsTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}

/**
 * `io` whose every write goes through the terminal boundary (render/terminal-text.ts): no control
 * character the cluster wrote reaches a stream raw, and Style's colour is written as SGR. main()
 * installs it once, over whatever streams it is given.
 */
export function terminalIo(io: Io): Io {
  return { ...io, stdout: (t) => io.stdout(toTerminal(t)), stderr: (t) => io.stderr(toTerminal(t)) };
}
