// kubectl's tabwriter (cli-runtime printers.GetNewTabWriter: minwidth 6, padding 3, spaces):
// tab-separated cells become aligned columns. A column spans the consecutive lines that
// have a cell in it; each cell but a line's last is padded to the column's width, which is
// its widest cell plus 3 and at least 6. kubectl's tabwriter (github.com/liggitt/tabwriter,
// RememberWidths) never narrows a column again: a later block of the same column is at least
// as wide as an earlier one. Widths count characters, as Go counts runes, of the text as the
// output writer prints it (a control character as its `\uXXXX` escape).
import { escapeControls } from './terminal-text.js';

const MIN_WIDTH = 6;
const PADDING = 3;

const width = (s: string) => [...escapeControls(s)].length;

/** Align `text` (lines ending in "\n", cells separated by "\t") as kubectl prints tables. */
export function alignTabs(text: string): string {
  const lines = text.replace(/\n$/, '').split('\n').map((l) => l.split('\t'));
  let out = '';
  const remembered: number[] = [];
  const writeLines = (from: number, to: number, widths: number[]) => {
    for (let i = from; i < to; i++) {
      const cells = lines[i]!;
      out += cells.map((c, j) => (j < widths.length ? c + ' '.repeat(Math.max(0, widths[j]! - width(c))) : c)).join('') + '\n';
    }
  };
  // Go's text/tabwriter format(): column blocks, recursively, left to right.
  const format = (line0: number, line1: number, widths: number[]) => {
    const column = widths.length;
    for (let i = line0; i < line1; i++) {
      if (column >= lines[i]!.length - 1) continue;
      writeLines(line0, i, widths);
      line0 = i;
      let w = MIN_WIDTH;
      for (; i < line1 && column < lines[i]!.length - 1; i++) w = Math.max(w, width(lines[i]![column]!) + PADDING);
      w = Math.max(w, remembered[column] ?? 0);
      remembered[column] = w;
      format(line0, i, [...widths, w]);
      line0 = i;
    }
    writeLines(line0, line1, widths);
  };
  format(0, lines.length, []);
  return text === '' ? '' : out;
}
