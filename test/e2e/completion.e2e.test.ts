// Shell completion through real kubectl (>= 1.26 plugin completion): `kubectl __complete
// vmigrate WORD…` finds bin/kubectl_complete-vmigrate on PATH, which asks the plugin. Static
// candidates come from the command tree; names come from the --from snapshot or the (fake)
// cluster, under a deadline. Also the `completion bash|zsh|fish` scripts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { LOOKUP_DEADLINE_MS } from '../../src/commands/completion/complete.js';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { registeredCommands } from './commands.js';
import { EXAMPLE_SNAPSHOT, REPO, runPlugin, tempDir } from './plugin.js';

interface Completed {
  values: string[];
  descriptions: Record<string, string>;
  directive: number;
  raw: string;
  ms: number;
}

/** `kubectl __complete vmigrate …words`: what a shell gets on TAB. */
function kubectlComplete(words: string[], env: NodeJS.ProcessEnv = {}): Promise<Completed> {
  const started = Date.now();
  return new Promise((done, fail) => {
    execFile(
      'kubectl',
      ['__complete', 'vmigrate', ...words],
      {
        env: { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir(), KUBECONFIG: join(tempDir(), 'none'), ...env },
        timeout: 20_000,
      },
      (err, stdout) => {
        if (err) return fail(err);
        const lines = stdout.trimEnd().split('\n');
        const last = lines.pop() ?? '';
        expect(last, stdout).toMatch(/^:\d+$/);
        const values = lines.map((l) => l.split('\t')[0]!);
        const descriptions = Object.fromEntries(lines.filter((l) => l.includes('\t')).map((l) => l.split('\t') as [string, string]));
        done({ values, descriptions, directive: Number(last.slice(1)), raw: stdout, ms: Date.now() - started });
      },
    );
  });
}

const NO_FILES = 4;
const NO_SPACE = 2;

describe('kubectl __complete vmigrate (static candidates)', () => {
  it('offers every registered command, with its description, and no hidden one', async () => {
    const tree = await registeredCommands();
    expect(tree.map((c) => c.name)).toEqual(expect.arrayContaining(['why', 'check-migratable', 'list', 'completion']));
    const c = await kubectlComplete(['']);
    expect(c.values).toEqual(tree.map((t) => t.name));
    expect(c.values).not.toContain('__complete');
    expect(c.descriptions.why).toMatch(/diagnose/);
    expect(c.directive).toBe(NO_FILES);
  });

  it('filters by the word typed so far', async () => {
    expect((await kubectlComplete(['che'])).values).toEqual(['check-migratable']);
    expect((await kubectlComplete(['x'])).values).toEqual([]);
  });

  it('offers every flag of every command, long and short', async () => {
    for (const { name, flags } of await registeredCommands()) {
      const c = await kubectlComplete([name, '-']);
      expect(c.values, name).toEqual(expect.arrayContaining(flags));
      expect(c.directive).toBe(NO_FILES);
    }
    expect((await kubectlComplete(['why', '-'])).values).toEqual(expect.arrayContaining(['-n', '-o', '-h']));
    expect((await kubectlComplete(['why', '--o'])).values).toEqual(['--output']);
    // A flag already given is not offered again.
    expect((await kubectlComplete(['why', 'vm1', '--output', 'json', '--o'])).values).toEqual([]);
  }, 120_000);

  it('completes -o, --color and --fail-on values, also as --flag=value', async () => {
    for (const cmd of ['why', 'check-migratable', 'list']) {
      expect((await kubectlComplete([cmd, '-o', ''])).values, cmd).toEqual(['table', 'wide', 'json', 'yaml', 'name', 'jsonpath=', 'custom-columns=']);
      expect((await kubectlComplete([cmd, '--color', ''])).values, cmd).toEqual(['auto', 'always', 'never']);
    }
    expect((await kubectlComplete(['why', '--fail-on', ''])).values).toEqual(['blocker', 'warning', 'never']);
    expect((await kubectlComplete(['check-migratable', '--fail-on', 'w'])).values).toEqual(['warning']);
    expect((await kubectlComplete(['why', '--output=j'])).values).toEqual(['--output=json', '--output=jsonpath=']);
    expect((await kubectlComplete(['why', '-o', 'y'])).directive).toBe(NO_FILES);
    // A template follows `jsonpath=` / `custom-columns=` directly: no space after them.
    expect(await kubectlComplete(['list', '-o', 'jsonp'])).toMatchObject({ values: ['jsonpath='], directive: NO_FILES | NO_SPACE });
    expect(await kubectlComplete(['list', '--output=cu'])).toMatchObject({ values: ['--output=custom-columns='], directive: NO_FILES | NO_SPACE });
    expect((await kubectlComplete(['list', '-o', 'json'])).values).toEqual(['json', 'jsonpath=']);
  }, 120_000);

  it('completes `completion` shells, and lets the shell complete paths for --from, -f and --kubeconfig', async () => {
    expect((await kubectlComplete(['completion', ''])).values).toEqual(['bash', 'zsh', 'fish']);
    for (const words of [['why', '--from', ''], ['check-migratable', '-f', ''], ['list', '--kubeconfig', '']]) {
      const c = await kubectlComplete(words);
      expect(c.values, words.join(' ')).toEqual([]);
      expect(c.directive, words.join(' ')).toBe(0);
    }
  });
});

describe('kubectl __complete vmigrate (names)', () => {
  let server: FakeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    server = await startFakeApiServer();
    server.loadFiles([EXAMPLE_SNAPSHOT]);
    kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('VM, VMI and VMIM names from the snapshot given with --from, in the namespace given with -n', async () => {
    const c = await kubectlComplete(['why', '--from', EXAMPLE_SNAPSHOT, '-n', 'prod', '']);
    expect(c.values).toEqual(expect.arrayContaining(['db-primary', 'erp-app', 'kubevirt-evacuation-fdhjr']));
    expect(c.values).not.toContain('ci-runner');
    expect(c.directive).toBe(NO_FILES);
    expect((await kubectlComplete(['why', '--from', EXAMPLE_SNAPSHOT, '-n', 'prod', 'er'])).values).toEqual(['erp-app']);
  });

  it('names from the live cluster: the kubeconfig namespace by default, -n, --node, -n values', async () => {
    const k = ['--kubeconfig', kubeconfig];
    const dev = await kubectlComplete(['why', ...k, '']);
    expect(dev.values).toEqual(expect.arrayContaining(['ci-runner', 'kubevirt-migrate-vm-vk7vt']));
    expect(dev.values).not.toContain('db-primary');
    expect((await kubectlComplete(['abort', ...k, '-n', 'prod', 'db'])).values).toEqual(['db-primary']);
    // start takes VMs and VMIs, not migrations.
    expect((await kubectlComplete(['start', ...k, 'kubevirt-'])).values).toEqual([]);
    expect((await kubectlComplete(['check-migratable', ...k, '--node', ''])).values).toEqual(['node-1', 'node-2', 'node-3', 'node-4']);
    expect((await kubectlComplete(['list', ...k, '-n', ''])).values).toEqual(expect.arrayContaining(['default', 'dev', 'prod']));
  }, 120_000);

  it('check-migratable takes several names and does not offer one twice', async () => {
    const c = await kubectlComplete(['check-migratable', '--kubeconfig', kubeconfig, 'ci-runner', '']);
    expect(c.values).toContain('rhel9-golden');
    expect(c.values).not.toContain('ci-runner');
  });

  it('--context values from the kubeconfig file', async () => {
    const file = join(tempDir(), 'config');
    writeFileSync(file, 'apiVersion: v1\nkind: Config\ncontexts:\n- name: prod-east\n  context: {cluster: a}\n- name: lab\n  context: {cluster: b}\n');
    expect((await kubectlComplete(['why', '--kubeconfig', file, '--context', ''])).values).toEqual(['prod-east', 'lab']);
    expect((await kubectlComplete(['why', '--context', 'l'], { KUBECONFIG: file })).values).toEqual(['lab']);
  });

  it('a slow or unreachable cluster gives no names within the deadline, and no error text', async () => {
    const slow = server.fault({ resource: 'virtualmachineinstances', delayMs: 15_000 });
    try {
      const c = await kubectlComplete(['why', '--kubeconfig', kubeconfig, '']);
      expect(c.ms).toBeLessThan(LOOKUP_DEADLINE_MS + 4000);
      expect(c.directive).toBe(NO_FILES);
    } finally {
      slow.remove();
    }
    const c = await kubectlComplete(['why', '--kubeconfig', join(tempDir(), 'missing'), '']);
    expect(c.raw).toBe(':4\n');
  });
});

describe('kubectl vmigrate completion bash|zsh|fish', () => {
  it('prints a script per shell that asks `__complete`; an unknown shell is a usage error', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await runPlugin(['completion', shell]);
      expect(r.code, shell).toBe(0);
      expect(r.stdout, shell).toContain('__complete');
      expect(r.stdout, shell).toContain('kubectl-vmigrate');
    }
    const bad = await runPlugin(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/tcsh/);
  });

  it('the bash script completes `kubectl-vmigrate …` in a real bash', async () => {
    const script = join(tempDir(), 'vmigrate.bash');
    writeFileSync(script, (await runPlugin(['completion', 'bash'])).stdout);
    const complete = (line: string) =>
      new Promise<string[]>((done, fail) => {
        const probe = `source ${JSON.stringify(script)}; COMP_LINE=${JSON.stringify(line)}; COMP_POINT=\${#COMP_LINE}; _kubectl_vmigrate; printf '%s\\n' "\${COMPREPLY[@]}"`;
        execFile('bash', ['-c', probe], { env: { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir() } }, (err, stdout) =>
          err ? fail(err) : done(stdout.split('\n').filter(Boolean)),
        );
      });
    expect(await complete('kubectl-vmigrate ch')).toEqual(['check-migratable']);
    expect(await complete('kubectl-vmigrate why -o ')).toEqual(['table', 'wide', 'json', 'yaml', 'name', 'jsonpath=', 'custom-columns=']);
    expect(await complete('kubectl-vmigrate why --output=y')).toEqual(['yaml']);
    expect(await complete(`kubectl-vmigrate why --from ${EXAMPLE_SNAPSHOT} -n prod er`)).toEqual(['erp-app']);
  }, 120_000);

  // zsh and fish are not on every machine: checked where they are.
  const shellPath = (name: string) => ['/usr/bin', '/bin', '/usr/local/bin'].map((d) => join(d, name)).find((p) => existsSync(p));

  it.skipIf(!shellPath('zsh') && !shellPath('fish'))('the zsh and fish scripts parse in their shells; fish completes with them', async () => {
    const run = (cmd: string, args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
        execFile(cmd, args, { env: { PATH: `${join(REPO, 'bin')}${delimiter}${process.env.PATH ?? ''}`, HOME: tempDir() } }, (err, stdout, stderr) =>
          done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
        ),
      );
    for (const shell of ['zsh', 'fish'] as const) {
      const bin = shellPath(shell);
      if (!bin) continue;
      const file = join(tempDir(), `vmigrate.${shell}`);
      writeFileSync(file, (await runPlugin(['completion', shell])).stdout);
      expect(await run(bin, ['-n', file]), shell).toMatchObject({ code: 0, stderr: '' });
      if (shell === 'fish') {
        const r = await run(bin, ['-c', `source ${file}; complete -C 'kubectl-vmigrate why -o '`]);
        expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['custom-columns=', 'json', 'jsonpath=', 'name', 'table', 'wide', 'yaml']);
      }
    }
  });
});
