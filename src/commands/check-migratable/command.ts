import { Option, type Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parseCheckMigratableOptions, type RawCheckOptions } from './options.js';
import { collect, defineCommand, type CommandEnv } from '../../cmdutil/define-command.js';

export function registerCheckMigratable(env: CommandEnv): void {
  defineCommand(env, 'check-migratable', 'list every reason a VM/VMI cannot be live-migrated (cluster-wide, per node, or for manifest files)')
    .argument('[name...]', 'VirtualMachine or VirtualMachineInstance names in the namespace')
    .option('-A, --all-namespaces', 'check every namespace')
    .option('-l, --selector <selector>', 'label selector for VMs and VMIs, e.g. app=db,tier!=cache')
    .option('-f, --filename <file>', 'check manifests that are not applied yet (file, directory or -); repeatable', collect)
    .option('--node <node>', 'drain preview: every VMI on this node and what `kubectl drain` will do to it')
    .addOption(new Option('--fail-on <level>', 'exit 1 when a finding is at least this severe').choices(['blocker', 'warning', 'never']).default('blocker'))
    .option('--list-rules', 'list the rules (id, severity, description) and exit')
    .option('--sort-by <jsonpath>', 'order the VMs by a field of their items[] entry, as kubectl get --sort-by (e.g. .verdict)')
    .action(async (names: string[], _opts, cmd: Command) => {
      // commander has validated choices; the typed parsers validate the rest.
      const raw = cmd.optsWithGlobals<RawGlobals & RawCheckOptions>();
      const g = parseGlobalOptions(raw, env.io);
      const o = parseCheckMigratableOptions(names, raw);
      const { runCheckMigratable } = await import('./run.js');
      env.setExit(await runCheckMigratable(g, o, env.io));
    });
}
