// --prometheus on its own TLS terms (issue #16 item 6) and never a credential over plain http
// unless asked (item 3): the API server's --insecure-skip-tls-verify no longer reaches it (the
// client takes only --prometheus-insecure-skip-tls-verify), --prometheus-certificate-authority
// names its CA, NODE_TLS_REJECT_UNAUTHORIZED=0 cannot switch verification off.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPrometheus } from '../../src/collect/prometheus.js';
import { testPkiFiles, testTls } from '../fake-apiserver/index.js';
import { startFakePrometheus, type FakePrometheus } from '../fake-prometheus/server.js';
import { failure, tmpDir } from './helpers.js';

const EMPTY = { status: 'success', data: { resultType: 'vector', result: [] } };
let proms: FakePrometheus[] = [];
afterEach(async () => {
  for (const p of proms) await p.close();
  proms = [];
});
async function prometheus(opts: Parameters<typeof startFakePrometheus>[1] = {}): Promise<FakePrometheus> {
  const p = await startFakePrometheus(() => EMPTY, opts);
  proms.push(p);
  return p;
}
function tokenFile(): string {
  const f = join(tmpDir(), 'token');
  writeFileSync(f, 's3cret\n');
  return f;
}
const g = { requestTimeoutMs: 2000 };

describe('--prometheus over https', () => {
  it('verified against the system roots by default, the named CA, or not at all when asked', async () => {
    const t = testTls();
    const p = await prometheus({ tls: { key: t.key, cert: t.cert } });
    const plain = await openPrometheus({ url: p.url }, g);
    await expect(plain!.instant('up', 1)).rejects.toThrow(/self-signed|unable to verify|certificate/i);
    const withCa = await openPrometheus({ url: p.url, certificateAuthority: testPkiFiles().ca }, g);
    expect(await withCa!.instant('up', 1)).toEqual(EMPTY);
    const insecure = await openPrometheus({ url: p.url, insecureSkipTlsVerify: true }, g);
    expect(await insecure!.instant('up', 1)).toEqual(EMPTY);
    expect(await failure(openPrometheus({ url: p.url, certificateAuthority: '/no/such/ca.crt' }, g))).toMatchObject({
      kindOf: 'InvalidInput',
      message: 'error: cannot read --prometheus-certificate-authority /no/such/ca.crt: ENOENT',
    });
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 does not switch verification off', async () => {
    const t = testTls();
    const p = await prometheus({ tls: { key: t.key, cert: t.cert } });
    const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
    try {
      const api = await openPrometheus({ url: p.url }, g);
      await expect(api!.instant('up', 1)).rejects.toThrow(/self-signed|unable to verify|certificate/i);
    } finally {
      if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
      else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
    }
  });
});

describe('credentials over plain http', () => {
  it('a token for an http:// URL is refused before any request', async () => {
    const p = await prometheus({ token: 's3cret' });
    expect(await failure(openPrometheus({ url: p.url, tokenFile: tokenFile() }, g))).toMatchObject({
      kindOf: 'InvalidInput',
      message: `error: --prometheus ${p.url}/ is plain http://: the --prometheus-token-file token would be sent unencrypted; use https://, or --prometheus-allow-http-token to send it anyway`,
    });
    const withPassword = p.url.replace('http://', 'http://user:pw@');
    const err = await failure(openPrometheus({ url: withPassword }, g));
    expect(err.message).toContain('the user and password in the URL would be sent unencrypted');
    expect(err.message).not.toContain(':pw@');
    expect(p.requests).toEqual([]);
  });

  it('--prometheus-allow-http-token sends it, with a warning', async () => {
    const p = await prometheus({ token: 's3cret' });
    const warnings: string[] = [];
    const api = await openPrometheus({ url: p.url, tokenFile: tokenFile(), allowHttpToken: true }, g, (l) => warnings.push(l));
    expect(await api!.instant('up', 1)).toEqual(EMPTY);
    expect(p.requests[0]?.authorization).toBe('Bearer s3cret');
    expect(warnings).toEqual([`Warning: sending the --prometheus-token-file token to ${p.url}/ unencrypted (--prometheus-allow-http-token)`]);
  });

  it('no credential: plain http is fine', async () => {
    const p = await prometheus();
    expect(await (await openPrometheus({ url: p.url }, g))!.instant('up', 1)).toEqual(EMPTY);
  });
});
