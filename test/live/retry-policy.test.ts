import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, retryDelayMs } from '../../src/collect/live/retry.js';

describe('retry policy', () => {
  it('retries 429 and overload 5xx only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 410, 501].some(isRetryableStatus)).toBe(false);
  });

  it('backs off exponentially unless Retry-After says otherwise, capped', () => {
    const p = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 200, maxRetryAfterMs: 10_000 };
    expect([1, 2, 3].map((n) => retryDelayMs(n, p))).toEqual([200, 400, 800]);
    expect(retryDelayMs(1, p, '2')).toBe(2000);
    expect(retryDelayMs(1, p, '3600')).toBe(10_000);
    expect(retryDelayMs(1, p, 'garbage')).toBe(200);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
