// The README's output samples are real: every sample of an offline command (`--from`, `-f`,
// `--list-rules`, `completion`) is run, and its lines must appear in the output in that order.
// A line ending in `…` stands for a line that starts with the text before it; a line of `…`
// alone stands for lines left out.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../unit/cli/run-cli.js';
import { REPO, tempDir } from '../e2e/plugin.js';

interface Sample {
  command: string;
  lines: string[];
}

function samples(markdown: string): Sample[] {
  const out: Sample[] = [];
  for (const block of markdown.matchAll(/^```\n([\s\S]*?)^```$/gm)) {
    let current: Sample | undefined;
    for (const line of block[1]!.split('\n')) {
      const m = /^\$ kubectl vmigrate (.*)$/.exec(line);
      if (m) {
        current = { command: m[1]!, lines: [] };
        out.push(current);
      } else if (current && line !== '') current.lines.push(line);
    }
  }
  // Only what runs offline (a live command's sample came from a cluster), and no pipes.
  return out.filter((s) => /--from |-f |--list-rules|^completion /.test(s.command) && !s.command.includes('|') && !s.lines.some((l) => l.includes('←')));
}

/** Words as a shell splits them: blanks separate them, except inside '…' (which is removed). */
function shellWords(command: string): string[] {
  return [...command.matchAll(/(?:[^\s']+|'[^']*')+/g)].map((m) => m[0].replace(/'([^']*)'/g, '$1'));
}

const README = readFileSync(join(REPO, 'README.md'), 'utf8');

describe('README output samples', () => {
  const found = samples(README);

  it('cover why, check-migratable (table, --node, -f) and list', () => {
    const commands = found.map((s) => s.command.split(' ')[0]);
    for (const c of ['why', 'check-migratable', 'list']) expect(commands, c).toContain(c);
    expect(found.length).toBeGreaterThanOrEqual(5);
  });

  it.each(found.map((s) => [s.command, s] as const))('$ kubectl vmigrate %s', async (_c, sample) => {
    const args = shellWords(sample.command).map((a) => (a.startsWith('examples/') ? join(REPO, a) : a));
    const r = await runCli(args, { KUBECONFIG: join(tempDir(), 'none') });
    expect(r.code, r.stderr).toBeLessThan(2);
    const output = r.stdout.split('\n');
    let at = 0;
    for (const expected of sample.lines) {
      if (expected.trim() === '…') continue;
      const prefix = expected.endsWith('…') ? expected.slice(0, -1).trimEnd() : undefined;
      const found = output.findIndex((line, i) => i >= at && (prefix !== undefined ? line.startsWith(prefix) : line === expected));
      expect(found, `README line not in the output (in order):\n${expected}\n--- output ---\n${r.stdout}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
