// Dumps from strangers and files that are not manifests (issue #16 items 4 and 6): `--from` never
// follows a symlink out of the snapshot (one warning naming the link), never opens a FIFO or a
// device inside it, and no parse error quotes a file's content beyond its path and line; `-f`
// input that is a scalar, an array or holds no VM/VMI (UTF-16 included) is an error (exit 3).
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { loadManifestObjects } from '../../src/collect/manifest-files.js';
import { openSnapshotSource } from '../../src/collect/snapshot/index.js';
import { SourceError } from '../../src/collect/source.js';
import { makeTree, removeTrees, yamlObject } from './helpers.js';

afterAll(removeTrees);

const SECRET = 'root:$6$Zx9sEcReT$hash:19000:0:99999:7:::';

async function inputError(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SourceError);
  expect((err as SourceError).kindOf).toBe('InvalidInput');
  return (err as SourceError).message;
}

describe('--from: symlinks, FIFOs and devices', () => {
  it('a link leaving the snapshot is skipped with one warning naming it; its target is never read', async () => {
    const outside = await makeTree({ 'shadow': SECRET, 'etc/nodes.yaml': yamlObject('Node', 'from-outside') });
    const root = await makeTree({ 'cluster/nodes.yaml': yamlObject('Node', 'node-1'), 'cluster/inner.yaml': yamlObject('Node', 'node-2') });
    symlinkSync(join(outside, 'shadow'), join(root, 'cluster', 'stolen.json'));
    symlinkSync(join(outside, 'etc'), join(root, 'etc'));
    // A link that stays inside is followed as before.
    symlinkSync(join(root, 'cluster', 'inner.yaml'), join(root, 'alias.yaml'));
    const warnings: string[] = [];
    const s = await openSnapshotSource(root, { warn: (l) => warnings.push(l) });
    expect((await s.list('node')).map((n) => n.metadata.name).sort()).toEqual(['node-1', 'node-2']);
    expect(warnings.sort()).toEqual([
      `Warning: skipped ${join(root, 'cluster', 'stolen.json')}: a symlink to ${join(outside, 'shadow')}, outside the snapshot ${root}`,
      `Warning: skipped ${join(root, 'etc')}: a symlink to ${join(outside, 'etc')}, outside the snapshot ${root}`,
    ].sort());
    expect(warnings.join('\n')).not.toContain('Zx9sEcReT');
  });

  it('a link to a device (/dev/zero) and a FIFO with a manifest name are not opened (a read would never end)', async () => {
    const root = await makeTree({ 'nodes.yaml': yamlObject('Node', 'node-1') });
    symlinkSync('/dev/zero', join(root, 'zero.yaml'));
    const fifo = spawnSync('mkfifo', [join(root, 'pipe.yaml')]);
    expect(fifo.status).toBe(0);
    mkdirSync(join(root, 'logs'));
    spawnSync('mkfifo', [join(root, 'logs', 'virt-launcher-x.log')]);
    const warnings: string[] = [];
    const started = Date.now();
    const s = await openSnapshotSource(root, { warn: (l) => warnings.push(l) });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await s.list('node')).map((n) => n.metadata.name)).toEqual(['node-1']);
    expect(await s.podLog('default', 'virt-launcher-x', { container: 'compute', tailLines: 10 })).toBeUndefined();
    expect(warnings).toEqual([`Warning: skipped ${join(root, 'zero.yaml')}: a symlink to /dev/zero, outside the snapshot ${root}`]);
  });
});

describe('parse errors name the file and line, never the content', () => {
  const cases: [string, string, string][] = [
    ['shadow.json', SECRET, 'Unexpected token'],
    ['shadow.json', `{"kind": "Node", "metadata": {"name": "${SECRET}"}, }`, 'Expected double-quoted property name'],
    ['escape.yaml', `kind: Node\nmetadata:\n  name: "\\q${SECRET}"\n`, 'Invalid escape sequence in a double-quoted string'],
    ['alias.yaml', `kind: Node\nmetadata:\n  name: *${SECRET.replace(/[$:]/g, 'x')}\n`, 'Unresolved alias'],
    ['block.yaml', `kind: Node\nmetadata:\n  name: |x${SECRET}\n    y\n`, 'Unexpected token'],
  ];
  for (const [name, content, expected] of cases) {
    it(`${name}: "${expected}"`, async () => {
      const root = await makeTree({ [name]: content });
      const message = await inputError(openSnapshotSource(join(root, name)));
      expect(message).toMatch(new RegExp(`^error: ${join(root, name).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(:\\d+)?: ${expected}$`));
      expect(message).not.toContain('Zx9sEcReT');
      expect(message).not.toContain('hash');
    });
  }

  it('a kind that is not a kind is not echoed', async () => {
    const root = await makeTree({ 'x.yaml': `apiVersion: v1\nkind: "${SECRET}"\nmetadata: {}\n` });
    expect(await inputError(loadManifestObjects([join(root, 'x.yaml')]))).toBe(`error: ${join(root, 'x.yaml')}:1: object has no metadata.name`);
  });
});

describe('-f never passes what it cannot judge', () => {
  const noVm = yamlObject('PersistentVolumeClaim', 'data');
  const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const utf16be = (text: string) => {
    const b = Buffer.from(text, 'utf16le');
    b.swap16();
    return Buffer.concat([Buffer.from([0xfe, 0xff]), b]);
  };

  it('a scalar, an array, an array of scalars, a table saved as .yaml: one line with file and line', async () => {
    const root = await makeTree({
      'scalar.yaml': '42\n',
      'array.json': '[1, 2]',
      'array.yaml': `- ${'a'}\n- b\n`,
      'objects.json': JSON.stringify([{ apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', metadata: { name: 'a' } }]),
      'table.yaml': 'NAME   AGE   STATUS\nvm-1   3d    Running\n',
      'list.yaml': 'apiVersion: v1\nkind: List\nitems:\n- 7\n',
    });
    expect(await inputError(loadManifestObjects([join(root, 'scalar.yaml')]))).toBe(`error: ${join(root, 'scalar.yaml')}:1: not a Kubernetes object (a number)`);
    for (const f of ['array.json', 'array.yaml', 'objects.json']) {
      expect(await inputError(loadManifestObjects([join(root, f)]))).toBe(`error: ${join(root, f)}:1: an array is not a Kubernetes object (use kind: List)`);
    }
    expect(await inputError(loadManifestObjects([join(root, 'table.yaml')]))).toBe(`error: ${join(root, 'table.yaml')}:1: not a Kubernetes object (a string)`);
    expect(await inputError(loadManifestObjects([join(root, 'list.yaml')]))).toBe(`error: ${join(root, 'list.yaml')}:1: not a Kubernetes object (a number)`);
  });

  it('no VirtualMachine or VirtualMachineInstance anywhere in the -f input, UTF-16 (either order) or not', async () => {
    const root = await makeTree({ 'pvc.yaml': noVm, 'le.yaml': utf16le(noVm), 'be.yaml': utf16be(noVm), 'vm-le.yaml': utf16le(yamlObject('VirtualMachine', 'vm-1')) });
    for (const f of ['pvc.yaml', 'le.yaml', 'be.yaml']) {
      expect(await inputError(loadManifestObjects([join(root, f)]))).toBe(`error: no VirtualMachine or VirtualMachineInstance in ${join(root, f)}: 1 file holds PersistentVolumeClaim (1)`);
    }
    // UTF-16 with a byte-order mark is read as kubectl output saved by PowerShell; it counts.
    expect((await loadManifestObjects([join(root, 'vm-le.yaml'), join(root, 'pvc.yaml')])).map((o) => o.kind)).toEqual(['VirtualMachine', 'PersistentVolumeClaim']);
  });

  it('UTF-16 without a byte-order mark is refused as binary', async () => {
    const root = await makeTree({ 'bare.yaml': Buffer.from(yamlObject('VirtualMachine', 'vm-1'), 'utf16le') });
    expect(await inputError(loadManifestObjects([join(root, 'bare.yaml')]))).toMatch(/bare\.yaml: binary file/);
  });
});
