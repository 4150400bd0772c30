// Hostile networks and heavy clusters, end to end through kubectl plugin discovery (issues #16
// and #17): no credential over plain http (kubectl agrees), the kubeconfig's CA beats
// NODE_TLS_REJECT_UNAUTHORIZED=0, at most four LISTs in flight for a real command with gzip and
// the -v summary line, --cache-ok, a password in the server URL never shown, and --from skipping
// a symlink out of the dump with one warning.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readObjectFiles, startFakeApiServer, testPkiFiles, testTls, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, runPlugin, tempDir, type PluginRun } from './plugin.js';

const EXAMPLE_OBJECTS = readObjectFiles([EXAMPLE_SNAPSHOT]);
const UNAUTHORIZED = 'error: You must be logged in to the server (Unauthorized)';
const UNKNOWN_AUTHORITY = 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority';

let servers: FakeApiServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.close();
  servers = [];
});

async function exampleCluster(opts: Parameters<typeof startFakeApiServer>[0] = {}): Promise<FakeApiServer> {
  const s = await startFakeApiServer(opts);
  servers.push(s);
  s.load(structuredClone(EXAMPLE_OBJECTS));
  return s;
}

function kubectl(kc: string, dir: string, ...args: string[]): Promise<PluginRun> {
  return new Promise((done) => {
    const child = execFile('kubectl', ['--kubeconfig', kc, '--cache-dir', join(dir, 'kubectl-cache'), ...args], { timeout: 20_000 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

describe('credentials never go to a plain-http server', () => {
  it('token, basic auth, exec plugin: nothing reaches the server, the plugin is not run, exit 3 with kubectl\'s line', async () => {
    const s = await exampleCluster({ tokens: { 'token-alice': 'alice' } });
    const dir = tempDir('vmigrate-http-creds-');
    const ran = join(dir, 'exec-ran');
    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(plugin, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(ran)}, 'x');\nprocess.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'token-alice' } }));\n`);
    const kubeconfigs = [
      s.writeKubeconfig(join(dir, 'token'), { token: 'token-alice' }),
      s.writeKubeconfig(join(dir, 'basic'), { userEntry: { username: 'alice', password: 'pw' } }),
      s.writeKubeconfig(join(dir, 'exec'), { userEntry: { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin], interactiveMode: 'Never' } } }),
    ];
    expect(s.url).toMatch(/^http:/);
    // kubectl itself, the reference: it sends no token over http either, and gets a 401 (on a
    // cold discovery cache it words the 401 of discovery, not of the list).
    const reference = await kubectl(kubeconfigs[0]!, dir, 'get', 'nodes');
    expect(lastLine(reference.stderr)).toMatch(/^error: You must be logged in to the server \(/);
    expect(s.requests.every((r) => r.authorization === undefined)).toBe(true);
    for (const kc of kubeconfigs) {
      s.resetRequests();
      const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '--kubeconfig', kc]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toBe(`${UNAUTHORIZED}\n`);
      expect(s.requests.length).toBeGreaterThan(0);
      expect(s.requests.map((q) => q.authorization)).toEqual(s.requests.map(() => undefined));
    }
    expect(existsSync(ran)).toBe(false);
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 does not override the kubeconfig: an unrelated CA still fails, nothing is sent', async () => {
    const s = await exampleCluster({ tls: testTls(), tokens: { 'token-alice': 'alice' } });
    const kc = s.writeKubeconfig(tempDir(), {
      token: 'token-alice',
      clusterEntry: { 'certificate-authority-data': readFileSync(testPkiFiles().otherCa).toString('base64') },
    });
    const r = await runPlugin(['check-migratable', '-A', '--kubeconfig', kc], { NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    expect(r.code).toBe(3);
    // Node itself warns about the variable; the verdict is the kubeconfig's.
    expect(lastLine(r.stderr)).toBe(UNKNOWN_AUTHORITY);
    expect(s.requests).toEqual([]);
  });
});

describe('kind to the API server', () => {
  it('check-migratable -A: at most four LISTs in flight, gzip asked for, -v ends with the summary line and APF\'s classification', async () => {
    const s = await exampleCluster({ gzipThresholdBytes: 1024, apf: { flowSchemaUid: '0f2e-fs', priorityLevelUid: '9a7c-pl' } });
    s.fault({ verb: 'list', delayMs: 150 });
    const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '-v', '--kubeconfig', s.writeKubeconfig(tempDir())]);
    expect(r.code, r.stderr).toBe(1);
    expect(s.peakInFlight.list).toBeLessThanOrEqual(4);
    expect(s.peakInFlight.list).toBeGreaterThan(1);
    expect(s.requests.every((q) => q.acceptEncoding === 'gzip')).toBe(true);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(new RegExp(`^Summary: ${s.requests.length} requests, [\\d.]+ (B|KiB|MiB) received( \\([\\d.]+ (B|KiB|MiB) decompressed\\))?, peak [1-9]\\d* in flight, [\\d.]+m?s; APF flow schema 0f2e-fs, priority level 9a7c-pl$`));
    expect(lines).toContain('Lists: server v1.32.4 serves paged lists from etcd after the first page: lists are read in consistent pages of 500; --cache-ok would read them from the watch cache (resourceVersion=0, possibly slightly stale)');
  });

  it('--cache-ok on a v1.30 server: every first page asks for resourceVersion=0; -v says so', async () => {
    const s = await exampleCluster({ gitVersion: 'v1.30.4' });
    const r = await runPlugin(['check-migratable', '-A', '-o', 'json', '-v', '--cache-ok', '--kubeconfig', s.writeKubeconfig(tempDir())]);
    expect(r.code, r.stderr).toBe(1);
    const lists = s.requests.filter((q) => q.method === 'GET' && q.query.limit !== undefined);
    expect(lists.length).toBeGreaterThan(3);
    expect(lists.every((q) => q.query.resourceVersion === '0')).toBe(true);
    expect(r.stderr).toContain('Lists: server v1.30.4 serves paged lists from etcd; --cache-ok: lists are read from the watch cache');
  });

  it('a password in the server URL shows as *** in -v', async () => {
    const s = await exampleCluster();
    const kc = s.writeKubeconfig(tempDir(), { clusterEntry: { server: s.url.replace('http://', 'http://admin:s3cret@') } });
    const r = await runPlugin(['list', '-A', '-v', '--kubeconfig', kc]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('http://admin:***@127.0.0.1');
    expect(r.stderr).not.toContain('s3cret');
  });
});

describe('--from a dump with a symlink out of it', () => {
  it('is read without it, and one warning names the link', async () => {
    const outside = tempDir('vmigrate-outside-');
    writeFileSync(join(outside, 'shadow'), 'root:$6$s3cretsalt$hash:19000:0:99999:7:::\n');
    const dump = join(tempDir('vmigrate-dump-'), 'snapshot');
    cpSync(EXAMPLE_SNAPSHOT, dump, { recursive: true });
    mkdirSync(join(dump, 'extra'));
    symlinkSync(join(outside, 'shadow'), join(dump, 'extra', 'nodes.json'));
    const r = await runPlugin(['check-migratable', '-A', '--from', dump]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`Warning: skipped ${join(dump, 'extra', 'nodes.json')}: a symlink to ${join(outside, 'shadow')}, outside the snapshot ${dump}\n`);
    expect(r.stdout).toContain('10 checked');
    expect(r.stdout + r.stderr).not.toContain('s3cretsalt');
  });
});
