// When and how long to retry. Only reads are ever retried (the HTTP client decides that from
// the request's method); a POST or DELETE that failed half-way may still have happened, and
// repeating it could create a second migration or hit a different object.

export interface RetryPolicy {
  /** Attempts in total, including the first. */
  attempts: number;
  /** Backoff before retry n (1-based) is base * 2^(n-1). */
  baseDelayMs: number;
  /** Ceiling for a server's Retry-After, so a hostile or confused server cannot stall us. */
  maxRetryAfterMs: number;
  /** Injectable so tests neither wait nor race real timers. */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 200,
  maxRetryAfterMs: 10_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** 429 and the 5xx codes that mean "overloaded or restarting", as client-go retries them. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

/** A connection that died under us; a fresh one usually works (e.g. apiserver restart, LB idle cut). */
export function isRetryableTransportError(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ECONNRESET' || e?.code === 'EPIPE') return true;
  return e instanceof Error && /socket hang up/.test(e.message);
}

/**
 * Milliseconds to wait before retry `retry` (1 = the first retry). A Retry-After header (seconds,
 * or an HTTP date) wins over the backoff, capped by the policy.
 */
export function retryDelayMs(retry: number, policy: RetryPolicy, retryAfter?: string, now: number = Date.now()): number {
  const backoff = policy.baseDelayMs * 2 ** (retry - 1);
  const hinted = parseRetryAfter(retryAfter, now);
  return hinted === undefined ? backoff : Math.min(hinted, policy.maxRetryAfterMs);
}

export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
