// Kubeconfig resolution with kubectl's rules, on top of client-node's parser and
// authenticators. We resolve files, merging and the context ourselves because client-node's
// loadFromDefault reads process.env (not injectable), throws on duplicate names where kubectl
// lets the first file win, silently falls back to http://localhost:8080, and never validates
// --context. The result is a private KubeConfig holding only the chosen context, with the
// command-line overrides already applied, so the credential code can ask it for nothing else.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import type { Cluster, Context, KubeConfig, User } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { SourceError } from '../source.js';

/** The client-node module, passed in because it is only ever loaded by a dynamic import. */
export type ClientNode = typeof import('@kubernetes/client-node');

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
  /** Only the chosen context, its cluster and its user, with flag overrides applied. */
  kc: KubeConfig;
  contextName: string;
  cluster: Cluster;
  user: User;
  server: URL;
  namespace: string;
  /** Where the configuration came from, for -v. */
  origin: string;
}

const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
// Stands in for a context without a user: client-node skips CA and TLS options entirely when a
// context has no user, so we always give it one.
const ANONYMOUS_USER = 'vmigrate:anonymous';

interface Loaded {
  clusters: Cluster[];
  users: User[];
  contexts: Context[];
  currentContext?: string;
  origin: string;
}

export function resolveKubeconfig(k8s: ClientNode, input: KubeconfigInput): ResolvedKubeconfig {
  const loaded = loadConfig(k8s, input);
  const contextName = input.context ?? loaded.currentContext;
  const contextList = `(${loaded.contexts.length ? `contexts: ${loaded.contexts.map((c) => c.name).join(', ')}` : 'no contexts defined'})`;
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
  let user: User | undefined = { name: ANONYMOUS_USER };
  if (context.user) {
    user = loaded.users.find((u) => u.name === context.user);
    if (!user) throw configError(`error: user "${context.user}" of context "${contextName}" does not exist in the kubeconfig`);
  }

  let server: URL;
  try {
    server = new URL(cluster.server);
  } catch {
    throw configError(`error: invalid server URL "${cluster.server}" for cluster "${cluster.name}" in the kubeconfig`);
  }
  if (server.protocol !== 'https:' && server.protocol !== 'http:') {
    throw configError(`error: unsupported server URL "${cluster.server}" for cluster "${cluster.name}": use https:// or http://`);
  }

  const effectiveCluster = applyOverrides(cluster, server, input.insecureSkipTlsVerify);
  checkCertificateFiles(effectiveCluster, user);
  const kc = new k8s.KubeConfig();
  kc.loadFromOptions({
    clusters: [effectiveCluster],
    users: [user],
    contexts: [{ name: contextName, cluster: cluster.name, user: user.name, namespace: context.namespace }],
    currentContext: contextName,
  });
  return {
    kc,
    contextName,
    cluster: effectiveCluster,
    user,
    server,
    // An empty context namespace means "default" to kubectl too.
    namespace: input.namespace ?? (context.namespace || 'default'),
    origin: loaded.origin,
  };
}

function applyOverrides(cluster: Cluster, server: URL, insecure: boolean): Cluster {
  // As client-go: --insecure-skip-tls-verify also drops the CA, so the two cannot conflict.
  if (insecure) return { ...cluster, skipTLSVerify: true, caData: undefined, caFile: undefined };
  // client-node refuses a plain-http server unless skipTLSVerify is set, while kubectl just uses
  // it. TLS settings mean nothing over http, so setting the flag here changes nothing else.
  if (server.protocol === 'http:') return { ...cluster, skipTLSVerify: true };
  return cluster;
}

/**
 * kubectl refuses, before connecting, a kubeconfig whose certificate files cannot be read or
 * that has a client certificate without its key; client-node would fail later with a bare errno
 * or a TLS error. kubectl lists every problem; one line names the first.
 */
function checkCertificateFiles(cluster: Cluster, user: User): void {
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

function loadConfig(k8s: ClientNode, input: KubeconfigInput): Loaded {
  if (input.kubeconfig !== undefined) {
    // Only this file, and it must exist (kubectl: `stat PATH: no such file or directory`).
    try {
      statSync(input.kubeconfig);
    } catch (err) {
      throw configError(`error: stat ${input.kubeconfig}: ${errnoText(err)}`);
    }
    return merge(k8s, [input.kubeconfig], `--kubeconfig ${input.kubeconfig}`);
  }
  const list = input.env.KUBECONFIG;
  if (list) {
    // kubectl skips files of the list that do not exist, and merges the rest.
    const files = list.split(delimiter).filter((f) => f !== '');
    const present = files.filter((f) => existsSync(f));
    if (present.length === 0) {
      throw configError(`error: no configuration has been provided: none of the files in KUBECONFIG exist (${files.join(', ')})`);
    }
    return merge(k8s, present, `KUBECONFIG ${present.join(delimiter)}`);
  }
  const home = input.env.HOME || input.env.USERPROFILE || homedir();
  const defaultFile = join(home, '.kube', 'config');
  if (existsSync(defaultFile)) return merge(k8s, [defaultFile], defaultFile);
  const inCluster = inClusterConfig(input.env, input.serviceAccountDir ?? SERVICE_ACCOUNT_DIR);
  if (inCluster) return inCluster;
  // kubectl would now try http://localhost:8080 and report a refused connection; saying what is
  // missing is more useful.
  throw configError(
    `error: no configuration has been provided: ${defaultFile} does not exist and KUBECONFIG is not set (use --kubeconfig PATH)`,
  );
}

/** kubectl's merge: the first file that defines a name (or current-context) wins. */
function merge(k8s: ClientNode, files: string[], origin: string): Loaded {
  const out: Loaded = { clusters: [], users: [], contexts: [], origin };
  const add = <T extends { name: string }>(into: T[], from: T[]) => {
    for (const item of from) if (!into.some((x) => x.name === item.name)) into.push(item);
  };
  for (const file of files) {
    const kc = loadFile(k8s, file);
    if (!kc) continue;
    add(out.clusters, kc.getClusters());
    add(out.users, kc.getUsers());
    add(out.contexts, kc.getContexts());
    out.currentContext ||= kc.getCurrentContext() || undefined;
  }
  return out;
}

function loadFile(k8s: ClientNode, file: string): KubeConfig | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw configError(`error: open ${file}: ${errnoText(err)}`);
  }
  // An empty file is an empty config to kubectl; client-node would crash on it.
  if (text.trim() === '') return undefined;
  const kc = new k8s.KubeConfig();
  try {
    kc.loadFromString(text);
    // Relative certificate paths are relative to the file that names them.
    kc.makePathsAbsolute(dirname(file));
    applyClientGoUserRules(kc, text, dirname(file));
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw configError(`error: error loading config file "${file}": ${msg.split('\n')[0]}`);
  }
  return kc;
}

/**
 * User fields client-node reads differently from client-go. An exec command that is a path (not
 * a name looked up on PATH) is relative to the kubeconfig, not the working directory. kubectl's
 * `tokenFile` is ignored by client-node (it knows only `token-file`, read once at parse time), so
 * it becomes client-node's token-file authenticator, which re-reads the file as client-go does.
 */
function applyClientGoUserRules(kc: KubeConfig, text: string, dir: string): void {
  // Silent: client-node has already accepted the file; this second read only looks for tokenFile.
  const raw = parse(text, { logLevel: 'silent' }) as { users?: unknown } | null;
  const rawUsers = Array.isArray(raw?.users) ? (raw.users as { name?: unknown; user?: { tokenFile?: unknown } | null }[]) : [];
  kc.users = kc.users.map((u) => {
    let out: User = u;
    const command: unknown = u.exec?.command;
    if (typeof command === 'string' && command.includes(sep)) out = { ...out, exec: { ...u.exec, command: resolve(dir, command) } };
    const tokenFile = rawUsers.find((r) => r?.name === u.name)?.user?.tokenFile;
    if (typeof tokenFile === 'string' && tokenFile && !u.token && !u.authProvider) {
      out = { ...out, authProvider: { name: 'tokenFile', config: { tokenFile: resolve(dir, tokenFile) } } };
    }
    return out;
  });
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
    clusters: [{ name, server: `https://${hostPart}:${port}`, caFile: existsSync(caFile) ? caFile : undefined, skipTLSVerify: false }],
    // client-node's FileAuth re-reads a tokenFile every minute: projected tokens rotate.
    users: [{ name, authProvider: { name: 'tokenFile', config: { tokenFile } } }],
    contexts: [{ name, cluster: name, user: name, namespace }],
    currentContext: name,
    origin: `in-cluster service account ${dir}`,
  };
}

function configError(message: string): SourceError {
  return new SourceError('Config', message);
}

// Go's wording for the errno kubectl would report.
function errnoText(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return err instanceof Error ? err.message : String(err);
}
