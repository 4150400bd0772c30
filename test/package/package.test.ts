// `npm run package` output (dist-release/): the krew manifest checked with krew's rules and
// against the archives, the archives inspected as krew extracts them, and both installed the way
// a user would, then run through kubectl — the single executable with no Node.js anywhere on
// PATH. CI runs `npm run package` before the tests; without a current dist-release/ (or when it
// is stale, outside CI) the package is built here once, from the dist/ that `npm test` built.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { renderManifest } from '../../scripts/package/manifest.mjs';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, tempDir } from '../e2e/plugin.js';
import { validateManifest, type KrewManifest } from './krew-rules.js';
import { readTarGz, type TarEntry } from './tar-read.js';

const RELEASE = join(REPO, 'dist-release');
const JS = 'kubectl-vmigrate.tar.gz';
const SEA = 'kubectl-vmigrate-linux-amd64.tar.gz';
const MANIFEST = 'vmigrate.yaml';
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string }).version;
const KUBECTL = '/usr/bin/kubectl';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Asynchronous on purpose: the fake API server runs in this process. */
function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(cmd, args, { env: opts.env ?? process.env, cwd: opts.cwd ?? REPO, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const releaseFile = (name: string) => readFileSync(join(RELEASE, name));
const tarCache = new Map<string, TarEntry[]>();
/** The archive's entries, read once (the single executable is ~130 MB unpacked). */
const entriesOf = (name: string) => tarCache.get(name) ?? tarCache.set(name, readTarGz(releaseFile(name))).get(name)!;

/** Extract as krew does: directories and regular files only, modes from the headers. */
function extract(entries: TarEntry[], into: string): void {
  for (const e of entries) {
    const p = join(into, e.name);
    if (e.type === '5') mkdirSync(p, { recursive: true });
    else {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, e.data);
      chmodSync(p, e.mode);
    }
  }
}

/** A directory holding only a kubectl link: a PATH with kubectl and without node. */
function kubectlOnlyDir(): string {
  const d = tempDir('vmigrate-kbin-');
  symlinkSync(KUBECTL, join(d, 'kubectl'));
  return d;
}

let freshJsSha = '';
let staleness: string | undefined;

beforeAll(async () => {
  // The JS archive is cheap: build it afresh from dist/ and compare (reproducibility).
  const fresh = tempDir('vmigrate-pkg-');
  const js = await run(process.execPath, ['scripts/package.mjs', '--no-build', '--js-only', '--out', fresh], { timeoutMs: 120_000 });
  expect(js.code, js.stderr).toBe(0);
  freshJsSha = sha256(readFileSync(join(fresh, JS)));
  const complete = [JS, SEA, MANIFEST].every((f) => existsSync(join(RELEASE, f)));
  if (complete && sha256(releaseFile(JS)) === freshJsSha) return;
  if (complete && process.env.CI) {
    staleness = `dist-release/${JS} (${sha256(releaseFile(JS))}) differs from a fresh build of the same dist/ (${freshJsSha})`;
    return;
  }
  // Absent or stale (sources changed since the last `npm run package`): package once here.
  const all = await run(process.execPath, ['scripts/package.mjs', '--no-build'], { timeoutMs: 14 * 60_000 });
  expect(all.code, all.stderr).toBe(0);
}, 15 * 60_000);

describe('npm run package', () => {
  it('writes both archives, the krew manifest and SHA256SUMS into dist-release/', () => {
    for (const f of [JS, SEA, MANIFEST, 'SHA256SUMS']) expect(existsSync(join(RELEASE, f)), f).toBe(true);
    const sums = readFileSync(join(RELEASE, 'SHA256SUMS'), 'utf8');
    for (const f of [JS, SEA]) expect(sums).toContain(`${sha256(releaseFile(f))}  ${f}\n`);
  });

  it('is reproducible: the JS archive built again from the same dist/ has the same bytes', () => {
    expect(staleness).toBeUndefined();
    expect(sha256(releaseFile(JS))).toBe(freshJsSha);
  });
});

describe('the rendered krew manifest (dist-release/vmigrate.yaml)', () => {
  const manifest = () => parseYaml(readFileSync(join(RELEASE, MANIFEST), 'utf8')) as KrewManifest;

  it("passes krew's validation rules (krew-index limits included)", () => {
    expect(validateManifest(manifest(), MANIFEST)).toEqual([]);
  });

  it('is krew-manifest.yaml rendered with this version and the sha256 of the archives', () => {
    const expected = renderManifest(readFileSync(join(REPO, 'krew-manifest.yaml'), 'utf8'), {
      version: VERSION,
      sha256: { [JS]: sha256(releaseFile(JS)), [SEA]: sha256(releaseFile(SEA)) },
    });
    const text = readFileSync(join(RELEASE, MANIFEST), 'utf8');
    expect(text).toBe(expected);
    expect(text).not.toContain('{{');
    expect(manifest().spec?.version).toBe(`v${VERSION}`);
  });

  it("gives each platform its archive's sha256, a release URI for this version, a bin and caveats", () => {
    const m = manifest();
    expect(m.spec?.caveats).toMatch(/Node\.js >= 20/);
    expect(m.spec?.caveats).toMatch(/kubectl_complete-vmigrate/);
    for (const p of m.spec?.platforms ?? []) {
      const file = basename(p.uri ?? '');
      expect([JS, SEA]).toContain(file);
      expect(p.uri).toContain(`/v${VERSION}/`);
      expect(p.sha256).toBe(sha256(releaseFile(file)));
      expect(p.bin).toBe(file === SEA ? 'kubectl-vmigrate' : 'bin/kubectl-vmigrate');
    }
  });

  it('sends linux/amd64 to the single executable and every other platform to the JS bundle', () => {
    const m = manifest();
    const sea = (m.spec?.platforms ?? []).filter((p) => basename(p.uri ?? '') === SEA);
    expect(sea).toHaveLength(1);
    expect(sea[0]!.selector).toEqual({ matchLabels: { os: 'linux', arch: 'amd64' } });
  });
});

describe.each([JS, SEA])('archive %s', (file) => {
  const entries = () => entriesOf(file);
  const bin = file === SEA ? 'kubectl-vmigrate' : 'bin/kubectl-vmigrate';

  it('holds only regular files and directories with safe relative names (krew refuses the rest)', () => {
    for (const e of entries()) {
      expect(['0', '5'], e.name).toContain(e.type);
      expect(e.name.startsWith('/') || e.name.split('/').includes('..'), e.name).toBe(false);
    }
  });

  it('has `bin` with its run bit, the completion helper beside it, and a LICENSE', () => {
    const byName = new Map(entries().map((e) => [e.name, e]));
    expect(byName.get(bin)?.type).toBe('0');
    expect(byName.get(bin)!.mode & 0o111).toBe(0o111);
    const helper = byName.get(join(dirname(bin), 'kubectl_complete-vmigrate'));
    expect(helper?.mode, 'completion helper').toBe(0o755);
    expect(byName.get('LICENSE')?.data.toString()).toContain('Apache License');
  });

  it('is deterministic: sorted names, mtime 0, owner 0:0, gzip without name or time', () => {
    const list = entries();
    expect(list.map((e) => e.name)).toEqual(list.map((e) => e.name).sort());
    for (const e of list) expect([e.mtime, e.uid, e.gid], e.name).toEqual([0, 0, 0]);
    const gz = releaseFile(file);
    expect(gz.readUInt32LE(4), 'gzip MTIME').toBe(0);
    expect(gz[3]! & 0x08, 'gzip FNAME flag').toBe(0);
  });
});

describe('installed like a user would, run through kubectl', () => {
  let server: FakeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    server = await startFakeApiServer();
    server.loadFiles([EXAMPLE_SNAPSHOT]);
    kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('JS archive, krew layout (store dir + symlink on PATH): --version, plugin list, completion', async () => {
    const root = tempDir('vmigrate-krew-');
    const store = join(root, 'store', 'vmigrate', `v${VERSION}`);
    extract(entriesOf(JS), store);
    const binDir = join(root, 'bin');
    mkdirSync(binDir);
    symlinkSync(join(store, 'bin', 'kubectl-vmigrate'), join(binDir, 'kubectl-vmigrate'));
    symlinkSync(join(store, 'bin', 'kubectl_complete-vmigrate'), join(binDir, 'kubectl_complete-vmigrate'));
    // node lives in /usr/bin here; the JS bundle needs it.
    const env = { PATH: `${binDir}:${dirname(process.execPath)}:${dirname(KUBECTL)}`, HOME: root };
    const version = await run('kubectl', ['vmigrate', '--version'], { env });
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const list = await run('kubectl', ['plugin', 'list'], { env });
    expect(list.stdout).toContain(join(binDir, 'kubectl-vmigrate'));
    expect(list.stderr).not.toMatch(/warning/i);
    const complete = await run('kubectl', ['__complete', 'vmigrate', 'check-'], { env });
    expect(complete.stdout.split('\n')[0]).toMatch(/^check-migratable\t/);
  });

  it('JS archive extracted into an empty directory whose bin/ is on PATH: --version, plugin list', async () => {
    const dir = tempDir('vmigrate-js-');
    extract(entriesOf(JS), dir);
    const env = { PATH: `${join(dir, 'bin')}:${dirname(process.execPath)}:${dirname(KUBECTL)}`, HOME: dir };
    expect(await run('kubectl', ['vmigrate', '--version'], { env })).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    expect((await run('kubectl', ['plugin', 'list'], { env })).stdout).toContain(join(dir, 'bin', 'kubectl-vmigrate'));
  });

  describe('single executable, with no Node.js on PATH', () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    beforeAll(() => {
      dir = tempDir('vmigrate-sea-');
      extract(entriesOf(SEA), dir);
      env = { PATH: `${dir}:${kubectlOnlyDir()}`, HOME: dir };
    });

    it('PATH really has no node', async () => {
      expect((await run('/bin/sh', ['-c', 'command -v node'], { env })).code).not.toBe(0);
      expect((await run('/bin/sh', ['-c', 'command -v kubectl'], { env })).code).toBe(0);
    });

    it('kubectl vmigrate --version and kubectl plugin list', async () => {
      expect(await run('kubectl', ['vmigrate', '--version'], { env })).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
      const list = await run('kubectl', ['plugin', 'list'], { env });
      expect(list.code).toBe(0);
      expect(list.stdout).toContain(join(dir, 'kubectl-vmigrate'));
    });

    it('runs check-migratable -A --from examples/cluster-snapshot by absolute path with PATH=/nonexistent', async () => {
      const r = await run(join(dir, 'kubectl-vmigrate'), ['check-migratable', '-A', '--from', EXAMPLE_SNAPSHOT], { env: { PATH: '/nonexistent' } });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(1); // not-migratable VMs in the example: the contract's exit 1
      expect(r.stdout).toMatch(/^NAMESPACE\s+NAME\s+VERDICT/);
      expect(r.stdout).toContain('10 checked: 1 migratable, 2 risky, 7 not migratable.');
      const json = await run(join(dir, 'kubectl-vmigrate'), ['check-migratable', '-A', '--from', EXAMPLE_SNAPSHOT, '-o', 'json'], { env: { PATH: '/nonexistent' } });
      expect(JSON.parse(json.stdout)).toMatchObject({ kind: 'MigratabilityReport', summary: { total: 10 } });
    });

    it('talks to a live cluster (the client library loads inside the executable): why through kubectl', async () => {
      const r = await run('kubectl', ['vmigrate', 'why', 'ci-runner', '-o', 'json', '--kubeconfig', kubeconfig], { env });
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'MigrationDiagnosis', verdict: { cause: 'quota-exceeded' } });
    });

    it('completes through kubectl with its own helper', async () => {
      const r = await run('kubectl', ['__complete', 'vmigrate', 'why', '--output', ''], { env });
      expect(r.stdout).toBe('table\nwide\njson\nyaml\nname\njsonpath=\ncustom-columns=\n:4\n');
    });
  });
});
