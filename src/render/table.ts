import { visibleWidth } from './style.js';
import { escapeForTerminal } from './terminal-text.js';

/**
 * kubectl's table look: UPPERCASE headers, no borders, columns separated by three spaces,
 * no trailing blanks. Cells may carry colour; widths ignore it. A cell stays on its line: a tab
 * or newline in it is escaped like any control character.
 */
export function renderTable(headers: string[], cellsOfRows: string[][]): string {
  const rows = cellsOfRows.map((r) => r.map(escapeForTerminal));
  const widths = headers.map((h, i) => Math.max(visibleWidth(h), ...rows.map((r) => visibleWidth(r[i] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat((widths[i] ?? 0) - visibleWidth(c))))
      .join('   ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}
