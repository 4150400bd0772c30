// docs/list-watch.svg: one frame of `kubectl vmigrate list --watch` as a terminal shows it, taken
// from a real watch: the plugin (bin/) runs in a pseudo-terminal (util-linux `script`) against
// the fake API server playing the drain of node-2 (test/e2e/drain-scenario.ts, bundled with
// esbuild), and the last frame it drew before Ctrl-C becomes the picture. A live watch (ages, the
// ETA) differs from run to run, so `screenshots.mjs --check` does not compare this picture.
//   node scripts/docs/list-watch-picture.mjs   (needs the build, dist/; part of npm run docs)
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderTerminalSvg } from './ansi-svg.mjs';
import { bundleForNode } from '../bundle-ts.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const COLUMNS = 150;
const SHOWN = 'kubectl vmigrate list -A --node node-2 --watch';
const REDRAW = /\x1b\[\d+F\x1b\[J/;

try {
  // Beside its source: the scenario finds its fixtures relative to its own URL.
  const bundle = join(ROOT, 'test/e2e/.list-watch-picture.bundle.mjs');
  await bundleForNode(join(ROOT, 'test/e2e/drain-scenario.ts'), bundle);
  const { playDrain } = await import(pathToFileURL(bundle).href);
  const { s, kubeconfig } = await playDrain();
  const plugin = `${process.execPath} ${join(ROOT, 'bin/kubectl-vmigrate')}`;
  const cmd = `stty cols ${COLUMNS} rows 50; exec ${plugin} list -A --node node-2 -w --interval 1s --color always --kubeconfig '${kubeconfig}'`;
  const child = spawn('script', ['-q', '-e', '-c', cmd, '/dev/null'], { env: { PATH: process.env.PATH, HOME: process.env.HOME ?? '/', TERM: 'xterm', NO_COLOR: '' }, stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  let stopped = false;
  child.stdout.on('data', (b) => {
    out += b.toString('utf8');
    // Two redraws: the frame after them is a refresh like any other. Ctrl-C, typed once.
    if (!stopped && out.split(REDRAW).length >= 3) {
      stopped = true;
      child.stdin.end('\x03');
    }
  });
  await new Promise((done) => child.on('close', done));
  await s.close();
  const frames = out.split(REDRAW);
  const last = frames.at(-1).replace(/\x1b\[\?25[lh]/g, '').replace(/\r/g, '').replace(/\^C.*$/s, '');
  const svg = renderTerminalSvg({ command: SHOWN, output: last, columns: COLUMNS });
  writeFileSync(join(ROOT, 'docs/list-watch.svg'), svg);
  process.stderr.write('wrote docs/list-watch.svg\n');
} finally {
  rmSync(join(ROOT, 'test/e2e/.list-watch-picture.bundle.mjs'), { force: true });
}
