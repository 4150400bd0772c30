import { visibleWidth } from './style.js';

/**
 * kubectl's table look: UPPERCASE headers, no borders, columns separated by three spaces,
 * no trailing blanks. Cells may carry colour; widths ignore the escapes. `noHeaders`
 * (`--no-headers`): the rows alone, as wide as they need.
 */
export function renderTable(headers: string[], rows: string[][], noHeaders = false): string {
  const shown = noHeaders ? rows : [headers, ...rows];
  if (shown.length === 0) return '';
  const widths = headers.map((_, i) => Math.max(...shown.map((r) => visibleWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visibleWidth(c))))
      .join('   ')
      .trimEnd();
  return shown.map(line).join('\n') + '\n';
}
