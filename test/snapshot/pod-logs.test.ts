import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { openSnapshotSource } from '../../src/collect/snapshot/index.js';
import { logRefsForFile, PodLogIndex, readLogTail } from '../../src/collect/snapshot/pod-logs.js';
import { makeTree, removeTrees } from './helpers.js';

afterAll(removeTrees);

const numbered = (n: number, prefix = 'line'): string => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';

describe('log layouts', () => {
  it('reads must-gather, <pod>/<container>.log and <pod>.log paths', () => {
    const mg = logRefsForFile({ path: 'p', rel: 'mg/namespaces/prod/pods/virt-launcher-vm1-abcde/compute/compute/logs/current.log' });
    expect(mg[0]).toMatchObject({ pod: 'virt-launcher-vm1-abcde', container: 'compute', namespace: 'prod', rank: 3 });
    expect(logRefsForFile({ path: 'p', rel: 'logs/prod/virt-launcher-vm1-abcde/compute.log' })[0]).toMatchObject({
      pod: 'virt-launcher-vm1-abcde',
      container: 'compute',
      rank: 2,
    });
    expect(logRefsForFile({ path: 'p', rel: 'virt-launcher-vm1-abcde.log' })).toEqual([{ path: 'p', pod: 'virt-launcher-vm1-abcde', rank: 1 }]);
    expect(logRefsForFile({ path: 'p', rel: 'mg/namespaces/prod/pods/x/compute/compute/logs/previous.log' })).toEqual([]);
  });

  it('prefers the most specific file, then current.log, and honours namespace and container', () => {
    const files = [
      { path: '/s/virt-launcher-vm1-abcde.log', rel: 'virt-launcher-vm1-abcde.log', kind: 'log' as const },
      { path: '/s/x/virt-launcher-vm1-abcde/compute.log', rel: 'x/virt-launcher-vm1-abcde/compute.log', kind: 'log' as const },
      { path: '/s/x/virt-launcher-vm1-abcde/guest-console-log.log', rel: 'x/virt-launcher-vm1-abcde/guest-console-log.log', kind: 'log' as const },
      {
        path: '/s/namespaces/prod/pods/virt-launcher-vm2-zzzzz/compute/compute/logs/current.log',
        rel: 'namespaces/prod/pods/virt-launcher-vm2-zzzzz/compute/compute/logs/current.log',
        kind: 'log' as const,
      },
    ];
    const index = new PodLogIndex(files);
    expect(index.find('prod', 'virt-launcher-vm1-abcde', 'compute')).toBe('/s/x/virt-launcher-vm1-abcde/compute.log');
    expect(index.find('prod', 'virt-launcher-vm1-abcde', 'guest-console-log')).toBe('/s/x/virt-launcher-vm1-abcde/guest-console-log.log');
    // No file for this container: the whole-pod log answers.
    expect(index.find('prod', 'virt-launcher-vm1-abcde', 'volumerootdisk')).toBe('/s/virt-launcher-vm1-abcde.log');
    expect(index.find('prod', 'virt-launcher-vm2-zzzzz', 'compute')).toBe(files[3]?.path);
    expect(index.find('dev', 'virt-launcher-vm2-zzzzz', 'compute')).toBeUndefined(); // must-gather says prod
    expect(index.find('prod', 'virt-launcher-vm2-zzzzz', 'guest-console-log')).toBeUndefined();
    expect(index.find('prod', 'nope', 'compute')).toBeUndefined();
  });
});

describe('readLogTail', () => {
  it('returns the last N lines', async () => {
    const root = await makeTree({ 'a.log': numbered(10), 'b.log': 'no newline at end', 'empty.log': '' });
    expect(await readLogTail(join(root, 'a.log'), 3)).toBe('line 8\nline 9\nline 10\n');
    expect(await readLogTail(join(root, 'a.log'), 100)).toBe(numbered(10));
    expect(await readLogTail(join(root, 'a.log'), 0)).toBe('');
    expect(await readLogTail(join(root, 'b.log'), 5)).toBe('no newline at end');
    expect(await readLogTail(join(root, 'empty.log'), 5)).toBe('');
  });

  it('reads backwards across chunk boundaries on a large file', async () => {
    const big = numbered(200_000, 'x'.repeat(40)); // ~9 MB
    const root = await makeTree({ 'big.log': big });
    const tail = await readLogTail(join(root, 'big.log'), 2500);
    const lines = tail.trimEnd().split('\n');
    expect(lines).toHaveLength(2500);
    expect(lines[0]).toBe(`${'x'.repeat(40)} 197501`);
    expect(lines.at(-1)).toBe(`${'x'.repeat(40)} 200000`);
  });

  it('limitBytes cuts the tail to its first bytes (kubelet order), on a character boundary', async () => {
    const root = await makeTree({ 'a.log': 'old\nné1\nné2\n' });
    expect(await readLogTail(join(root, 'a.log'), 2, 5)).toBe('né1\n');
    expect(await readLogTail(join(root, 'a.log'), 2, 2)).toBe('n');
  });
});

describe('podLog through the source', () => {
  it('must-gather layout', async () => {
    const root = await makeTree({
      'namespaces/prod/pods/virt-launcher-vm1-abcde/virt-launcher-vm1-abcde.yaml':
        'apiVersion: v1\nkind: Pod\nmetadata:\n  name: virt-launcher-vm1-abcde\n  namespace: prod\n',
      'namespaces/prod/pods/virt-launcher-vm1-abcde/compute/compute/logs/current.log': numbered(50),
      'namespaces/prod/pods/virt-launcher-vm1-abcde/compute/compute/logs/previous.log': 'old container\n',
    });
    const s = await openSnapshotSource(root);
    expect(await s.podLog('prod', 'virt-launcher-vm1-abcde', { container: 'compute', tailLines: 2 })).toBe('line 49\nline 50\n');
    expect(await s.podLog('prod', 'virt-launcher-vm1-abcde', { container: 'guest-console-log', tailLines: 2 })).toBeUndefined();
    expect(await s.podLog('prod', 'other', { container: 'compute', tailLines: 2 })).toBeUndefined();
    expect(s.stats().logFiles).toBe(2);
  });
});
