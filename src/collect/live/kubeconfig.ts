// Kubeconfig resolution with kubectl's rules: files, KUBECONFIG merging (the first file that
// names something wins), the context, the in-cluster service account, and the command-line
// overrides. Parsed here with the `yaml` package, not @kubernetes/client-node: that module costs
// ~0.5 s to load, and token, certificate and basic-auth kubeconfigs never need it (only exec
// plugins and auth providers do, see credentials.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { parse } from 'yaml';
import { SourceError } from '../source.js';
import { redactUrlText } from './redact.js';

export interface KubeCluster {
  name: string;
  server: string;
  caData?: string;
  caFile?: string;
  skipTLSVerify: boolean;
  tlsServerName?: string;
  proxyUrl?: string;
  /** `disable-compression`: no `Accept-Encoding: gzip`, as client-go. */
  disableCompression: boolean;
}

export interface KubeUser {
  name: string;
  token?: string;
  /** client-go's `tokenFile` (absolute): re-read as it rotates. */
  tokenFile?: string;
  username?: string;
  password?: string;
  certData?: string;
  certFile?: string;
  keyData?: string;
  keyFile?: string;
  /** `as`: impersonation, sent whatever the scheme (client-go applies it outside its TLS check). */
  impersonate?: string;
  /** In client-node's shape (client-node runs them); the command is absolute when it is a path. */
  exec?: Record<string, unknown>;
  authProvider?: { name: string; config?: Record<string, unknown> };
}

interface KubeContext {
  name: string;
  cluster: string;
  user?: string;
  namespace?: string;
}

export interface KubeconfigInput {
  kubeconfig?: string;
  context?: string;
  namespace?: string;
  insecureSkipTlsVerify: boolean;
  env: NodeJS.ProcessEnv;
  /** The pod's service-account directory, for running inside a cluster; tests point it elsewhere. */
  serviceAccountDir?: string;
}

export interface ResolvedKubeconfig {
  contextName: string;
  /** With the command-line overrides applied. */
  cluster: KubeCluster;
  user: KubeUser;
  server: URL;
  namespace: string;
  /** Where the configuration came from, for -v. */
  origin: string;
}

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
const ANONYMOUS_USER = 'vmigrate:anonymous';

interface Loaded {
  clusters: KubeCluster[];
  users: KubeUser[];
  contexts: KubeContext[];
  currentContext?: string;
  origin: string;
}

export function resolveKubeconfig(input: KubeconfigInput): ResolvedKubeconfig {
  const loaded = loadConfig(input);
  const contextName = input.context ?? loaded.currentContext;
  const contextList = contextListText(loaded.contexts.map((c) => c.name));
  if (!contextName) {
    throw configError(`error: current-context is not set in the kubeconfig and --context was not given ${contextList}`);
  }
  const context = loaded.contexts.find((c) => c.name === contextName);
  if (!context) {
    const which = input.context !== undefined ? 'context' : 'current-context';
    throw configError(`error: ${which} "${contextName}" does not exist in the kubeconfig ${contextList}`);
  }
  const cluster = loaded.clusters.find((c) => c.name === context.cluster);
  if (!cluster) {
    throw configError(`error: cluster "${context.cluster}" of context "${contextName}" does not exist in the kubeconfig`);
  }
  let user: KubeUser | undefined = { name: ANONYMOUS_USER };
  if (context.user) {
    user = loaded.users.find((u) => u.name === context.user);
    if (!user) throw configError(`error: user "${context.user}" of context "${contextName}" does not exist in the kubeconfig`);
  }

  let server: URL;
  try {
    server = new URL(cluster.server);
  } catch {
    throw configError(`error: invalid server URL "${redactUrlText(cluster.server)}" for cluster "${cluster.name}" in the kubeconfig`);
  }
  if (server.protocol !== 'https:' && server.protocol !== 'http:') {
    throw configError(`error: unsupported server URL "${redactUrlText(cluster.server)}" for cluster "${cluster.name}": use https:// or http://`);
  }

  // As client-go: --insecure-skip-tls-verify also drops the CA, so the two cannot conflict.
  const effective = input.insecureSkipTlsVerify ? { ...cluster, skipTLSVerify: true, caData: undefined, caFile: undefined } : cluster;
  checkCertificateFiles(effective, user);
  return {
    contextName,
    cluster: effective,
    user,
    server,
    // An empty context namespace means "default" to kubectl too.
    namespace: input.namespace ?? (context.namespace || 'default'),
    origin: loaded.origin,
  };
}

/**
 * The context names of the kubeconfig kubectl would read (`kubectl config get-contexts -o name`),
 * in file order after the merge: what `--all-contexts` reads. An unknown name among `wanted` is
 * the error `--context` gives, listing the contexts, before any cluster is contacted.
 */
export function kubeconfigContextNames(input: Pick<KubeconfigInput, 'kubeconfig' | 'env' | 'serviceAccountDir'>, wanted: readonly string[] = []): string[] {
  const loaded = loadConfig(input);
  const names = loaded.contexts.map((c) => c.name);
  const unknown = wanted.find((w) => !names.includes(w));
  if (unknown !== undefined) {
    throw configError(`error: context "${unknown}" does not exist in the kubeconfig ${contextListText(names)}`);
  }
  return names;
}

/** What an unknown context's error lists. */
const contextListText = (names: readonly string[]) => `(${names.length ? `contexts: ${names.join(', ')}` : 'no contexts defined'})`;

/**
 * kubectl refuses, before connecting, a kubeconfig whose certificate files cannot be read or
 * that has a client certificate without its key. kubectl lists every problem; one line names the first.
 */
function checkCertificateFiles(cluster: KubeCluster, user: KubeUser): void {
  const readable = (what: string, file: string | undefined, owner: string) => {
    if (!file) return;
    try {
      readFileSync(file);
    } catch (err) {
      throw configError(`error: unable to read ${what} ${file} for ${owner} due to open ${file}: ${errnoText(err)}`);
    }
  };
  readable('client-cert', user.certFile, user.name);
  readable('client-key', user.keyFile, user.name);
  if ((user.certFile || user.certData) && !(user.keyFile || user.keyData)) {
    throw configError(`error: client-key-data or client-key must be specified for ${user.name} to use the clientCert authentication method.`);
  }
  readable('certificate-authority', cluster.caFile, cluster.name);
}

function loadConfig(input: Pick<KubeconfigInput, 'kubeconfig' | 'env' | 'serviceAccountDir'>): Loaded {
  if (input.kubeconfig !== undefined) {
    // Only this file, and it must exist (kubectl: `stat PATH: no such file or directory`).
    try {
      statSync(input.kubeconfig);
    } catch (err) {
      throw configError(`error: stat ${input.kubeconfig}: ${errnoText(err)}`);
    }
    return merge([input.kubeconfig], `--kubeconfig ${input.kubeconfig}`);
  }
  const list = input.env.KUBECONFIG;
  if (list) {
    // kubectl skips files of the list that do not exist, and merges the rest.
    const files = list.split(delimiter).filter((f) => f !== '');
    const present = files.filter((f) => existsSync(f));
    if (present.length === 0) {
      throw configError(`error: no configuration has been provided: none of the files in KUBECONFIG exist (${files.join(', ')})`);
    }
    return merge(present, `KUBECONFIG ${present.join(delimiter)}`);
  }
  const home = input.env.HOME || input.env.USERPROFILE || homedir();
  const defaultFile = join(home, '.kube', 'config');
  if (existsSync(defaultFile)) return merge([defaultFile], defaultFile);
  const inCluster = inClusterConfig(input.env, input.serviceAccountDir ?? SERVICE_ACCOUNT_DIR);
  if (inCluster) return inCluster;
  // kubectl would now try http://localhost:8080 and report a refused connection; saying what is
  // missing is more useful.
  throw configError(
    `error: no configuration has been provided: ${defaultFile} does not exist and KUBECONFIG is not set (use --kubeconfig PATH)`,
  );
}

/** kubectl's merge: the first file that defines a name (or current-context) wins. */
function merge(files: string[], origin: string): Loaded {
  const out: Loaded = { clusters: [], users: [], contexts: [], origin };
  const add = <T extends { name: string }>(into: T[], from: T[]) => {
    for (const item of from) if (!into.some((x) => x.name === item.name)) into.push(item);
  };
  for (const file of files) {
    const parsed = loadFile(file);
    if (!parsed) continue;
    add(out.clusters, parsed.clusters);
    add(out.users, parsed.users);
    add(out.contexts, parsed.contexts);
    out.currentContext ||= parsed.currentContext;
  }
  return out;
}

function loadFile(file: string): Omit<Loaded, 'origin'> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw configError(`error: open ${file}: ${errnoText(err)}`);
  }
  // An empty file is an empty config to kubectl.
  if (text.trim() === '') return undefined;
  try {
    const raw: unknown = parse(text, { logLevel: 'silent', maxAliasCount: 100 });
    return parseConfig(raw, dirname(file));
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw configError(`error: error loading config file "${file}": ${msg.split('\n')[0]}`);
  }
}

/** The kubeconfig document; relative paths are relative to the file that names them. */
function parseConfig(raw: unknown, dir: string): Omit<Loaded, 'origin'> {
  const doc = record(raw) ?? {};
  const path = (p: unknown) => (typeof p === 'string' && p !== '' ? (isAbsolute(p) ? p : resolve(dir, p)) : undefined);
  const clusters = entries(doc.clusters).map((e, i) => {
    if (!str(e.name)) throw new Error(`clusters[${i}].name is missing`);
    const c = record(e.cluster);
    if (!c) throw new Error(`clusters[${i}].cluster is missing`);
    if (!str(c.server)) throw new Error(`clusters[${i}].cluster.server is missing`);
    return {
      name: str(e.name)!,
      server: str(c.server)!,
      caData: str(c['certificate-authority-data']),
      caFile: path(c['certificate-authority']),
      skipTLSVerify: c['insecure-skip-tls-verify'] === true,
      tlsServerName: str(c['tls-server-name']),
      proxyUrl: str(c['proxy-url']),
      disableCompression: c['disable-compression'] === true,
    } satisfies KubeCluster;
  });
  const users = entries(doc.users).map((e, i) => {
    if (!str(e.name)) throw new Error(`users[${i}].name is missing`);
    const u = record(e.user) ?? {};
    const exec = record(u.exec);
    const command = exec?.command;
    // A command that is a path (not a name looked up on PATH) is relative to the kubeconfig.
    const execOut = exec && typeof command === 'string' && command.includes(sep) ? { ...exec, command: resolve(dir, command) } : exec;
    const provider = record(u['auth-provider']);
    return {
      name: str(e.name)!,
      token: str(u.token),
      tokenFile: path(u.tokenFile),
      username: str(u.username),
      password: str(u.password),
      certData: str(u['client-certificate-data']),
      certFile: path(u['client-certificate']),
      keyData: str(u['client-key-data']),
      keyFile: path(u['client-key']),
      impersonate: str(u.as),
      ...(execOut ? { exec: execOut } : {}),
      ...(provider && str(provider.name) ? { authProvider: { name: str(provider.name)!, config: record(provider.config) ?? {} } } : {}),
    } satisfies KubeUser;
  });
  const contexts = entries(doc.contexts).map((e, i) => {
    if (!str(e.name)) throw new Error(`contexts[${i}].name is missing`);
    const c = record(e.context);
    if (!c) throw new Error(`contexts[${i}].context is missing`);
    if (!str(c.cluster)) throw new Error(`contexts[${i}].context.cluster is missing`);
    return { name: str(e.name)!, cluster: str(c.cluster)!, user: str(c.user), namespace: str(c.namespace) } satisfies KubeContext;
  });
  return { clusters, users, contexts, currentContext: str(doc['current-context']) };
}

/** Running in a pod without a kubeconfig: the service account, as client-go's InClusterConfig. */
function inClusterConfig(env: NodeJS.ProcessEnv, dir: string): Loaded | undefined {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  const tokenFile = join(dir, 'token');
  if (!host || !port || !existsSync(tokenFile)) return undefined;
  const caFile = join(dir, 'ca.crt');
  const nsFile = join(dir, 'namespace');
  const namespace = existsSync(nsFile) ? readFileSync(nsFile, 'utf8').trim() || undefined : undefined;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  const name = 'in-cluster';
  return {
    clusters: [
      { name, server: `https://${hostPart}:${port}`, caFile: existsSync(caFile) ? caFile : undefined, skipTLSVerify: false, disableCompression: false },
    ],
    // Projected service-account tokens rotate: the file is re-read (credentials.ts).
    users: [{ name, tokenFile }],
    contexts: [{ name, cluster: name, user: name, namespace }],
    currentContext: name,
    origin: `in-cluster service account ${dir}`,
  };
}

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** `clusters: [...]` and friends; anything else is no entries, as client-node read it. */
function entries(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.map((e) => record(e) ?? {}) : [];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function configError(message: string): SourceError {
  return new SourceError('Config', message);
}

// Go's wording for the errno kubectl would report.
export function errnoText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}
