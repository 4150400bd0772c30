// Entry point of the live source. The CLI reaches it with `await import(...)`, and this module
// reaches @kubernetes/client-node only through the dynamic import in openLiveSource: loading
// client-node costs ~0.5 s, which --help, --version and --from must never pay. Everything else
// here may import client-node's *types* only (`import type`), which compile away.
import { Credentials } from './credentials.js';
import { formatDuration } from '../../kube/duration.js';
import { HttpClient } from './http-client.js';
import { resolveKubeconfig } from './kubeconfig.js';
import { LiveSource } from './live-source.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';

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
  /** For KUBECONFIG, HOME and in-cluster variables; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** Knobs the CLI never sets: tests use them to avoid real waits and real service-account paths. */
export interface LiveSourceTuning {
  retry?: Partial<RetryPolicy>;
  serviceAccountDir?: string;
}

export async function openLiveSource(opts: LiveSourceOptions, tuning: LiveSourceTuning = {}): Promise<LiveSource> {
  const k8s = await import('@kubernetes/client-node');
  const log = opts.verbose ? opts.stderr : undefined;
  const resolved = resolveKubeconfig(k8s, {
    kubeconfig: opts.kubeconfig,
    context: opts.context,
    namespace: opts.namespace,
    insecureSkipTlsVerify: opts.insecureSkipTlsVerify,
    env: opts.env ?? process.env,
    serviceAccountDir: tuning.serviceAccountDir,
  });
  if (log) {
    log(`Config loaded from ${resolved.origin}: context "${resolved.contextName}", server ${resolved.server.href}, namespace "${resolved.namespace}"`);
    const exec = (resolved.user.exec ?? resolved.user.authProvider?.config?.exec) as { command?: string } | undefined;
    // client-node shows an exec plugin's stderr only if it fails, so an interactive login
    // prompt would be invisible; saying that the plugin runs explains a silent wait.
    if (exec?.command) log(`Credentials for user "${resolved.user.name}" come from exec plugin "${exec.command}"`);
    if (opts.requestTimeoutMs > 0) log(`Request timeout ${formatDuration(opts.requestTimeoutMs)}`);
  }
  const credentials = new Credentials(resolved.kc, resolved.cluster, resolved.server);
  const client = new HttpClient({
    server: resolved.server,
    credentials,
    requestTimeoutMs: opts.requestTimeoutMs,
    retry: { ...DEFAULT_RETRY_POLICY, ...tuning.retry },
    log,
  });
  return new LiveSource(client, { defaultNamespace: resolved.namespace, pageSize: opts.pageSize ?? 500, log }, () => credentials.destroy());
}
