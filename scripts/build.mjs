// Bundles src/ into dist/ with esbuild. Code-split so that --help/--version never load
// @kubernetes/client-node: it is only reached through a dynamic import in the live source.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// Build beside dist/ and swap it in: a plugin started meanwhile (a test, a bench) finds either
// the old tree or the new one, never a half-written or missing one.
const dist = new URL('../dist', import.meta.url);
const next = new URL(`../dist.next-${process.pid}`, import.meta.url);
const old = new URL(`../dist.old-${process.pid}`, import.meta.url);
rmSync(next, { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/main.ts' },
  outdir: fileURLToPath(next),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  splitting: true,
  minify: true,
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  define: { __VERSION__: JSON.stringify(pkg.version) },
  // Some CommonJS dependencies call require(); ESM bundles have none of their own.
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  // Optional native accelerators of ws/node-fetch: absent is fine, bundling them is not.
  external: ['bufferutil', 'utf-8-validate', 'encoding'],
  // node-fetch's URL code requires the `punycode` built-in, deprecated since Node 21 (DEP0040
  // on every live command on Node 22/24): bundle the userland package of the same name instead.
  alias: { punycode: 'punycode/punycode.js' },
  logLevel: 'warning',
});

rmSync(old, { recursive: true, force: true });
try {
  renameSync(dist, old);
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
