// Refactoring aid: with VMIGRATE_CAPTURE_OUTPUTS=DIR, every plugin run, in-process CLI run and
// `why` scenario of the suite writes what it printed to DIR, one file per output, named after the
// test. Two captures (before and after a change) compare with `diff -r`; a refactor that must not
// change behaviour shows no difference. Without the variable this does nothing.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'vitest';

const seen = new Map<string, number>();

/** What differs between two runs of the same test: temporary directories and loopback ports. */
export function normalizeCapture(text: string): string {
  return text.replace(/\/tmp\/(vmigrate-[a-z-]*?)[A-Za-z0-9]{6}(?=[/\s'"`:]|$)/gm, '/tmp/$1XXXXXX').replace(/(127\.0\.0\.1|localhost):\d{2,5}\b/g, '$1:PORT');
}

export function captureOutput(what: string, rawKey: readonly string[], rawText: string): void {
  const dir = process.env.VMIGRATE_CAPTURE_OUTPUTS;
  if (!dir) return;
  const key = rawKey.map(normalizeCapture);
  const text = normalizeCapture(rawText);
  const state = expect.getState();
  const file = relative(process.cwd(), state.testPath ?? 'unknown').replace(/[^\w.-]+/g, '_');
  const test = (state.currentTestName ?? 'outside-a-test').replace(/[^\w.-]+/g, '_').slice(0, 120);
  const id = createHash('sha256').update(key.join('\0')).digest('hex').slice(0, 10);
  const base = `${test}.${what}.${id}`;
  const n = (seen.get(`${file}/${base}`) ?? 0) + 1;
  seen.set(`${file}/${base}`, n);
  mkdirSync(join(dir, file), { recursive: true });
  writeFileSync(join(dir, file, `${base}.${n}.out`), `# ${key.join(' ')}\n${text}`);
}
