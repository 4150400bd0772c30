// `--contexts A,B,C` / `--all-contexts` (check-migratable, list): a fleet of clusters, one per
// kubeconfig context. Checked before any I/O.
import type { Command } from 'commander';
import { UsageError } from '../../cmdutil/errors.js';
import { quoteForTerminal } from '../../cmdutil/names.js';
import type { GlobalOptions } from '../../cmdutil/global-options.js';

/** The contexts to read: named (in the order given, without repeats) or every one in the kubeconfig. */
export type FleetFlags = { contexts: string[] } | { allContexts: true };

export interface RawFleetFlags {
  contexts?: string;
  allContexts?: boolean;
}

/** The fleet flags, checked before any I/O; undefined when neither is given (one cluster). */
export function parseFleetFlags(raw: RawFleetFlags, g: Pick<GlobalOptions, 'from' | 'context'>): FleetFlags | undefined {
  if (raw.contexts === undefined && !raw.allContexts) return undefined;
  if (raw.contexts !== undefined && raw.allContexts) throw new UsageError('--contexts and --all-contexts cannot be combined');
  const flag = raw.allContexts ? '--all-contexts' : '--contexts';
  if (g.from !== undefined) throw new UsageError(`${flag} reads live clusters: it cannot be combined with --from`);
  if (g.context !== undefined) throw new UsageError(`--context reads one cluster: it cannot be combined with ${flag}`);
  if (raw.allContexts) return { allContexts: true };
  const names = [...new Set((raw.contexts ?? '').split(',').map((n) => n.trim()))];
  if (names.some((n) => n === '')) throw new UsageError(`invalid argument ${quoteForTerminal(raw.contexts ?? '')} for "--contexts" flag: context names separated by commas, e.g. prod-a,prod-b`);
  return { contexts: names };
}

/** The two flags, as check-migratable and list declare them. */
export function addFleetOptions(cmd: Command): Command {
  return cmd
    .option('--contexts <names>', 'read these kubeconfig contexts (comma-separated), each a cluster: items carry their cluster')
    .option('--all-contexts', 'read every context of the kubeconfig, each a cluster');
}
