// What every command definition gets: the program to attach to, the streams, and where to put
// the exit code. Each command is defined in its commands/<name>/command.ts, listed in src/main.ts.
import { Command } from 'commander';
import type { Io } from './io.js';
import type { ExitCode } from './exit-codes.js';
import { addGlobalOptions } from './global-options.js';

export interface CommandEnv {
  program: Command;
  io: Io;
  setExit(code: ExitCode): void;
}

/** A subcommand with the global flags, commander's errors as one line, and exit-2 behaviour. */
export function defineCommand(env: CommandEnv, name: string, description: string): Command {
  const cmd = env.program.command(name).description(description);
  cmd.exitOverride().configureOutput({
    writeOut: (s) => env.io.stdout(s),
    writeErr: (s) => env.io.stderr(s),
    outputError: (s, write) => write(s.split('\n')[0] + '\n'),
  });
  return addGlobalOptions(cmd);
}

/** Repeatable string flag. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
