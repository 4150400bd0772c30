export interface Style {
  fg?: string;
  bold?: boolean;
  dim?: boolean;
}
export interface Cell {
  ch: string;
  style: Style;
}
export function parseAnsi(line: string, state?: Style): { cells: Cell[]; state: Style };
export function wrapCells(cells: Cell[], columns: number): Cell[][];
export function renderTerminalSvg(o: { command: string; output: string; columns?: number; title?: string }): string;
