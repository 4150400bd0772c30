// Bundles src/ into dist/ with esbuild. Code-split so that --help/--version never load
// @kubernetes/client-node: it is only reached through a dynamic import in the live source.
import { build } from 'esbuild';
import { rmSync, readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: { cli: 'src/cli/main.ts' },
  outdir: 'dist',
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
