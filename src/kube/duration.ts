// Durations written the way kubectl's duration flags take them (`--request-timeout`, `--timeout`,
// `--interval`), for every message that names one: collect's timeouts and retries, the commands'
// --timeout and --interval lines. (Parsing them is flag validation: cmdutil/duration.ts.)

/** `500ms`, `5s`, `1.5s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)}s`;
}
