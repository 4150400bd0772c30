// What every command definition gets: the program to attach to, the streams, and where to put
// the exit code. Each command is defined in its commands/<name>/command.ts, listed in src/main.ts.
import { Command, Help } from 'commander';
import type { Io } from './io.js';
import type { ExitCode } from './exit-codes.js';
import { addGlobalOptions } from './global-options.js';

export interface CommandEnv {
  program: Command;
  io: Io;
  setExit(code: ExitCode): void;
}

/** One help example: what it does (a `#` line), then the words after the program's name. */
export interface Example {
  comment: string;
  args: string;
}

/**
 * A subcommand with the global flags, commander's errors as one line, exit-2 behaviour, and
 * kubectl's `Examples:` section (between the description and the flags, as `kubectl get -h`).
 */
export function defineCommand(env: CommandEnv, name: string, description: string, examples: readonly Example[]): Command {
  const cmd = env.program.command(name).description(description);
  cmd.exitOverride().configureOutput({
    writeOut: (s) => env.io.stdout(s),
    writeErr: (s) => env.io.stderr(s),
    outputError: (s, write) => write(s.split('\n')[0] + '\n'),
  });
  addExamples(cmd, env.program, examples);
  return addGlobalOptions(cmd);
}

/** kubectl's `Examples:` section in `cmd`'s help, each line run through `program` (its name as started). */
export function addExamples(cmd: Command, program: Command, examples: readonly Example[]): Command {
  return cmd.configureHelp({
    formatHelp: (c, helper) => withExamples(Help.prototype.formatHelp.call(helper, c, helper), examplesText(program.name(), examples)),
  });
}

function examplesText(program: string, examples: readonly Example[]): string {
  return `Examples:\n${examples.map((e) => `  # ${e.comment}\n  ${[program, e.args].filter(Boolean).join(' ')}\n`).join('\n')}\n`;
}

/** The examples go before the first section of arguments or flags. */
function withExamples(help: string, examples: string): string {
  const at = help.search(/^(Arguments|Options):$/m);
  return at < 0 ? `${help}\n${examples}` : help.slice(0, at) + examples + help.slice(at);
}

/**
 * start and abort change the cluster: they refuse --from (and so --now), and their help does not
 * offer what always fails. The flags stay parsed so that the refusal says why.
 */
export function hideOfflineFlags(cmd: Command): Command {
  for (const o of cmd.options) if (o.long === '--from' || o.long === '--now') o.hideHelp();
  return cmd;
}

/** Repeatable string flag. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
