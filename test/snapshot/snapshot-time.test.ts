import { afterAll, describe, expect, it } from 'vitest';
import { openSnapshotSource, snapshotFromObjects } from '../../src/collect/snapshot/index.js';
import { logLineTimestamp, newestObjectTimestamp, parseTimestamp } from '../../src/collect/snapshot/snapshot-time.js';
import { makeTree, removeTrees } from './helpers.js';

afterAll(removeTrees);

const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('timestamps', () => {
  it.each([
    ['2025-11-20T10:14:37Z', '2025-11-20T10:14:37.000Z'],
    ['2025-12-30T21:57:51.547563Z', '2025-12-30T21:57:51.547Z'],
    ['2025-11-20T12:14:37+02:00', '2025-11-20T10:14:37.000Z'],
    ['0001-01-01T00:00:00Z', undefined], // Go's zero time
    ['null', undefined],
    ['yesterday', undefined],
  ])('%s', (input, expected) => {
    expect(iso(parseTimestamp(input))).toBe(expected);
  });

  it('walks conditions, phase transitions, migration state and events; skips annotations', () => {
    const vmim = {
      metadata: { creationTimestamp: '2025-11-20T09:00:00Z', annotations: { 'kubevirt.io/heartbeat': '2030-01-01T00:00:00Z' } },
      status: {
        conditions: [{ lastProbeTime: '2025-11-20T09:30:00Z', lastTransitionTime: null }],
        phaseTransitionTimestamps: [{ phase: 'Running', phaseTransitionTimestamp: '2025-11-20T09:40:00Z' }],
        migrationState: { startTimestamp: '2025-11-20T09:41:00Z', endTimestamp: '2025-11-20T09:42:00Z' },
      },
    };
    expect(iso(newestObjectTimestamp(vmim))).toBe('2025-11-20T09:42:00.000Z');
    const event = { firstTimestamp: null, eventTime: '2025-11-20T10:00:00.5Z', series: { lastObservedTime: '2025-11-20T10:05:00.123456Z' } };
    expect(iso(newestObjectTimestamp(event))).toBe('2025-11-20T10:05:00.123Z');
  });

  it('reads log line timestamps', () => {
    expect(iso(logLineTimestamp('2025-11-20T09:41:22.406911Z I am a kubectl --timestamps line'))).toBe('2025-11-20T09:41:22.406Z');
    expect(iso(logLineTimestamp('{"component":"virt-launcher","level":"info","msg":"x","timestamp":"2025-11-20T09:41:26.412114Z"}'))).toBe(
      '2025-11-20T09:41:26.412Z',
    );
    expect(logLineTimestamp('I1120 09:41:22.406911 1 main.go:1] klog has no year')).toBeUndefined();
  });
});

describe('now()', () => {
  const pod = (t: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: ns\n  creationTimestamp: "${t}"\n`;
  const event = (t: string) =>
    `apiVersion: v1\nkind: Event\nmetadata:\n  name: e\n  namespace: ns\ninvolvedObject:\n  kind: Pod\n  name: p\nfirstTimestamp: "2025-01-01T00:00:00Z"\nlastTimestamp: "${t}"\n`;

  it('is the newest object or event timestamp', async () => {
    const root = await makeTree({ 'pods.yaml': pod('2025-03-01T10:00:00Z'), 'events.yaml': event('2025-03-01T11:30:00Z') });
    const s = await openSnapshotSource(root);
    expect(s.nowSource()).toBe('snapshot');
    expect(s.now().toISOString()).toBe('2025-03-01T11:30:00.000Z');
  });

  it('includes log lines (JSON and RFC 3339 prefixes), reading only their end', async () => {
    const root = await makeTree({
      'pods.yaml': pod('2025-03-01T10:00:00Z'),
      'p/compute.log': '{"level":"info","timestamp":"2025-03-01T12:00:00.250Z","msg":"a"}\n{"level":"info","timestamp":"2025-03-01T12:00:01Z","msg":"b"}\n',
      'q.log': '2025-03-01T12:30:00.000000001Z stderr F last\n',
    });
    const s = await openSnapshotSource(root);
    expect(s.now().toISOString()).toBe('2025-03-01T12:30:00.000Z');
  });

  it("a must-gather's timestamp file wins over the objects: its last line (Go's time.Time.String())", async () => {
    const root = await makeTree({
      'pods.yaml': pod('2025-03-01T10:00:00Z'),
      'must-gather.local.1/timestamp': '2025-03-01 11:00:00.213214458 +0000 UTC m=+0.886231301\n2025-03-01 13:46:03.5 +0200 EET m=+115.886231301\n',
    });
    const s = await openSnapshotSource(root);
    expect(s.nowSource()).toBe('must-gather');
    expect(s.now().toISOString()).toBe('2025-03-01T11:46:03.500Z');
  });

  it('a timestamp file that does not parse is ignored', async () => {
    const root = await makeTree({ 'pods.yaml': pod('2025-03-01T10:00:00Z'), timestamp: 'not a time\n' });
    const s = await openSnapshotSource(root);
    expect(s.nowSource()).toBe('snapshot');
  });

  it('--now wins', async () => {
    const root = await makeTree({ 'pods.yaml': pod('2025-03-01T10:00:00Z') });
    const s = await openSnapshotSource(root, { now: new Date('2026-01-01T00:00:00Z') });
    expect(s.nowSource()).toBe('flag');
    expect(s.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('falls back to the wall clock (and says so) only without any timestamp; stable within a run', async () => {
    const before = Date.now();
    const s = snapshotFromObjects([{ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' } }]);
    expect(s.nowSource()).toBe('wall-clock');
    expect(s.now().getTime()).toBeGreaterThanOrEqual(before);
    const first = s.now().getTime();
    await new Promise((r) => setTimeout(r, 5));
    expect(s.now().getTime()).toBe(first);
  });

  it('ignores timestamps of kinds the plugin does not read', async () => {
    const root = await makeTree({
      'a.yaml': pod('2025-03-01T10:00:00Z') + '---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  creationTimestamp: "2029-01-01T00:00:00Z"\n',
    });
    expect((await openSnapshotSource(root)).now().toISOString()).toBe('2025-03-01T10:00:00.000Z');
  });
});
