// Small text helpers every renderer shares.

/**
 * kubectl's marker for an empty cell (`kubectl get -o wide`'s NOMINATED NODE): the one marker of
 * every table here. An age without a timestamp stays kubectl's `<unknown>`.
 */
export const NONE = '<none>';

/** A rendered table indented under a section title. */
export function indent(table: string): string {
  return table.replace(/\n$/, '').split('\n').map((l) => '  ' + l).join('\n');
}

/** `45s`, `12m30s`, `2h5m`: ages, phase durations, budgets. */
export function formatSeconds(s: number): string {
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? `${s % 60}s` : ''}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}h${m ? `${m}m` : ''}`;
}
