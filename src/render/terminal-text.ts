// The one way text reaches the terminal. Every write of a command, stdout and stderr, every
// format, error lines and completion included, goes through `toTerminal` in the output writer
// (`terminalIo`, cmdutil/io.ts, installed by main.ts): each control character (CONTROL_CHARS)
// but tab and newline is written as its `\uXXXX` escape, never raw. The escape is JSON's own, so
// a JSON document stays valid and means the same; YAML puts such strings in double quotes
// (document.ts), where it means the same too.
//
// Our own colour and screen control cannot come in as text, since the writer escapes every ESC
// it is given: Style (style.ts) and CLEAR_SCREEN emit markers, which only the writer turns into
// the terminal's sequences. A marker carries a key drawn at start-up and never printed, so no
// string the cluster or a dump wrote can forge one.
import { randomBytes } from 'node:crypto';
import { CONTROL_CHARS } from '../kube/control-chars.js';

const CONTROL = new RegExp(`[${CONTROL_CHARS}]`, 'gu');
const CONTROL_BUT_LAYOUT = new RegExp(`(?![\\t\\n])[${CONTROL_CHARS}]`, 'gu');

// A character beyond U+FFFF (a tag character) as its UTF-16 pair, as JSON writes it.
function escapeChar(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** `text` as one line: every control character, tab and newline included, as `\uXXXX`. */
export function escapeForTerminal(text: string): string {
  const at = firstMaybeControl(text, false);
  return at < 0 ? text : text.slice(0, at) + text.slice(at).replace(CONTROL, escapeChar);
}

/** `text` with its layout kept: tab and newline stay, every other control character as `\uXXXX`. */
export function escapeControls(text: string): string {
  const at = firstMaybeControl(text, true);
  return at < 0 ? text : text.slice(0, at) + text.slice(at).replace(CONTROL_BUT_LAYOUT, escapeChar);
}

/**
 * Where the first control character may be, or -1: exact below U+0600, a superset above (any
 * surrogate, a few whole blocks). A plain loop, several times faster than the Unicode regex over
 * the mostly printable megabytes of a large document, which then runs only from there.
 */
function firstMaybeControl(text: string, keepLayout: boolean): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x7f) {
      if (c < 0x20 && !(keepLayout && (c === 0x09 || c === 0x0a))) return i;
    } else if (
      c <= 0x9f ||
      c === 0xad ||
      (c >= 0x600 && c <= 0x61c) ||
      (c >= 0x6dd && c <= 0x8e2) ||
      c === 0x180e ||
      (c >= 0x200b && c <= 0x206f) ||
      (c >= 0xd800 && c <= 0xdfff) ||
      c === 0xfeff ||
      c >= 0xfff9
    ) {
      return i;
    }
  }
  return -1;
}

/** The only terminal sequences this program writes itself. */
const SEQUENCES = {
  bold: '\x1b[1m',
  dim: '\x1b[2m',
  'normal-intensity': '\x1b[22m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  cyan: '\x1b[36m',
  'default-color': '\x1b[39m',
  'clear-screen': '\x1b[H\x1b[2J',
  // `list --watch` redraws in place: up over the last frame, clear below (no scrollback flood).
  'clear-below': '\x1b[J',
  'hide-cursor': '\x1b[?25l',
  'show-cursor': '\x1b[?25h',
} as const;

export type TerminalSequence = keyof typeof SEQUENCES;

const KEY = randomBytes(8).toString('hex');
const MARKER = new RegExp(`\uE000${KEY}([a-z-]+|cursor-up-[0-9]+)\uE001`, 'g');
const CURSOR_UP = 'cursor-up-';

/** The marker the writer turns into `name`'s sequence (in this process only). */
export function terminalSequence(name: TerminalSequence): string {
  return `\uE000${KEY}${name}\uE001`;
}

/** Cursor home, clear screen: `why --watch` redrawing a terminal. */
export const CLEAR_SCREEN = terminalSequence('clear-screen');

/** To the start of the line `rows` lines up (CSI n F); `rows` ≥ 1. */
export function cursorUp(rows: number): string {
  return `\uE000${KEY}${CURSOR_UP}${Math.max(1, Math.floor(rows))}\uE001`;
}

export const CLEAR_BELOW = terminalSequence('clear-below');
export const HIDE_CURSOR = terminalSequence('hide-cursor');
export const SHOW_CURSOR = terminalSequence('show-cursor');

function sequence(name: string): string {
  return name.startsWith(CURSOR_UP) ? `\x1b[${name.slice(CURSOR_UP.length)}F` : SEQUENCES[name as TerminalSequence];
}

/** `text` without markers: what takes room on the screen, before escaping. */
export function stripMarkers(text: string): string {
  return text.replace(MARKER, '');
}

/** What the writer writes for `text`: controls escaped, then markers turned into sequences. */
export function toTerminal(text: string): string {
  if (!text.includes('\uE000')) return escapeControls(text);
  let out = '';
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    out += escapeControls(text.slice(last, m.index)) + sequence(m[1]!);
    last = m.index + m[0].length;
  }
  return out + escapeControls(text.slice(last));
}
