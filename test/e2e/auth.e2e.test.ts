// Authentication and server verification end to end, through `kubectl vmigrate` plugin
// discovery, against an HTTPS fake API server that authenticates bearer tokens and client
// certificates as kube-apiserver does (verified certificate: CN → user, O → groups).
// Every working path runs check-migratable -A and why, and the server must have seen every
// request as the expected user. Every failing path is exit 3 with one kubectl-like line on
// stderr; where kubectl fails the same way, its last stderr line is the reference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { startFakeApiServer, testMutualTls, testPkiFiles, type FakeApiServer, type KubeconfigOptions } from '../fake-apiserver/index.js';
import { REPO, runPlugin, tempDir, type PluginRun } from './plugin.js';

const TOKENS = { 'token-alice': 'alice', 'token-exec': 'exec-user' };
const ALICE = { user: 'alice' };
const CERT_USER = { user: 'vmigrate-tester', groups: ['system:masters', 'vmigrate-testers'] };
const PKI = testPkiFiles();
const pemBase64 = (file: string) => readFileSync(file).toString('base64');
const CERT_DATA = { 'client-certificate-data': pemBase64(PKI.clientCert), 'client-key-data': pemBase64(PKI.clientKey) };
const OTHER_CA = { 'certificate-authority-data': pemBase64(PKI.otherCa) };
const EXEC_V1 = 'client.authentication.k8s.io/v1';
const UNKNOWN_AUTHORITY = 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority';
const UNAUTHORIZED = 'error: You must be logged in to the server (Unauthorized)';

let s: FakeApiServer;
let dir: string;

beforeAll(async () => {
  s = await startFakeApiServer({ tls: testMutualTls(), tokens: TOKENS });
  s.loadFiles(join(REPO, 'test/fake-apiserver/fixtures'));
  dir = tempDir('vmigrate-auth-');
});
afterAll(async () => {
  await s?.close();
});

/** A kubeconfig in a directory of its own (`name`), context namespace `vms` (the fixtures' VM). */
function kubeconfig(name: string, opts: KubeconfigOptions = {}): string {
  return s.writeKubeconfig(join(dir, name), { namespace: 'vms', ...opts });
}

/** Copies PKI files next to kubeconfig `name`, so that it can name them by relative path. */
function besideKubeconfig(name: string, ...files: string[]): void {
  mkdirSync(join(dir, name), { recursive: true });
  for (const f of files) copyFileSync(f, join(dir, name, basename(f)));
}

function certFilesKubeconfig(): string {
  besideKubeconfig('cert-files', PKI.clientCert, PKI.clientKey);
  return kubeconfig('cert-files', { userEntry: { 'client-certificate': 'client.crt', 'client-key': 'client.key' } });
}

/** The user entry of an exec credential plugin: a node script, named as kubeconfigs name one. */
function execPlugin(name: string, body: string): Record<string, unknown> {
  const script = join(dir, `${name}.mjs`);
  writeFileSync(script, body);
  return { exec: { apiVersion: EXEC_V1, command: process.execPath, args: [script], interactiveMode: 'Never' } };
}
const printCredential = (status: Record<string, string>) =>
  `process.stdout.write(${JSON.stringify(JSON.stringify({ apiVersion: EXEC_V1, kind: 'ExecCredential', status }))});\n`;

function execCertKubeconfig(): string {
  const status = { clientCertificateData: readFileSync(PKI.clientCert, 'utf8'), clientKeyData: readFileSync(PKI.clientKey, 'utf8') };
  return kubeconfig('exec-cert', { userEntry: execPlugin('exec-cert', printCredential(status)) });
}

interface Runs {
  check: PluginRun;
  why: PluginRun;
}

/** check-migratable -A and why, side by side; the server's request log starts afresh unless `keepRequests`. */
async function bothCommands(kc: string, opts: { flags?: string[]; keepRequests?: boolean } = {}): Promise<Runs> {
  if (!opts.keepRequests) s.resetRequests();
  const flags = opts.flags ?? [];
  const [check, why] = await Promise.all([
    runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kc, ...flags]),
    runPlugin(['why', 'rhel9', '-o', 'json', '--kubeconfig', kc, ...flags]),
  ]);
  return { check, why };
}

/** Both commands read the cluster, and the server served every request to `who`. */
function expectServedAs({ check, why }: Runs, who: { user: string; groups?: string[] }): void {
  expect(check.code, check.stderr).toBe(0);
  expect(JSON.parse(check.stdout)).toMatchObject({ kind: 'MigratabilityReport', summary: { total: 1, migratable: 1 }, errors: [] });
  // Exit 1: the fixtures' migration is at risk.
  expect(why.code, why.stderr).toBe(1);
  expect(JSON.parse(why.stdout)).toMatchObject({ kind: 'MigrationDiagnosis', target: { vmi: 'rhel9', migration: { name: 'rhel9-mig-x7k2p' } }, errors: [] });
  expect(s.requests.length).toBeGreaterThan(0);
  // Every request as `who`; a 404 is why's GET of a name that is not a migration (NAME resolution).
  const seen = new Set(s.requests.map((r) => `${r.user ?? '-'} ${r.groups?.join(',') ?? '-'}`));
  expect([...seen]).toEqual([`${who.user} ${who.groups?.join(',') ?? '-'}`]);
  expect(new Set(s.requests.map((r) => r.status)).has(200)).toBe(true);
  expect(s.requests.filter((r) => r.status !== 200 && r.status !== 404)).toEqual([]);
}

/** Exit 3, nothing on stdout, exactly one line on stderr (so no stack trace); returns the line. */
function oneLineError(run: PluginRun): string {
  expect(run.code, run.stderr).toBe(3);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^[^\n]+\n$/);
  return run.stderr.trimEnd();
}

/** Both commands fail with `line` (a RegExp where the text quotes the JavaScript engine). */
function expectBothFail({ check, why }: Runs, line: string | RegExp): void {
  for (const run of [check, why]) {
    if (typeof line === 'string') expect(oneLineError(run)).toBe(line);
    else expect(oneLineError(run)).toMatch(line);
  }
}

/**
 * kubectl with its discovery cache in the test's directory. Once the cache is warm, a 401 comes
 * from the resource request itself and kubectl quotes the Status message, as we do; on a cold
 * cache it reports the failed discovery instead ("the server has asked for the client to
 * provide credentials"). stdin is closed: without credentials kubectl prompts for a user name.
 */
function kubectl(kc: string, ...args: string[]): Promise<PluginRun> {
  return new Promise((done) => {
    const child = execFile('kubectl', ['--kubeconfig', kc, '--cache-dir', join(dir, 'kubectl-cache'), ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('bearer token', () => {
  it('the right token works as its user', async () => {
    expectServedAs(await bothCommands(kubeconfig('token', { token: 'token-alice' })), ALICE);
  });

  it('tokenFile, relative to the kubeconfig; the file\'s trailing newline is not part of the token', async () => {
    mkdirSync(join(dir, 'token-file'), { recursive: true });
    writeFileSync(join(dir, 'token-file', 'token'), 'token-alice\n');
    expectServedAs(await bothCommands(kubeconfig('token-file', { userEntry: { tokenFile: 'token' } })), ALICE);
  });

  it('a wrong token, or no credentials at all, is 401: exit 3 with kubectl\'s line', async () => {
    expect((await kubectl(kubeconfig('token', { token: 'token-alice' }), 'get', 'nodes')).code).toBe(0); // warms kubectl's discovery cache
    const wrong = kubeconfig('wrong-token', { token: 'token-mallory' });
    for (const kc of [wrong, kubeconfig('anonymous')]) {
      expectBothFail(await bothCommands(kc), UNAUTHORIZED);
      expect(s.requests.length).toBeGreaterThan(0);
      expect(s.requests.every((r) => r.status === 401 && r.user === undefined)).toBe(true);
    }
    expect(lastLine((await kubectl(wrong, 'get', 'nodes')).stderr)).toBe(UNAUTHORIZED);
  });
});

describe('client certificate', () => {
  it('client-certificate-data / client-key-data: CN is the user, O the groups', async () => {
    expectServedAs(await bothCommands(kubeconfig('cert-data', { userEntry: CERT_DATA })), CERT_USER);
  });

  it('client-certificate / client-key files, relative to the kubeconfig', async () => {
    expectServedAs(await bothCommands(certFilesKubeconfig()), CERT_USER);
  });

  it('kubectl is authenticated by the same kubeconfigs: the fake server\'s certificate check is realistic', async () => {
    const kubeconfigs = [kubeconfig('cert-data', { userEntry: CERT_DATA }), certFilesKubeconfig(), execCertKubeconfig()];
    for (const kc of kubeconfigs) {
      s.resetRequests();
      expect(await kubectl(kc, 'get', 'nodes', '-o', 'name'), kc).toMatchObject({ code: 0, stdout: 'node/worker-1\nnode/worker-2\n' });
      expect(s.requests.length).toBeGreaterThan(0);
      expect(s.requests.every((q) => q.user === CERT_USER.user)).toBe(true);
    }
  });

  it('a certificate file that cannot be read, or a certificate without a key: exit 3 with kubectl\'s reason, nothing sent', async () => {
    besideKubeconfig('cert-missing', PKI.clientKey);
    const missing = join(dir, 'cert-missing', 'client.crt');
    const cases = [
      [
        kubeconfig('cert-missing', { userEntry: { 'client-certificate': 'client.crt', 'client-key': 'client.key' } }),
        `error: unable to read client-cert ${missing} for fake-user due to open ${missing}: no such file or directory`,
      ],
      [
        kubeconfig('cert-keyless', { userEntry: { 'client-certificate-data': CERT_DATA['client-certificate-data'] } }),
        'error: client-key-data or client-key must be specified for fake-user to use the clientCert authentication method.',
      ],
    ] as const;
    for (const [kc, line] of cases) {
      expectBothFail(await bothCommands(kc), line);
      expect(s.requests).toEqual([]);
      expect(lastLine((await kubectl(kc, 'get', 'nodes')).stderr)).toBe(line);
    }
  });

  it('a certificate the client CA did not sign authenticates nobody: 401', async () => {
    // The server's own key pair: a valid certificate, but from the server CA.
    const kc = kubeconfig('foreign-cert', { userEntry: { 'client-certificate-data': pemBase64(PKI.serverCert), 'client-key-data': pemBase64(PKI.serverKey) } });
    expectBothFail(await bothCommands(kc), UNAUTHORIZED);
    expect(s.requests.length).toBeGreaterThan(0);
    expect(s.requests.every((r) => r.status === 401)).toBe(true);
    expect(lastLine((await kubectl(kc, 'get', 'nodes')).stderr)).toBe(UNAUTHORIZED);
  });
});

describe('exec credential plugin', () => {
  it('a token from the plugin', async () => {
    const kc = kubeconfig('exec-token', { userEntry: execPlugin('exec-token', printCredential({ token: 'token-exec' })) });
    expectServedAs(await bothCommands(kc), { user: 'exec-user' });
  });

  it('a client certificate from the plugin', async () => {
    expectServedAs(await bothCommands(execCertKubeconfig()), CERT_USER);
  });

  it('a command given as a relative path is relative to the kubeconfig, as in kubectl', async () => {
    const script = join(dir, 'exec-relative', 'bin', 'get-token');
    mkdirSync(join(dir, 'exec-relative', 'bin'), { recursive: true });
    writeFileSync(script, `#!${process.execPath}\n${printCredential({ token: 'token-exec' })}`, { mode: 0o755 });
    const kc = kubeconfig('exec-relative', { userEntry: { exec: { apiVersion: EXEC_V1, command: './bin/get-token', interactiveMode: 'Never' } } });
    expectServedAs(await bothCommands(kc), { user: 'exec-user' });
  });

  it('a plugin that fails, prints no credential or is not installed: exit 3, one line naming it, no request sent', async () => {
    const node = process.execPath;
    const missing = join(dir, 'no-such-plugin');
    const cases: [string, Record<string, unknown>, string | RegExp][] = [
      [
        'exec-fails',
        execPlugin('exec-fails', "process.stderr.write('error: refresh token expired, run vmigrate-login\\n');\nprocess.exit(1);\n"),
        `error: getting credentials: exec: executable ${node} failed: error: refresh token expired, run vmigrate-login`,
      ],
      ['exec-silent', execPlugin('exec-silent', 'process.exit(2);\n'), `error: getting credentials: exec: executable ${node} failed`],
      [
        'exec-garbage',
        execPlugin('exec-garbage', "console.log('Please log in at https://sso.example.com');\n"),
        /^error: getting credentials: exec: executable .+ did not print an ExecCredential: .*JSON/,
      ],
      ['exec-missing', { exec: { apiVersion: EXEC_V1, command: missing, interactiveMode: 'Never' } }, `error: getting credentials: exec: executable ${missing} not found`],
    ];
    s.resetRequests();
    // Side by side: nothing reaches the server, so the runs cannot mix up each other's requests.
    const runs = await Promise.all(cases.map(([name, userEntry]) => bothCommands(kubeconfig(name, { userEntry }), { keepRequests: true })));
    runs.forEach((r, i) => expectBothFail(r, cases[i]![2]));
    expect(s.requests).toEqual([]);
  });
});

describe('verifying the server', () => {
  it('certificate-authority as a file path, relative to the kubeconfig', async () => {
    besideKubeconfig('ca-file', PKI.ca);
    const kc = kubeconfig('ca-file', { token: 'token-alice', clusterEntry: { 'certificate-authority-data': undefined, 'certificate-authority': 'ca.crt' } });
    expectServedAs(await bothCommands(kc), ALICE);
  });

  it('an unrelated CA as data or as a file, or no CA at all: exit 3 with kubectl\'s x509 line', async () => {
    besideKubeconfig('other-ca-file', PKI.otherCa);
    const kubeconfigs = [
      kubeconfig('other-ca', { token: 'token-alice', clusterEntry: OTHER_CA }),
      kubeconfig('other-ca-file', { token: 'token-alice', clusterEntry: { 'certificate-authority-data': undefined, 'certificate-authority': 'other-ca.crt' } }),
      // Verification is on by default: without a CA the system roots apply, and they do not know the test CA.
      kubeconfig('no-ca', { token: 'token-alice', clusterEntry: { 'certificate-authority-data': undefined } }),
    ];
    s.resetRequests();
    // Side by side: nothing reaches the server, so the runs cannot mix up each other's requests.
    const [runs, kubectlRuns] = await Promise.all([
      Promise.all(kubeconfigs.map((kc) => bothCommands(kc, { keepRequests: true }))),
      Promise.all(kubeconfigs.map((kc) => kubectl(kc, 'get', 'nodes'))),
    ]);
    for (const r of runs) expectBothFail(r, UNKNOWN_AUTHORITY);
    for (const r of kubectlRuns) expect(lastLine(r.stderr)).toBe(UNKNOWN_AUTHORITY);
    expect(s.requests).toEqual([]);
  });

  it('--insecure-skip-tls-verify connects despite the unrelated CA, and still sends the token or certificate', async () => {
    const flags = ['--insecure-skip-tls-verify'];
    expectServedAs(await bothCommands(kubeconfig('other-ca', { token: 'token-alice', clusterEntry: OTHER_CA }), { flags }), ALICE);
    const withCert = kubeconfig('other-ca-cert', { clusterEntry: OTHER_CA, userEntry: CERT_DATA });
    expectServedAs(await bothCommands(withCert, { flags }), CERT_USER);
  });

  it('insecure-skip-tls-verify: true in the cluster entry', async () => {
    const kc = kubeconfig('insecure-entry', { token: 'token-alice', clusterEntry: { 'certificate-authority-data': undefined, 'insecure-skip-tls-verify': true } });
    expectServedAs(await bothCommands(kc), ALICE);
  });
});
