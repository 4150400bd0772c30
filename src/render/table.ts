import { visibleWidth } from './style.js';
import { escapeForTerminal } from './terminal-text.js';

/**
 * kubectl's table look: UPPERCASE headers, no borders, columns separated by three spaces,
 * no trailing blanks. Cells may carry colour; widths ignore it. A cell stays on its line: a tab
 * or newline in it is escaped like any control character. `noHeaders` (`--no-headers`): the
 * rows alone, as wide as they need.
 */
export function renderTable(headers: string[], cellsOfRows: string[][], noHeaders = false): string {
  const rows = cellsOfRows.map((r) => r.map(escapeForTerminal));
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
