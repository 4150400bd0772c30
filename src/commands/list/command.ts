import type { Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parsePrometheusOptions, type RawPrometheusOptions } from '../why/options.js';
import { defineCommand, type CommandEnv, type Example } from '../../cmdutil/define-command.js';
import { parseSortByFlag } from '../../render/sort-by.js';
import { UsageError } from '../../cmdutil/errors.js';
import { addFleetOptions, parseFleetFlags, type RawFleetFlags } from '../fleet/flags.js';
import { addPeerOptions, parsePeerFlags, rejectPeerWith, type RawPeerFlags } from '../peer/flags.js';

const EXAMPLES: readonly Example[] = [
  { comment: 'The migrations in every namespace', args: 'list -A' },
  { comment: 'Newest first, no header, for a script', args: 'list -A --sort-by=.age --no-headers' },
  { comment: 'The same, read from a dump', args: 'list -A --from ./must-gather' },
];

export function registerList(env: CommandEnv): void {
  const list = defineCommand(env, 'list', 'the migrations in a namespace (-A: all), with phase, source → target, progress and cause', EXAMPLES)
    .option('-A, --all-namespaces', 'list migrations in every namespace')
    .option('--sort-by <jsonpath>', 'order the migrations by a field of their items[] entry, as kubectl get --sort-by (e.g. .age)')
    .option('--prometheus <url>', 'Prometheus to read the percent copied from (one query instead of each node\'s virt-handler)')
    .option('--prometheus-token-file <path>', 'bearer token for --prometheus')
    .option('--prometheus-certificate-authority <path>', 'CA certificate to verify --prometheus with (default: the system\'s)')
    .option('--prometheus-insecure-skip-tls-verify', 'do not verify the --prometheus certificate (insecure; --insecure-skip-tls-verify does not apply to it)')
    .option('--prometheus-allow-http-token', 'send --prometheus-token-file to an http:// URL anyway (unencrypted)');
  addPeerOptions(addFleetOptions(list)).action(async (_opts, cmd: Command) => {
    const raw = cmd.optsWithGlobals<RawGlobals & RawPrometheusOptions & RawFleetFlags & RawPeerFlags & { allNamespaces?: boolean; sortBy?: string }>();
    const g = parseGlobalOptions(raw, env.io);
    const fleet = parseFleetFlags(raw, g);
    const peer = parsePeerFlags(raw, g);
    rejectPeerWith(peer, fleet ? ('contexts' in fleet ? '--contexts' : '--all-contexts') : undefined);
    // One Prometheus URL is one cluster's series (its namespace/name labels do not say which).
    if (fleet && raw.prometheus !== undefined) throw new UsageError('--prometheus reads one cluster\'s metrics: it cannot be combined with --contexts or --all-contexts');
    const prometheus = parsePrometheusOptions(raw);
    const sortBy = parseSortByFlag(raw.sortBy);
    const { runList } = await import('./run.js');
    env.setExit(await runList(g, { allNamespaces: Boolean(raw.allNamespaces), ...(prometheus ? { prometheus } : {}), ...(sortBy ? { sortBy } : {}), ...(fleet ? { fleet } : {}), ...(peer ? { peer } : {}) }, env.io));
  });
}
