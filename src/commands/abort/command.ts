import type { Command } from 'commander';
import { UsageError } from '../../cmdutil/errors.js';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parseAbortOptions, type RawAbortOptions } from './options.js';
import { defineCommand, hideOfflineFlags, type CommandEnv, type Example } from '../../cmdutil/define-command.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'What an abort of the in-flight migration of ci-runner would cancel', args: 'abort ci-runner -n dev --dry-run' },
  { comment: 'Cancel it and wait until the VM runs on its source node alone', args: 'abort ci-runner -n dev --wait' },
];

export function registerAbort(env: CommandEnv): void {
  hideOfflineFlags(defineCommand(env, 'abort', 'cancel the in-flight migration of a VM/VMI (or the named migration), exactly the one inspected', EXAMPLES))
    .argument('<name>', 'VirtualMachineInstanceMigration, VirtualMachineInstance or VirtualMachine name')
    .option('--dry-run', 'show what would be cancelled and send a server-side dry run of the delete')
    .option('--wait', 'wait until the migration has ended, then report abortStatus and the result')
    .option('--timeout <duration>', 'with --wait: give up waiting after this long (e.g. 60s); 0 = no limit')
    .option('--force', 'cancel even in post-copy mode (the guest already runs on the target)')
    .action(async (name: string, _opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & RawAbortOptions>();
      const g = parseGlobalOptions(raw, env.io);
      if (g.from !== undefined) throw new UsageError('--from reads an offline snapshot: abort changes the cluster, so it needs a live one (--from is for read-only commands)');
      const o = parseAbortOptions(name, raw);
      const { runAbort } = await import('./run.js');
      env.setExit(await runAbort(g, o, env.io));
    });
}
