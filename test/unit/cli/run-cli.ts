// Runs the CLI in-process (no build, no kubectl) with captured streams: for flag parsing,
// exit codes and rendering tests. End-to-end runs through kubectl live in test/e2e.
import { main } from '../../../src/main.js';
import type { Io } from '../../../src/cmdutil/io.js';
import { captureOutput } from '../../support/output-capture.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], env: NodeJS.ProcessEnv = {}, tty = false): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    env,
  };
  const code = await main(['node', '/usr/local/bin/kubectl-vmigrate', ...args], io);
  captureOutput('cli', args, `exit ${code}\n--- stdout\n${stdout}--- stderr\n${stderr}`);
  return { code, stdout, stderr };
}
