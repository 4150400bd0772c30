// The project's documentation as the docs tests read it: README.md and every page under docs/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO } from '../e2e/plugin.js';

export interface Page {
  /** Path from the repository root, e.g. `docs/why.md`. */
  path: string;
  text: string;
}

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

export function docPages(): Page[] {
  return [join(REPO, 'README.md'), ...markdownUnder(join(REPO, 'docs')).sort()].map((f) => ({
    path: relative(REPO, f),
    text: readFileSync(f, 'utf8'),
  }));
}

/** The text outside fenced code blocks (links and headings live there). */
export function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

export function anchorsOf(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#+ (.*)$/gm)].map((m) => headingAnchor(m[1]!)));
}
