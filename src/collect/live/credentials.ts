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

  constructor(
    private readonly kc: KubeConfig,
    private readonly cluster: Cluster,
    private readonly server: URL,
  ) {}

  async forRequest(): Promise<RequestCredentials> {
    const opts: https.RequestOptions = {};
    try {
      await this.kc.applyToHTTPSOptions(opts);
    } catch (err) {
      // Typically an exec plugin that failed or is missing; client-node puts its stderr in the message.
      const msg = err instanceof Error ? err.message : String(err);
      throw new SourceError('Config', `error: getting credentials: ${msg.split('\n')[0]}`);
    }
    this.agent ??= this.makeAgent(opts);
    return { agent: this.agent, headers: flattenHeaders(opts.headers), auth: opts.auth ?? undefined };
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
    out[key] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
