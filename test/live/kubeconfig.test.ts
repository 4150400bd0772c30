import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testPkiFiles, testTls } from '../fake-apiserver/index.js';
import { failure, json, open, selfSignedCert, startServer, tmpDir, writeKubeconfig, type TestServer } from './helpers.js';

const nodeList = (name: string) => ({ kind: 'NodeList', apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: [{ metadata: { name } }] });

async function namedServer(name: string): Promise<TestServer> {
  return startServer((_req, res) => json(res, 200, nodeList(name)));
}

async function nodeNames(source: { list: (r: 'node') => Promise<{ metadata: { name?: string } }[]> }): Promise<(string | undefined)[]> {
  return (await source.list('node')).map((n) => n.metadata.name);
}

describe('kubeconfig resolution', () => {
  it('--kubeconfig: uses only that file, its current context and the context namespace', async () => {
    const a = await namedServer('from-a');
    const dir = tmpDir();
    const path = writeKubeconfig(dir, 'a', [{ name: 'a', server: a.url, namespace: 'team-a' }], 'a');
    // KUBECONFIG and HOME point elsewhere: --kubeconfig must win.
    const { source } = await open({ kubeconfig: path, env: { KUBECONFIG: join(dir, 'nope'), HOME: dir } });
    expect(source.defaultNamespace()).toBe('team-a');
    expect(await nodeNames(source)).toEqual(['from-a']);
  });

  it('-n overrides the context namespace; no namespace anywhere means "default"', async () => {
    const a = await namedServer('x');
    const dir = tmpDir();
    const withNs = writeKubeconfig(dir, 'a', [{ name: 'a', server: a.url, namespace: 'team-a' }], 'a');
    const withoutNs = writeKubeconfig(dir, 'b', [{ name: 'b', server: a.url }], 'b');
    expect((await open({ kubeconfig: withNs, namespace: 'override' })).source.defaultNamespace()).toBe('override');
    expect((await open({ kubeconfig: withoutNs })).source.defaultNamespace()).toBe('default');
    const emptyNs = writeKubeconfig(dir, 'c', [{ name: 'c', server: a.url, namespace: '' }], 'c');
    expect((await open({ kubeconfig: emptyNs })).source.defaultNamespace()).toBe('default');
  });

  it('KUBECONFIG: merges a list, skips missing files, first file wins for current-context and duplicate names', async () => {
    const a = await namedServer('from-a');
    const b = await namedServer('from-b');
    const dir = tmpDir();
    const first = writeKubeconfig(dir, 'first', [{ name: 'shared', server: a.url, namespace: 'ns-first' }], 'shared');
    const second = writeKubeconfig(
      dir,
      'second',
      [
        { name: 'shared', server: b.url, namespace: 'ns-second' },
        { name: 'only-b', server: b.url, namespace: 'ns-b' },
      ],
      'only-b',
    );
    const env = { KUBECONFIG: [join(dir, 'missing'), first, second].join(delimiter) };
    const merged = await open({ env });
    expect(merged.source.defaultNamespace()).toBe('ns-first');
    expect(await nodeNames(merged.source)).toEqual(['from-a']);
    const other = await open({ env, context: 'only-b' });
    expect(other.source.defaultNamespace()).toBe('ns-b');
    expect(await nodeNames(other.source)).toEqual(['from-b']);
  });

  it('falls back to ~/.kube/config from HOME', async () => {
    const a = await namedServer('home');
    const home = tmpDir();
    mkdirSync(join(home, '.kube'));
    writeKubeconfig(home, '.kube/config', [{ name: 'h', server: a.url, namespace: 'home-ns' }], 'h');
    const { source } = await open({ env: { HOME: home } });
    expect(source.defaultNamespace()).toBe('home-ns');
    expect(await nodeNames(source)).toEqual(['home']);
  });

  it('an unknown --context is one line that lists the contexts', async () => {
    const dir = tmpDir();
    const path = writeKubeconfig(dir, 'c', [
      { name: 'a', server: 'http://127.0.0.1:1' },
      { name: 'b', server: 'http://127.0.0.1:1' },
    ], 'a');
    const err = await failure(open({ kubeconfig: path, context: 'nope' }));
    expect(err.kindOf).toBe('Config');
    expect(err.message).toBe('error: context "nope" does not exist in the kubeconfig (contexts: a, b)');
  });

  it('no current-context and no --context is a clear error', async () => {
    const dir = tmpDir();
    const path = writeKubeconfig(dir, 'c', [{ name: 'a', server: 'http://127.0.0.1:1' }]);
    const err = await failure(open({ kubeconfig: path }));
    expect(err.kindOf).toBe('Config');
    expect(err.message).toBe('error: current-context is not set in the kubeconfig and --context was not given (contexts: a)');
  });

  it('a missing --kubeconfig file reads like kubectl', async () => {
    const path = join(tmpDir(), 'absent');
    const err = await failure(open({ kubeconfig: path }));
    expect(err).toMatchObject({ kindOf: 'Config', message: `error: stat ${path}: no such file or directory` });
  });

  it('no configuration at all says so instead of trying localhost:8080', async () => {
    const home = tmpDir();
    const err = await failure(open({ env: { HOME: home } }, { serviceAccountDir: join(home, 'no-sa') }));
    expect(err.kindOf).toBe('Config');
    expect(err.message).toMatch(/^error: no configuration has been provided: .*\.kube\/config does not exist and KUBECONFIG is not set/);
    const err2 = await failure(open({ env: { HOME: home, KUBECONFIG: join(home, 'x') } }));
    expect(err2.message).toContain('none of the files in KUBECONFIG exist');
  });

  it('an invalid file and a context pointing at a missing cluster are Config errors', async () => {
    const dir = tmpDir();
    const bad = join(dir, 'bad');
    writeFileSync(bad, 'clusters: [{name: c}]\n');
    expect(await failure(open({ kubeconfig: bad }))).toMatchObject({
      kindOf: 'Config',
      message: `error: error loading config file "${bad}": clusters[0].cluster is missing`,
    });
    const dangling = join(dir, 'dangling');
    writeFileSync(dangling, JSON.stringify({ contexts: [{ name: 'x', context: { cluster: 'gone' } }], 'current-context': 'x' }));
    expect((await failure(open({ kubeconfig: dangling }))).message).toBe('error: cluster "gone" of context "x" does not exist in the kubeconfig');
  });

  it('in a pod without kubeconfig: the service account namespace, token and CA', async () => {
    const home = tmpDir();
    const sa = join(home, 'sa');
    mkdirSync(sa);
    writeFileSync(join(sa, 'token'), 'sa-token');
    writeFileSync(join(sa, 'namespace'), 'kubevirt\n');
    const { source } = await open(
      { env: { HOME: home, KUBERNETES_SERVICE_HOST: '127.0.0.1', KUBERNETES_SERVICE_PORT: '1' } },
      { serviceAccountDir: sa },
    );
    expect(source.defaultNamespace()).toBe('kubevirt');
  });
});

/** An https server with the test PKI, and the CA a kubeconfig needs to trust it. */
async function tlsServer(handler: Parameters<typeof startServer>[0] = (_req, res) => json(res, 200, nodeList('n'))) {
  const t = testTls();
  const srv = await startServer(handler, { cert: String(t.cert), key: String(t.key) });
  return { srv, cluster: { 'certificate-authority-data': Buffer.from(t.ca!).toString('base64') } };
}

describe('credentials reach an https server', () => {
  it('bearer token, with our user agent', async () => {
    const { srv, cluster } = await tlsServer();
    const path = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: srv.url, token: 's3cret', cluster }], 'a');
    const { source } = await open({ kubeconfig: path });
    await source.list('node');
    expect(srv.requests[0]?.headers.authorization).toBe('Bearer s3cret');
    expect(srv.requests[0]?.headers['user-agent']).toMatch(/^kubectl-vmigrate /);
  });

  it('basic auth and impersonation from the user entry', async () => {
    const { srv, cluster } = await tlsServer();
    const path = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: srv.url, cluster, user: { username: 'u', password: 'p', as: 'alice' } }], 'a');
    const { source } = await open({ kubeconfig: path });
    await source.list('node');
    expect(srv.requests[0]?.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    expect(srv.requests[0]?.headers['impersonate-user']).toBe('alice');
  });

  it('tokenFile is read (trimmed) and re-read as the token rotates', async () => {
    const { srv, cluster } = await tlsServer();
    const dir = tmpDir();
    writeFileSync(join(dir, 'token'), 'first\n');
    const path = writeKubeconfig(dir, 'c', [{ name: 'a', server: srv.url, cluster, user: { tokenFile: 'token' } }], 'a');
    const { source } = await open({ kubeconfig: path });
    await source.list('node');
    writeFileSync(join(dir, 'token'), 'second\n');
    await source.list('node');
    // Within client-go's minute the cached token is used.
    expect(srv.requests.map((r) => r.headers.authorization)).toEqual(['Bearer first', 'Bearer first']);
  });

  it('an exec credential plugin supplies the token', async () => {
    const { srv, cluster } = await tlsServer();
    const dir = tmpDir();
    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(
      plugin,
      `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'from-exec', expirationTimestamp: '2999-01-01T00:00:00Z' } }));`,
    );
    chmodSync(plugin, 0o755);
    const path = writeKubeconfig(dir, 'c', [
      { name: 'a', server: srv.url, cluster, user: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin], interactiveMode: 'Never' } } },
    ], 'a');
    const { source, log } = await open({ kubeconfig: path, verbose: true });
    await source.list('node');
    await source.list('node');
    expect(srv.requests.filter((r) => r.path === '/api/v1/nodes').map((r) => r.headers.authorization)).toEqual(['Bearer from-exec', 'Bearer from-exec']);
    expect(log.some((l) => l.includes(`exec plugin "${process.execPath}"`))).toBe(true);
  });

  it('a failing exec plugin is a Config error, not a connection error', async () => {
    const { srv, cluster } = await tlsServer();
    const path = writeKubeconfig(tmpDir(), 'c', [
      { name: 'a', server: srv.url, cluster, user: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: ['-e', 'process.exit(3)'] } } },
    ], 'a');
    const { source } = await open({ kubeconfig: path });
    const err = await failure(source.list('node'));
    expect(err.kindOf).toBe('Config');
    expect(err.message).toBe(`error: getting credentials: exec: executable ${process.execPath} failed`);
    expect(srv.requests).toHaveLength(0);
  });

  it('parallel requests run an exec plugin once, not once each', async () => {
    const { srv, cluster } = await tlsServer();
    const dir = tmpDir();
    const runs = join(dir, 'runs');
    const plugin = join(dir, 'plugin.mjs');
    // No expirationTimestamp: client-node caches nothing, so only sharing the lookup avoids a run per request.
    writeFileSync(
      plugin,
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(runs)}, 'x');\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 't' } }));`,
    );
    const path = writeKubeconfig(dir, 'c', [
      { name: 'a', server: srv.url, cluster, user: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin] } } },
    ], 'a');
    const { source } = await open({ kubeconfig: path });
    await Promise.all([source.list('node'), source.list('node'), source.list('node')]);
    expect(srv.requests.map((r) => r.headers.authorization)).toEqual(['Bearer t', 'Bearer t', 'Bearer t']);
    expect(readFileSync(runs, 'utf8')).toBe('x');
  });

  it('keeps a path prefix in the server URL', async () => {
    const srv = await startServer((_req, res) => json(res, 200, nodeList('n')));
    const path = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: `${srv.url}/k8s/clusters/c-1/` }], 'a');
    await (await open({ kubeconfig: path })).source.list('node');
    expect(srv.requests[0]?.path).toBe('/k8s/clusters/c-1/api/v1/nodes');
  });
});

describe('no credentials over plain http, as kubectl (client-go applies them only to https servers)', () => {
  it('token, token file, basic auth and client certificate: no Authorization, the request still goes out', async () => {
    const srv = await startServer((_req, res) => json(res, 200, nodeList('n')));
    const dir = tmpDir();
    writeFileSync(join(dir, 'token'), 'from-file\n');
    const pki = testPkiFiles();
    const users: Record<string, unknown>[] = [
      { token: 's3cret' },
      { tokenFile: 'token' },
      { username: 'u', password: 'p' },
      { 'client-certificate': pki.clientCert, 'client-key': pki.clientKey },
      { token: 's3cret', as: 'alice' },
    ];
    for (const [i, user] of users.entries()) {
      const path = writeKubeconfig(dir, `c${i}`, [{ name: 'a', server: srv.url, user }], 'a');
      const { source, log } = await open({ kubeconfig: path, verbose: true });
      await source.list('node');
      expect(log).toContain('Credentials of user "a-user" are not sent: the server is plain http://');
    }
    const nodes = srv.requests.filter((r) => r.path === '/api/v1/nodes');
    expect(nodes).toHaveLength(users.length);
    expect(nodes.map((r) => r.headers.authorization)).toEqual(users.map(() => undefined));
    // Impersonation is not a credential: client-go sends it whatever the scheme.
    expect(nodes.at(-1)?.headers['impersonate-user']).toBe('alice');
  });

  it('an exec plugin is not even run, and client-node is not needed', async () => {
    const srv = await startServer((_req, res) => json(res, 200, nodeList('n')));
    const dir = tmpDir();
    const ran = join(dir, 'ran');
    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(plugin, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(ran)}, 'x');\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 't' } }));`);
    const path = writeKubeconfig(dir, 'c', [
      { name: 'a', server: srv.url, user: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin] } } },
    ], 'a');
    const { source } = await open({ kubeconfig: path });
    await source.list('node');
    expect(srv.requests[0]?.headers.authorization).toBeUndefined();
    expect(existsSync(ran)).toBe(false);
  });
});

describe('TLS', () => {
  const pair = selfSignedCert();

  it.skipIf(!pair)('an untrusted certificate is a clear one-line error; --insecure-skip-tls-verify and the CA both fix it', async () => {
    const srv = await startServer((_req, res) => json(res, 200, nodeList('tls')), pair);
    const dir = tmpDir();
    const plain = writeKubeconfig(dir, 'plain', [{ name: 'a', server: srv.url }], 'a');
    const err = await failure((await open({ kubeconfig: plain })).source.list('node'));
    expect(err.kindOf).toBe('Connection');
    expect(err.message).toBe('Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority');

    expect(await nodeNames((await open({ kubeconfig: plain, insecureSkipTlsVerify: true })).source)).toEqual(['tls']);

    const withCa = writeKubeconfig(dir, 'ca', [
      { name: 'a', server: srv.url, cluster: { 'certificate-authority-data': Buffer.from(pair!.cert).toString('base64') } },
    ], 'a');
    expect(await nodeNames((await open({ kubeconfig: withCa })).source)).toEqual(['tls']);
  });

  it.skipIf(!pair)('an https URL that reaches a plain-http server says so', async () => {
    const srv = await startServer((_req, res) => json(res, 200, nodeList('n')));
    const path = writeKubeconfig(tmpDir(), 'c', [{ name: 'a', server: srv.url.replace('http:', 'https:') }], 'a');
    const err = await failure((await open({ kubeconfig: path })).source.list('node'));
    expect(err.message).toBe('Unable to connect to the server: http: server gave HTTP response to HTTPS client');
  });
});
