// Credentials and TLS material, from client-node's authenticators (tokens, client certificates,
// exec plugins, OIDC, token files, basic auth). client-node builds them into https options; we
// keep one keep-alive agent for the TLS side and ask again for headers on every request,
// because exec, OIDC and token-file credentials expire and client-node refreshes them itself.
import http from 'node:http';
import https from 'node:https';
import type { Cluster, KubeConfig } from '@kubernetes/client-node';
import { SourceError } from '../source.js';

export interface RequestCredentials {
  agent: http.Agent;
  headers: Record<string, string>;
  /** `user:password` for basic auth; node turns it into the Authorization header. */
  auth?: string;
}

export class Credentials {
  private agent: http.Agent | undefined;
  private pending: Promise<https.RequestOptions> | undefined;

  constructor(
    private readonly kc: KubeConfig,
    private readonly cluster: Cluster,
    private readonly server: URL,
  ) {}

  async forRequest(): Promise<RequestCredentials> {
    // Requests that start together share one lookup: client-node has no lock around an exec
    // plugin, so a command's first burst of parallel requests would run the plugin once each.
    this.pending ??= this.lookup().finally(() => (this.pending = undefined));
    const opts = await this.pending;
    this.agent ??= this.makeAgent(opts);
    return { agent: this.agent, headers: flattenHeaders(opts.headers), auth: opts.auth ?? undefined };
  }

  private async lookup(): Promise<https.RequestOptions> {
    const opts: https.RequestOptions = {};
    try {
      await this.kc.applyToHTTPSOptions(opts);
    } catch (err) {
      throw new SourceError('Config', `error: getting credentials: ${this.credentialFailure(err)}`);
    }
    return opts;
  }

  /**
   * Typically an exec plugin that failed or is missing. client-node rejects with the plugin's
   * stderr alone (or the spawn error), so we name the executable, as kubectl does.
   */
  private credentialFailure(err: unknown): string {
    const msg = err instanceof Error ? err.message : String(err);
    const firstLine = msg.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
    const command = this.kc.getCurrentUser()?.exec?.command;
    if (!command) return firstLine;
    const e = err as NodeJS.ErrnoException;
    if (e.syscall?.startsWith('spawn')) {
      return e.code === 'ENOENT' ? `exec: executable ${command} not found` : `exec: executable ${command}: ${firstLine}`;
    }
    // A non-JSON stdout fails client-node's JSON.parse.
    if (err instanceof SyntaxError) return `exec: executable ${command} did not print an ExecCredential: ${firstLine}`;
    return firstLine ? `exec: executable ${command} failed: ${firstLine}` : `exec: executable ${command} failed`;
  }

  /** Closes pooled sockets, including ones in use. */
  destroy(): void {
    this.agent?.destroy();
    this.agent = undefined;
  }

  private makeAgent(opts: https.RequestOptions): http.Agent {
    // A proxy-url needs client-node's proxy agent (socks / http CONNECT); keep the one it made.
    if (this.cluster.proxyUrl && opts.agent instanceof http.Agent) return opts.agent;
    if (this.server.protocol === 'http:') return new http.Agent({ keepAlive: true });
    const tls: https.AgentOptions = { keepAlive: true };
    if (opts.ca) tls.ca = opts.ca;
    if (opts.cert) tls.cert = opts.cert;
    if (opts.key) tls.key = opts.key;
    if (opts.servername) tls.servername = opts.servername;
    // Left unset, node verifies (unless NODE_TLS_REJECT_UNAUTHORIZED=0), as client-node intends.
    if (opts.rejectUnauthorized !== undefined) tls.rejectUnauthorized = opts.rejectUnauthorized;
    return new https.Agent(tls);
  }
}

function flattenHeaders(headers: http.OutgoingHttpHeaders | readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || Array.isArray(headers)) return out;
  for (const [key, value] of Object.entries(headers as http.OutgoingHttpHeaders)) {
    if (value === undefined) continue;
    // Trimmed as client-go trims a token: a token file usually ends with a newline, which
    // client-node keeps and node refuses in a header.
    out[key] = (Array.isArray(value) ? value.join(', ') : String(value)).trim();
  }
  return out;
}
