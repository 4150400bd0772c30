// A test-side TypeScript module (the fake API server, a scenario) bundled into one ESM file that a
// script can import with plain node: esbuild, node20, `require` available for the bundled CJS.
import { build } from 'esbuild';

export async function bundleForNode(entry, outfile) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  });
}
