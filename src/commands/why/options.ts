import type { GlobalOptions } from '../../cmdutil/global-options.js';
import { validateObjectName } from '../../cmdutil/names.js';
import type { FailOn } from '../../cmdutil/exit-codes.js';
import { parseDuration } from '../../cmdutil/duration.js';
import { UsageError } from '../../cmdutil/errors.js';

/** `why --watch` refreshes this often unless `--interval` says otherwise. */
export const DEFAULT_WATCH_INTERVAL_MS = 5000;

export interface PrometheusOptions {
  url: string;
  tokenFile?: string;
}

export interface WhyOptions {
  name: string;
  failOn: FailOn;
  /** `--watch`: refresh until the migration is final. */
  watch: boolean;
  intervalMs: number;
  prometheus?: PrometheusOptions;
}

export interface RawPrometheusOptions {
  prometheus?: string;
  prometheusTokenFile?: string;
}

export interface RawWhyOptions extends RawPrometheusOptions {
  failOn: FailOn;
  watch?: boolean;
  interval?: string;
}

export function parseWhyOptions(name: string, raw: RawWhyOptions, g: Pick<GlobalOptions, 'from'>): WhyOptions {
  validateObjectName(name);
  const watch = Boolean(raw.watch);
  if (watch && g.from !== undefined) throw new UsageError('--watch follows a live cluster: it cannot be combined with --from');
  if (raw.interval !== undefined && !watch) throw new UsageError('--interval can only be used with --watch');
  const intervalMs = raw.interval === undefined ? DEFAULT_WATCH_INTERVAL_MS : parseDuration('--interval', raw.interval);
  if (intervalMs <= 0) throw new UsageError(`invalid argument "${raw.interval}" for "--interval" flag: must be greater than 0`);
  const prometheus = parsePrometheusOptions(raw);
  return { name, failOn: raw.failOn, watch, intervalMs, ...(prometheus ? { prometheus } : {}) };
}

/** `--prometheus URL` and `--prometheus-token-file PATH` (why, list). */
export function parsePrometheusOptions(raw: RawPrometheusOptions): PrometheusOptions | undefined {
  if (raw.prometheus === undefined) {
    if (raw.prometheusTokenFile !== undefined) throw new UsageError('--prometheus-token-file can only be used with --prometheus');
    return undefined;
  }
  if (!isHttpUrl(raw.prometheus)) {
    throw new UsageError(`invalid argument "${raw.prometheus}" for "--prometheus" flag: use an http(s) URL such as https://prometheus.example:9090`);
  }
  return { url: raw.prometheus, ...(raw.prometheusTokenFile !== undefined ? { tokenFile: raw.prometheusTokenFile } : {}) };
}

function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
