// One duration text for every message (timeouts, retries, --interval): the flags' own syntax.
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../src/kube/duration.js';
import { parseDuration } from '../../src/cmdutil/duration.js';

describe('formatDuration', () => {
  it('milliseconds below a second, else seconds with at most one decimal', () => {
    expect([0, 200, 999.6, 1000, 1500, 1234, 90_000].map(formatDuration)).toEqual(['0ms', '200ms', '1000ms', '1s', '1.5s', '1.2s', '90s']);
  });
  it('reads back as the flag value it names, within the shown precision', () => {
    for (const ms of [1, 300, 5000, 2500, 61_234, 3_600_000]) {
      expect(Math.abs(parseDuration('--timeout', formatDuration(ms)) - ms)).toBeLessThanOrEqual(50);
    }
  });
});
