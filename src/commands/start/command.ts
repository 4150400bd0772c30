import type { Command } from 'commander';
import { UsageError } from '../../cmdutil/errors.js';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parseStartOptions, type RawStartOptions } from './options.js';
import { collect, defineCommand, hideOfflineFlags, type CommandEnv, type Example } from '../../cmdutil/define-command.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'Pre-flight only: would a migration of db-primary start, and land where?', args: 'start db-primary -n prod --dry-run' },
  { comment: 'Start it and follow it to the end', args: 'start db-primary -n prod --wait' },
  { comment: 'Start it towards nodes with a label (KubeVirt v1.6+)', args: 'start db-primary -n prod --node-selector zone=b' },
];

export function registerStart(env: CommandEnv): void {
  hideOfflineFlags(defineCommand(env, 'start', 'pre-flight, then create a migration of a VM/VMI; --wait follows it to the end and says why it ended so', EXAMPLES))
    .argument('<name>', 'VirtualMachine or VirtualMachineInstance name (a migration name means its VMI)')
    .option('--dry-run', 'run the pre-flight and a server-side dry run of the create; nothing is created')
    .option('--wait', 'follow the migration until it succeeds or fails, then print the verdict of `why`')
    .option('--timeout <duration>', 'with --wait: give up waiting after this long (e.g. 90s, 10m); 0 = no limit')
    .option('--node-selector <key=value,...>', 'restrict the target node (spec.addedNodeSelector, KubeVirt v1.6+); repeatable', collect)
    .option('--force', 'start even when the pre-flight predicts a blocker or no capacity (not when another migration is in flight)')
    .action(async (name: string, _opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & RawStartOptions>();
      const g = parseGlobalOptions(raw, env.io);
      if (g.from !== undefined) throw new UsageError('--from reads an offline snapshot: start changes the cluster, so it needs a live one (--from is for read-only commands)');
      const o = parseStartOptions(name, raw);
      const { runStart } = await import('./run.js');
      env.setExit(await runStart(g, o, env.io));
    });
}
