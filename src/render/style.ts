import { escapeForTerminal, stripMarkers, terminalSequence, type TerminalSequence } from './terminal-text.js';

/** The only colouring vocabulary renderers use; a no-op when colour is off. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  ok(s: string): string;
  bad(s: string): string;
  warn(s: string): string;
  info(s: string): string;
}

const plain = (s: string) => s;
const PLAIN: Style = { bold: plain, dim: plain, ok: plain, bad: plain, warn: plain, info: plain };

/**
 * Colour as markers (terminal-text.ts) that the output writer turns into SGR after escaping
 * everything else, so colour is ours alone. The sequences are chalk's at level 1, and so is the
 * nesting: a close inside re-opens, each line is closed and re-opened.
 */
export function makeStyle(color: boolean): Style {
  if (!color) return PLAIN;
  return {
    bold: styler('bold', 'normal-intensity'),
    dim: styler('dim', 'normal-intensity'),
    ok: styler('green', 'default-color'),
    bad: styler('red', 'default-color'),
    warn: styler('yellow', 'default-color'),
    info: styler('cyan', 'default-color'),
  };
}

function styler(openName: TerminalSequence, closeName: TerminalSequence): (s: string) => string {
  const open = terminalSequence(openName);
  const close = terminalSequence(closeName);
  return (s) => {
    if (!s) return s;
    const inner = s.replaceAll(close, close + open).replace(/\r?\n/g, (nl) => close + nl + open);
    return open + inner + close;
  };
}

/** Printable width: colour takes none, a control character its `\uXXXX` escape. */
export function visibleWidth(s: string): number {
  return escapeForTerminal(stripMarkers(s)).length;
}
