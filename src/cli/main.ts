// The command-line layer: parse and validate flags into typed options (no I/O), dispatch to
// the command, map any error to one line and the contract's exit code (§1, §3).
import { basename } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { addGlobalOptions, parseGlobalOptions, type RawGlobals } from './global-options.js';
import { describeError } from './errors.js';
import { EXIT_OK, EXIT_USAGE, type ExitCode } from './exit-codes.js';
import { processIo, type Io } from './io.js';
import { parseCheckMigratableOptions, type RawCheckOptions } from '../commands/check-migratable/options.js';
import { parseWhyOptions, type RawWhyOptions } from '../commands/why/options.js';

declare const __VERSION__: string;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

/** Run the CLI; resolves to the exit code (also set on process.exitCode by `run`). */
export async function main(argv: string[], io: Io): Promise<ExitCode> {
  let exitCode: ExitCode = EXIT_OK;
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const program = buildProgram(argv, io, (code) => (exitCode = code));
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
  // Contract §1: usage says `kubectl vmigrate` when we were started as kubectl-vmigrate.
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

  const check = addGlobalOptions(
    program
      .command('check-migratable')
      .description('list every reason a VM/VMI cannot be live-migrated (cluster-wide, per node, or for manifest files)')
      .argument('[name...]', 'VirtualMachine or VirtualMachineInstance names in the namespace'),
  )
    .option('-A, --all-namespaces', 'check every namespace')
    .option('-l, --selector <selector>', 'label selector for VMs and VMIs, e.g. app=db,tier!=cache')
    .option('-f, --filename <file>', 'check manifests that are not applied yet (file, directory or -); repeatable', collect)
    .option('--node <node>', 'drain preview: every VMI on this node and what `kubectl drain` will do to it')
    .addOption(new Option('--fail-on <level>', 'exit 1 when a finding is at least this severe').choices(['blocker', 'warning', 'never']).default('blocker'))
    .option('--list-rules', 'list the rules (id, severity, description) and exit')
    .action(async (names: string[], _opts, cmd: Command) => {
      // commander has validated choices; the typed parsers validate the rest.
      const raw = cmd.optsWithGlobals<RawGlobals & RawCheckOptions>();
      const g = parseGlobalOptions(raw, io);
      const o = parseCheckMigratableOptions(names, raw);
      const { runCheckMigratable } = await import('../commands/check-migratable/run.js');
      setExit(await runCheckMigratable(g, o, io));
    });
  configureSub(check, io);

  const why = addGlobalOptions(
    program
      .command('why')
      .description('diagnose the latest migration of a VM/VMI (or the named migration): the one cause, the evidence, the fix')
      .argument('<name>', 'VirtualMachineInstanceMigration, VirtualMachineInstance or VirtualMachine name'),
  )
    .addOption(new Option('--fail-on <level>', 'exit 1 on a blocked/failed/at-risk verdict (blocker), also on any warning (warning), or never').choices(['blocker', 'warning', 'never']).default('blocker'))
    .action(async (name: string, _opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & RawWhyOptions>();
      const g = parseGlobalOptions(raw, io);
      const o = parseWhyOptions(name, raw);
      const { runWhy } = await import('../commands/why/run.js');
      setExit(await runWhy(g, o, io));
    });
  configureSub(why, io);

  const list = addGlobalOptions(program.command('list').description('the migrations in a namespace (-A: all), with phase, source → target, progress and cause'))
    .option('-A, --all-namespaces', 'list migrations in every namespace')
    .action(async (_opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & { allNamespaces?: boolean }>();
      const g = parseGlobalOptions(raw, io);
      const { runList } = await import('../commands/list/run.js');
      setExit(await runList(g, { allNamespaces: Boolean(raw.allNamespaces) }, io));
    });
  configureSub(list, io);
  return program;
}

function configureSub(cmd: Command, io: Io): void {
  cmd.exitOverride().configureOutput({
    writeOut: (s) => io.stdout(s),
    writeErr: (s) => io.stderr(s),
    outputError: (s, write) => write(s.split('\n')[0] + '\n'),
  });
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
