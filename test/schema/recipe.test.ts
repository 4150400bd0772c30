// The validation recipe of docs/documents.md, run exactly as written (its `npx ajv validate` line,
// with the repository's own ajv-cli from devDependencies and no network) on a real document of
// every kind: offline on the example snapshot, and start/abort against the fake API server
// serving the same snapshot (they refuse --from).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, tempDir } from '../e2e/plugin.js';
import { runCli } from '../unit/cli/run-cli.js';
import { KINDS, type Kind } from './validator.js';

const DOCS = readFileSync(join(REPO, 'docs/documents.md'), 'utf8');
const RECIPE = /^npx ajv validate .*$/m.exec(DOCS)?.[0] ?? '';
const OFFLINE = ['--from', EXAMPLE_SNAPSHOT, '-o', 'json'];

function recipe(kind: Kind, document: string): Promise<{ code: number; out: string }> {
  const dir = tempDir();
  writeFileSync(join(dir, 'doc.json'), document);
  // The recipe names doc.json in the working directory, which must be the repository's (schema/,
  // node_modules/.bin): the one substitution is the document's path.
  const line = RECIPE.replace(/(-d )doc\.json/, `$1${join(dir, 'doc.json')}`);
  return new Promise((done) =>
    execFile('sh', ['-c', line], { cwd: REPO, env: { ...process.env, KIND: kind, npm_config_offline: 'true' }, timeout: 60_000 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: stdout + stderr }),
    ),
  );
}

async function documentOf(args: string[], env: NodeJS.ProcessEnv = { KUBECONFIG: join(tempDir(), 'none') }): Promise<string> {
  const r = await runCli(args, env);
  expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBeLessThan(2);
  return r.stdout;
}

describe('docs/documents.md: the validation recipe', () => {
  let server: FakeApiServer;
  const documents = new Map<Kind, string>();

  beforeAll(async () => {
    documents.set('MigratabilityReport', await documentOf(['check-migratable', '-A', ...OFFLINE]));
    documents.set('RuleList', await documentOf(['check-migratable', '--list-rules', '-o', 'json']));
    documents.set('MigrationDiagnosis', await documentOf(['why', 'ci-runner', '-n', 'dev', ...OFFLINE]));
    documents.set('NodeEvacuationDiagnosis', await documentOf(['why', '--node', 'node-2', ...OFFLINE]));
    documents.set('MigrationList', await documentOf(['list', '-A', ...OFFLINE]));
    server = await startFakeApiServer();
    server.loadFiles([EXAMPLE_SNAPSHOT]);
    const live = { KUBECONFIG: server.writeKubeconfig(tempDir(), { namespace: 'dev' }) };
    documents.set('MigrationStart', await documentOf(['start', 'db-primary', '-n', 'prod', '--dry-run', '-o', 'json'], live));
    documents.set('MigrationAbort', await documentOf(['abort', 'ci-runner', '-n', 'dev', '--dry-run', '-o', 'json'], live));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is one line naming the schema by $KIND, the others with -r, and the date-time format', () => {
    expect(RECIPE).toContain('-s "schema/$KIND.schema.json"');
    expect(RECIPE).toContain('-r "schema/!($KIND).schema.json"');
    expect(RECIPE).toContain('--spec=draft2020');
  });

  it.each(KINDS.map((k) => [k]))('validates a %s', async (kind) => {
    const document = documents.get(kind);
    expect(document, kind).toBeDefined();
    expect((JSON.parse(document!) as { kind: string }).kind).toBe(kind);
    const r = await recipe(kind, document!);
    expect(r.out).toMatch(/doc\.json valid/);
    expect(r.code, r.out).toBe(0);
  }, 60_000);

  it('fails a document that does not fit (the recipe can fail)', async () => {
    const report = JSON.parse(documents.get('MigratabilityReport')!) as { items: { verdict: string }[] };
    report.items[0]!.verdict = 'maybe';
    const r = await recipe('MigratabilityReport', JSON.stringify(report));
    expect(r.out).toMatch(/doc\.json invalid/);
    expect(r.code).not.toBe(0);
  }, 60_000);
});
