// Runs the built plugin the way users do: `kubectl vmigrate …`, found by kubectl's plugin
// discovery on PATH (bin/ holds kubectl-vmigrate). Asynchronous on purpose: the fake API
// server lives in this process's event loop.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { captureOutput } from '../support/output-capture.js';

export const REPO = resolve(import.meta.dirname, '../..');
export const EXAMPLE_SNAPSHOT = join(REPO, 'examples/cluster-snapshot');

export interface PluginRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment the plugin runs in: bin/ first on PATH, no ambient kubeconfig. */
export function pluginEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    HOME: process.env.HOME ?? tmpdir(),
    // No ambient kubeconfig: every test names its own.
    KUBECONFIG: join(tmpdir(), 'vmigrate-no-kubeconfig'),
    ...env,
  };
}

export function runPlugin(args: string[], env: NodeJS.ProcessEnv = {}, timeoutMs = 20_000): Promise<PluginRun> {
  return new Promise((done) => {
    execFile(
      'kubectl',
      ['vmigrate', ...args],
      {
        env: pluginEnv(env),
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        captureOutput('plugin', args, `exit ${code}\n--- stdout\n${stdout}--- stderr\n${stderr}`);
        done({ code, stdout, stderr });
      },
    );
  });
}

/** A long-running plugin (a watch): its output so far, and its end (`kill` it to end it early). */
export interface RunningPlugin {
  child: ChildProcess;
  stdout(): string;
  done: Promise<PluginRun>;
}

/** `kubectl vmigrate …` started, not awaited (kubectl execs the plugin: a signal to the child reaches it). */
export function startPlugin(args: string[], env: NodeJS.ProcessEnv = {}, command: [string, string[]] = ['kubectl', ['vmigrate', ...args]]): RunningPlugin {
  const child = spawn(command[0], command[1], { env: pluginEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
  const done = new Promise<PluginRun>((resolve) =>
    child.on('close', (code, signal) => {
      captureOutput('plugin', args, `exit ${code ?? signal}\n--- stdout\n${stdout}--- stderr\n${stderr}`);
      resolve({ code: code ?? 128, stdout, stderr });
    }),
  );
  return { child, stdout: () => stdout, done };
}

export function tempDir(prefix = 'vmigrate-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** stdout must be exactly one JSON document (contract §1). */
export function parseOneJson<T = Record<string, unknown>>(stdout: string): T {
  return JSON.parse(stdout) as T;
}

/** At most `n` of the functions it is given run at once; the rest wait in order. */
export function limiter(n: number): <R>(fn: () => Promise<R>) => Promise<R> {
  let active = 0;
  const queue: (() => void)[] = [];
  return async (fn) => {
    if (active < n) active++;
    else await new Promise<void>((resolve) => queue.push(resolve)); // the finishing run hands its slot over
    try {
      return await fn();
    } finally {
      const next = queue.shift();
      if (next) next();
      else active--;
    }
  };
}
