// Kubeconfig files pointing at the fake server, readable by kubectl and @kubernetes/client-node.
// client-node refuses http:// servers unless insecure-skip-tls-verify is true, so plain HTTP
// always sets it; with TLS and a known CA we write certificate-authority-data instead.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { KubeconfigOptions } from './types.js';

export function kubeconfigYaml(server: string, opts: KubeconfigOptions & { caData?: string } = {}): string {
  const contextName = opts.contextName ?? 'fake';
  const userName = opts.user ?? 'fake-user';
  let cluster: Record<string, unknown> = { server };
  if (opts.caData) cluster['certificate-authority-data'] = opts.caData;
  else cluster['insecure-skip-tls-verify'] = true;
  // yaml leaves out undefined values, which is how an override removes a default field.
  if (opts.clusterEntry) cluster = { ...cluster, ...opts.clusterEntry };
  const context: Record<string, unknown> = { cluster: 'fake-cluster', user: userName };
  if (opts.namespace) context.namespace = opts.namespace;
  const user: Record<string, unknown> = { ...opts.userEntry };
  if (opts.token) user.token = opts.token;
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [{ name: 'fake-cluster', cluster }],
    users: [{ name: userName, user }],
    contexts: [{ name: contextName, context }],
    'current-context': contextName,
  });
}

export function writeKubeconfigFile(dir: string, server: string, opts: KubeconfigOptions & { caData?: string } = {}): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, opts.fileName ?? 'kubeconfig');
  writeFileSync(path, kubeconfigYaml(server, opts), { mode: 0o600 });
  return path;
}

/**
 * One kubeconfig with a context per server (each context named as its cluster, one user without
 * credentials, one namespace), for commands that read several clusters: fleets, cross-cluster.
 */
export function writeMultiContextKubeconfig(dir: string, clusters: readonly { name: string; server: string }[], opts: { user: string; namespace: string; current: string }): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'kubeconfig');
  const text = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: clusters.map((c) => ({ name: c.name, cluster: { server: c.server, 'insecure-skip-tls-verify': true } })),
    users: [{ name: opts.user, user: {} }],
    contexts: clusters.map((c) => ({ name: c.name, context: { cluster: c.name, user: opts.user, namespace: opts.namespace } })),
    'current-context': opts.current,
  });
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}
