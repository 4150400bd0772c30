// Proxies exactly as kubectl uses them (issue #16 item 5): the kubeconfig's proxy-url, else
// HTTPS_PROXY / HTTP_PROXY / NO_PROXY with Go's http.ProxyFromEnvironment rules; then real
// requests through an HTTP CONNECT proxy, an absolute-form http proxy and a SOCKS5 proxy, all on
// loopback. The API server's name (kube.test) is not loopback, so the environment applies; the
// tunnel ends at 127.0.0.1, and tls-server-name: localhost matches the test certificate.
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyFor } from '../../src/collect/live/proxy.js';
import { testTls } from '../fake-apiserver/index.js';
import { failure, json, open, startServer, tmpDir, writeKubeconfig } from './helpers.js';

const url = (s: string) => new URL(s);
const chosen = (target: string, env: NodeJS.ProcessEnv, proxyUrl?: string) => {
  const p = proxyFor(url(target), env, proxyUrl);
  return p ? `${p.url.href} (${p.from})` : 'direct';
};

describe('which proxy: Go http.ProxyFromEnvironment, and proxy-url', () => {
  const env = { HTTPS_PROXY: 'http://secure.proxy:3128', HTTP_PROXY: 'http://plain.proxy:8080' };

  it('HTTPS_PROXY for https servers, HTTP_PROXY for http ones; upper case before lower case', () => {
    expect(chosen('https://kube.example.com:6443', env)).toBe('http://secure.proxy:3128/ (HTTPS_PROXY)');
    expect(chosen('http://kube.example.com:8080', env)).toBe('http://plain.proxy:8080/ (HTTP_PROXY)');
    expect(chosen('https://kube.example.com', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toBe('http://upper:2/ (HTTPS_PROXY)');
    expect(chosen('https://kube.example.com', { https_proxy: 'http://lower:1' })).toBe('http://lower:1/ (https_proxy)');
    expect(chosen('https://kube.example.com', { HTTP_PROXY: 'http://plain:1' })).toBe('direct');
  });

  it('a value without a scheme means http://; socks5:// and https:// proxies are kept', () => {
    expect(chosen('https://k', { HTTPS_PROXY: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128/ (HTTPS_PROXY)');
    expect(chosen('https://k', { HTTPS_PROXY: '10.0.0.1:3128' })).toBe('http://10.0.0.1:3128/ (HTTPS_PROXY)');
    expect(chosen('https://k', { HTTPS_PROXY: 'socks5://s:1080' })).toBe('socks5://s:1080 (HTTPS_PROXY)');
    expect(chosen('https://k', { HTTPS_PROXY: 'https://p:443' })).toBe('https://p/ (HTTPS_PROXY)');
  });

  it('never for localhost or a loopback address, whatever NO_PROXY says', () => {
    for (const t of ['https://localhost:6443', 'https://127.0.0.1:6443', 'https://127.1.2.3', 'https://[::1]:6443']) expect(chosen(t, env), t).toBe('direct');
    expect(chosen('https://10.1.2.3', env)).not.toBe('direct');
  });

  it('NO_PROXY: *, domains and subdomains, leading dots and *., ports, IPs, CIDRs, IPv6', () => {
    const cases: [string, string, boolean][] = [
      ['*', 'https://anything.example.com', false],
      ['example.com', 'https://example.com', false],
      ['example.com', 'https://kube.example.com', false],
      ['example.com', 'https://notexample.com', true],
      ['.example.com', 'https://example.com', true],
      ['.example.com', 'https://kube.example.com', false],
      ['*.example.com', 'https://example.com', true],
      ['*.example.com', 'https://kube.example.com', false],
      ['example.com:6443', 'https://kube.example.com:6443', false],
      ['example.com:6443', 'https://kube.example.com', true],
      ['example.com:443', 'https://kube.example.com', false],
      ['10.0.0.1', 'https://10.0.0.1:6443', false],
      ['10.0.0.1:6443', 'https://10.0.0.1:6443', false],
      ['10.0.0.1:6443', 'https://10.0.0.1:443', true],
      ['10.0.0.0/8', 'https://10.20.30.40', false],
      ['10.0.0.0/8', 'https://11.0.0.1', true],
      ['10.0.0.0/8', 'https://ten.example.com', true],
      ['fd00::/8', 'https://[fd00::1]:6443', false],
      ['[fd00::1]:6443', 'https://[fd00::1]:6443', false],
      ['fd00::1', 'https://[fd00::2]', true],
      ['  Example.COM , other', 'https://KUBE.example.com', false],
      ['example.com', 'https://10.0.0.1', true],
    ];
    for (const [noProxy, target, proxied] of cases) {
      expect(chosen(target, { ...env, NO_PROXY: noProxy }) !== 'direct', `NO_PROXY=${noProxy} ${target}`).toBe(proxied);
    }
    expect(chosen('https://kube.example.com', { ...env, no_proxy: 'example.com' })).toBe('direct');
  });

  it('proxy-url wins over the environment and applies to loopback too; its scheme is checked', () => {
    expect(chosen('https://127.0.0.1:6443', env, 'http://kc.proxy:3128')).toBe('http://kc.proxy:3128/ (proxy-url)');
    expect(chosen('https://kube.example.com', { ...env, NO_PROXY: '*' }, 'socks5://kc.proxy:1080')).toBe('socks5://kc.proxy:1080 (proxy-url)');
    expect(() => proxyFor(url('https://k'), {}, 'ftp://p:21')).toThrow('error: unsupported scheme "ftp", must be http, https, or socks5');
  });

  it('HTTP_PROXY is refused in a CGI environment (REQUEST_METHOD set), as Go does', () => {
    expect(() => proxyFor(url('http://k:8080'), { ...env, REQUEST_METHOD: 'GET' })).toThrow(/refusing to use HTTP_PROXY value in CGI environment/);
    expect(chosen('https://k', { ...env, REQUEST_METHOD: 'GET' })).not.toBe('direct');
  });
});

// ---- real proxies on loopback ----

interface SeenProxy {
  port: number;
  connects: { target: string; auth?: string }[];
  forwards: { line: string; auth?: string }[];
}

const closers: (() => void)[] = [];
afterEach(() => {
  while (closers.length) closers.pop()!();
});

/** An HTTP proxy: CONNECT tunnels to 127.0.0.1 whatever the name, absolute-form GETs forwarded. */
async function httpProxy(opts: { requireAuth?: string } = {}): Promise<SeenProxy> {
  const seen: SeenProxy = { port: 0, connects: [], forwards: [] };
  const server = http.createServer((req, res) => {
    seen.forwards.push({ line: `${req.method} ${req.url}`, auth: req.headers['proxy-authorization'] });
    const target = new URL(req.url!);
    const up = http.request({ host: '127.0.0.1', port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  server.on('connect', (req: http.IncomingMessage, socket: net.Socket) => {
    const auth = req.headers['proxy-authorization'];
    seen.connects.push({ target: req.url!, auth });
    if (opts.requireAuth && auth !== opts.requireAuth) {
      socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    const port = Number(req.url!.split(':').pop());
    const up = net.connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  seen.port = (server.address() as net.AddressInfo).port;
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return seen;
}

/** RFC 1928 SOCKS5 with RFC 1929 user/password; records the requested host. */
async function socksProxy(): Promise<{ port: number; targets: string[] }> {
  const targets: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((c) => {
    sockets.add(c);
    c.once('data', (hello) => {
      const wantsAuth = [...hello.subarray(2)].includes(2);
      c.write(Buffer.from([5, wantsAuth ? 2 : 0]));
      const request = (req: Buffer) => {
        const atyp = req[3];
        const host = atyp === 3 ? req.subarray(5, 5 + req[4]!).toString() : [...req.subarray(4, 8)].join('.');
        const portAt = atyp === 3 ? 5 + req[4]! : 8;
        const port = req.readUInt16BE(portAt);
        targets.push(`${host}:${port}`);
        const up = net.connect(port, '127.0.0.1', () => {
          c.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
          up.pipe(c);
          c.pipe(up);
        });
        sockets.add(up);
        up.on('error', () => c.destroy());
      };
      if (wantsAuth) {
        c.once('data', (auth) => {
          const ulen = auth[1]!;
          const user = auth.subarray(2, 2 + ulen).toString();
          const pass = auth.subarray(3 + ulen, 3 + ulen + auth[2 + ulen]!).toString();
          c.write(Buffer.from([1, user === 'sam' && pass === 'pw' ? 0 : 1]));
          c.once('data', request);
        });
      } else c.once('data', request);
    });
    c.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return { port: (server.address() as net.AddressInfo).port, targets };
}

const nodeList = { kind: 'NodeList', apiVersion: 'v1', metadata: {}, items: [{ metadata: { name: 'via-proxy' } }] };

async function tlsApiServer() {
  const t = testTls();
  const server = await startServer((_req, res) => json(res, 200, nodeList), { cert: String(t.cert), key: String(t.key) });
  const cluster = { 'certificate-authority-data': Buffer.from(t.ca!).toString('base64'), 'tls-server-name': 'localhost' };
  return { server, cluster };
}

describe('through real proxies', () => {
  it('HTTPS_PROXY: a CONNECT tunnel to the server name, Proxy-Authorization from the proxy URL, TLS and the token inside', async () => {
    const proxy = await httpProxy();
    const { server, cluster } = await tlsApiServer();
    const kubeconfig = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: `https://kube.test:${server.port}`, token: 'inside-tls', cluster }], 'a');
    const { source, log } = await open({ kubeconfig, verbose: true, env: { HTTPS_PROXY: `http://pat:s3cret@127.0.0.1:${proxy.port}` } });
    expect((await source.list('node')).map((n) => n.metadata.name)).toEqual(['via-proxy']);
    expect(proxy.connects).toEqual([{ target: `kube.test:${server.port}`, auth: `Basic ${Buffer.from('pat:s3cret').toString('base64')}` }]);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer inside-tls');
    // The proxy's password is not shown either.
    expect(log).toContain(`Proxy http://pat:***@127.0.0.1:${proxy.port}/ (from HTTPS_PROXY)`);
    expect(log.join('\n')).not.toContain('s3cret');
  });

  it('NO_PROXY naming the server: no tunnel, a direct attempt', async () => {
    const proxy = await httpProxy();
    const kubeconfig = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: 'https://kube.invalid:6443' }], 'a');
    const { source } = await open({ kubeconfig, requestTimeoutMs: 3000, env: { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}`, NO_PROXY: '.invalid' } });
    expect(await failure(source.list('node'))).toMatchObject({ kindOf: expect.stringMatching(/Connection|Timeout/) });
    expect(proxy.connects).toEqual([]);
  });

  it('proxy-url to a plain-http server on loopback: the absolute URL in the request line, nothing tunnelled', async () => {
    const proxy = await httpProxy();
    const api = await startServer((_req, res) => json(res, 200, nodeList));
    const kubeconfig = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: api.url, cluster: { 'proxy-url': `http://127.0.0.1:${proxy.port}` } }], 'a');
    const { source } = await open({ kubeconfig, env: { HTTP_PROXY: 'http://127.0.0.1:1' } });
    expect((await source.list('node')).map((n) => n.metadata.name)).toEqual(['via-proxy']);
    expect(proxy.forwards.map((f) => f.line)).toEqual([`GET ${api.url}/api/v1/nodes?limit=500`]);
  });

  it('proxy-url socks5:// with user and password: the server name is resolved by the proxy', async () => {
    const socks = await socksProxy();
    const { server, cluster } = await tlsApiServer();
    const kubeconfig = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: `https://kube.test:${server.port}`, cluster: { ...cluster, 'proxy-url': `socks5://sam:pw@127.0.0.1:${socks.port}` } }], 'a');
    const { source } = await open({ kubeconfig });
    expect((await source.list('node')).map((n) => n.metadata.name)).toEqual(['via-proxy']);
    expect(socks.targets).toEqual([`kube.test:${server.port}`]);
  });

  it('a proxy that wants credentials, and one that is down: kubectl\'s lines', async () => {
    const proxy = await httpProxy({ requireAuth: 'Basic c29tZTpvbmU=' });
    const kubeconfig = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: 'https://kube.test:6443' }], 'a');
    const refused = await open({ kubeconfig, env: { HTTPS_PROXY: `http://127.0.0.1:${proxy.port}` } });
    expect(await failure(refused.source.list('node'))).toMatchObject({ kindOf: 'Connection', message: 'Unable to connect to the server: Proxy Authentication Required' });
    const down = await open({ kubeconfig, env: { HTTPS_PROXY: 'http://127.0.0.1:1' } });
    expect(await failure(down.source.list('node'))).toMatchObject({
      kindOf: 'Connection',
      message: 'Unable to connect to the server: proxyconnect tcp: dial tcp 127.0.0.1:1: connect: connection refused',
    });
  });
});
