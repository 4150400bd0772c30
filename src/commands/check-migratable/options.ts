import { UsageError } from '../../cmdutil/errors.js';
import { quoteForTerminal, validateNodeName, validateObjectName } from '../../cmdutil/names.js';
import { escapeForTerminal } from '../../render/terminal-text.js';
import { parseLabelSelector, SelectorError } from '../../kube/labels.js';
import type { FailOn } from '../../cmdutil/exit-codes.js';
import type { JsonPath } from '../../render/jsonpath.js';
import { parseSortByFlag } from '../../render/sort-by.js';
import type { FleetFlags } from '../fleet/flags.js';
import { rejectPeerWith, type PeerFlags } from '../peer/flags.js';

export interface CheckMigratableOptions {
  names: string[];
  allNamespaces: boolean;
  selector?: string;
  files: string[];
  node?: string;
  failOn: FailOn;
  listRules: boolean;
  /** The per-VM reasons and fixes under the table: `--details`, or VMs named (NAME…, -f). */
  details: boolean;
  /** `--sort-by`: the order of the items, kubectl's; checked before any I/O. */
  sortBy?: JsonPath;
  /** `--contexts` / `--all-contexts`: every cluster of the fleet, each checked on its own. */
  fleet?: FleetFlags;
  /** `--peer-context` / `--peer-kubeconfig` / `--peer-from`: the cross-cluster pre-flight against that cluster. */
  peer?: PeerFlags;
}

export interface RawCheckOptions {
  allNamespaces?: boolean;
  selector?: string;
  filename?: string[];
  node?: string;
  failOn: FailOn;
  listRules?: boolean;
  details?: boolean;
  sortBy?: string;
}

export function parseCheckMigratableOptions(names: string[], raw: RawCheckOptions, fleet?: FleetFlags, peer?: PeerFlags): CheckMigratableOptions {
  const files = raw.filename ?? [];
  for (const n of names) validateObjectName(n);
  if (raw.node !== undefined) validateNodeName(raw.node);
  if (names.length > 0 && raw.allNamespaces) {
    throw new UsageError('a resource cannot be retrieved by name across all namespaces');
  }
  if (files.length > 0 && (names.length > 0 || raw.allNamespaces || raw.node !== undefined)) {
    throw new UsageError('-f checks the objects in the files: it cannot be combined with NAME, -A or --node');
  }
  if (raw.node !== undefined && names.length > 0) {
    throw new UsageError('--node previews every VMI on the node: it cannot be combined with NAME');
  }
  if (fleet && files.length > 0) throw new UsageError('-f checks the objects in the files: it cannot be combined with --contexts or --all-contexts');
  // A node is one cluster's: the drain preview reads one.
  if (fleet && raw.node !== undefined) throw new UsageError('--node previews one node\'s drain: it cannot be combined with --contexts or --all-contexts');
  // The pre-flight moves VMs of one namespace to the same namespace of one other cluster.
  rejectPeerWith(peer, files.length > 0 ? '-f' : raw.allNamespaces ? '-A' : raw.node !== undefined ? '--node' : fleet ? '--contexts or --all-contexts' : raw.listRules ? '--list-rules' : undefined);
  if (raw.selector !== undefined) validateSelector(raw.selector);
  const sortBy = parseSortByFlag(raw.sortBy);
  return {
    names,
    allNamespaces: Boolean(raw.allNamespaces) || raw.node !== undefined,
    selector: raw.selector,
    files,
    node: raw.node,
    failOn: raw.failOn,
    listRules: Boolean(raw.listRules),
    details: Boolean(raw.details) || names.length > 0 || files.length > 0,
    ...(sortBy ? { sortBy } : {}),
    ...(fleet ? { fleet } : {}),
    ...(peer ? { peer } : {}),
  };
}

/**
 * `-l`: the parser that matches offline snapshots, so that every selector the API server would
 * refuse with 400 is a usage error here, before any request.
 */
export function validateSelector(selector: string): void {
  const problem = selector.trim() === '' ? 'empty selector' : selectorProblem(selector);
  if (problem !== undefined) throw new UsageError(`invalid label selector ${quoteForTerminal(selector)}: ${problem}`);
}

function selectorProblem(selector: string): string | undefined {
  try {
    parseLabelSelector(selector);
    return undefined;
  } catch (err) {
    if (err instanceof SelectorError) return escapeForTerminal(err.message);
    throw err;
  }
}
