// Whether to colour, decided once (no library decides for us): --color flag, then NO_COLOR,
// then FORCE_COLOR, then TTY and TERM.
export type ColorMode = 'auto' | 'always' | 'never';

export function decideColor(mode: ColorMode, env: NodeJS.ProcessEnv, isTTY: boolean, structuredOutput: boolean): boolean {
  if (structuredOutput) return false;
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return isTTY && env.TERM !== 'dumb';
}
