// Which proxy a request to the API server goes through, exactly as kubectl decides it: the
// kubeconfig cluster's `proxy-url` when set (for every server, loopback included: client-go uses
// http.ProxyURL), else Go's http.ProxyFromEnvironment (golang.org/x/net/http/httpproxy):
// HTTPS_PROXY for https:// servers, HTTP_PROXY for http:// ones (upper case first, then lower),
// never for localhost or a loopback address, and not for what NO_PROXY names: `*`, an IP (with an
// optional port), a CIDR, or a domain (`example.com` and its subdomains, `.example.com` and
// `*.example.com` only the subdomains), each optionally with `:port`.
import { BlockList, isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { SourceError } from '../source.js';

export interface ProxyChoice {
  url: URL;
  /** `proxy-url` or the environment variable it came from, for -v. */
  from: string;
}

const PROXY_SCHEMES = new Set(['http:', 'https:', 'socks5:']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'socks5:': '1080' };

/** The kubeconfig's `proxy-url`, checked as client-go's parseProxyURL does. */
export function parseProxyUrl(value: string): URL {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new SourceError('Config', `error: could not parse: ${value}`);
  }
  if (!PROXY_SCHEMES.has(u.protocol)) {
    throw new SourceError('Config', `error: unsupported scheme "${u.protocol.slice(0, -1)}", must be http, https, or socks5`);
  }
  return u;
}

export function proxyFor(target: URL, env: NodeJS.ProcessEnv, proxyUrl?: string): ProxyChoice | undefined {
  if (proxyUrl) return { url: parseProxyUrl(proxyUrl), from: 'proxy-url' };
  const pick = (...names: string[]) => {
    for (const n of names) if (env[n]) return { name: n, value: env[n] as string };
    return undefined;
  };
  const chosen = target.protocol === 'https:' ? pick('HTTPS_PROXY', 'https_proxy') : pick('HTTP_PROXY', 'http_proxy');
  if (!chosen) return undefined;
  const url = parseEnvProxy(chosen.value);
  if (!url) return undefined;
  if (target.protocol === 'http:' && env.REQUEST_METHOD) {
    throw new SourceError('Config', 'error: refusing to use HTTP_PROXY value in CGI environment; see golang.org/s/cgihttpproxy');
  }
  const noProxy = pick('NO_PROXY', 'no_proxy')?.value ?? '';
  if (!useProxy(hostOf(target), target.port || (DEFAULT_PORTS[target.protocol] ?? ''), noProxy)) return undefined;
  return { url, from: chosen.name };
}

/** httpproxy's parseProxy: a value without a scheme (`proxy:3128`) means http://; a bad one, no proxy. */
function parseEnvProxy(value: string): URL | undefined {
  try {
    const u = new URL(value);
    if (u.host !== '') return u;
  } catch {
    // retried with http:// below
  }
  try {
    return new URL(`http://${value}`);
  } catch {
    return undefined;
  }
}

/** The URL's host without IPv6 brackets, as Go's url.Hostname(). */
export function hostOf(u: URL): string {
  return u.hostname.replace(/^\[(.*)\]$/, '$1');
}

function useProxy(rawHost: string, port: string, noProxy: string): boolean {
  const host = rawHost.toLowerCase();
  if (host === 'localhost') return false;
  const family = ipFamily(host);
  if (family && isLoopback(host, family)) return false;
  for (const entry of noProxy.split(',')) {
    const p = entry.trim().toLowerCase();
    if (p === '') continue;
    if (p === '*') return false;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(p);
    if (cidr && ipFamily(cidr[1]!)) {
      if (family && inSubnet(host, family, cidr[1]!, Number(cidr[2]))) return false;
      continue;
    }
    const { host: phost, port: pport } = splitHostPort(p);
    if (phost === '') continue;
    const pfamily = ipFamily(phost);
    if (pfamily) {
      if (family && sameAddress(host, family, phost, pfamily) && (pport === '' || pport === port)) return false;
      continue;
    }
    // A domain matches only a host name, never an IP.
    if (family) continue;
    let domain = phost.startsWith('*.') ? phost.slice(1) : phost;
    const matchHost = !domain.startsWith('.');
    if (matchHost) domain = `.${domain}`;
    // NO_PROXY may spell an internationalised name in Unicode; URL hosts are already punycode.
    if (/[^\x00-\x7f]/.test(domain)) domain = `.${domainToASCII(domain.slice(1)) || domain.slice(1)}`;
    if ((host.endsWith(domain) || (matchHost && host === domain.slice(1))) && (pport === '' || pport === port)) return false;
  }
  return true;
}

/** Go's net.SplitHostPort where it succeeds (`[::1]:80`, `host:80`), else the whole entry as host. */
function splitHostPort(p: string): { host: string; port: string } {
  const bracketed = /^\[([^\]]*)\]:(\d*)$/.exec(p);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2]! };
  const plain = /^([^:[\]]*):(\d*)$/.exec(p);
  if (plain) return { host: plain[1]!, port: plain[2]! };
  return { host: p.replace(/^\[(.*)\]$/, '$1'), port: '' };
}

function ipFamily(host: string): 'ipv4' | 'ipv6' | undefined {
  const v = isIP(host);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : undefined;
}

function isLoopback(host: string, family: 'ipv4' | 'ipv6'): boolean {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  return list.check(host, family);
}

function inSubnet(host: string, family: 'ipv4' | 'ipv6', net: string, prefix: number): boolean {
  const netFamily = ipFamily(net);
  if (netFamily !== family || prefix > (family === 'ipv4' ? 32 : 128)) return false;
  const list = new BlockList();
  list.addSubnet(net, prefix, family);
  return list.check(host, family);
}

function sameAddress(host: string, family: 'ipv4' | 'ipv6', other: string, otherFamily: 'ipv4' | 'ipv6'): boolean {
  if (family !== otherFamily) return false;
  const list = new BlockList();
  list.addAddress(other, otherFamily);
  return list.check(host, family);
}
