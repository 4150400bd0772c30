// The documentation is self-contained and says what the code does: every relative link (and its
// #anchor) and every repository path it names exists, nothing points outside the repository, and
// every flag of every command's --help is on docs/flags.md.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { runCli } from '../unit/cli/run-cli.js';
import { REPO } from '../e2e/plugin.js';
import { anchorsOf, docPages, prose } from './markdown.js';

const PAGES = docPages();

/** Files the build or `npm run package` makes: named in the docs, absent from a fresh clone. */
const BUILT = /^(dist|dist-release|\.bench|node_modules)\//;

interface Link {
  page: string;
  target: string;
}

function relativeLinks(): Link[] {
  return PAGES.flatMap((p) =>
    [...prose(p.text).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((t) => !/^[a-z][a-z+.-]*:/i.test(t))
      .map((target) => ({ page: p.path, target })),
  );
}

/** `src/render/terminal-text.ts`, `test/e2e/`, `schema/<kind>.schema.json`: paths in code spans, from the root. */
function mentionedPaths(): Link[] {
  const top = /^(?:src|test|schema|docs|examples|deploy|scripts|bin|\.ci)\/[\w.\-/]*$|^(?:README\.md|LICENSE|krew-manifest\.yaml|package\.json)$/;
  return PAGES.flatMap((p) =>
    [...p.text.matchAll(/`([^`\n]+)`/g)]
      .map((m) => m[1]!.replace(/[.,:;]$/, ''))
      .filter((t) => top.test(t))
      .map((target) => ({ page: p.path, target })),
  );
}

describe('documentation links and paths', () => {
  const links = relativeLinks();

  it('finds the pages and their links', () => {
    expect(PAGES.map((p) => p.path)).toEqual(expect.arrayContaining(['README.md', 'docs/why.md', 'docs/flags.md', 'docs/documents.md']));
    expect(links.length).toBeGreaterThan(50);
  });

  it.each(links.map((l) => [`${l.page} → ${l.target}`, l] as const))('%s', (_n, { page, target }) => {
    const [file, anchor] = target.split('#') as [string, string | undefined];
    const path = file === '' ? page : normalize(join(dirname(page), file));
    expect(path.startsWith('..'), `${target} leaves the repository`).toBe(false);
    expect(existsSync(join(REPO, path)), `${page}: ${target} does not exist`).toBe(true);
    if (anchor !== undefined) {
      expect(path.endsWith('.md'), `${target}: an anchor into a file that is not markdown`).toBe(true);
      expect([...anchorsOf(readFileSync(join(REPO, path), 'utf8'))], `${page}: no heading #${anchor} in ${path}`).toContain(anchor);
    }
  });

  it('every repository path named in a code span exists', () => {
    const missing = mentionedPaths().filter((l) => !BUILT.test(l.target) && !existsSync(join(REPO, l.target)));
    expect(missing).toEqual([]);
  });

  it('nothing refers outside the repository (the pages and the published schemas)', () => {
    const schemas = readdirSync(join(REPO, 'schema')).map((f) => ({ path: `schema/${f}`, text: readFileSync(join(REPO, 'schema', f), 'utf8') }));
    for (const p of [...PAGES, ...schemas]) {
      for (const [i, line] of p.text.split('\n').entries()) {
        expect(/\/work\/|\bshared\/|the contract|cli-contract|kubevirt-facts/i.test(line), `${p.path}:${i + 1}: ${line}`).toBe(false);
      }
    }
  });
});

describe('docs/flags.md names every flag', () => {
  const flagsPage = readFileSync(join(REPO, 'docs/flags.md'), 'utf8');

  it.each(['check-migratable', 'why', 'list', 'start', 'abort', 'completion'])('%s --help', async (command) => {
    const help = (await runCli([command, '--help'])).stdout;
    const flags = [...help.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!).filter((f) => f !== '--help');
    if (command !== 'completion') expect(flags.length).toBeGreaterThan(5);
    expect(flags.filter((f) => !flagsPage.includes(`\`${f}`) && !flagsPage.includes(`, ${f}`) && !flagsPage.includes(`/${f}`))).toEqual([]);
  });
});
