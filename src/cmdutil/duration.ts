import { UsageError } from './errors.js';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
// Node.js timers fire at once beyond 2^31-1 ms (~596 h): refuse longer ones rather than time out at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * kubectl duration syntax (`--request-timeout`, `--timeout`): `0`, `30s`, `2m`, `1h30m`,
 * `500ms`; a bare number means seconds, as in kubectl. Returns milliseconds.
 */
export function parseDuration(flag: string, value: string): number {
  const ms = durationMs(value.trim());
  if (ms === undefined) throw new UsageError(`invalid argument "${value}" for "${flag}" flag: use a duration such as 0, 30s, 2m or 1h`);
  if (ms > MAX_TIMER_MS) throw new UsageError(`invalid argument "${value}" for "${flag}" flag: at most 596h`);
  return Math.round(ms);
}

function durationMs(v: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(v)) return Number(v) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(v); m; m = re.exec(v)) {
    total += Number(m[1]) * (UNIT_MS[m[2] ?? 's'] ?? 1000);
    consumed = re.lastIndex;
  }
  return v === '' || consumed !== v.length ? undefined : total;
}
