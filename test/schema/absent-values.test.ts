// One rule for absent values in every document (docs/documents.md, "Absent values"): a required
// field is always present, null when it has no value; an optional field is left out, never null.
// Walked on every document kind the example snapshot gives (and start/abort against the fake API
// server serving it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { startFakeApiServer, type FakeApiServer } from '../fake-apiserver/index.js';
import { EXAMPLE_SNAPSHOT, REPO, tempDir } from '../e2e/plugin.js';
import { runCli } from '../unit/cli/run-cli.js';
import { KINDS, absentValueViolations } from './validator.js';

const from = ['--from', EXAMPLE_SNAPSHOT, '-o', 'json'];
const OFFLINE: string[][] = [
  ['check-migratable', '-A', ...from],
  ['check-migratable', '--node', 'node-2', ...from],
  ['check-migratable', '-f', join(REPO, 'examples/manifests'), '-o', 'json'],
  ['check-migratable', '--list-rules', '-o', 'json'],
  ['list', '-A', ...from],
  ['why', '--node', 'node-2', ...from],
  ['why', '--node', 'node-1', ...from],
  ['why', '--node', 'node-2', '--from', join(REPO, 'test/fixtures/objects/drain/v1.9'), '-o', 'json'],
  ...['dev/ci-runner', 'dev/kubevirt-migrate-vm-vk7vt', 'prod/db-primary', 'prod/erp-app', 'prod/ml-gpu-trainer', 'default/wiki', 'default/legacy-web'].map((t) => {
    const [ns, name] = t.split('/') as [string, string];
    return ['why', name, '-n', ns, ...from];
  }),
];
const LIVE: string[][] = [
  ['start', 'wiki', '-n', 'default', '--dry-run'],
  ['start', 'legacy-web', '-n', 'default'],
  ['abort', 'ci-runner', '-n', 'dev', '--dry-run'],
  ['abort', 'wiki', '-n', 'default'],
];

describe('absent values: required → null, optional → left out', () => {
  let server: FakeApiServer;
  let kubeconfig: string;
  beforeAll(async () => {
    server = await startFakeApiServer();
    server.loadFiles([EXAMPLE_SNAPSHOT]);
    kubeconfig = server.writeKubeconfig(tempDir(), { namespace: 'dev' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const seen = new Set<string>();
  it.each([...OFFLINE.map((a) => [a.join(' ').replace(REPO + '/', ''), a, false] as const), ...LIVE.map((a) => [a.join(' '), a, true] as const)])(
    '%s',
    async (_n, args, live) => {
      const r = live
        ? await runCli([...args, '--kubeconfig', kubeconfig, '-o', 'json'])
        : await runCli([...args], { KUBECONFIG: join(tempDir(), 'none') });
      expect(r.code, r.stderr).toBeLessThan(2);
      const doc = JSON.parse(r.stdout) as { kind: string };
      seen.add(doc.kind);
      expect(absentValueViolations(doc)).toEqual([]);
    },
    30_000,
  );

  it('walked every document kind', () => {
    expect([...seen].sort()).toEqual([...KINDS].sort());
  });

  it('can fail: an optional field set to null is caught', () => {
    expect(absentValueViolations({ apiVersion: 'vmigrate/v1', kind: 'MigrationList', items: [], errors: [], summary: null })).not.toEqual([]);
  });
});
