// What the bad-input suites feed the plugin (test/e2e/bad-input.e2e.test.ts through kubectl,
// test/unit/bad-input.test.ts in-process) and what every answer to bad input must look like.
import { expect } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import type { KubeObject } from '../../src/kube/types.js';

// ---- names Kubernetes refuses (DNS-1123 subdomain for objects and nodes, label for namespaces) ----

/** [what it is, the value]: each one is refused for every NAME argument. */
export const BAD_OBJECT_NAMES: readonly (readonly [string, string])[] = [
  ['parent path', '../x'],
  ['slash', 'a/b'],
  ['percent-encoded slash', '%2F'],
  ['dot-dot', '..'],
  ['dot', '.'],
  ['query', 'db-primary?watch=true'],
  ['uppercase', 'DB-Primary'],
  ['254 characters', 'a'.repeat(254)],
  ['empty', ''],
  ['space', 'db primary'],
  ['newline', 'db\nprimary'],
  ['escape sequence', 'db\u001b[31mprimary'],
  ['unicode', 'dbü-primary'],
  ['underscore', 'db_primary'],
  ['trailing dash', 'db-'],
  ['trailing dot', 'db.'],
];

/** exec() cannot pass a NUL byte in argv, so this one is tested in-process only. */
export const NUL_NAME = 'db\u0000primary';

export const BAD_NAMESPACES: readonly string[] = ['../kube-system', 'prod/x', '..', 'Prod', 'a'.repeat(64), '', 'prod.eu', 'prod\n', '%2e%2e'];

export const BAD_NODE_NAMES: readonly string[] = ['../node-1', 'node-1/proxy', 'Node-1', 'a'.repeat(254), '', 'node 1', '..'];

/** Selectors the API server refuses with 400: usage errors before any request. */
export const BAD_SELECTORS: readonly string[] = [
  'app=(',
  'app in ()',
  'app in (db',
  'app=db=x',
  '!app=db',
  'app in (db web)',
  'app in (db/x)',
  `app=${'x'.repeat(64)}`,
  `${'k'.repeat(64)}=v`,
  'app,,tier',
  'app=db,',
  ',',
  '',
  'app db',
  'app=$(id)',
  'app=\u001b[2J',
];

/** Valid at the edge of the rules: they must reach the cluster (and be NotFound there). */
export const EDGE_OBJECT_NAME = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`; // 253 characters
export const EDGE_NAMESPACE = 'n'.repeat(63);

// ---- hostile files ----

/** The classic "billion laughs": nine levels of nine aliases, 9^9 strings once expanded. */
export function billionLaughs(indent = ''): string {
  const lines = [`${indent}lol0: &lol0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`];
  for (let i = 1; i <= 9; i++) lines.push(`${indent}lol${i}: &lol${i} [${Array(9).fill(`*lol${i - 1}`).join(',')}]`);
  return lines.join('\n') + '\n';
}

// ---- what an answer to bad input looks like ----

export const STACK_FRAME = /^\s+at /m;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Exit `code`, nothing on stdout, and exactly one stderr line (no stack trace) matching `line`. */
export function expectOneLineError(r: Run, code: number, line: RegExp): void {
  const lines = r.stderr.split('\n').filter((l) => l !== '');
  expect(r.stderr).not.toMatch(STACK_FRAME);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(line);
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
}

/** No control character but the newline: a typed value must not reach the terminal raw. */
export function expectNoControlCharacters(text: string): void {
  // eslint-disable-next-line no-control-regex
  expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
}

/** Every ages/durations field of a document (key ending in Seconds, or `age`), with its path. */
export function durations(doc: unknown): { path: string; value: number }[] {
  const out: { path: string; value: number }[] = [];
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
    else if (typeof v === 'number' && /(Seconds|\.age)$/.test(path)) out.push({ path, value: v });
  };
  walk(doc, '');
  return out;
}

/** A human duration with a minus sign (`-5s`, `-1h2m`) in text output. */
export const NEGATIVE_DURATION_TEXT = /(^|[\s(])-\d+(\.\d+)?[smhd]\b/m;

// ---- snapshots on disk ----

/** Writes `objects` as one multi-document YAML file and each pod log as logs/<pod>/<container>.log. */
export async function writeSnapshot(dir: string, objects: readonly KubeObject[], logs: Record<string, string> = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'objects.yaml'), objects.map((o) => stringify(o)).join('---\n'));
  for (const [pod, text] of Object.entries(logs)) {
    const file = join(dir, 'logs', pod, 'compute.log');
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return dir;
}

// ---- objects stripped to their identity: apiVersion, kind, metadata.name (and namespace) ----

export const BARE_NAMESPACE = 'vms';
export const BARE = { vm: 'bare', migration: 'bare-migration-x7k2p', node: 'node-bare', pod: 'virt-launcher-bare-x7k2p' } as const;

/** One object of every kind the plugin reads, each with nothing but its identity. */
export function bareObjects(): KubeObject[] {
  const ns = { namespace: BARE_NAMESPACE };
  return [
    { apiVersion: 'kubevirt.io/v1', kind: 'KubeVirt', metadata: { name: 'kubevirt', namespace: 'kubevirt' } },
    { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachine', metadata: { name: BARE.vm, ...ns } },
    { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstance', metadata: { name: BARE.vm, ...ns } },
    { apiVersion: 'kubevirt.io/v1', kind: 'VirtualMachineInstanceMigration', metadata: { name: BARE.migration, ...ns } },
    { apiVersion: 'migrations.kubevirt.io/v1alpha1', kind: 'MigrationPolicy', metadata: { name: 'bare-policy' } },
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: BARE.pod, ...ns } },
    { apiVersion: 'v1', kind: 'Node', metadata: { name: BARE.node } },
    { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'bare-rootdisk', ...ns } },
    { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pvc-bare-rootdisk' } },
    { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name: 'bare-storage' } },
    { apiVersion: 'cdi.kubevirt.io/v1beta1', kind: 'DataVolume', metadata: { name: 'bare-rootdisk', ...ns } },
    { apiVersion: 'cdi.kubevirt.io/v1beta1', kind: 'StorageProfile', metadata: { name: 'bare-storage' } },
    { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'bare-quota', ...ns } },
    { apiVersion: 'v1', kind: 'Event', metadata: { name: 'bare.18f2c0a1b2c3d4e5', ...ns } },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: BARE_NAMESPACE } },
  ] as KubeObject[];
}

/** Read-only command lines over the bare snapshot (add `--from DIR -o FORMAT`). */
export const BARE_COMMANDS: readonly (readonly string[])[] = [
  ['why', BARE.vm, '-n', BARE_NAMESPACE],
  ['why', BARE.migration, '-n', BARE_NAMESPACE],
  ['check-migratable', BARE.vm, '-n', BARE_NAMESPACE],
  ['check-migratable', '-A'],
  ['check-migratable', '--node', BARE.node],
  ['list', '-n', BARE_NAMESPACE],
  ['list', '-A'],
];
