// `start` flags, validated and typed before any I/O (exit 2 on a bad value).
import { UsageError } from '../../cmdutil/errors.js';
import { validateObjectName } from '../../cmdutil/names.js';
import { parseDuration } from '../../cmdutil/duration.js';
import { isLabelValue, isQualifiedName } from '../../kube/labels.js';

export interface StartOptions {
  name: string;
  dryRun: boolean;
  wait: boolean;
  /** With --wait; 0 = no limit. Milliseconds. */
  timeoutMs: number;
  /** `--node-selector k=v[,k=v]` (repeatable), merged; later keys win. */
  nodeSelector: Record<string, string>;
  force: boolean;
}

export interface RawStartOptions {
  dryRun?: boolean;
  wait?: boolean;
  timeout?: string;
  nodeSelector?: string[];
  force?: boolean;
}

export function parseStartOptions(name: string, raw: RawStartOptions): StartOptions {
  validateObjectName(name);
  const follow = parseFollowFlags(raw);
  const nodeSelector: Record<string, string> = {};
  for (const value of raw.nodeSelector ?? []) Object.assign(nodeSelector, parseNodeSelector(value));
  return { name, ...follow, nodeSelector, force: Boolean(raw.force) };
}

/** --dry-run, --wait, --timeout: shared by start and abort. */
export function parseFollowFlags(raw: { dryRun?: boolean; wait?: boolean; timeout?: string }): { dryRun: boolean; wait: boolean; timeoutMs: number } {
  const dryRun = Boolean(raw.dryRun);
  const wait = Boolean(raw.wait);
  if (dryRun && wait) throw new UsageError('--wait cannot be combined with --dry-run: a dry run creates nothing to wait for');
  if (raw.timeout !== undefined && !wait) throw new UsageError('--timeout only applies with --wait');
  const timeoutMs = raw.timeout === undefined ? 0 : parseDuration('--timeout', raw.timeout);
  return { dryRun, wait, timeoutMs };
}

/** `k=v[,k=v]`, as virtctl's --addedNodeSelector takes it. */
export function parseNodeSelector(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of value.split(',')) {
    const eq = part.indexOf('=');
    const key = eq >= 0 ? part.slice(0, eq).trim() : '';
    const val = eq >= 0 ? part.slice(eq + 1).trim() : '';
    if (eq < 0 || !isQualifiedName(key) || !isLabelValue(val)) {
      throw new UsageError(`invalid argument "${value}" for "--node-selector" flag: use key=value[,key=value] with valid label keys and values, e.g. topology.kubernetes.io/zone=zone-b`);
    }
    out[key] = val;
  }
  return out;
}
