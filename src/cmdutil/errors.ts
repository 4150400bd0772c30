import { SourceError } from '../collect/source.js';
import { PrinterError } from '../render/printer-error.js';
import { EXIT_FAILURE, EXIT_USAGE, type ExitCode } from './exit-codes.js';

/** Bad flags or arguments: exit 2, detected before any I/O. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command could not complete (exit 3) for a reason already phrased for the user. */
export class FailureError extends Error {
  override name = 'FailureError';
}

/** The one line to print and the exit code, for any error that reaches the top. */
export function describeError(err: unknown): { line: string; exitCode: ExitCode } {
  // A -o template, custom-columns spec or --sort-by path kubectl would refuse is a bad flag value.
  if (err instanceof UsageError || err instanceof PrinterError) return { line: prefixed(err.message), exitCode: EXIT_USAGE };
  if (err instanceof SourceError || err instanceof FailureError) return { line: prefixed(err.message), exitCode: EXIT_FAILURE };
  const message = err instanceof Error ? err.message : String(err);
  return { line: prefixed(message.split('\n')[0] ?? message), exitCode: EXIT_FAILURE };
}

// kubectl prints server errors as `Error from server (…)` and local ones as `error: …`.
function prefixed(message: string): string {
  const first = message.split('\n')[0] ?? '';
  if (/^(error:|Error from server|The connection to the server|Unable to connect to the server)/.test(first)) return first;
  return `error: ${first}`;
}
