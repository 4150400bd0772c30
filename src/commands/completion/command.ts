// `completion bash|zsh|fish` (prints a completion script) and the hidden `__complete` that
// the kubectl_complete-vmigrate helper calls. main.ts hands `__complete` its words before
// commander parses them: they are a partial command line, flags included.
import { Argument, Command } from 'commander';
import { COMPLETE_COMMAND, complete, formatCompletion } from './complete.js';
import { SHELLS, completionScript, type Shell } from './scripts.js';
import { EXIT_OK } from '../../cmdutil/exit-codes.js';
import type { Io } from '../../cmdutil/io.js';
import { addExamples, type CommandEnv, type Example } from '../../cmdutil/define-command.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'Complete kubectl-vmigrate in the current bash shell (kubectl vmigrate <TAB> needs kubectl_complete-vmigrate on PATH)', args: 'completion bash > ~/.vmigrate-completion.bash && . ~/.vmigrate-completion.bash' },
  { comment: 'The same for fish', args: 'completion fish > ~/.config/fish/completions/kubectl-vmigrate.fish' },
];

export function registerCompletion(env: CommandEnv): void {
  const out = {
    writeOut: (s: string) => env.io.stdout(s),
    writeErr: (s: string) => env.io.stderr(s),
    outputError: (s: string, write: (s: string) => void) => write(s.split('\n')[0] + '\n'),
  };
  const completion = env.program
    .command('completion')
    .description('print a shell completion script for kubectl-vmigrate (kubectl vmigrate <TAB> needs kubectl_complete-vmigrate on PATH)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS))
    .helpOption('-h, --help', 'show help')
    .exitOverride()
    .configureOutput(out)
    .action((shell: Shell) => {
      env.io.stdout(completionScript(shell));
      env.setExit(EXIT_OK);
    });
  addExamples(completion, env.program, EXAMPLES);
  env.program
    .command(COMPLETE_COMMAND, { hidden: true })
    .description('shell completion candidates for the words after `kubectl vmigrate` (kubectl plugin completion protocol)')
    .argument('[words...]')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .exitOverride()
    .configureOutput(out)
    .action(async (words: string[]) => {
      env.setExit(await runComplete(env.program, words, env.io));
    });
}

/** Print the candidates for `words`; never fails (a TAB press must not print errors). */
export async function runComplete(program: Command, words: readonly string[], io: Io): Promise<typeof EXIT_OK> {
  io.stdout(formatCompletion(await complete(program, words.length > 0 ? words : [''], io)));
  return EXIT_OK;
}
