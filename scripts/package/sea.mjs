// The Linux x64 single executable (Node.js SEA): the CLI bundled to one CommonJS file, turned
// into a preparation blob by the Node 24 binary itself (`--experimental-sea-config`; the blob
// must come from the same Node version it is injected into), and injected into a copy of that
// binary with postject. No code cache: V8's cache differs from run to run, and the archive
// must be reproducible.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { ensureNode24 } from './node24.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
/** The fuse string Node.js looks for (documented; postject flips its last character). */
const SENTINEL_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

/**
 * Optional accelerators that dependencies `require()` inside try/catch. The SEA's require()
 * only loads built-in modules and prints a warning for anything else, so each resolves to a
 * module that throws MODULE_NOT_FOUND, which is what the dependencies expect when absent.
 */
const OPTIONAL = ['bufferutil', 'utf-8-validate', 'encoding', 'supports-color'];

const stubOptional = {
  name: 'stub-optional',
  setup(b) {
    const filter = new RegExp(`^(${OPTIONAL.join('|')})$`);
    b.onResolve({ filter }, (args) => ({ path: args.path, namespace: 'stub-optional' }));
    b.onLoad({ filter: /.*/, namespace: 'stub-optional' }, (args) => ({
      contents: `const e = new Error("Cannot find module '${args.path}'"); e.code = 'MODULE_NOT_FOUND'; throw e;`,
      loader: 'js',
    }));
  },
};

/** Builds the executable; returns its path inside a temporary directory (caller removes `dir`). */
export async function buildSea() {
  const node24 = ensureNode24();
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const dir = mkdtempSync(join(tmpdir(), 'vmigrate-sea-'));
  const bundle = join(dir, 'kubectl-vmigrate.cjs');
  await build({
    // The same entry as bin/kubectl-vmigrate, without the version gate (the runtime is ours).
    stdin: {
      contents:
        "import { run } from './src/main.ts';\n" +
        "run(process.argv).catch((err) => { process.stderr.write('error: ' + (err && err.message ? err.message : String(err)) + '\\n'); process.exitCode = 3; });\n",
      resolveDir: ROOT,
      sourcefile: 'sea-entry.ts',
      loader: 'ts',
    },
    absWorkingDir: ROOT,
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs', // SEA runs one CommonJS script; dynamic imports become lazy requires
    target: 'node24',
    minify: true,
    legalComments: 'none',
    define: { __VERSION__: JSON.stringify(pkg.version) },
    alias: { punycode: 'punycode/punycode.js' }, // as in build.mjs: no DEP0040 warning
    plugins: [stubOptional],
    logLevel: 'warning',
  });
  const config = join(dir, 'sea-config.json');
  const blob = join(dir, 'sea-prep.blob');
  // Relative paths, run inside `dir`: the temporary directory's name must not reach the blob.
  writeFileSync(
    config,
    JSON.stringify({ main: 'kubectl-vmigrate.cjs', output: 'sea-prep.blob', disableExperimentalSEAWarning: true, useCodeCache: false, useSnapshot: false }),
  );
  const made = spawnSync(node24, ['--experimental-sea-config', 'sea-config.json'], { cwd: dir, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`node --experimental-sea-config failed: ${made.stderr || made.stdout}`);
  const exe = join(dir, 'kubectl-vmigrate');
  copyFileSync(node24, exe);
  chmodSync(exe, 0o755);
  const { inject } = require('postject');
  // postject warns about ELF notes it does not know ("Can't find string offset…"): harmless.
  const warn = console.warn;
  const log = console.log;
  console.warn = () => {};
  console.log = () => {};
  try {
    await inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SENTINEL_FUSE, overwrite: true });
  } finally {
    console.warn = warn;
    console.log = log;
  }
  rmSync(blob);
  return { dir, exe, bundle };
}
