// npm run package: the release archives and the krew manifest, in dist-release/.
//   kubectl-vmigrate.tar.gz               bin/kubectl-vmigrate (Node >= 20 launcher), its
//                                         completion helper, the esbuild bundle (dist/), LICENSE
//   kubectl-vmigrate-linux-amd64.tar.gz   kubectl-vmigrate: a Node 24 single executable (no Node
//                                         needed), its completion helper, LICENSE
//   vmigrate.yaml                         krew-manifest.yaml rendered with the sha256 values
//   SHA256SUMS
// Archives are reproducible: same sources and same Node version, same bytes.
// Flags: --out DIR (default dist-release), --no-build (use dist/ as it is), --js-only (only the
// JS archive, no manifest: what tests use to check reproducibility).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { renderManifest } from './package/manifest.mjs';
import { buildSea } from './package/sea.mjs';
import { gzip, tar } from './package/tar.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const JS_ARCHIVE = 'kubectl-vmigrate.tar.gz';
const SEA_ARCHIVE = 'kubectl-vmigrate-linux-amd64.tar.gz';
const MANIFEST = 'vmigrate.yaml';

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string', default: join(ROOT, 'dist-release') },
    'no-build': { type: 'boolean', default: false },
    'js-only': { type: 'boolean', default: false },
  },
});
const out = resolve(flags.out);
const started = Date.now();

if (!flags['no-build']) execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit', cwd: ROOT });
mkdirSync(out, { recursive: true });

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const file = (p) => readFileSync(join(ROOT, p));
const sums = {};

function writeArchive(name, entries) {
  const gz = gzip(tar(entries));
  writeFileSync(join(out, name), gz);
  sums[name] = createHash('sha256').update(gz).digest('hex');
  log(`${name}: ${(gz.length / 1e6).toFixed(1)} MB, sha256 ${sums[name]}`);
}

// 1. The JavaScript bundle. Source maps stay out (they only serve debugging from a checkout).
const distFiles = walk(join(ROOT, 'dist')).filter((p) => !p.endsWith('.map'));
if (!distFiles.some((p) => p === 'dist/cli.mjs')) throw new Error('dist/cli.mjs is missing: run the build first');
writeArchive(JS_ARCHIVE, [
  ...dirsOf(['bin/x', ...distFiles]),
  { name: 'bin/kubectl-vmigrate', mode: 0o755, data: file('bin/kubectl-vmigrate') },
  { name: 'bin/kubectl_complete-vmigrate', mode: 0o755, data: file('bin/kubectl_complete-vmigrate') },
  ...distFiles.map((p) => ({ name: p, mode: 0o644, data: file(p) })),
  { name: 'LICENSE', mode: 0o644, data: file('LICENSE') },
]);

if (!flags['js-only']) {
  // 2. The single executable for linux/amd64.
  const sea = await buildSea();
  try {
    writeArchive(SEA_ARCHIVE, [
      { name: 'kubectl-vmigrate', mode: 0o755, data: readFileSync(sea.exe) },
      { name: 'kubectl_complete-vmigrate', mode: 0o755, data: file('bin/kubectl_complete-vmigrate') },
      { name: 'LICENSE', mode: 0o644, data: file('LICENSE') },
    ]);
  } finally {
    rmSync(sea.dir, { recursive: true, force: true });
  }

  // 3. The krew manifest and a checksum file.
  const manifest = renderManifest(readFileSync(join(ROOT, 'krew-manifest.yaml'), 'utf8'), { version: pkg.version, sha256: sums });
  writeFileSync(join(out, MANIFEST), manifest);
  writeFileSync(join(out, 'SHA256SUMS'), Object.entries(sums).map(([n, s]) => `${s}  ${n}\n`).join(''));
  log(`${MANIFEST}: krew manifest for v${pkg.version}`);
}
log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s → ${relative(process.cwd(), out) || '.'}`);

function log(line) {
  process.stderr.write(`package: ${line}\n`);
}

/** Files under `dir`, as repository-relative paths with `/`. */
function walk(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) found.push(...walk(p));
    else found.push(relative(ROOT, p).split(sep).join('/'));
  }
  return found;
}

/** Directory entries (0755) for every parent of the given paths. */
function dirsOf(paths) {
  const dirs = new Set();
  for (const p of paths) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/') + '/');
  }
  return [...dirs].map((name) => ({ name, mode: 0o755 }));
}
