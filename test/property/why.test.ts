// Property: `why` on any partial, dump-shaped scene (VMI, VMIMs, launcher pods, nodes, events,
// launcher logs, virt-handler metrics, quotas, storage, policies, the KubeVirt CR, refused
// lists) gathers, derives its context, runs all checks and diagnoses without throwing; the
// verdict is one of the contract's (§4.1), the document validates against its schema, and the
// exit code is 0 or 1 (§3) — 3 only for "could not complete" (NAME not found, VMIs unreadable).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { CAUSE_IDS, VERDICT_STATUSES } from '../../src/analyze/why/cause.js';
import { validateDocument, validators, type Validators } from '../schema/validator.js';
import { scene } from './arbitraries.js';
import { params, runCommand, whyCommand } from './commands.js';

vi.mock('../../src/cmdutil/open-source.js', async (importOriginal) => (await import('./source-mock.js')).mockOpenSource(await importOriginal()));

let v: Validators;
beforeAll(() => {
  v = validators();
});

/** Contract §3 for `why`: 0 = succeeded, progressing or no migration; 1 = blocked, failed, at risk (or unexplained). */
const FINE = new Set(['succeeded', 'progressing', 'idle']);

describe('why (property)', () => {
  it('diagnoses every scene: contract verdict, valid MigrationDiagnosis, exit 0/1', async () => {
    await fc.assert(
      fc.asyncProperty(scene, whyCommand, async (s, c) => {
        const r = await runCommand(s, c, 'json');
        if ('error' in r) {
          expect(r.error.message).toMatch(/^Error from server \((NotFound|Forbidden)\)|^error: the snapshot holds no /);
          return;
        }
        const doc = JSON.parse(r.stdout) as { verdict: { status: string; cause: string }; target: { migration?: { phase: string } } };
        expect(validateDocument(v, doc)).toEqual([]);
        const { status, cause } = doc.verdict;
        expect(VERDICT_STATUSES).toContain(status);
        expect(CAUSE_IDS).toContain(cause);
        // Contract §4.1: `none` = succeeded or progressing with nothing wrong; `no-migration` = idle.
        if (cause === 'none') expect(['succeeded', 'progressing']).toContain(status);
        if (cause === 'no-migration') expect(doc.target.migration).toBeUndefined();
        if (status === 'succeeded') expect(doc.target.migration?.phase).toBe('Succeeded');
        if (doc.target.migration?.phase === 'Failed') expect(status).toBe('failed');
        expect([0, 1]).toContain(r.code);
        if (c.cmd === 'why' && c.failOn === 'never') expect(r.code).toBe(0);
        if (c.cmd === 'why' && c.failOn === 'blocker') expect(r.code).toBe(FINE.has(status) ? 0 : 1);
      }),
      params(250),
    );
  }, 120_000);
});
