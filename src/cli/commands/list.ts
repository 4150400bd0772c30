import type { Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../global-options.js';
import { defineCommand, type CommandEnv } from './define.js';

export function registerList(env: CommandEnv): void {
  defineCommand(env, 'list', 'the migrations in a namespace (-A: all), with phase, source → target, progress and cause')
    .option('-A, --all-namespaces', 'list migrations in every namespace')
    .action(async (_opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & { allNamespaces?: boolean }>();
      const g = parseGlobalOptions(raw, env.io);
      const { runList } = await import('../../commands/list/run.js');
      env.setExit(await runList(g, { allNamespaces: Boolean(raw.allNamespaces) }, env.io));
    });
}
