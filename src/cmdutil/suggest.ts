// "Did you mean" for a mistyped command, as cobra (and so kubectl) words and picks it: every
// visible command within an edit distance of 2 (case ignored) or that starts with what was typed.

/** cobra's SuggestionsMinimumDistance default. */
const SUGGESTIONS_MINIMUM_DISTANCE = 2;

export function suggestionsFor(typed: string, commands: readonly string[]): string[] {
  const t = typed.toLowerCase();
  return commands.filter((c) => editDistance(t, c.toLowerCase()) <= SUGGESTIONS_MINIMUM_DISTANCE || c.toLowerCase().startsWith(t));
}

/** cobra's unknown-command error, with kubectl's `error: ` prefix. */
export function unknownCommandLine(typed: string, commandPath: string, commands: readonly string[]): string {
  const suggestions = suggestionsFor(typed, commands);
  const hint = suggestions.length > 0 ? `\n\nDid you mean this?\n${suggestions.map((s) => `\t${s}\n`).join('')}` : '\n';
  return `error: unknown command ${JSON.stringify(typed)} for ${JSON.stringify(commandPath)}${hint}`;
}

/** Levenshtein distance: insertions, deletions and substitutions, each 1. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
