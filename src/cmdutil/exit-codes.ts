// Exit codes (docs/output.md).
export const EXIT_OK = 0;
export const EXIT_PROBLEM = 1;
export const EXIT_USAGE = 2;
export const EXIT_FAILURE = 3;

export type ExitCode = typeof EXIT_OK | typeof EXIT_PROBLEM | typeof EXIT_USAGE | typeof EXIT_FAILURE;

/** `--fail-on`: where the line between exit 0 and exit 1 sits. */
export type FailOn = 'blocker' | 'warning' | 'never';
