// parseProgressLine: the launcher's `Migration info for …` line of every era (`logMigrationInfo`),
// and parseLauncherLogLines: the compute container's JSON lines
// (staging/src/kubevirt.io/client-go/log/log.go).
import { describe, expect, it } from 'vitest';
import { linesBetween, parseLauncherLogLines } from '../../../../src/analyze/why/launcher-log-lines.js';
import { parseProgressLine } from '../../../../src/analyze/why/progress-line.js';
import { parseKubeVirtVersion } from '../../../../src/kubevirt/version.js';

const UID = '4c2e9a1b-7d3f-4e8a-9b6c-1f0d2e3a4b5c';
const MiB = 1024 * 1024;

describe('parseProgressLine', () => {
  const cases: { era: string; msg: string; want: Record<string, unknown> }[] = [
    {
      era: 'v0.59–v1.0 raw bytes',
      msg: `Migration info for ${UID}: TimeElapsed:12004ms DataProcessed:1073741824B DataRemaining:3221225472B DataTotal:4294967296B MemoryProcessed:1073741824B MemoryRemaining:3221225472B MemoryTotal:4294967296B MemoryBandwidth:112500000B/s DirtyRate:14375000B/s Iteration:1 PostcopyRequests:0 ConstantPages:523043 NormalPages:262144 NormalData:1073741824B ExpectedDowntime:300ms DiskBps:0`,
      want: {
        migrationUid: UID,
        units: 'bytes',
        elapsedMs: 12004,
        dataProcessed: 1073741824,
        dataRemaining: 3221225472,
        dataTotal: 4294967296,
        memoryBandwidth: 112500000,
        dirtyRate: 14375000,
        iteration: 1,
        expectedDowntimeMs: 300,
        diskBandwidth: 0,
      },
    },
    {
      era: 'v1.2–v1.8 MiB / Mbps',
      msg: `Migration info for ${UID}: TimeElapsed:40012ms DataProcessed:3180MiB DataRemaining:1300MiB DataTotal:4180MiB MemoryProcessed:3180MiB MemoryRemaining:1300MiB MemoryTotal:4180MiB MemoryBandwidth:900Mbps DirtyRate:1150Mbps Iteration:10 PostcopyRequests:0 ConstantPages:523043 NormalPages:814080 NormalData:3180MiB ExpectedDowntime:300ms DiskMbps:0`,
      want: {
        units: 'MiB',
        dataProcessed: 3180 * MiB,
        dataRemaining: 1300 * MiB,
        dataTotal: 4180 * MiB,
        memoryBandwidth: 112_500_000,
        dirtyRate: 143_750_000,
        iteration: 10,
        postcopyRequests: 0,
        expectedDowntimeMs: 300,
      },
    },
    {
      era: 'v1.9 Downtime/DowntimeNet + CompressionRatio',
      msg: `Migration info for ${UID}: TimeElapsed:8000ms DataProcessed:100MiB DataRemaining:4000MiB DataTotal:4180MiB MemoryProcessed:100MiB MemoryRemaining:4000MiB MemoryTotal:4180MiB MemoryBandwidth:800Mbps DirtyRate:80Mbps Iteration:1 PostcopyRequests:0 ConstantPages:1 NormalPages:2 NormalData:100MiB Downtime:312ms DowntimeNet:18ms DiskMbps:16 CompressionRatio:2.35x`,
      want: { dataRemaining: 4000 * MiB, memoryBandwidth: 100_000_000, dirtyRate: 10_000_000, downtimeMs: 312, downtimeNetMs: 18, diskBandwidth: 2_000_000, compressionRatio: 2.35 },
    },
    {
      era: 'v1.9 ExpectedDowntime, no compression',
      msg: `Migration info for ${UID}: TimeElapsed:8000ms DataProcessed:100MiB DataRemaining:4000MiB DataTotal:4180MiB MemoryProcessed:100MiB MemoryRemaining:4000MiB MemoryTotal:4180MiB MemoryBandwidth:800Mbps DirtyRate:0Mbps Iteration:1 PostcopyRequests:0 ConstantPages:1 NormalPages:2 NormalData:100MiB ExpectedDowntime:300ms DiskMbps:0`,
      want: { expectedDowntimeMs: 300, dirtyRate: 0 },
    },
  ];
  it.each(cases)('$era', ({ msg, want }) => {
    const got = parseProgressLine(msg);
    expect(got).toMatchObject(want);
  });

  it('v1.1 divided by 8 instead of multiplying: rates corrected when the version is known', () => {
    const msg = `Migration info for ${UID}: TimeElapsed:4000ms DataProcessed:10MiB DataRemaining:4000MiB DataTotal:4010MiB MemoryProcessed:10MiB MemoryRemaining:4000MiB MemoryTotal:4010MiB MemoryBandwidth:14Mbps DirtyRate:1Mbps Iteration:1 PostcopyRequests:0 ConstantPages:1 NormalPages:2 NormalData:10MiB ExpectedDowntime:300ms DiskMbps:0`;
    expect(parseProgressLine(msg, { version: parseKubeVirtVersion('v1.1.1')! })).toMatchObject({ memoryBandwidth: 112_000_000, dirtyRate: 8_000_000 });
    expect(parseProgressLine(msg, { version: parseKubeVirtVersion('v1.2.0')! })).toMatchObject({ memoryBandwidth: 1_750_000 });
  });

  it.each([
    'Initiating live migration.',
    `Migration info for ${UID}: nothing here`,
    'Migration info for: DataRemaining:1MiB',
  ])('not a progress line: %j', (msg) => {
    expect(parseProgressLine(msg)).toBeUndefined();
  });
});

describe('parseLauncherLogLines', () => {
  const json = (o: Record<string, string>) => JSON.stringify(o);
  const text = [
    json({ component: 'virt-launcher', kind: '', level: 'info', msg: 'Initiating live migration.', name: 'vm-00', namespace: 'default', pos: 'live-migration-source.go:1', timestamp: '2025-12-31T09:40:20.402578Z', uid: 'x' }),
    'panic: something printed by qemu',
    '',
    json({ component: 'virt-launcher', level: 'error', msg: 'Live migration failed.', reason: "virError(Code=9, Domain=31, Message='operation failed')", timestamp: '2025-12-31T09:40:30.1Z' }),
    // `kubectl logs --timestamps` prefix
    `2025-12-31T09:40:40.000000001Z ${json({ level: 'warning', msg: 'live migration stuck for 150 seconds', timestamp: '2025-12-31T09:40:40.0Z' })}`,
    '{"msg": "cut in half',
  ].join('\n');

  it('keeps JSON fields and raw lines, in order', () => {
    expect(parseLauncherLogLines(text)).toEqual([
      { time: '2025-12-31T09:40:20.402578Z', level: 'info', msg: 'Initiating live migration.', component: 'virt-launcher', pos: 'live-migration-source.go:1' },
      { msg: 'panic: something printed by qemu' },
      { time: '2025-12-31T09:40:30.1Z', level: 'error', msg: 'Live migration failed.', reason: "virError(Code=9, Domain=31, Message='operation failed')", component: 'virt-launcher' },
      { time: '2025-12-31T09:40:40.0Z', level: 'warning', msg: 'live migration stuck for 150 seconds' },
      { msg: '{"msg": "cut in half' },
    ]);
  });

  it('linesBetween: one attempt only; undated lines go with their neighbours', () => {
    const lines = parseLauncherLogLines(text);
    expect(linesBetween(lines, '2025-12-31T09:40:25Z').map((l) => l.msg)).toEqual(['Live migration failed.', 'live migration stuck for 150 seconds', '{"msg": "cut in half']);
    expect(linesBetween(lines, '2025-12-31T09:40:00Z', '2025-12-31T09:40:30Z').map((l) => l.msg)).toEqual(['Initiating live migration.', 'panic: something printed by qemu']);
    expect(linesBetween(lines, '2025-12-31T10:00:00Z')).toEqual([]);
  });
});
