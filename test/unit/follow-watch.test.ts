// `--wait`'s watch loop against a fake source: a stream the server closes at once counts toward
// giving up, one that was open for a while (apiserver timeoutSeconds, a load balancer's idle cut)
// does not. The clock is mocked: real streams would have to stay open for seconds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followMigration } from '../../src/commands/follow/follow.js';
import type { ControlSource } from '../../src/commands/follow/control-source.js';
import type { WatchEvent } from '../../src/collect/live/index.js';
import type { VirtualMachineInstanceMigration } from '../../src/kube/types.js';
import type { Io } from '../../src/cmdutil/io.js';

const migration: VirtualMachineInstanceMigration = {
  apiVersion: 'kubevirt.io/v1',
  kind: 'VirtualMachineInstanceMigration',
  metadata: { name: 'm1', namespace: 'ns1', uid: 'uid-1', resourceVersion: '1' },
  spec: { vmiName: 'vm1' },
  status: { phase: 'Pending' },
};
const io: Io = { stdout: () => {}, stderr: () => {}, stdoutIsTTY: false, stderrIsTTY: false, env: {} };

/** Every watch stays open `openMs` (of mocked time) and closes without events, until `quietWatches` are used up. */
function source(quietWatches: number, openMs: number): { source: ControlSource; watches: () => number } {
  let watches = 0;
  const s = {
    listWithResourceVersion: async () => ({ items: [migration], resourceVersion: '1' }),
    watch: async (_r: string, _o: unknown, onEvent: (e: WatchEvent<VirtualMachineInstanceMigration>) => void) => {
      watches += 1;
      vi.setSystemTime(Date.now() + openMs);
      if (watches > quietWatches) onEvent({ type: 'MODIFIED', object: { ...migration, status: { phase: 'Succeeded' } } });
      return 'closed' as const;
    },
  };
  return { source: s as unknown as ControlSource, watches: () => watches };
}

const follow = (s: ControlSource) =>
  followMigration(s, { namespace: 'ns1', migration, signal: new AbortController().signal, verbose: false, io }, () => {});

describe('followMigration: streams the server closes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('closed at once, six times in a row (the first watch and five retries): gives up (exit 3), saying six', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { source: s, watches } = source(10, 50);
    await expect(follow(s)).rejects.toThrow(/^gave up following migration ns1\/m1 after 6 failed watches in a row \(the server closed the stream\)/);
    expect(watches()).toBe(6);
  });

  it('closed after a healthy while, any number of times: re-watches until the migration ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { source: s, watches } = source(10, 60_000);
    expect(await follow(s)).toMatchObject({ kind: 'final', migration: { status: { phase: 'Succeeded' } } });
    expect(watches()).toBe(11);
  });

  it('asks each watch for timeoutSeconds; a watch the server keeps open past it ("expired") is re-listed, and counts as a failure', async () => {
    const calls: string[] = [];
    const watchOpts: unknown[] = [];
    const listOpts: unknown[] = [];
    let watches = 0;
    const s = {
      listWithResourceVersion: async (_r: string, _o: unknown, extra: unknown) => {
        calls.push('list');
        listOpts.push(extra);
        return { items: [migration], resourceVersion: '1' };
      },
      watch: async (_r: string, o: unknown, onEvent: (e: WatchEvent<VirtualMachineInstanceMigration>) => void) => {
        calls.push('watch');
        watchOpts.push(o);
        watches += 1;
        if (watches === 3) onEvent({ type: 'MODIFIED', object: { ...migration, status: { phase: 'Succeeded' } } });
        return watches < 3 ? ('expired' as const) : ('closed' as const);
      },
    } as unknown as ControlSource;
    expect(await follow(s)).toMatchObject({ kind: 'final' });
    expect(calls).toEqual(['list', 'watch', 'list', 'watch', 'list', 'watch']);
    expect(watchOpts[0]).toMatchObject({ timeoutSeconds: 60, fieldSelector: 'metadata.name=m1' });
    // Every re-list has its own deadline, whatever --request-timeout says.
    expect(listOpts[0]).toEqual({ timeoutMs: 60_000 });
  });

  it('a server silent on every watch is given up on after six of them', async () => {
    let watches = 0;
    const s = {
      listWithResourceVersion: async () => ({ items: [migration], resourceVersion: '1' }),
      watch: async () => {
        watches += 1;
        return 'expired' as const;
      },
    } as unknown as ControlSource;
    await expect(follow(s)).rejects.toThrow(/after 6 failed watches in a row \(no answer from the server 60s after the watch should have ended\)/);
    expect(watches).toBe(6);
  });
});
