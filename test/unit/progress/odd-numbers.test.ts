// Regressions found by the property tests (test/property/parsers.test.ts): numbers and times that
// a garbled launcher log or a hand-written manifest may hold. Infinity prints as null in JSON, a
// date past the calendar makes toISOString throw, and Go's zero time means "never".
import { describe, expect, it } from 'vitest';
import { parseQuantity } from '../../../src/kube/quantity.js';
import { parseProgressLine } from '../../../src/analyze/why/progress-line.js';
import { parseLauncherLogLines } from '../../../src/analyze/why/launcher-log-lines.js';
import { logSamples } from '../../../src/analyze/progress/log-samples.js';

const HUGE = '9'.repeat(400);

describe('numbers past a double', () => {
  it('parseQuantity: `1e400` and 400 digits are not quantities (were Infinity)', () => {
    expect(parseQuantity('1e400')).toBeUndefined();
    expect(parseQuantity(HUGE)).toBeUndefined();
    expect(parseQuantity('1e3')).toBe(1000);
  });

  it('parseProgressLine: a field whose number overflows is dropped, the others kept (was Infinity)', () => {
    const p = parseProgressLine(`Migration info for u1: TimeElapsed:0ms DataProcessed:1MiB DataRemaining:${HUGE}MiB MemoryBandwidth:0700${HUGE}B/s`);
    expect(p).toEqual({ migrationUid: 'u1', units: 'MiB', elapsedMs: 0, dataProcessed: 1024 * 1024 });
  });
});

describe('logSamples dates undated lines from startTimestamp only when it is a time', () => {
  const undated = (elapsed: string) => parseLauncherLogLines(JSON.stringify({ msg: `Migration info for u1: TimeElapsed:${elapsed}ms DataProcessed:1MiB DataRemaining:2MiB` }));

  it("Go's zero time dates nothing (was a sample in year 1)", () => {
    expect(logSamples(undated('4000'), 'u1', { startedAt: '0001-01-01T00:00:00Z' })).toEqual([]);
  });

  it('a TimeElapsed past the calendar dates nothing (isoTime threw a RangeError)', () => {
    expect(logSamples(undated('99999999999999999999'), 'u1', { startedAt: '2025-11-20T10:00:00Z' })).toEqual([]);
  });

  it('a real start still dates the line', () => {
    expect(logSamples(undated('4000'), 'u1', { startedAt: '2025-11-20T10:00:00Z' }).map((s) => s.sample.time)).toEqual(['2025-11-20T10:00:04Z']);
  });
});
