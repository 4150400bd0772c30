import { afterAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { loadManifestObjects } from '../../src/collect/manifest-files.js';
import { SourceError } from '../../src/collect/source.js';
import { makeTree, REPO_ROOT, removeTrees } from './helpers.js';

afterAll(removeTrees);

const vm = (name: string) =>
  `apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: ${name}\nspec:\n  runStrategy: Always\n`;

async function inputError(p: Promise<unknown>): Promise<SourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceError);
  expect((err as SourceError).kindOf).toBe('InvalidInput');
  return err as SourceError;
}

describe('loadManifestObjects', () => {
  it('reads the example manifests as written (no status, no namespace added)', async () => {
    const objects = await loadManifestObjects([join(REPO_ROOT, 'examples/manifests/vm-rwo.yaml'), join(REPO_ROOT, 'examples/manifests/vm-good.yaml')]);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['PersistentVolumeClaim/reports-rootdisk', 'VirtualMachine/reports', 'VirtualMachine/web-frontend']);
    expect(objects.every((o) => o.status === undefined)).toBe(true);
  });

  it('reads stdin for "-"', async () => {
    const stdin = Readable.from([Buffer.from(vm('a')), Buffer.from('---\n' + vm('b'))]);
    const objects = await loadManifestObjects(['-'], { stdin });
    expect(objects.map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect(objects[0]?.metadata.namespace).toBeUndefined();
  });

  it('stdin errors name <stdin> and the line', async () => {
    const err = await inputError(loadManifestObjects(['-'], { stdin: Readable.from(['kind: VirtualMachine\nmetadata:\n  name: [x\n']) }));
    expect(err.message).toMatch(/^error: <stdin>:\d+: /);
  });

  it('a directory: its .yaml/.yml/.json files in name order, not recursive by default', async () => {
    const root = await makeTree({
      'b.yml': vm('b'),
      'a.json': JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [JSON.parse(JSON.stringify({ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', metadata: { name: 'a' } }))] }),
      'README.md': 'not a manifest',
      'nested/c.yaml': vm('c'),
    });
    expect((await loadManifestObjects([root])).map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect((await loadManifestObjects([root], { recursive: true })).map((o) => o.metadata.name)).toEqual(['a', 'b', 'c']);
  });

  it('a directory without manifests, a missing path', async () => {
    const empty = await makeTree({ 'notes.txt': 'x' });
    expect((await inputError(loadManifestObjects([empty]))).message).toBe(
      `error: error reading [${empty}]: recognized file extensions are [.json .yaml .yml]`,
    );
    expect((await inputError(loadManifestObjects(['/no/such/vm.yaml']))).message).toBe('error: the path "/no/such/vm.yaml" does not exist');
  });

  it('a document without kind or name is refused at its line', async () => {
    const root = await makeTree({ 'x.yaml': vm('ok') + '---\napiVersion: v1\nmetadata:\n  name: nokind\n', 'y.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  generateName: p-\n' });
    expect((await inputError(loadManifestObjects([join(root, 'x.yaml')]))).message).toBe(`error: ${join(root, 'x.yaml')}:8: Object 'Kind' is missing`);
    expect((await inputError(loadManifestObjects([join(root, 'y.yaml')]))).message).toBe(`error: ${join(root, 'y.yaml')}:1: Pod has no metadata.name`);
  });

  it('malformed YAML and binary input are the same errors as for snapshots', async () => {
    const root = await makeTree({ 'bad.yaml': 'kind: VirtualMachine\n  metadata: x\n', 'bin.yaml': Buffer.from([0x61, 0, 0x62]) });
    expect((await inputError(loadManifestObjects([join(root, 'bad.yaml')]))).message).toMatch(/^error: .*bad\.yaml:[12]: Nested mappings/);
    expect((await inputError(loadManifestObjects([join(root, 'bin.yaml')]))).message).toMatch(/bin\.yaml: binary file/);
  });
});
