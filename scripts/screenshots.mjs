// Terminal pictures for the README and docs/, made from the plugin's own coloured output on the example
// snapshot, so they change when the output does: docs/*.svg.
//   node scripts/screenshots.mjs          regenerate (npm run docs)
//   node scripts/screenshots.mjs --check  exit 1 when a committed picture is out of date
// Needs the build (dist/). test/docs/ runs the check.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { renderTerminalSvg } from './docs/ansi-svg.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SNAPSHOT = 'examples/cluster-snapshot';

/** Each picture: file, the command as shown, the plugin's arguments. */
const PICTURES = [
  { file: 'docs/why.svg', args: ['why', 'ci-runner', '-n', 'dev', '--from', SNAPSHOT] },
  { file: 'docs/check-migratable-node.svg', args: ['check-migratable', '--node', 'node-2', '--details', '--from', SNAPSHOT] },
];

function render(picture) {
  let output;
  try {
    output = execFileSync(process.execPath, [join(ROOT, 'bin/kubectl-vmigrate'), ...picture.args, '--color', 'always'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: process.env.HOME ?? '/', NO_COLOR: '' },
    });
  } catch (err) {
    // Exit 1 is "a problem found", which is what these pictures show.
    if (err.status !== 1) throw err;
    output = err.stdout;
  }
  return renderTerminalSvg({ command: `kubectl vmigrate ${picture.args.join(' ')}`, output, columns: 110 });
}

const check = process.argv.includes('--check');
let stale = 0;
for (const p of PICTURES) {
  const svg = render(p);
  const path = join(ROOT, p.file);
  if (check) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== svg) {
      stale++;
      process.stderr.write(`${p.file} is out of date: run npm run docs\n`);
    }
  } else {
    mkdirSync(join(ROOT, 'docs'), { recursive: true });
    writeFileSync(path, svg);
    process.stderr.write(`wrote ${p.file}\n`);
  }
}
process.exitCode = stale ? 1 : 0;
