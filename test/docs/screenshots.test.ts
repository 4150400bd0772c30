// The terminal pictures of the README and docs/ (docs/*.svg) are the plugin's real coloured output: rendering
// them again from the current build must give the committed files (`npm run docs` updates them).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAnsi, renderTerminalSvg, wrapCells } from '../../scripts/docs/ansi-svg.mjs';
import { REPO } from '../e2e/plugin.js';

describe('docs/*.svg', () => {
  it('match a fresh render of the current output (run `npm run docs` after changing the output)', async () => {
    const r = await new Promise<{ code: number; stderr: string }>((done) =>
      execFile(process.execPath, ['scripts/screenshots.mjs', '--check'], { cwd: REPO, timeout: 60_000 }, (err, _out, stderr) =>
        done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stderr }),
      ),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('are referenced from the README and their pages, show colour and hold the command', () => {
    const text = (file: string) => readFileSync(join(REPO, file), 'utf8');
    for (const [file, command, pages] of [
      ['docs/why.svg', 'kubectl vmigrate why ci-runner', ['README.md', 'docs/why.md']],
      ['docs/check-migratable-node.svg', 'kubectl vmigrate check-migratable --node node-2', ['docs/check-migratable.md']],
    ] as const) {
      for (const page of pages) expect(text(page), page).toContain(`](${page === 'README.md' ? file : file.slice('docs/'.length)})`);
      const svg = readFileSync(join(REPO, file), 'utf8');
      expect(svg).toContain(command);
      expect(svg).toMatch(/fill="#ef6b73"/); // red: a blocker or a failing check
      expect(svg).not.toContain('\u001b');
    }
  });
});

describe('the ANSI → SVG renderer', () => {
  it('reads SGR colour, bold, dim and resets', () => {
    const { cells } = parseAnsi('\u001b[31mA\u001b[1mB\u001b[22;39mC\u001b[2mD\u001b[0mE');
    expect(cells.map((c) => [c.ch, c.style])).toEqual([
      ['A', { fg: '#ef6b73' }],
      ['B', { fg: '#ef6b73', bold: true }],
      ['C', {}],
      ['D', { dim: true }],
      ['E', {}],
    ]);
  });

  it('wraps long lines at a word with a hanging indent, and escapes XML', () => {
    const rows = wrapCells(parseAnsi('  one two three four five').cells, 12);
    expect(rows.map((r) => r.map((c) => c.ch).join(''))).toEqual(['  one two', '    three', '    four', '    five']);
    const svg = renderTerminalSvg({ command: 'x <y> & "z"', output: '\u001b[32m✔\u001b[39m a<b' });
    expect(svg).toContain('x &lt;y&gt; &amp; &quot;z&quot;');
    expect(svg).toContain('<tspan x="16.0" textLength="7.8" lengthAdjust="spacingAndGlyphs" fill="#8fd16a">✔</tspan>');
    expect(svg).toContain('a&lt;b');
  });
});
