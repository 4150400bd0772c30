import { Chalk } from 'chalk';

/** The only colouring vocabulary renderers use; a no-op when colour is off. */
export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  ok(s: string): string;
  bad(s: string): string;
  warn(s: string): string;
  info(s: string): string;
}

export function makeStyle(color: boolean): Style {
  const c = new Chalk({ level: color ? 1 : 0 });
  return {
    bold: (s) => c.bold(s),
    dim: (s) => c.dim(s),
    ok: (s) => c.green(s),
    bad: (s) => c.red(s),
    warn: (s) => c.yellow(s),
    info: (s) => c.cyan(s),
  };
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** Printable width, ignoring colour escapes. */
export function visibleWidth(s: string): number {
  return s.replace(ANSI, '').length;
}
