// The documentation's output samples are real: every sample of an offline command (`--from`, `-f`,
// `--list-rules`, `completion`) in README.md and docs/ is run, and its lines must appear in the
// output in that order.
// A line ending in `…` stands for a line that starts with the text before it; a line of `…`
// alone stands for lines left out.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../unit/cli/run-cli.js';
import { REPO, tempDir } from '../e2e/plugin.js';
import { docPages } from './markdown.js';

interface Sample {
  page: string;
  command: string;
  lines: string[];
}

function samples(page: string, markdown: string): Sample[] {
  const out: Sample[] = [];
  // Every fence, in order (a closing fence is never taken for an opening one); samples are the
  // blocks without a language (```sh blocks hold commands to type, not output).
  for (const block of markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
    if (block[1] !== '') continue;
    let current: Sample | undefined;
    for (const line of block[2]!.split('\n')) {
      const m = /^\$ kubectl (vmigrate|__complete vmigrate) (.*)$/.exec(line);
      if (m) {
        current = { page, command: (m[1] === 'vmigrate' ? '' : '__complete ') + m[2]!, lines: [] };
        out.push(current);
      } else if (current && line !== '') current.lines.push(line);
    }
  }
  // Only what runs offline (a live command's sample came from a cluster), and no pipes.
  return out.filter((s) => /--from |-f |--list-rules|^completion |^__complete /.test(s.command) && !s.command.includes('|') && !s.lines.some((l) => l.includes('←')));
}

/** Words as a shell splits them: blanks separate them, except inside '…' (which is removed); `""` is the empty word. */
function shellWords(command: string): string[] {
  return [...command.matchAll(/(?:[^\s']+|'[^']*')+/g)].map((m) => (m[0] === '""' ? '' : m[0].replace(/'([^']*)'/g, '$1')));
}

const PAGES = docPages();

describe('documentation output samples', () => {
  const found = PAGES.flatMap((p) => samples(p.path, p.text));

  it('the README shows why, why --node, check-migratable and list; docs/ the rest', () => {
    const inReadme = found.filter((s) => s.page === 'README.md').map((s) => s.command.split(' ')[0]);
    for (const c of ['why', 'check-migratable', 'list']) expect(inReadme, c).toContain(c);
    expect(found.filter((s) => s.page === 'README.md').some((s) => s.command.startsWith('why --node'))).toBe(true);
    for (const page of ['docs/check-migratable.md', 'docs/why.md', 'docs/why-node.md', 'docs/list.md']) {
      expect(found.filter((s) => s.page === page).length, page).toBeGreaterThan(0);
    }
    expect(found.length).toBeGreaterThanOrEqual(10);
  });

  it.each(found.map((s) => [`${s.page}: ${s.command}`, s] as const))('%s', async (_c, sample) => {
    const args = shellWords(sample.command).map((a) => (a.startsWith('examples/') ? join(REPO, a) : a));
    const r = await runCli(args, { KUBECONFIG: join(tempDir(), 'none') });
    expect(r.code, r.stderr).toBeLessThan(2);
    const output = r.stdout.split('\n');
    let at = 0;
    for (const expected of sample.lines) {
      if (expected.trim() === '…') continue;
      const prefix = expected.endsWith('…') ? expected.slice(0, -1).trimEnd() : undefined;
      const found = output.findIndex((line, i) => i >= at && (prefix !== undefined ? line.startsWith(prefix) : line === expected));
      expect(found, `${sample.page}: line not in the output (in order):\n${expected}\n--- output ---\n${r.stdout}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });
});
