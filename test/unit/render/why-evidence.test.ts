// `why`'s text shows the decisive evidence by default (what the cluster wrote, verbatim, under the
// check that decided the cause) and every check's evidence under -o wide (docs/why.md, "Evidence").
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../cli/run-cli.js';
import { EXAMPLE_SNAPSHOT, tempDir } from '../../e2e/plugin.js';

const env = () => ({ KUBECONFIG: join(tempDir(), 'none') });
const evidenceLines = (text: string) => text.split('\n').filter((l) => /^ {6}\S/.test(l) && !l.trimStart().startsWith('fix:'));

describe('why: evidence in the text', () => {
  it('by default, only under the deciding check, the event message verbatim', async () => {
    const r = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', EXAMPLE_SNAPSHOT], env());
    const doc = JSON.parse((await runCli(['why', 'ci-runner', '-n', 'dev', '--from', EXAMPLE_SNAPSHOT, '-o', 'json'], env())).stdout) as {
      verdict: { check: string };
      checks: { id: string; title: string; evidence: { message?: string }[] }[];
    };
    expect(doc.verdict.check).toBe('resource-quota');
    const decisive = doc.checks.find((c) => c.id === 'resource-quota')!;
    const messages = decisive.evidence.map((e) => e.message).filter((m): m is string => Boolean(m));
    expect(messages.length).toBeGreaterThan(0);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes(`✖ ${decisive.title}:`));
    for (const m of messages) expect(lines.slice(at + 1).find((l) => l.startsWith('      ') && l.endsWith(`: ${m}`)), m).toBeDefined();
    expect(evidenceLines(r.stdout)).toHaveLength(messages.length);
  });

  it('-o wide adds the evidence of the other checks', async () => {
    const plain = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', EXAMPLE_SNAPSHOT], env());
    const wide = await runCli(['why', 'ci-runner', '-n', 'dev', '--from', EXAMPLE_SNAPSHOT, '-o', 'wide'], env());
    expect(evidenceLines(wide.stdout).length).toBeGreaterThan(evidenceLines(plain.stdout).length);
  });
});
