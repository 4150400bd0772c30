import { Option, type Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parseCheckMigratableOptions, type RawCheckOptions } from './options.js';
import { collect, defineCommand, type CommandEnv, type Example } from '../../cmdutil/define-command.js';
import { addFleetOptions, parseFleetFlags, type RawFleetFlags } from '../fleet/flags.js';
import { addPeerOptions, parsePeerFlags, type RawPeerFlags } from '../peer/flags.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'Can every VM in every namespace live-migrate? (one row per VM)', args: 'check-migratable -A' },
  { comment: 'The reasons and fixes for each VM that cannot, under the table', args: 'check-migratable -A --details' },
  { comment: 'What `kubectl drain node-2` would do to each VMI on it', args: 'check-migratable --node node-2' },
  { comment: 'A CI gate on manifests before they are applied: exit 1 on a blocker, 3 on input without a VM', args: 'check-migratable -f vm.yaml' },
  { comment: 'The names of the VMs that cannot migrate', args: "check-migratable -A -o jsonpath='{.items[?(@.verdict==\"not-migratable\")].name}'" },
  { comment: 'Every cluster of the kubeconfig at once', args: 'check-migratable -A --all-contexts -o json' },
  { comment: 'What would block moving VM invoice-db to the cluster of context west (nothing is created)', args: 'check-migratable invoice-db -n billing --peer-context west' },
];

export function registerCheckMigratable(env: CommandEnv): void {
  const check = defineCommand(env, 'check-migratable', 'list every reason a VM/VMI cannot be live-migrated (cluster-wide, per node, or for manifest files)', EXAMPLES)
    .argument('[name...]', 'VirtualMachine or VirtualMachineInstance names in the namespace')
    .option('-A, --all-namespaces', 'check every namespace')
    .option('-l, --selector <selector>', 'label selector for VMs and VMIs, e.g. app=db,tier!=cache')
    .option('-f, --filename <file>', 'check manifests that are not applied yet (file, directory or -); repeatable', collect)
    .option('--node <node>', 'drain preview: every VMI on this node and what `kubectl drain` will do to it')
    .addOption(new Option('--fail-on <level>', 'exit 1 when a finding is at least this severe').choices(['blocker', 'warning', 'never']).default('blocker'))
    .option('--details', 'under the table, each VM\'s reasons and fixes (shown anyway for VMs named, or -f)')
    .option('--list-rules', 'list the rules (id, severity, description) and exit')
    .option('--sort-by <jsonpath>', 'order the VMs by a field of their items[] entry, as kubectl get --sort-by (e.g. .verdict)');
  addPeerOptions(addFleetOptions(check)).action(async (names: string[], _opts, cmd: Command) => {
    // commander has validated choices; the typed parsers validate the rest.
    const raw = cmd.optsWithGlobals<RawGlobals & RawCheckOptions & RawFleetFlags & RawPeerFlags>();
    const g = parseGlobalOptions(raw, env.io);
    const o = parseCheckMigratableOptions(names, raw, parseFleetFlags(raw, g), parsePeerFlags(raw, g));
    const { runCheckMigratable } = await import('./run.js');
    env.setExit(await runCheckMigratable(g, o, env.io));
  });
}
