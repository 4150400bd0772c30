// `list --watch` on a terminal, through a pseudo-terminal (util-linux `script`), against the fake
// API server playing the drain of node-2: the table is redrawn in place — the cursor moves up
// over the rows the last frame took (wrapped lines counted by the terminal's width) and clears
// below, never the whole screen — with a bar and an ETA for the copying migration; Ctrl-C (typed
// into the terminal) ends it with exit 0, the cursor shown again, no stack. Piped, the same watch
// writes no escape byte: each refresh is a new table after a blank line.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeApiServer } from '../fake-apiserver/index.js';
import { startPlugin } from './plugin.js';
import { playDrain } from './drain-scenario.js';

let server: FakeApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const ESC = '\x1b';
const COLUMNS = 100;
const REDRAW = /\x1b\[(\d+)F\x1b\[J/g;
const visible = (line: string) => line.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

describe('list --watch on a terminal and on a pipe', () => {
  it.skipIf(!hasScript)('a terminal: redrawn in place with bars, Ctrl-C ends it cleanly', async () => {
    const played = await playDrain();
    server = played.s;
    const cmd = `stty cols ${COLUMNS} rows 60; exec kubectl vmigrate list -A -w --interval 1s --kubeconfig '${played.kubeconfig}'`;
    const run = startPlugin(['list', '-w', '(pty)'], { TERM: 'xterm' }, ['script', ['-q', '-e', '-c', cmd, '/dev/null']]);
    await played.s.waitFor(() => [...run.stdout().matchAll(REDRAW)].length >= 2, 30_000);
    run.child.stdin!.write('\x03');
    const r = await run.done;
    expect(r.code, r.stdout).toBe(0);
    const out = r.stdout;
    expect(out.startsWith(`${ESC}[?25l`)).toBe(true); // the cursor hidden while watching
    expect(out).not.toContain(`${ESC}[2J`); // never the whole screen
    expect(out).toContain(`${ESC}[?25h`); // shown again at the end
    expect(out).not.toMatch(/Error|\n\s+at /);
    // Each redraw goes up exactly the rows the frame before it took at COLUMNS wide.
    const redraws = [...out.matchAll(REDRAW)];
    const frames = out.split(REDRAW).filter((_, i) => i % 2 === 0);
    redraws.forEach((m, i) => {
      const lines = frames[i]!.replace(`${ESC}[?25l`, '').split(/\r?\n/).slice(0, -1);
      const rows = lines.reduce((n, l) => n + Math.max(1, Math.ceil([...visible(l)].length / COLUMNS)), 0);
      expect(Number(m[1]), `redraw ${i}`).toBe(rows);
    });
    // web-2's row: a bar, its percent and ETA.
    const web2 = frames[1]!.split(/\r?\n/).map(visible).find((l) => l.includes('web-2'))!;
    expect(web2).toMatch(/█+░+ +76% ETA \d+s/);
  }, 60_000);

  it('a pipe: each refresh a new table, no escape byte', async () => {
    const played = await playDrain();
    server = played.s;
    const run = startPlugin(['list', '-A', '-w', '--interval', '1s', '--color', 'auto', '--kubeconfig', played.kubeconfig]);
    await played.s.waitFor(() => run.stdout().split('\n\n').length >= 3, 30_000);
    run.child.kill('SIGINT');
    const r = await run.done;
    expect(r.code).toBe(0);
    expect(r.stdout.includes(ESC) || r.stderr.includes(ESC)).toBe(false);
    const tables = r.stdout.split('\n\n');
    for (const t of tables.filter((x) => x.trim() !== '')) expect(t.startsWith('NAMESPACE   NAME'), t).toBe(true);
    expect(tables[0]).toMatch(/kubevirt-evacuation-2vbfm .*█+░+ +76% ETA \d+s/);
  }, 60_000);
});
