import { Option, type Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parseWhyOptions, type RawWhyOptions } from './options.js';
import { defineCommand, type CommandEnv, type Example } from '../../cmdutil/define-command.js';
import { addPeerOptions } from '../peer/flags.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'Why is the latest migration of VM ci-runner stuck, slow or failed', args: 'why ci-runner -n dev' },
  { comment: 'The same, read from a must-gather or `kubectl get -o yaml` dump instead of the cluster', args: 'why ci-runner -n dev --from ./must-gather' },
  { comment: 'Follow a running migration until it ends', args: 'why db-primary -n prod --watch' },
  { comment: 'Only the cause id, for a script', args: "why ci-runner -n dev -o jsonpath='{.verdict.cause}'" },
  { comment: 'Why the drain of node-2 is stuck: every VMI on it, its state and cause, the blockers, an ETA', args: 'why --node node-2' },
  { comment: 'A cross-cluster migration: diagnose both halves, reading the other cluster (context west) too', args: 'why invoice-db -n billing --peer-context west' },
];

export function registerWhy(env: CommandEnv): void {
  addPeerOptions(
    defineCommand(env, 'why', 'diagnose the latest migration of a VM/VMI (or the named migration): the one cause, the evidence, the fix; --node: the evacuation of a node', EXAMPLES)
    .argument('[name]', 'VirtualMachineInstanceMigration, VirtualMachineInstance or VirtualMachine name')
    .option('--node <node>', 'the evacuation of a node instead (a drain, maintenance): what has moved, what moves, what waits or blocks it and why')
    .addOption(
      new Option('--fail-on <level>', 'exit 1 on a blocked/failed/at-risk verdict (blocker), also on any warning (warning), or never')
        .choices(['blocker', 'warning', 'never'])
        .default('blocker'),
    )
    .option('-w, --watch', 'refresh the diagnosis and progress until the migration is final (Ctrl-C stops)')
    .option('--interval <duration>', 'with --watch: time between refreshes, e.g. 2s, 1m (default 5s)')
    .option('--prometheus <url>', 'Prometheus to read migration progress from when the launcher log and virt-handler metrics have none')
    .option('--prometheus-token-file <path>', 'bearer token for --prometheus')
    .option('--prometheus-certificate-authority <path>', 'CA certificate to verify --prometheus with (default: the system\'s)')
    .option('--prometheus-insecure-skip-tls-verify', 'do not verify the --prometheus certificate (insecure; --insecure-skip-tls-verify does not apply to it)')
    .option('--prometheus-allow-http-token', 'send --prometheus-token-file to an http:// URL anyway (unencrypted)'),
  )
    .action(async (name: string | undefined, _opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & RawWhyOptions>();
      const g = parseGlobalOptions(raw, env.io);
      const o = parseWhyOptions(name, raw, g);
      const { runWhy } = await import('./run.js');
      env.setExit(await runWhy(g, o, env.io));
    });
}
