// `list`'s table: the wide columns (MODE, ELAPSED, ORIGIN, ETA), the bar of a copying migration
// under --watch, and the cell of a migration whose progress the log-tail limit left unread.
import { describe, expect, it } from 'vitest';
import type { MigrationListRow } from '../../../src/analyze/list/row.js';
import { BAR_CELLS, listItemDocument, renderMigrationList } from '../../../src/render/migration-list.js';
import { makeStyle } from '../../../src/render/style.js';

const plain = makeStyle(false);
const copying: MigrationListRow = {
  namespace: 'prod', vmi: 'web-2', migration: 'kubevirt-evacuation-2vbfm', phase: 'Running', kind: 'live', sourceNode: 'node-2', targetNode: 'node-3',
  ageSeconds: 300, origin: 'evacuation', progressPercent: 75.6, etaSeconds: 14, elapsedSeconds: 280, mode: 'PreCopy', cause: 'none', status: 'progressing',
};
const done: MigrationListRow = { namespace: 'prod', vmi: 'web-1', migration: 'kubevirt-evacuation-8xq2n', phase: 'Succeeded', kind: 'live', ageSeconds: 400, origin: 'user', progressPercent: 100, cause: 'none', status: 'succeeded' };
const skipped: MigrationListRow = { ...copying, vmi: 'web-9', migration: 'm9', progressPercent: undefined, etaSeconds: undefined, progressSkipped: { reason: 'log-tail-limit', limit: 16 } };
delete skipped.progressPercent;
delete skipped.etaSeconds;

const cells = (text: string) => text.trimEnd().split('\n').map((l) => l.split(/ {3,}/));

describe('list table', () => {
  it('-o wide: KIND, STATUS, MODE, ELAPSED, ORIGIN, ETA after CAUSE', () => {
    const [head, row, fin] = cells(renderMigrationList([copying, done], plain, true, false));
    expect(head).toEqual(['NAME', 'VMI', 'PHASE', 'AGE', 'SOURCE → TARGET', 'PROGRESS', 'CAUSE', 'KIND', 'STATUS', 'MODE', 'ELAPSED', 'ORIGIN', 'ETA']);
    expect(row).toEqual(['kubevirt-evacuation-2vbfm', 'web-2', 'Running', '5m', 'node-2 → node-3', '76%', 'none', 'live', 'progressing', 'PreCopy', '4m40s', 'evacuation', '14s']);
    expect(fin!.slice(-5)).toEqual(['succeeded', '<none>', '<none>', 'user-created', '<none>']);
  });

  it('--watch: a bar of BAR_CELLS cells, the percent and the ETA for a copying migration; none for a finished one', () => {
    const [, row, fin] = renderMigrationList([copying, done], plain, false, false, false, { bars: true }).trimEnd().split('\n');
    const full = Math.round(0.756 * BAR_CELLS);
    expect(row).toContain(`${'█'.repeat(full)}${'░'.repeat(BAR_CELLS - full)}  76% ETA 14s`);
    expect(fin).not.toContain('█');
    expect(fin).toContain('100%');
  });

  it('beyond the log-tail limit the cell says why there is no percent; the document carries it', () => {
    expect(renderMigrationList([skipped], plain, false, false)).toContain('not read (16 logs max)');
    expect(listItemDocument(skipped)).toMatchObject({ origin: 'evacuation', progressSkipped: { reason: 'log-tail-limit', limit: 16 }, mode: 'PreCopy', elapsedSeconds: 280 });
    expect(listItemDocument(skipped)).not.toHaveProperty('progressPercent');
    expect(listItemDocument(copying)).toMatchObject({ progressPercent: 75.6, etaSeconds: 14 });
  });
});
