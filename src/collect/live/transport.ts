// Sockets to the API server: direct, or through the proxy proxy.ts chose, the way Go's
// http.Transport (and so kubectl) uses one. An https:// server is reached through an HTTP CONNECT
// tunnel (http:// or https:// proxy) or SOCKS5, then TLS to the server inside it; an http://
// server through an http(s) proxy gets the absolute URL in the request line instead. As in Go,
// an https:// proxy is verified with the same TLS settings as the server (the kubeconfig's CA),
// and a proxy URL's user:password becomes Proxy-Authorization: Basic.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import type { ProxyChoice } from './proxy.js';
import { hostOf } from './proxy.js';

export interface TlsSettings {
  ca?: Buffer;
  cert?: Buffer | string;
  key?: Buffer | string;
  /** tls-server-name: SNI and the name the certificate must carry. */
  servername?: string;
  /** Always explicit: NODE_TLS_REJECT_UNAUTHORIZED=0 must not override the kubeconfig. */
  rejectUnauthorized: boolean;
}

/** A failure to reach the server through the proxy, already in Go's words. */
export class ProxyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProxyError';
  }
}

export interface PreparedRequest {
  module: typeof http | typeof https;
  options: http.RequestOptions;
}

const PROXY_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'socks5:': 1080 };
/** A CONNECT answer's head larger than this is not a proxy talking. */
const MAX_CONNECT_HEAD_BYTES = 64 * 1024;

export class Transport {
  private agent: http.Agent | undefined;

  constructor(
    private readonly proxy: ProxyChoice | undefined,
    private readonly userAgent: string,
  ) {}

  /** Options for node's request(); `tlsSettings` are read once, when the first agent is made. */
  prepare(url: URL, tlsSettings: TlsSettings, headers: Record<string, string>): PreparedRequest {
    const https_ = url.protocol === 'https:';
    const proxy = this.proxy?.url;
    if (proxy && !https_ && proxy.protocol !== 'socks5:') {
      // Absolute-form through an http(s) proxy: the request goes to the proxy.
      const agent = (this.agent ??=
        proxy.protocol === 'https:'
          ? new https.Agent({ keepAlive: true, ...tlsFor(tlsSettings, hostOf(proxy)) })
          : new http.Agent({ keepAlive: true }));
      const auth = proxyAuthorization(proxy);
      return {
        module: proxy.protocol === 'https:' ? https : http,
        options: {
          protocol: proxy.protocol,
          hostname: hostOf(proxy),
          port: proxy.port || PROXY_PORTS[proxy.protocol],
          path: `${url.protocol}//${url.host}${url.pathname}${url.search}`,
          agent,
          headers: { ...headers, Host: url.host, ...(auth ? { 'Proxy-Authorization': auth } : {}) },
        },
      };
    }
    this.agent ??= proxy
      ? new TunnelAgent(proxy, https_ ? tlsSettings : undefined, tlsSettings, this.userAgent)
      : https_
        ? new https.Agent({ keepAlive: true, ...tlsFor(tlsSettings, undefined) })
        : new http.Agent({ keepAlive: true });
    return { module: https_ ? https : http, options: { agent: this.agent, headers } };
  }

  /** Closes pooled sockets, including ones in use. */
  destroy(): void {
    this.agent?.destroy();
    this.agent = undefined;
  }
}

function tlsFor(s: TlsSettings, servername: string | undefined): tls.ConnectionOptions {
  const o: tls.ConnectionOptions = { rejectUnauthorized: s.rejectUnauthorized };
  if (s.ca) o.ca = s.ca;
  if (s.cert) o.cert = s.cert;
  if (s.key) o.key = s.key;
  const name = s.servername ?? servername;
  // SNI must not be an IP address (RFC 6066); node then checks the certificate against `host`.
  if (name && net.isIP(name) === 0) o.servername = name;
  return o;
}

function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) return undefined;
  const user = decodeURIComponent(proxy.username);
  const pass = decodeURIComponent(proxy.password);
  return `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
}

/**
 * Keep-alive agent whose sockets are tunnels through the proxy (node's documented asynchronous
 * createConnection form): for an https:// server, TLS is started inside the tunnel.
 */
class TunnelAgent extends https.Agent {
  constructor(
    private readonly proxy: URL,
    /** undefined: the server is plain http (through SOCKS5). */
    private readonly serverTls: TlsSettings | undefined,
    private readonly proxyTls: TlsSettings,
    private readonly userAgent: string,
  ) {
    super({ keepAlive: true });
    if (!serverTls) (this as unknown as { protocol: string }).protocol = 'http:';
  }

  override createConnection(options: https.RequestOptions, cb?: (err: Error | null, stream: Duplex) => void): undefined {
    const host = (options.host ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
    const port = Number(options.port);
    if (!cb) throw new Error('TunnelAgent: createConnection needs a callback');
    openTunnel(this.proxy, host, port, this.proxyTls, this.userAgent).then(
      (raw) => {
        if (!this.serverTls) return cb(null, raw);
        const secure = tls.connect({ ...tlsFor(this.serverTls, host), socket: raw, host, ALPNProtocols: ['http/1.1'] });
        cb(null, secure);
      },
      (err: unknown) => cb(err instanceof Error ? err : new Error(String(err)), undefined as unknown as Duplex),
    );
    return undefined;
  }
}

/** A socket to host:port through the proxy, ready for the server's bytes. */
async function openTunnel(proxy: URL, host: string, port: number, proxyTls: TlsSettings, userAgent: string): Promise<net.Socket> {
  const proxyHost = hostOf(proxy);
  const proxyPort = Number(proxy.port || PROXY_PORTS[proxy.protocol]);
  const socket = await dial(proxy, proxyHost, proxyPort, proxyTls);
  try {
    if (proxy.protocol === 'socks5:') await socks5Connect(socket, proxy, host, port);
    else await httpConnect(socket, proxy, host, port, userAgent);
    return socket;
  } catch (err) {
    socket.destroy();
    throw err;
  }
}

function dial(proxy: URL, host: string, port: number, proxyTls: TlsSettings): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const secure = proxy.protocol === 'https:';
    const s = secure ? tls.connect({ ...tlsFor(proxyTls, host), host, port, ALPNProtocols: ['http/1.1'] }) : net.connect({ host, port });
    const onError = (err: NodeJS.ErrnoException) => {
      const what = err.code === 'ECONNREFUSED' ? 'connect: connection refused' : err.message;
      reject(new ProxyError(`proxyconnect tcp: dial tcp ${host.includes(':') ? `[${host}]` : host}:${port}: ${what}`));
    };
    s.once('error', onError);
    s.once(secure ? 'secureConnect' : 'connect', () => {
      s.off('error', onError);
      resolve(s);
    });
  });
}

/** CONNECT host:port; anything but 200 is the proxy's status text, as Go reports it. */
function httpConnect(socket: net.Socket, proxy: URL, host: string, port: number, userAgent: string): Promise<void> {
  const target = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const auth = proxyAuthorization(proxy);
  socket.write(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nUser-Agent: ${userAgent}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`);
  return new Promise((resolve, reject) => {
    let head = Buffer.alloc(0);
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('end', onEnd);
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new ProxyError(`proxyconnect tcp: ${err.message}`));
    };
    const onEnd = () => {
      cleanup();
      reject(new ProxyError('proxyconnect tcp: unexpected EOF'));
    };
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        if (head.length > MAX_CONNECT_HEAD_BYTES) {
          cleanup();
          reject(new ProxyError('proxyconnect tcp: malformed HTTP response'));
        }
        return;
      }
      cleanup();
      const rest = head.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(head.subarray(0, head.indexOf('\r\n')).toString('latin1'));
      if (!status) return reject(new ProxyError('proxyconnect tcp: malformed HTTP response'));
      if (status[1] === '200') return resolve();
      reject(new ProxyError(status[2] || 'unknown status code'));
    };
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('end', onEnd);
  });
}

const SOCKS_REPLIES: Record<number, string> = {
  1: 'general SOCKS server failure',
  2: 'connection not allowed by ruleset',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};

/** RFC 1928 CONNECT, with RFC 1929 user/password when the proxy URL has them; names resolve at the proxy. */
async function socks5Connect(socket: net.Socket, proxy: URL, host: string, port: number): Promise<void> {
  const read = byteReader(socket);
  const fail = (why: string) => new ProxyError(`socks connect tcp ${hostOf(proxy)}:${proxy.port || 1080}->${host}:${port}: ${why}`);
  const user = decodeURIComponent(proxy.username);
  const pass = decodeURIComponent(proxy.password);
  const withAuth = user !== '' || pass !== '';
  socket.write(Buffer.from(withAuth ? [5, 2, 0, 2] : [5, 1, 0]));
  const [version, method] = await read(2);
  if (version !== 5) throw fail('unexpected protocol version');
  if (method === 2) {
    const u = Buffer.from(user);
    const p = Buffer.from(pass);
    socket.write(Buffer.concat([Buffer.from([1, u.length]), u, Buffer.from([p.length]), p]));
    const [, status] = await read(2);
    if (status !== 0) throw fail('username/password authentication failed');
  } else if (method !== 0) {
    throw fail('no acceptable authentication methods');
  }
  const family = net.isIP(host);
  const address =
    family === 4
      ? Buffer.from([1, ...host.split('.').map(Number)])
      : family === 6
        ? Buffer.concat([Buffer.from([4]), ipv6Bytes(host)])
        : Buffer.concat([Buffer.from([3, Buffer.byteLength(host)]), Buffer.from(host)]);
  socket.write(Buffer.concat([Buffer.from([5, 1, 0]), address, Buffer.from([port >> 8, port & 0xff])]));
  const [, reply, , atyp] = await read(4);
  if (reply !== 0) throw fail(SOCKS_REPLIES[reply ?? 1] ?? 'unknown error');
  const addrLength = atyp === 1 ? 4 : atyp === 4 ? 16 : ((await read(1))[0] ?? 0);
  await read(addrLength + 2);
}

function ipv6Bytes(host: string): Buffer {
  const [head = '', tail = ''] = host.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const h = part(head);
  const t = part(tail);
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return Buffer.from(groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}

/** Reads exactly n bytes at a time from a socket in paused mode. */
function byteReader(socket: net.Socket): (n: number) => Promise<Buffer> {
  let buffered = Buffer.alloc(0);
  return (n) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (buffered.length < n) return false;
        const out = buffered.subarray(0, n);
        buffered = buffered.subarray(n);
        cleanup();
        if (buffered.length > 0) {
          socket.unshift(buffered);
          buffered = Buffer.alloc(0);
        }
        resolve(out);
        return true;
      };
      const onData = (c: Buffer) => {
        buffered = Buffer.concat([buffered, c]);
        check();
      };
      const onEnd = () => {
        cleanup();
        reject(new ProxyError('socks connect: unexpected EOF'));
      };
      const onError = (err: Error) => {
        cleanup();
        reject(new ProxyError(`socks connect: ${err.message}`));
      };
      const cleanup = () => {
        socket.off('data', onData);
        socket.off('end', onEnd);
        socket.off('error', onError);
        socket.pause();
      };
      socket.on('data', onData);
      socket.once('end', onEnd);
      socket.once('error', onError);
      socket.resume();
    });
}
