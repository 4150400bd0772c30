// The -f / --from readers on hostile files, below the CLI: devices and pipes that never end, YAML
// too big to parse, alias bombs and deep nesting, binary files among a must-gather's YAMLs.
// Each is a one-line error naming the file (and line), or read fine; never a hang, an unbounded
// read or a crash. Through the real plugin: test/e2e/bad-input.e2e.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loadManifestObjects } from '../../src/collect/manifest-files.js';
import { MAX_YAML_BYTES, openSnapshotSource } from '../../src/collect/snapshot/index.js';
import { parseDocuments } from '../../src/collect/snapshot/parse-documents.js';
import { readDocumentText } from '../../src/collect/snapshot/read-files.js';
import { SourceError } from '../../src/collect/source.js';
import { makeTree, removeTrees, yamlObject } from './helpers.js';
import { billionLaughs } from '../e2e/bad-input-cases.js';

afterAll(removeTrees);

async function inputError(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceError);
  expect((err as SourceError).kindOf).toBe('InvalidInput');
  const message = (err as SourceError).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

/** Runs `script` in sh; resolves when it exits (the reader closing a FIFO ends a writer with SIGPIPE). */
function sh(script: string, cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const p = spawn('sh', ['-c', script], { cwd, stdio: 'ignore' });
    p.on('error', fail);
    p.on('exit', () => done());
  });
}

describe('devices and pipes: read to the end, never past the cap', () => {
  it('/dev/zero (size 0, endless NULs) stops at the first chunk: binary', async () => {
    const started = Date.now();
    expect(await inputError(readDocumentText('/dev/zero'))).toBe('error: /dev/zero: binary file (contains NUL bytes), expected YAML or JSON');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a FIFO (as `-f <(kubectl get … -o yaml)` passes) is read whole', async () => {
    const root = await makeTree({});
    await sh('mkfifo vm.yaml', root);
    const writer = sh(`printf '${yamlObject('VirtualMachine', 'from-a-pipe')}' > vm.yaml`, root);
    const objects = await loadManifestObjects([join(root, 'vm.yaml')]);
    await writer;
    expect(objects.map((o) => o.metadata.name)).toEqual(['from-a-pipe']);
  });

  it('a FIFO whose writer never stops is cut at the cap, not buffered without bound', async () => {
    const root = await makeTree({});
    await sh('mkfifo endless.yaml', root);
    const writer = sh("yes 'key: value' > endless.yaml", root);
    expect(await inputError(readDocumentText(join(root, 'endless.yaml'), 1024 * 1024))).toMatch(/endless\.yaml: file is larger than 1 MiB; refusing to read it$/);
    await writer;
  });
});

describe('YAML too big to parse, JSON that is not', () => {
  const configMap = (i: number) => `---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\n  namespace: default\ndata:\n  key: "${'y'.repeat(900)}"\n`;

  it(`YAML over ${MAX_YAML_BYTES / 2 ** 20} MiB (too big for the yaml package) is read by js-yaml; an error in it is js-yaml's, at its line`, async () => {
    const doc = configMap(0);
    const text = doc.repeat(Math.ceil(MAX_YAML_BYTES / doc.length) + 1);
    const started = Date.now();
    expect(await parseDocuments(text, 'dump/configmaps.yaml')).toHaveLength(Math.ceil(MAX_YAML_BYTES / doc.length) + 1);
    expect(Date.now() - started).toBeLessThan(20_000);
    const lines = text.split('\n').length;
    const broken = `${text}---\nkind: ConfigMap\nmetadata: [a, b\n`;
    expect(await inputError(parseDocuments(broken, 'dump/configmaps.yaml'))).toMatch(new RegExp(`^error: dump/configmaps\\.yaml:(${lines + 2}|${lines + 3}): `));
  });

  it('a big broken JSON is reported as JSON, not retried as YAML', async () => {
    const text = `{"apiVersion":"v1","kind":"List","items":[${`{"kind":"ConfigMap","metadata":{"name":"x"},"data":{"k":"${'y'.repeat(1000)}"}},`.repeat(MAX_YAML_BYTES / 1000)}`;
    expect(await inputError(parseDocuments(text, 'dump/configmaps.txt'))).toMatch(/^error: dump\/configmaps\.txt:1: (?!YAML)/);
  });

  it('JSON far bigger than the YAML cap is read', async () => {
    const items = Array.from({ length: 40_000 }, (_, i) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${i}`, namespace: 'default' }, data: { key: 'y'.repeat(900) } }));
    const text = JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
    expect(text.length).toBeGreaterThan(MAX_YAML_BYTES);
    const root = await makeTree({ 'configmaps.json': text, 'nodes.yaml': yamlObject('Node', 'node-1') });
    const s = await openSnapshotSource(root);
    expect(s.stats().ignoredKinds).toEqual({ ConfigMap: 40_000 });
    expect(await s.list('node')).toHaveLength(1);
  });
});

describe('alias bombs and deep nesting: one line with file and line, fast', () => {
  const vmWithBomb = `apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: laughs\n  annotations:\n${billionLaughs('    ')}`;

  it('-f: a manifest with a billion laughs', async () => {
    const root = await makeTree({ 'vm.yaml': vmWithBomb });
    const started = Date.now();
    expect(await inputError(loadManifestObjects([join(root, 'vm.yaml')]))).toMatch(/vm\.yaml:1: Excessive alias count indicates a resource exhaustion attack$/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('--from: a bomb in one file of a directory is skipped at its file and line; the rest is read', async () => {
    const root = await makeTree({ 'nodes.yaml': yamlObject('Node', 'node-1'), 'namespaces/vms/vms.yaml': vmWithBomb });
    const s = await openSnapshotSource(root);
    expect(await s.list('node')).toHaveLength(1);
    expect(s.inputErrors()).toEqual([{ resource: 'snapshot', message: `${join(root, 'namespaces/vms/vms.yaml')}:1: Excessive alias count indicates a resource exhaustion attack; the file was skipped` }]);
    expect(await inputError(openSnapshotSource(join(root, 'namespaces/vms/vms.yaml')))).toBe(`error: ${join(root, 'namespaces/vms/vms.yaml')}:1: Excessive alias count indicates a resource exhaustion attack`);
  });

  it('YAML nested 100 000 deep: the parser overflows its stack, reported at the file and line', async () => {
    const root = await makeTree({ 'deep.yaml': `kind: Node\nmetadata:\n  name: n\nspec: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n` });
    expect(await inputError(openSnapshotSource(join(root, 'deep.yaml')))).toMatch(/deep\.yaml:4: Maximum call stack size exceeded$/);
  });

  it('JSON nested 100 000 deep is read (nothing walks it without a depth limit)', async () => {
    const root = await makeTree({ 'deep.json': `{"apiVersion":"v1","kind":"Node","metadata":{"name":"n","creationTimestamp":"2025-11-20T10:00:00Z"},"spec":${'['.repeat(100_000)}${']'.repeat(100_000)}}` });
    const s = await openSnapshotSource(root);
    expect(await s.list('node')).toHaveLength(1);
    expect(s.now().toISOString()).toBe('2025-11-20T10:00:00.000Z');
  });
});

describe('a must-gather with archives, images and binary logs among its YAMLs', () => {
  it('skips what is not YAML, JSON or .log by extension; a binary .log is only text to search', async () => {
    const root = await makeTree({
      'must-gather.tar.gz': randomBytes(64 * 1024),
      'screenshot.png': randomBytes(16 * 1024),
      'core.1234': randomBytes(16 * 1024),
      'cluster-scoped-resources/core/nodes/node-1.yaml': yamlObject('Node', 'node-1'),
      'namespaces/vms/pods/virt-launcher-vm-1-abcde/compute/compute/logs/current.log': randomBytes(256 * 1024),
      'namespaces/vms/kubevirt.io/vmis.yaml': yamlObject('VirtualMachineInstance', 'vm-1'),
    });
    const s = await openSnapshotSource(root);
    expect(s.stats()).toMatchObject({ documentFiles: 2, logFiles: 1 });
    expect(await s.get('vmi', 'vms', 'vm-1')).toBeDefined();
    const log = await s.podLog('vms', 'virt-launcher-vm-1-abcde', { container: 'compute', tailLines: 100 });
    expect(typeof log).toBe('string');
    expect(s.nowSource()).toBe('wall-clock');
  });
});
