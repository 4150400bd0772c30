// Properties of `list`, `start` (pre-flight, then a create the fake server accepts or refuses)
// and `abort` (decision, then a delete likewise) on partial, dump-shaped scenes (contract §4.3):
// none throws, each prints one document that validates against its schema, and exit codes and
// refusals agree with the contract (§3).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { CAUSE_IDS, VERDICT_STATUSES } from '../../src/analyze/why/cause.js';
import { validateDocument, validators, type Validators } from '../schema/validator.js';
import { scene } from './arbitraries.js';
import { abortCommand, listCommand, params, runCommand, startCommand, type CommandRun } from './commands.js';

vi.mock('../../src/cmdutil/open-source.js', async (importOriginal) => (await import('./source-mock.js')).mockOpenSource(await importOriginal()));

let v: Validators;
beforeAll(() => {
  v = validators();
});

/** The printed document, validated; undefined when the command could not complete (exit 3 from an API error). */
function documentOf<T>(r: CommandRun): T | undefined {
  if ('error' in r) {
    expect(r.error.message).toMatch(/^Error from server \((NotFound|Forbidden|InternalError)\)|^Operation cannot be fulfilled|was not retried|nothing was deleted/);
    return undefined;
  }
  const doc = JSON.parse(r.stdout) as T;
  expect(validateDocument(v, doc)).toEqual([]);
  return doc;
}

describe('list, start and abort (property)', () => {
  it('list: a valid MigrationList with contract causes, exit 0', async () => {
    await fc.assert(
      fc.asyncProperty(scene, listCommand, async (s, c) => {
        const r = await runCommand(s, c, 'json');
        const doc = documentOf<{ items: { cause: string; status: string; progressPercent?: number }[] }>(r);
        if (!doc) return;
        expect(r.code).toBe(0);
        for (const item of doc.items) {
          expect(CAUSE_IDS).toContain(item.cause);
          expect(VERDICT_STATUSES).toContain(item.status);
          if (item.progressPercent !== undefined) expect(item.progressPercent).toBeGreaterThanOrEqual(0);
          if (item.progressPercent !== undefined) expect(item.progressPercent).toBeLessThanOrEqual(100);
        }
      }),
      params(150),
    );
  }, 120_000);

  it('start: a valid MigrationStart; refused ⇒ exit 1 and nothing created; exit 0 ⇒ created (or dry run)', async () => {
    await fc.assert(
      fc.asyncProperty(scene, startCommand, async (s, c) => {
        const r = await runCommand(s, c, 'json');
        const doc = documentOf<{ migration: unknown; refused?: unknown; preflight: { verdict: string } }>(r);
        if (!doc) return;
        expect([0, 1]).toContain(r.code);
        if (doc.refused) expect(r.code).toBe(1);
        if (doc.refused) expect(doc.migration).toBeNull();
        if (r.code === 0) expect(doc.migration).not.toBeNull();
      }),
      params(150),
    );
  }, 120_000);

  it('abort: a valid MigrationAbort; refused ⇒ exit 1 and nothing sent', async () => {
    await fc.assert(
      fc.asyncProperty(scene, abortCommand, async (s, c) => {
        const r = await runCommand(s, c, 'json');
        const doc = documentOf<{ refused?: { cause: string }; action: string }>(r);
        if (!doc) return;
        // 3: the migration changed between read and delete (409/404), reported in the document.
        expect([0, 1, 3]).toContain(r.code);
        if (r.code === 3) expect(doc.refused?.cause).toBe('migration-changed');
        else if (doc.refused) expect([r.code, doc.action]).toEqual([1, 'none']);
      }),
      params(150),
    );
  }, 120_000);
});
