// Temporary snapshot trees for tests: a map of relative path → content, written under one dir.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const created: string[] = [];

export async function makeTree(files: Record<string, string | Buffer>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'vmigrate-snapshot-'));
  created.push(root);
  for (const [rel, content] of Object.entries(files)) {
    const full = join(root, rel);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
  return root;
}

export async function removeTrees(): Promise<void> {
  await Promise.all(created.splice(0).map((d) => rm(d, { recursive: true, force: true })));
}

/** A minimal object as `kubectl get -o yaml` prints it. */
export function yamlObject(kind: string, name: string, extra = ''): string {
  const apiVersion = ['VirtualMachine', 'VirtualMachineInstance', 'VirtualMachineInstanceMigration'].includes(kind) ? 'kubevirt.io/v1' : 'v1';
  return `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${extra}`;
}
