// Credentials and TLS material for each request. Tokens, token files, basic auth and client
// certificates are read here; exec plugins and auth providers are run by @kubernetes/client-node,
// imported only for a user that has one (it costs ~0.5 s to load). Headers are asked for on every
// request: exec and token-file credentials expire, and client-node refreshes exec ones itself.
//
// As client-go (clientcmd's DirectClientConfig.ClientConfig): user credentials are applied only
// when the server is https://. To an http:// server no token, password, client certificate or
// exec credential is ever sent, and the exec plugin is not even run; impersonation headers are
// sent either way, as client-go sets them outside that check.
import { readFileSync } from 'node:fs';
import type https from 'node:https';
import { SourceError } from '../source.js';
import { errnoText, type KubeCluster, type KubeUser } from './kubeconfig.js';
import type { TlsSettings } from './transport.js';

export interface RequestCredentials {
  headers: Record<string, string>;
  /** `user:password` for basic auth; node turns it into the Authorization header. */
  auth?: string;
}

/** client-go re-reads a token file once a minute (transport's cachingTokenSource period). */
const TOKEN_FILE_PERIOD_MS = 60_000;

export class Credentials {
  private pending: Promise<https.RequestOptions> | undefined;
  private pluginCert: { cert?: Buffer | string; key?: Buffer | string } | undefined;
  private tokenFromFile: { token: string; readAt: number } | undefined;
  private tlsSettings: TlsSettings | undefined;

  constructor(
    private readonly cluster: KubeCluster,
    private readonly user: KubeUser,
    private readonly server: URL,
  ) {}

  /** Credentials that exist but are withheld because the server is plain http. */
  get withheld(): boolean {
    const u = this.user;
    const any = u.token || u.tokenFile || u.username || u.password || u.certData || u.certFile || u.exec || u.authProvider;
    return this.server.protocol === 'http:' && Boolean(any);
  }

  /** Whether client-node runs the credentials (an exec plugin or an auth provider). */
  get viaPlugin(): boolean {
    return this.server.protocol === 'https:' && Boolean(this.user.exec || this.user.authProvider);
  }

  async forRequest(): Promise<RequestCredentials> {
    const impersonation: Record<string, string> = this.user.impersonate ? { 'Impersonate-User': this.user.impersonate } : {};
    if (this.server.protocol !== 'https:') return { headers: impersonation };
    if (this.viaPlugin) {
      // Requests that start together share one lookup: client-node has no lock around an exec
      // plugin, so a command's first burst of parallel requests would run the plugin once each.
      this.pending ??= this.pluginLookup().finally(() => (this.pending = undefined));
      const opts = await this.pending;
      this.pluginCert ??= { ...(opts.cert ? { cert: opts.cert as Buffer } : {}), ...(opts.key ? { key: opts.key as Buffer } : {}) };
      return { headers: { ...impersonation, ...flattenHeaders(opts.headers) }, ...(opts.auth ? { auth: opts.auth } : {}) };
    }
    const headers = { ...impersonation };
    const token = this.user.token ?? (this.user.tokenFile ? this.readTokenFile(this.user.tokenFile) : undefined);
    // Trimmed as client-go trims a token: a token file usually ends with a newline.
    if (token) headers.Authorization = `Bearer ${token.trim()}`;
    const basic = !token && (this.user.username || this.user.password) ? `${this.user.username ?? ''}:${this.user.password ?? ''}` : undefined;
    return { headers, ...(basic ? { auth: basic } : {}) };
  }

  /**
   * TLS settings for the agent, after the first forRequest() (an exec plugin may hand out the
   * client certificate). rejectUnauthorized is always set, so the kubeconfig decides and not
   * NODE_TLS_REJECT_UNAUTHORIZED.
   */
  tls(): TlsSettings {
    // Files are read once: the agent is made from the first answer.
    return (this.tlsSettings ??= this.readTls());
  }

  private readTls(): TlsSettings {
    const c = this.cluster;
    const u = this.user;
    const out: TlsSettings = { rejectUnauthorized: !c.skipTLSVerify };
    const ca = fileOrData(c.caFile, c.caData);
    if (ca) out.ca = ca;
    if (c.tlsServerName) out.servername = c.tlsServerName;
    if (this.server.protocol !== 'https:') return out;
    const cert = this.pluginCert?.cert ?? fileOrData(u.certFile, u.certData);
    const key = this.pluginCert?.key ?? fileOrData(u.keyFile, u.keyData);
    if (cert) out.cert = cert;
    if (key) out.key = key;
    return out;
  }

  private readTokenFile(file: string): string {
    const now = Date.now();
    if (this.tokenFromFile && now - this.tokenFromFile.readAt < TOKEN_FILE_PERIOD_MS) return this.tokenFromFile.token;
    let token: string;
    try {
      token = readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new SourceError('Config', `error: open ${file}: ${errnoText(err)}`);
    }
    if (!token) throw new SourceError('Config', `error: read empty token from file "${file}"`);
    this.tokenFromFile = { token, readAt: now };
    return token;
  }

  private async pluginLookup(): Promise<https.RequestOptions> {
    const k8s = await import('@kubernetes/client-node');
    const kc = new k8s.KubeConfig();
    const c = this.cluster;
    const u = this.user;
    kc.loadFromOptions({
      clusters: [{ name: c.name, server: this.server.href, skipTLSVerify: c.skipTLSVerify, caData: c.caData, caFile: c.caFile, tlsServerName: c.tlsServerName }],
      users: [
        {
          name: u.name,
          token: u.token,
          username: u.username,
          password: u.password,
          certData: u.certData,
          certFile: u.certFile,
          keyData: u.keyData,
          keyFile: u.keyFile,
          exec: u.exec,
          authProvider: u.authProvider,
        },
      ],
      contexts: [{ name: 'vmigrate', cluster: c.name, user: u.name }],
      currentContext: 'vmigrate',
    });
    const opts: https.RequestOptions = {};
    try {
      await kc.applyToHTTPSOptions(opts);
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
    const command = this.user.exec?.command;
    if (typeof command !== 'string' || !command) return firstLine;
    const e = err as NodeJS.ErrnoException;
    if (e.syscall?.startsWith('spawn')) {
      return e.code === 'ENOENT' ? `exec: executable ${command} not found` : `exec: executable ${command}: ${firstLine}`;
    }
    // A non-JSON stdout fails client-node's JSON.parse.
    if (err instanceof SyntaxError) return `exec: executable ${command} did not print an ExecCredential: ${firstLine}`;
    return firstLine ? `exec: executable ${command} failed: ${firstLine}` : `exec: executable ${command} failed`;
  }
}

function fileOrData(file: string | undefined, data: string | undefined): Buffer | undefined {
  if (file) return readFileSync(file);
  if (data) return Buffer.from(data, 'base64');
  return undefined;
}

function flattenHeaders(headers: https.RequestOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers || Array.isArray(headers)) return out;
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[key] = (Array.isArray(value) ? value.join(', ') : String(value)).trim();
  }
  return out;
}
