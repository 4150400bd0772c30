import type { Command } from 'commander';
import { parseGlobalOptions, type RawGlobals } from '../../cmdutil/global-options.js';
import { parsePrometheusOptions, type RawPrometheusOptions } from '../why/options.js';
import { defineCommand, type CommandEnv } from '../../cmdutil/define-command.js';
import { parseSortByFlag } from '../../render/sort-by.js';

export function registerList(env: CommandEnv): void {
  defineCommand(env, 'list', 'the migrations in a namespace (-A: all), with phase, source → target, progress and cause')
    .option('-A, --all-namespaces', 'list migrations in every namespace')
    .option('--sort-by <jsonpath>', 'order the migrations by a field of their items[] entry, as kubectl get --sort-by (e.g. .age)')
    .option('--prometheus <url>', 'Prometheus to read the percent copied from (one query instead of each node\'s virt-handler)')
    .option('--prometheus-token-file <path>', 'bearer token for --prometheus')
    .option('--prometheus-certificate-authority <path>', 'CA certificate to verify --prometheus with (default: the system\'s)')
    .option('--prometheus-insecure-skip-tls-verify', 'do not verify the --prometheus certificate (insecure; --insecure-skip-tls-verify does not apply to it)')
    .option('--prometheus-allow-http-token', 'send --prometheus-token-file to an http:// URL anyway (unencrypted)')
    .action(async (_opts, cmd: Command) => {
      const raw = cmd.optsWithGlobals<RawGlobals & RawPrometheusOptions & { allNamespaces?: boolean; sortBy?: string }>();
      const g = parseGlobalOptions(raw, env.io);
      const prometheus = parsePrometheusOptions(raw);
      const sortBy = parseSortByFlag(raw.sortBy);
      const { runList } = await import('./run.js');
      const { openPrometheus } = await import('../../collect/prometheus.js');
      const api = await openPrometheus(prometheus, g, (line) => env.io.stderr(`${line}\n`));
      env.setExit(await runList(g, { allNamespaces: Boolean(raw.allNamespaces), ...(api ? { prometheus: api } : {}), ...(sortBy ? { sortBy } : {}) }, env.io));
    });
}
