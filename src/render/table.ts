import { visibleWidth } from './style.js';

/**
 * kubectl's table look: UPPERCASE headers, no borders, columns separated by three spaces,
 * no trailing blanks. Cells may carry colour; widths ignore the escapes.
 */
export function renderTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visibleWidth(c))))
      .join('   ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}
