// client-node costs ~0.5 s to load; --help, --version, --from and every kubeconfig whose
// credentials are a token, a token file, a certificate or basic auth must never pay it. Only an
// exec plugin or an auth provider needs it. Two checks: at run time (client-node is evaluated
// only once such a user's first request asks for credentials), and in the bundle the build
// produces (the one path to client-node is a dynamic import in credentials.ts). A third keeps what every start loads small: flag parsing
// needs commander only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testTls } from '../fake-apiserver/index.js';
import { json, startServer, writeKubeconfig } from './helpers.js';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('@kubernetes/client-node', async (importOriginal) => {
  loaded.count++;
  return await importOriginal();
});

const entry = fileURLToPath(new URL('../../src/collect/live/index.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'vmigrate-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nodes = { kind: 'NodeList', apiVersion: 'v1', metadata: {}, items: [] };
const opts = { requestTimeoutMs: 0, insecureSkipTlsVerify: false, verbose: false, stderr: () => undefined, env: {} };

describe('client-node is loaded lazily', () => {
  it('token, token-file, certificate and basic-auth users never evaluate it; an exec user does, at its first request', async () => {
    const t = testTls();
    const srv = await startServer((_req, res) => json(res, 200, nodes), { cert: String(t.cert), key: String(t.key) });
    const cluster = { 'certificate-authority-data': Buffer.from(t.ca!).toString('base64') };
    writeFileSync(join(dir, 'token'), 't\n');
    const live = await import('../../src/collect/live/index.js');
    const users: Record<string, unknown>[] = [{ token: 't' }, { tokenFile: join(dir, 'token') }, { username: 'u', password: 'p' }, {}];
    for (const [i, user] of users.entries()) {
      const kubeconfig = writeKubeconfig(dir, `static-${i}`, [{ name: 'a', server: srv.url, cluster, user }], 'a');
      const source = await live.openLiveSource({ ...opts, kubeconfig });
      await source.list('node');
      await source.close();
    }
    expect(loaded.count).toBe(0);

    const plugin = join(dir, 'plugin.mjs');
    writeFileSync(plugin, `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: 'x' } }));`);
    const exec = { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin] };
    const source = await live.openLiveSource({ ...opts, kubeconfig: writeKubeconfig(dir, 'exec', [{ name: 'a', server: srv.url, cluster, user: { exec } }], 'a') });
    expect(loaded.count).toBe(0);
    await source.list('node');
    await source.close();
    expect(loaded.count).toBe(1);
    expect(srv.requests.at(-1)?.headers.authorization).toBe('Bearer x');
  });

  it('in the bundle, the only import of client-node is the dynamic one in credentials.ts', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      metafile: true,
      external: ['@kubernetes/client-node'],
      logLevel: 'silent',
    });
    const imports = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => i.path === '@kubernetes/client-node').map((i) => ({ file, kind: i.kind })),
    );
    expect(imports).toEqual([{ file: 'src/collect/live/credentials.ts', kind: 'dynamic-import' }]);
    // The bundle's own code holds no static import of it either.
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('import("@kubernetes/client-node")');
    expect(code).not.toMatch(/from\s*["']@kubernetes\/client-node["']/);
  });

  it('what the program loads before a command runs: commander, no other package', async () => {
    const result = await build({
      entryPoints: { cli: fileURLToPath(new URL('../../src/main.ts', import.meta.url)) },
      bundle: true,
      splitting: true,
      write: false,
      platform: 'node',
      format: 'esm',
      outdir: 'out',
      metafile: true,
      packages: 'external',
      logLevel: 'silent',
    });
    // The statically imported closure of main.ts (dynamic imports are what a command loads).
    const inputs = result.metafile.inputs;
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of inputs[file]?.imports ?? []) {
        if (i.kind !== 'import-statement') continue;
        if (i.external) packages.add(i.path);
        else visit(i.path);
      }
    };
    visit('src/main.ts');
    expect([...packages].filter((p) => !p.startsWith('node:')).sort()).toEqual(['commander']);
  });
});
