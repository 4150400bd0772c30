// The terminal boundary (issue #16 item 1) cannot be walked around: every write goes through the
// output writer main() installs (cmdutil/io.ts), which escapes every control character; nothing
// but render/terminal-text.ts holds a terminal sequence, so colour can only come from Style's
// markers; and ora, which writes to the terminal itself, is used only by cmdutil/spinner.ts,
// which hands it escaped text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './imports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FILES = sourceFiles(ROOT).map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));

/** The files whose text matches `re`. */
const filesMatching = (re: RegExp) => FILES.filter((f) => re.test(f.text)).map((f) => f.file);

/** String and template literals (their cooked text) that hold ESC or a C1 control. */
function terminalSequences(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (/[\x1b\x80-\x9f]/.test(node.text)) found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the terminal boundary', () => {
  it('main() puts the escaping writer over the streams it is given; only run() uses the raw ones', () => {
    expect(filesMatching(/\bterminalIo\(/)).toEqual(['src/cmdutil/io.ts', 'src/main.ts']);
    expect(filesMatching(/\bprocessIo\(/)).toEqual(['src/cmdutil/io.ts', 'src/main.ts']);
    expect(FILES.find((f) => f.file === 'src/main.ts')!.text).toMatch(/const io = terminalIo\(streams\);/);
  });

  it('nothing but cmdutil/io.ts writes to process.stdout or process.stderr', () => {
    expect(filesMatching(/process\.std(out|err)\.write\b/)).toEqual(['src/cmdutil/io.ts']);
  });

  it('only cmdutil/spinner.ts loads ora, which writes to the terminal itself', () => {
    expect(filesMatching(/from 'ora'|import\('ora'\)/)).toEqual(['src/cmdutil/spinner.ts']);
  });

  it('no terminal sequence is written anywhere but in render/terminal-text.ts', () => {
    const found = FILES.flatMap(({ file, text }) => terminalSequences(file, text));
    expect(found.length).toBeGreaterThan(0);
    // custom-columns replaces ESC by kubectl's `^[` (cli-runtime EscapeTerminal): it only searches for one.
    const allowed = ['src/render/terminal-text.ts:', 'src/render/custom-columns.ts:'];
    expect(found.filter((where) => !allowed.some((a) => where.startsWith(a)))).toEqual([]);
  });
});
