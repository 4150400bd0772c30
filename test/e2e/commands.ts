// The commands the CLI registers, and each one's flags, read from its own --help (so tests
// written over "every command" pick up commands added later).
import { main } from '../../src/main.js';
import type { Io } from '../../src/cmdutil/io.js';

export interface RegisteredCommand {
  name: string;
  /** Long flags, e.g. `--output`. */
  flags: string[];
}

async function help(args: string[]): Promise<string> {
  let text = '';
  const io: Io = { stdout: (t) => void (text += t), stderr: () => {}, stdoutIsTTY: false, stderrIsTTY: false, env: {} };
  await main(['node', 'kubectl-vmigrate', ...args, '--help'], io);
  return text;
}

let cached: RegisteredCommand[] | undefined;

export async function registeredCommands(): Promise<RegisteredCommand[]> {
  if (cached) return cached;
  const top = await help([]);
  const commandsSection = top.slice(top.indexOf('Commands:'));
  const names = [...commandsSection.matchAll(/^ {2}([a-z][\w-]*)\b/gm)].map((m) => m[1]!).filter((n) => n !== 'help');
  const out: RegisteredCommand[] = [];
  for (const name of names) {
    const text = await help([name]);
    out.push({ name, flags: [...text.matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!) });
  }
  cached = out;
  return out;
}
