import { UsageError } from '../../cli/errors.js';
import { validateName } from '../../cli/global-options.js';
import type { FailOn } from '../../cli/exit-codes.js';

export interface CheckMigratableOptions {
  names: string[];
  allNamespaces: boolean;
  selector?: string;
  files: string[];
  node?: string;
  failOn: FailOn;
  listRules: boolean;
}

export interface RawCheckOptions {
  allNamespaces?: boolean;
  selector?: string;
  filename?: string[];
  node?: string;
  failOn: FailOn;
  listRules?: boolean;
}

export function parseCheckMigratableOptions(names: string[], raw: RawCheckOptions): CheckMigratableOptions {
  const files = raw.filename ?? [];
  for (const n of names) validateName('name', n);
  if (raw.node !== undefined) validateName('node name', raw.node);
  if (names.length > 0 && raw.allNamespaces) {
    throw new UsageError('a resource cannot be retrieved by name across all namespaces');
  }
  if (files.length > 0 && (names.length > 0 || raw.allNamespaces || raw.node !== undefined)) {
    throw new UsageError('-f checks the objects in the files: it cannot be combined with NAME, -A or --node');
  }
  if (raw.node !== undefined && names.length > 0) {
    throw new UsageError('--node previews every VMI on the node: it cannot be combined with NAME');
  }
  if (raw.selector !== undefined) validateSelector(raw.selector);
  return {
    names,
    allNamespaces: Boolean(raw.allNamespaces) || raw.node !== undefined,
    selector: raw.selector,
    files,
    node: raw.node,
    failOn: raw.failOn,
    listRules: Boolean(raw.listRules),
  };
}

// Equality- and set-based selector syntax, as the API server accepts it.
const REQUIREMENT =
  /^\s*(!?[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?|[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?\s*(==|=|!=)\s*[A-Za-z0-9._-]*|[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?\s+(in|notin)\s+\([^()]*\))\s*$/;

export function validateSelector(selector: string): void {
  const parts = selector.split(/,(?![^()]*\))/);
  if (selector.trim() === '' || parts.some((p) => !REQUIREMENT.test(p))) {
    throw new UsageError(`invalid label selector "${selector}"`);
  }
}
