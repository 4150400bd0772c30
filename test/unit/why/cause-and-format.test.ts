import { describe, expect, it } from 'vitest';
import { CAUSE_IDS, CHECK_STATUSES, VERDICT_STATUSES, isCauseId } from '../../../src/analyze/why/cause.js';
import { goFormatRegExp, matchGoFormat } from '../../../src/analyze/why/parse/go-format.js';

describe('cause ids (cli-contract §4.1)', () => {
  it('the contract table, in order, without duplicates', () => {
    expect(CAUSE_IDS).toHaveLength(29);
    expect(new Set(CAUSE_IDS).size).toBe(CAUSE_IDS.length);
    expect(CAUSE_IDS[0]).toBe('none');
    expect(CAUSE_IDS.at(-1)).toBe('unknown');
    expect(isCauseId('target-unschedulable-cpu')).toBe(true);
    expect(isCauseId('cpu')).toBe(false);
  });
  it('statuses', () => {
    expect(VERDICT_STATUSES).toEqual(['succeeded', 'progressing', 'blocked', 'failed', 'at-risk', 'idle', 'unknown']);
    expect(CHECK_STATUSES).toEqual(['pass', 'fail', 'warn', 'info', 'skip', 'unknown']);
  });
});

describe('goFormatRegExp', () => {
  it('escapes literals and captures verbs', () => {
    expect(matchGoFormat('Migration target pod for VMI [%s/%s] is currently unschedulable.', 'Migration target pod for VMI [a/b] is currently unschedulable.')).toEqual(['a', 'b']);
    expect(matchGoFormat('Set max downtime to %ds for %s', 'Set max downtime to 2s for vm')).toEqual(['2', 'vm']);
    expect(matchGoFormat('stuck for %d seconds', 'stuck for x seconds')).toBeUndefined();
  });
  it('modes', () => {
    expect(goFormatRegExp('pending pod %s/%s timeout', 'exact').test('pending pod a/b timeout%!(EXTRA)')).toBe(false);
    expect(goFormatRegExp('pending pod %s/%s timeout', 'prefix').test('pending pod a/b timeout%!(EXTRA)')).toBe(true);
    expect(matchGoFormat('failed %v', 'x: failed boom', 'contains')).toEqual(['boom']);
  });
});
