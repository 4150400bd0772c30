// The program: every command (commands/<name>/command.ts parses and validates its flags into
// typed options before any I/O, then runs it), and any error that reaches the top mapped to one
// line and the documented exit code (docs/output.md).
import { basename } from 'node:path';
import { Command, CommanderError } from 'commander';
import { describeError } from './cmdutil/errors.js';
import { EXIT_OK, EXIT_USAGE, type ExitCode } from './cmdutil/exit-codes.js';
import { processIo, terminalIo, type Io } from './cmdutil/io.js';
import { addExamples, type CommandEnv } from './cmdutil/define-command.js';
import { unknownCommandLine } from './cmdutil/suggest.js';
import { registerWhy } from './commands/why/command.js';
import { registerCheckMigratable } from './commands/check-migratable/command.js';
import { registerStart } from './commands/start/command.js';
import { registerAbort } from './commands/abort/command.js';
import { registerList } from './commands/list/command.js';
import { registerCompletion, runComplete } from './commands/completion/command.js';
import { COMPLETE_COMMAND } from './commands/completion/complete.js';

declare const __VERSION__: string;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

/** Run the CLI; resolves to the exit code (also set on process.exitCode by `run`). */
export async function main(argv: string[], streams: Io): Promise<ExitCode> {
  // The one output boundary: everything below writes through it (cmdutil/io.ts).
  const io = terminalIo(streams);
  let exitCode: ExitCode = EXIT_OK;
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const program = buildProgram(argv, io, (code) => (exitCode = code));
  // Completion words are a partial command line: commander must not parse them.
  if (argv[2] === COMPLETE_COMMAND) return runComplete(program, argv.slice(3), io);
  const typed = argv[2];
  if (typed !== undefined && !typed.startsWith('-') && !program.commands.some((c) => c.name() === typed || c.aliases().includes(typed))) {
    // JSON.stringify quotes as Go's %q does for the printable text a shell passes; control
    // characters come out escaped, never raw on the terminal.
    const visible = program.commands.map((c) => c.name()).filter((n) => n !== COMPLETE_COMMAND);
    io.stderr(unknownCommandLine(typed, program.name(), visible));
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and --version end here with code 0; every other parse failure is a usage error.
      return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    const { line, exitCode: code } = describeError(err);
    io.stderr(line + '\n');
    if (verbose && err instanceof Error && err.stack) io.stderr(err.stack + '\n');
    return code;
  }
  return exitCode;
}

export async function run(argv: string[]): Promise<void> {
  process.exitCode = await main(argv, processIo());
}

function programName(argv: string[]): string {
  // docs/flags.md: usage says `kubectl vmigrate` when we were started as kubectl-vmigrate.
  const script = basename(argv[1] ?? '');
  return script.startsWith('kubectl-') ? 'kubectl vmigrate' : 'vmigrate';
}

function buildProgram(argv: string[], io: Io, setExit: (code: ExitCode) => void): Command {
  const program = new Command(programName(argv))
    .description('Explain KubeVirt live migrations: why one is stuck, slow or failed, and whether a VM can migrate at all.')
    .version(VERSION, '--version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s),
      writeErr: (s) => io.stderr(s),
      outputError: (s, write) => write(s.split('\n')[0] + '\n'),
    });
  program.addHelpCommand(false);
  addExamples(program, program, [
    { comment: 'Why is the migration of VM ci-runner stuck, slow or failed', args: 'why ci-runner -n dev' },
    { comment: 'Can every VM live-migrate?', args: 'check-migratable -A' },
    { comment: 'The migrations in every namespace, read from a dump instead of the cluster', args: 'list -A --from ./must-gather' },
  ]);
  // The commands in the documented order (docs/output.md).
  const env: CommandEnv = { program, io, setExit };
  registerWhy(env);
  registerCheckMigratable(env);
  registerStart(env);
  registerAbort(env);
  registerList(env);
  registerCompletion(env);
  return program;
}
