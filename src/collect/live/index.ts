// Entry point of the live source. The CLI reaches it with `await import(...)`. Nothing here
// loads @kubernetes/client-node: credentials.ts imports it only for an exec plugin or an auth
// provider (it costs ~0.5 s to load, which --help, --version, --from and token, certificate or
// basic-auth kubeconfigs must never pay). Other modules may import its *types* only.
import { Credentials } from './credentials.js';
import { formatDuration } from '../../kube/duration.js';
import { HttpClient, USER_AGENT } from './http-client.js';
import { resolveKubeconfig } from './kubeconfig.js';

export { kubeconfigContextNames } from './kubeconfig.js';
import { LiveSource } from './live-source.js';
import { DEFAULT_PAGE_SIZE } from './body-limits.js';
import { proxyFor } from './proxy.js';
import { redactUrl } from './redact.js';
import { RequestStats } from './request-stats.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
import { Transport } from './transport.js';

export type { LiveSource } from './live-source.js';
export type { WatchEnd, WatchEvent, WatchOptions, WatchStatus } from './watch.js';
export type { RetryPolicy } from './retry.js';

/** Parsed by the CLI layer before any I/O. */
export interface LiveSourceOptions {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  /** Per request; 0 = none. */
  requestTimeoutMs: number;
  insecureSkipTlsVerify: boolean;
  verbose: boolean;
  stderr: (line: string) => void;
  /** List page size (`limit`); default 500, as kubectl's --chunk-size. */
  pageSize?: number;
  /** `--cache-ok`: lists from the watch cache (resourceVersion=0) where pages would come from etcd. */
  cacheOk?: boolean;
  /** For KUBECONFIG, HOME, proxies and in-cluster variables; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** Knobs the CLI never sets: tests use them to avoid real waits and real service-account paths. */
export interface LiveSourceTuning {
  retry?: Partial<RetryPolicy>;
  serviceAccountDir?: string;
  /** How long past timeoutSeconds a watch may stay open before it is ended here. */
  watchGraceMs?: number;
}

export async function openLiveSource(opts: LiveSourceOptions, tuning: LiveSourceTuning = {}): Promise<LiveSource> {
  const log = opts.verbose ? opts.stderr : undefined;
  const env = opts.env ?? process.env;
  const resolved = resolveKubeconfig({
    kubeconfig: opts.kubeconfig,
    context: opts.context,
    namespace: opts.namespace,
    insecureSkipTlsVerify: opts.insecureSkipTlsVerify,
    env,
    serviceAccountDir: tuning.serviceAccountDir,
  });
  const proxy = proxyFor(resolved.server, env, resolved.cluster.proxyUrl);
  const credentials = new Credentials(resolved.cluster, resolved.user, resolved.server);
  if (log) {
    log(`Config loaded from ${resolved.origin}: context "${resolved.contextName}", server ${redactUrl(resolved.server)}, namespace "${resolved.namespace}"`);
    if (proxy) log(`Proxy ${redactUrl(proxy.url)} (from ${proxy.from})`);
    // As kubectl: credentials are never sent to a plain-http server; saying so explains a 401.
    if (credentials.withheld) log(`Credentials of user "${resolved.user.name}" are not sent: the server is plain http://`);
    const exec = (resolved.user.exec ?? resolved.user.authProvider?.config?.exec) as { command?: string } | undefined;
    // client-node shows an exec plugin's stderr only if it fails, so an interactive login
    // prompt would be invisible; saying that the plugin runs explains a silent wait.
    if (exec?.command && credentials.viaPlugin) log(`Credentials for user "${resolved.user.name}" come from exec plugin "${exec.command}"`);
    if (opts.requestTimeoutMs > 0) log(`Request timeout ${formatDuration(opts.requestTimeoutMs)}`);
  }
  const transport = new Transport(proxy, USER_AGENT);
  const stats = new RequestStats();
  const client = new HttpClient({
    server: resolved.server,
    credentials,
    transport,
    requestTimeoutMs: opts.requestTimeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, ...tuning.retry },
    stats,
    compression: !resolved.cluster.disableCompression,
    log,
  });
  return new LiveSource(
    client,
    {
      defaultNamespace: resolved.namespace,
      pageSize: opts.pageSize ?? DEFAULT_PAGE_SIZE,
      cacheOk: opts.cacheOk ?? false,
      stats,
      ...(tuning.watchGraceMs !== undefined ? { watchGraceMs: tuning.watchGraceMs } : {}),
      log,
    },
    () => transport.destroy(),
  );
}
