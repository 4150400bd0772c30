// A small ANSI → SVG renderer for terminal pictures in the README: SGR colours (the 8 + 8
// basic ones), bold and dim, on a dark terminal window with the command as the first line.
// Lines longer than `columns` wrap at a word boundary with a hanging indent, as text would in a
// narrow terminal. Every run is placed on a fixed character grid (x = column × cell width, with
// textLength), so columns line up whatever monospace font the viewer has.

const PALETTE = {
  30: '#5c6370', 31: '#ef6b73', 32: '#8fd16a', 33: '#e5c07b', 34: '#61afef', 35: '#c678dd', 36: '#56c8d8', 37: '#d7dae0',
  90: '#7f848e', 91: '#ff7b85', 92: '#a5e075', 93: '#f0d58a', 94: '#7cc2ff', 95: '#d891ef', 96: '#6fe0ea', 97: '#ffffff',
};
const FG = '#d7dae0';
const BG = '#1e2228';
const FONT = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace";

/** @typedef {{ fg?: string, bold?: boolean, dim?: boolean }} Style */
/** @typedef {{ ch: string, style: Style }} Cell */

/** One line of text with SGR escapes → cells. */
export function parseAnsi(line, state = {}) {
  /** @type {Cell[]} */
  const cells = [];
  let style = { ...state };
  // eslint-disable-next-line no-control-regex
  const re = /\u001b\[([0-9;]*)m|([^\u001b]+)|(\u001b)/gu;
  for (const m of line.matchAll(re)) {
    if (m[2] !== undefined) for (const ch of m[2]) cells.push({ ch, style });
    else if (m[1] !== undefined) style = applySgr(style, m[1]);
  }
  return { cells, state: style };
}

function applySgr(style, params) {
  const s = { ...style };
  for (const p of (params === '' ? '0' : params).split(';').map(Number)) {
    if (p === 0) {
      delete s.fg;
      delete s.bold;
      delete s.dim;
    } else if (p === 1) s.bold = true;
    else if (p === 2) s.dim = true;
    else if (p === 22) {
      delete s.bold;
      delete s.dim;
    } else if (p === 39) delete s.fg;
    else if (PALETTE[p]) s.fg = PALETTE[p];
  }
  return s;
}

/** Word-wrap cells at `columns`, continuing with the line's indent plus two. */
export function wrapCells(cells, columns) {
  if (cells.length <= columns) return [cells];
  const indent = Math.min(cells.findIndex((c) => c.ch !== ' ') + 2, Math.floor(columns / 2));
  const rows = [];
  let rest = cells;
  let first = true;
  while (rest.length > 0) {
    const room = first ? columns : columns - indent;
    if (rest.length <= room) {
      rows.push(first ? rest : [...pad(indent), ...rest]);
      break;
    }
    let cut = room;
    while (cut > 0 && rest[cut]?.ch !== ' ') cut--;
    if (cut === 0) cut = room; // one word longer than the row: break it
    const row = rest.slice(0, cut);
    rows.push(first ? row : [...pad(indent), ...row]);
    rest = rest.slice(cut);
    while (rest[0]?.ch === ' ') rest = rest.slice(1);
    first = false;
  }
  return rows;
}

const pad = (n) => Array.from({ length: n }, () => ({ ch: ' ', style: {} }));

function xml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const same = (a, b) => a.fg === b.fg && Boolean(a.bold) === Boolean(b.bold) && Boolean(a.dim) === Boolean(b.dim);

/**
 * @param {{ command: string, output: string, columns?: number, title?: string }} o
 * @returns {string} the SVG document
 */
export function renderTerminalSvg({ command, output, columns = 100, title }) {
  const cw = 7.8; // cell width at 13px
  const lh = 18;
  const padX = 16;
  const top = 40;
  const rows = [];
  rows.push(...wrapCells(parseAnsi(`\u001b[32m$\u001b[39m \u001b[1m${command}\u001b[22m`).cells, columns));
  let state = {};
  for (const line of output.replace(/\n$/, '').split('\n')) {
    const parsed = parseAnsi(line, state);
    state = parsed.state;
    rows.push(...wrapCells(parsed.cells, columns));
  }
  const widest = Math.max(...rows.map((r) => r.length), 60);
  const width = Math.ceil(padX * 2 + widest * cw);
  const height = top + rows.length * lh + 14;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title">`);
  out.push(`<title id="title">${xml(title ?? command)}</title>`);
  out.push(`<rect width="${width}" height="${height}" rx="8" fill="${BG}"/>`);
  out.push(`<circle cx="20" cy="18" r="6" fill="#ff5f56"/><circle cx="40" cy="18" r="6" fill="#ffbd2e"/><circle cx="60" cy="18" r="6" fill="#27c93f"/>`);
  out.push(`<g font-family="${xml(FONT)}" font-size="13" fill="${FG}" xml:space="preserve">`);
  rows.forEach((row, i) => {
    const y = top + i * lh + 12;
    let col = 0;
    const runs = [];
    while (col < row.length) {
      const start = col;
      const style = row[col].style;
      while (col < row.length && same(row[col].style, style)) col++;
      const text = row.slice(start, col).map((c) => c.ch).join('');
      if (text.trim() === '') continue;
      const attrs = [`x="${(padX + start * cw).toFixed(1)}"`, `textLength="${((col - start) * cw).toFixed(1)}"`, 'lengthAdjust="spacingAndGlyphs"'];
      if (style.fg) attrs.push(`fill="${style.fg}"`);
      if (style.bold) attrs.push('font-weight="700"');
      if (style.dim) attrs.push('fill-opacity="0.6"');
      runs.push(`<tspan ${attrs.join(' ')}>${xml(text)}</tspan>`);
    }
    if (runs.length) out.push(`<text y="${y}">${runs.join('')}</text>`);
  });
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n') + '\n';
}
