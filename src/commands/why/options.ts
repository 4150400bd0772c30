import type { GlobalOptions } from '../../cmdutil/global-options.js';
import { validateNodeName, validateObjectName } from '../../cmdutil/names.js';
import type { FailOn } from '../../cmdutil/exit-codes.js';
import { parseDuration } from '../../cmdutil/duration.js';
import { UsageError } from '../../cmdutil/errors.js';
import type { PrometheusFlags } from '../../collect/prometheus.js';
import { parsePeerFlags, rejectPeerWith, type PeerFlags, type RawPeerFlags } from '../peer/flags.js';

/** `why --watch` and `list --watch` refresh this often unless `--interval` says otherwise. */
export const DEFAULT_WATCH_INTERVAL_MS = 5000;

export type PrometheusOptions = PrometheusFlags;

export interface WhyOptions {
  /** '' with --node. */
  name: string;
  /** `--node NODE`: the node's evacuation instead of one migration. */
  node?: string;
  failOn: FailOn;
  /** `--watch`: refresh until the migration is final. */
  watch: boolean;
  intervalMs: number;
  prometheus?: PrometheusOptions;
  /** `--peer-context` / `--peer-kubeconfig` / `--peer-from`: the other cluster of a cross-cluster migration. */
  peer?: PeerFlags;
}

export interface RawPrometheusOptions {
  prometheus?: string;
  prometheusTokenFile?: string;
  prometheusInsecureSkipTlsVerify?: boolean;
  prometheusCertificateAuthority?: string;
  prometheusAllowHttpToken?: boolean;
}

export interface RawWhyOptions extends RawPrometheusOptions, RawPeerFlags {
  failOn: FailOn;
  node?: string;
  watch?: boolean;
  interval?: string;
}

export function parseWhyOptions(name: string | undefined, raw: RawWhyOptions, g: Pick<GlobalOptions, 'from' | 'context' | 'kubeconfig'>): WhyOptions {
  if (raw.node !== undefined) {
    if (name !== undefined) throw new UsageError('why takes NAME or --node NODE, not both');
    validateNodeName(raw.node);
    if (raw.prometheus !== undefined) throw new UsageError('--prometheus cannot be used with --node: why --node reads progress from the launcher logs and virt-handler');
  } else if (name === undefined) {
    throw new UsageError('why needs NAME (a VM, VMI or migration) or --node NODE');
  } else {
    validateObjectName(name);
  }
  const { watch, intervalMs } = parseWatchFlags(raw, g);
  const prometheus = parsePrometheusOptions(raw);
  const peer = parsePeerFlags(raw, g);
  rejectPeerWith(peer, raw.node !== undefined ? '--node' : watch ? '--watch' : undefined);
  return { name: name ?? '', ...(raw.node !== undefined ? { node: raw.node } : {}), failOn: raw.failOn, watch, intervalMs, ...(prometheus ? { prometheus } : {}), ...(peer ? { peer } : {}) };
}

/** `-w/--watch` and `--interval` (why, list): a live cluster only, an interval above 0. */
export function parseWatchFlags(raw: { watch?: boolean; interval?: string }, g: Pick<GlobalOptions, 'from'>): { watch: boolean; intervalMs: number } {
  const watch = Boolean(raw.watch);
  if (watch && g.from !== undefined) throw new UsageError('--watch follows a live cluster: it cannot be combined with --from');
  if (raw.interval !== undefined && !watch) throw new UsageError('--interval can only be used with --watch');
  const intervalMs = raw.interval === undefined ? DEFAULT_WATCH_INTERVAL_MS : parseDuration('--interval', raw.interval);
  if (intervalMs <= 0) throw new UsageError(`invalid argument "${raw.interval}" for "--interval" flag: must be greater than 0`);
  return { watch, intervalMs };
}

/**
 * `--prometheus URL` and its own TLS and token flags (why, list). The API server's
 * --insecure-skip-tls-verify does not apply to Prometheus: --prometheus-insecure-skip-tls-verify does.
 */
export function parsePrometheusOptions(raw: RawPrometheusOptions): PrometheusOptions | undefined {
  if (raw.prometheus === undefined) {
    const given: [unknown, string][] = [
      [raw.prometheusTokenFile, '--prometheus-token-file'],
      [raw.prometheusInsecureSkipTlsVerify, '--prometheus-insecure-skip-tls-verify'],
      [raw.prometheusCertificateAuthority, '--prometheus-certificate-authority'],
      [raw.prometheusAllowHttpToken, '--prometheus-allow-http-token'],
    ];
    const stray = given.find(([v]) => v !== undefined);
    if (stray) throw new UsageError(`${stray[1]} can only be used with --prometheus`);
    return undefined;
  }
  if (raw.prometheusInsecureSkipTlsVerify && raw.prometheusCertificateAuthority !== undefined) {
    throw new UsageError('--prometheus-insecure-skip-tls-verify and --prometheus-certificate-authority cannot be combined');
  }
  if (!isHttpUrl(raw.prometheus)) {
    throw new UsageError(`invalid argument "${raw.prometheus}" for "--prometheus" flag: use an http(s) URL such as https://prometheus.example:9090`);
  }
  return {
    url: raw.prometheus,
    ...(raw.prometheusTokenFile !== undefined ? { tokenFile: raw.prometheusTokenFile } : {}),
    ...(raw.prometheusInsecureSkipTlsVerify ? { insecureSkipTlsVerify: true } : {}),
    ...(raw.prometheusCertificateAuthority !== undefined ? { certificateAuthority: raw.prometheusCertificateAuthority } : {}),
    ...(raw.prometheusAllowHttpToken ? { allowHttpToken: true } : {}),
  };
}

function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
