import type { Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parsePrometheusOptions, parseWatchFlags, type RawPrometheusOptions } from '../why/options.js';
import { validateSelector } from '../check-migratable/options.js';
import { validateNodeName } from '../../cmdutil/names.js';
import { defineCommand, type CommandEnv, type Example } from '../../cmdutil/define-command.js';
import { parseSortByFlag } from '../../render/sort-by.js';
import { UsageError } from '../../cmdutil/errors.js';
import { addFleetOptions, parseFleetFlags, type RawFleetFlags } from '../fleet/flags.js';
import { addPeerOptions, parsePeerFlags, rejectPeerWith, type RawPeerFlags } from '../peer/flags.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'The migrations in every namespace', args: 'list -A' },
  { comment: 'Newest first, no header, for a script', args: 'list -A --sort-by=.age --no-headers' },
  { comment: 'The same, read from a dump', args: 'list -A --from ./must-gather' },
  { comment: 'Every migration to or from node-2, live, with a progress bar and ETA each (Ctrl-C stops)', args: 'list -A --node node-2 --watch' },
  { comment: 'One JSON document per refresh (NDJSON), for a script', args: 'list -A -w -o json' },
];

export function registerList(env: CommandEnv): void {
  const list = defineCommand(env, 'list', 'the migrations in a namespace (-A: all), with phase, source → target, progress and cause', EXAMPLES)
    .option('-A, --all-namespaces', 'list migrations in every namespace')
    .option('-l, --selector <selector>', 'label selector on the migrations (VirtualMachineInstanceMigrations), e.g. kubevirt.io/vmi-name=db')
    .option('--node <node>', 'only the migrations whose source or target node is NODE')
    .option('-w, --watch', 'refresh the table (in place in a terminal, with a progress bar and ETA per copying migration) until Ctrl-C')
    .option('--interval <duration>', 'with --watch: time between refreshes, e.g. 2s, 1m (default 5s)')
    .option('--sort-by <jsonpath>', 'order the migrations by a field of their items[] entry, as kubectl get --sort-by (e.g. .age)')
    .option('--prometheus <url>', 'Prometheus to read the percent copied from (one query instead of each node\'s virt-handler)')
    .option('--prometheus-token-file <path>', 'bearer token for --prometheus')
    .option('--prometheus-certificate-authority <path>', 'CA certificate to verify --prometheus with (default: the system\'s)')
    .option('--prometheus-insecure-skip-tls-verify', 'do not verify the --prometheus certificate (insecure; --insecure-skip-tls-verify does not apply to it)')
    .option('--prometheus-allow-http-token', 'send --prometheus-token-file to an http:// URL anyway (unencrypted)');
  addPeerOptions(addFleetOptions(list)).action(async (_opts, cmd: Command) => {
    const raw = cmd.optsWithGlobals<RawGlobals & RawPrometheusOptions & RawFleetFlags & RawPeerFlags & { allNamespaces?: boolean; sortBy?: string; selector?: string; node?: string; watch?: boolean; interval?: string }>();
    const g = parseGlobalOptions(raw, env.io);
    const fleet = parseFleetFlags(raw, g);
    if (raw.selector !== undefined) validateSelector(raw.selector);
    if (raw.node !== undefined) validateNodeName(raw.node);
    const { watch, intervalMs } = parseWatchFlags(raw, g);
    const peer = parsePeerFlags(raw, g);
    rejectPeerWith(peer, fleet ? ('contexts' in fleet ? '--contexts' : '--all-contexts') : watch ? '--watch' : undefined);
    // The watch loop reads one cluster; a fleet is read once per context.
    if (watch && fleet) throw new UsageError('--watch follows one cluster: it cannot be combined with --contexts or --all-contexts');
    // One Prometheus URL is one cluster's series (its namespace/name labels do not say which).
    if (fleet && raw.prometheus !== undefined) throw new UsageError('--prometheus reads one cluster\'s metrics: it cannot be combined with --contexts or --all-contexts');
    const prometheus = parsePrometheusOptions(raw);
    const sortBy = parseSortByFlag(raw.sortBy);
    const { runList } = await import('./run.js');
    env.setExit(await runList(g, { allNamespaces: Boolean(raw.allNamespaces), ...(prometheus ? { prometheus } : {}), ...(sortBy ? { sortBy } : {}), ...(fleet ? { fleet } : {}), ...(raw.selector !== undefined ? { selector: raw.selector } : {}), ...(raw.node !== undefined ? { node: raw.node } : {}), ...(watch ? { watch: { intervalMs } } : {}), ...(peer ? { peer } : {}) }, env.io));
  });
}
