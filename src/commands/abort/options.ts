// `abort` flags, validated and typed before any I/O (exit 2 on a bad value).
import { validateObjectName } from '../../cmdutil/names.js';
import { parseFollowFlags } from '../start/options.js';

export interface AbortOptions {
  name: string;
  dryRun: boolean;
  wait: boolean;
  /** With --wait; 0 = no limit. Milliseconds. */
  timeoutMs: number;
  /** Cancel even in post-copy. */
  force: boolean;
}

export interface RawAbortOptions {
  dryRun?: boolean;
  wait?: boolean;
  timeout?: string;
  force?: boolean;
}

export function parseAbortOptions(name: string, raw: RawAbortOptions): AbortOptions {
  validateObjectName(name);
  return { name, ...parseFollowFlags(raw), force: Boolean(raw.force) };
}
