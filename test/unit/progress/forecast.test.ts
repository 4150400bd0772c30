// The convergence forecast (src/analyze/progress/forecast.ts) with every number checked by hand.
// Budget: completionTimeoutPerGiB × guest size rounded UP to whole GB (10^9): a 4 GiB guest
// (4 294 967 296 B) is 5 GB, so 150 s/GB → 750 s and 800 s/GB → 4000 s (`getVMIMigrationDataSize`,
// pkg/virt-launcher/virtwrap/manager.go).
import { describe, expect, it } from 'vitest';
import { budgetAction, forecast, leastSquaresSlope, percentDone, recommend, recommendations, type ForecastInput } from '../../../src/analyze/progress/forecast.js';
import { logSamples } from '../../../src/analyze/progress/log-samples.js';
import { parseLauncherLogLines } from '../../../src/analyze/why/launcher-log-lines.js';
import { parseKubeVirtVersion } from '../../../src/kubevirt/version.js';
import type { TransferSample } from '../../../src/analyze/progress/sample.js';
import { sparkline } from '../../../src/render/why-progress.js';
import { launcherLog, progressLines, type Era, MIGRATION_UID, T } from '../../fixtures/objects/failed-migrations.js';

const START = Date.parse('2025-12-31T09:40:20Z');
const GIB4 = 4 * 2 ** 30;
const V = (v: string) => parseKubeVirtVersion(v)!;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A sample every `step` s from `START + from` s, `f(t)` giving the fields at t seconds after START. */
function series(from: number, to: number, step: number, f: (t: number) => Omit<TransferSample, 'time'>): TransferSample[] {
  const out: TransferSample[] = [];
  for (let t = from; t <= to; t += step) out.push({ time: iso(START + t * 1000), ...f(t) });
  return out;
}

function input(samples: TransferSample[], nowSeconds: number, o: Partial<ForecastInput> = {}): ForecastInput {
  return {
    samples,
    now: START + nowSeconds * 1000,
    startedAt: START,
    sizeBytes: GIB4,
    mode: 'PreCopy',
    config: { completionTimeoutPerGiB: 150, progressTimeout: 150, allowAutoConverge: false, allowPostCopy: false },
    version: V('v1.9.0'),
    ...o,
  };
}

describe('forecast', () => {
  it('converging: remaining falls 50 MB/s, dirty 10 MB/s < sent 60 MB/s → ETA 20 s, 75 % done, 680 s of budget left', () => {
    // remaining = 4e9 − 50e6·t over t = 0…60 s: 1e9 left at 60 s.
    const s = series(0, 60, 5, (t) => ({ dataRemaining: 4e9 - 50e6 * t, dataTotal: 4e9, memoryDirtyRate: 10e6, memoryTransferRate: 60e6 }));
    const f = forecast(input(s, 70));
    expect(f).toMatchObject({
      verdict: 'converging',
      reason: 'shrinking',
      converging: true,
      etaSeconds: 20,
      percent: 75,
      elapsedSeconds: 70,
      sizeGB: 5,
      budgetSeconds: 750,
      budgetRemainingSeconds: 680,
      budgetExceeded: false,
      dirtyRate: 10e6,
      transferRate: 60e6,
      rateSamples: 3,
      trendSamples: 13,
      trendSpanSeconds: 60,
      sinceMinimumSeconds: 0,
      stall: 'none',
      onBudgetExpiry: 'abort',
      recommendation: null,
    });
    expect(f.slope).toBeCloseTo(-50e6, 0);
  });

  it('not converging: the guest dirties 120 MB/s, 100 MB/s are sent → no ETA; try auto-converge first', () => {
    const s = series(0, 40, 4, (t) => ({ dataRemaining: 1.3e9 + ((t / 4) % 3) * 40e6, memoryDirtyRate: 120e6, memoryTransferRate: 100e6 }));
    const f = forecast(input(s, 44));
    expect(f).toMatchObject({ verdict: 'not-converging', reason: 'dirty-rate', converging: false, etaSeconds: null, dirtyRate: 120e6, transferRate: 100e6, recommendation: 'auto-converge' });
    // Remaining at 40 s: 1.34e9 of the 4 GiB guest (no DataTotal): (4294967296 − 1.34e9) / 4294967296 = 68.8 %.
    expect(f.percent).toBe(68.8);
    // Auto-converge already on: post-copy; both on (v1.9, disruption follows post-copy): a migration network.
    expect(forecast(input(s, 44, { config: { progressTimeout: 150, completionTimeoutPerGiB: 150, allowAutoConverge: true } })).recommendation).toBe('post-copy');
    expect(forecast(input(s, 44, { config: { progressTimeout: 150, allowAutoConverge: true, allowPostCopy: true } })).recommendation).toBe('migration-network');
    // v1.6 with post-copy on but workload disruption explicitly off: allow disruption.
    expect(
      forecast(input(s, 44, { version: V('v1.6.0'), config: { progressTimeout: 150, allowAutoConverge: true, allowPostCopy: true, allowWorkloadDisruption: false } })).recommendation,
    ).toBe('workload-disruption');
  });

  it('not converging: remaining trends up over 2 minutes although each dip is a new minimum', () => {
    // Dips 1e9, 0.99e9, 0.98e9 … between peaks that keep rising: no stall, slope > 0.
    const s = series(0, 120, 10, (t) => ({ dataRemaining: (t / 10) % 2 === 0 ? 1e9 - t * 1e6 : 2e9 + t * 20e6 }));
    const f = forecast(input(s, 125));
    expect(f).toMatchObject({ verdict: 'not-converging', reason: 'not-shrinking', converging: false, trendSpanSeconds: 120, stall: 'none' });
    expect(f.slope!).toBeGreaterThan(0);
  });

  it('stalled past progressTimeout: lowest remaining 1e9 at 20 s, none lower until 200 s → 180 s > 150 s', () => {
    const s = series(0, 200, 4, (t) => ({ dataRemaining: t <= 20 ? 3e9 - t * 1e8 : 1.2e9 + (t % 8) * 1e7, memoryDirtyRate: 40e6, memoryTransferRate: 100e6 }));
    const f = forecast(input(s, 200));
    expect(f).toMatchObject({
      verdict: 'not-converging',
      reason: 'stalled',
      converging: false,
      minimumRemaining: 1e9,
      minimumAt: '2025-12-31T09:40:40Z',
      sinceMinimumSeconds: 180,
      progressTimeout: 150,
      stall: 'exceeded',
    });
    // Half of progressTimeout is already a warning: 80 s > 75 s.
    expect(forecast(input(s.slice(0, 26), 100))).toMatchObject({ reason: 'stalled', stall: 'approaching', sinceMinimumSeconds: 80 });
  });

  it('at risk: converging at 1 MB/s with 4e9 left → 4000 s needed, 680 s left, and KubeVirt aborts', () => {
    // The link is the limit (dirty 0.2 MB/s of 2 MB/s sent): a dedicated migration network first.
    const s = series(0, 60, 5, (t) => ({ dataRemaining: 4.06e9 - 1e6 * t, memoryDirtyRate: 0.2e6, memoryTransferRate: 2e6 }));
    const f = forecast(input(s, 70));
    expect(f).toMatchObject({ verdict: 'at-risk', reason: 'eta-beyond-budget', converging: true, etaSeconds: 4000, budgetRemainingSeconds: 680, recommendation: 'migration-network' });
    // Capped by bandwidthPerMigration 2M (2e6 B/s) and sending at it: raise the cap.
    expect(forecast(input(s, 70, { config: { completionTimeoutPerGiB: 150, progressTimeout: 150, bandwidthPerMigration: '2M' } })).recommendation).toBe('bandwidth');
  });

  describe('the completion budget runs out', () => {
    const healthy = series(700, 760, 5, (t) => ({ dataRemaining: 2e9 - 10e6 * (t - 700), memoryDirtyRate: 5e6, memoryTransferRate: 50e6 }));

    it('→ post-copy (allowPostCopy; v1.9 lets allowWorkloadDisruption follow it): converging, not at risk', () => {
      const f = forecast(input(healthy, 800, { config: { completionTimeoutPerGiB: 150, progressTimeout: 150, allowPostCopy: true } }));
      expect(f).toMatchObject({ onBudgetExpiry: 'post-copy', budgetSeconds: 750, elapsedSeconds: 800, budgetRemainingSeconds: -50, budgetExceeded: true, verdict: 'converging' });
      // v1.4 has no workload disruption: allowPostCopy alone decides.
      expect(budgetAction('PreCopy', { allowPostCopy: true, allowWorkloadDisruption: false }, V('v1.4.0'))).toBe('post-copy');
      // v1.5–v1.8: post-copy only when workload disruption is allowed too.
      expect(budgetAction('PreCopy', { allowPostCopy: true, allowWorkloadDisruption: false }, V('v1.6.0'))).toBe('abort');
    });

    it('→ pause (v1.5+ allowWorkloadDisruption without post-copy): the paused guest gets the budget twice', () => {
      const config = { completionTimeoutPerGiB: 150, progressTimeout: 150, allowWorkloadDisruption: true, allowPostCopy: false };
      const f = forecast(input(healthy, 800, { version: V('v1.6.0'), config }));
      expect(f).toMatchObject({ onBudgetExpiry: 'pause', budgetExceeded: true, verdict: 'converging' });
      // After the pause: mode Paused, budget 2 × 750 = 1500 s, 700 s left; then abort. ETA at link speed: 1.4e9 / 50e6 = 28 s.
      const paused = forecast(input(healthy, 800, { version: V('v1.6.0'), config, mode: 'Paused' }));
      expect(paused).toMatchObject({ budgetSeconds: 1500, budgetRemainingSeconds: 700, onBudgetExpiry: 'abort', verdict: 'converging', reason: 'paused', etaSeconds: 28 });
      // v1.9 with VFIO devices: no post-copy, the switch-over is forced by max downtime (a pause).
      expect(budgetAction('PreCopy', { allowPostCopy: true }, V('v1.9.0'), true)).toBe('pause');
      expect(budgetAction('PreCopy', { allowPostCopy: true }, V('v1.8.0'), true)).toBe('post-copy');
    });

    it('→ abort (nothing allowed): at risk, cause of a completion timeout', () => {
      const f = forecast(input(healthy, 800));
      expect(f).toMatchObject({ onBudgetExpiry: 'abort', budgetExceeded: true, budgetRemainingSeconds: -50, verdict: 'at-risk', reason: 'budget-exceeded', converging: null });
      // v1.4: allowWorkloadDisruption does not exist yet, so it cannot save it.
      expect(budgetAction('PreCopy', { allowWorkloadDisruption: true }, V('v1.4.0'))).toBe('abort');
      // ≤v1.3 default 800 s/GB: 4000 s.
      expect(forecast(input(healthy, 800, { version: V('v1.2.2'), config: { completionTimeoutPerGiB: 800, progressTimeout: 150 } }))).toMatchObject({ budgetSeconds: 4000, budgetExceeded: false });
      // Without any sample: the budget alone still says so.
      expect(forecast(input([], 800))).toMatchObject({ verdict: 'at-risk', reason: 'budget-exceeded', recommendation: null });
    });
  });

  it('post-copy: always finishes; ETA at the transfer rate', () => {
    const s = series(0, 8, 4, () => ({ dataRemaining: 1e9, memoryDirtyRate: 200e6, memoryTransferRate: 100e6 }));
    expect(forecast(input(s, 10, { mode: 'PostCopy' }))).toMatchObject({ verdict: 'converging', reason: 'post-copy', converging: true, etaSeconds: 10, onBudgetExpiry: 'none' });
  });

  it('a block migration: libvirt DataTotal (memory + disks) sizes the budget when larger than the guest memory', () => {
    const s = series(0, 8, 4, () => ({ dataRemaining: 5e9, dataTotal: 12.5e9 }));
    expect(forecast(input(s, 10, { sizeIsLowerBound: true }))).toMatchObject({ sizeGB: 13, budgetSeconds: 1950, budgetLowerBound: true });
  });

  it('a volume migration whose disks KubeVirt does not count (before v1.8): DataTotal sizes nothing', () => {
    const s = series(0, 8, 4, () => ({ dataRemaining: 5e9, dataTotal: 12.5e9 }));
    // The guest memory alone: ceil(4 GiB / 10^9) = 5 GB.
    expect(forecast(input(s, 10, { sizeIsLowerBound: true, dataTotalBudgeted: false }))).toMatchObject({ sizeGB: 5, budgetSeconds: 750, budgetLowerBound: true });
  });

  it('no sample and no budget: unknown, never a throw', () => {
    expect(forecast({ samples: [], now: 0, mode: 'PreCopy', config: {} })).toMatchObject({ verdict: 'unknown', converging: null, percent: null, etaSeconds: null });
  });

  it('a finished migration: the record only', () => {
    const s = series(0, 8, 4, () => ({ dataRemaining: 0, dataTotal: 4e9 }));
    expect(forecast(input(s, 40, { finished: true }))).toMatchObject({ verdict: 'finished', converging: null, percent: 100, elapsedSeconds: 40 });
  });
});

describe('helpers', () => {
  it('leastSquaresSlope', () => {
    expect(leastSquaresSlope([{ x: 0, y: 10 }, { x: 1, y: 8 }, { x: 2, y: 6 }])).toBe(-2);
    expect(leastSquaresSlope([{ x: 0, y: 1 }, { x: 2, y: 1 }, { x: 4, y: 4 }])).toBe(0.75);
    expect(leastSquaresSlope([{ x: 1, y: 1 }, { x: 1, y: 2 }])).toBeUndefined();
  });

  it('percentDone: (total − remaining) / total; processed / total without remaining; the size without total', () => {
    expect(percentDone({ time: '', dataRemaining: 1e9, dataTotal: 4e9 })).toBe(75);
    expect(percentDone({ time: '', dataProcessed: 1e9, dataTotal: 4e9 })).toBe(25);
    expect(percentDone({ time: '', dataRemaining: 1e9 }, 2e9)).toBe(50);
    expect(percentDone({ time: '', dataRemaining: 5e9, dataTotal: 4e9 })).toBe(0);
    expect(percentDone({ time: '', dataRemaining: 1e9 })).toBeNull();
  });

  it('recommend: nothing left to suggest → null', () => {
    expect(recommend({ dirtyRate: 1, transferRate: 1, reason: 'dirty-rate' }, { allowAutoConverge: true, allowPostCopy: true, network: 'migration-net' }, V('v1.9.0'))).toBeNull();
  });

  it('recommendations: only what is not in force, each once; a bandwidth cap first when the copy runs at it, last when set, never when unlimited', () => {
    const dirty = { dirtyRate: 120e6, transferRate: 100e6, reason: 'dirty-rate' as const };
    expect(recommendations(dirty, { allowAutoConverge: true }, V('v1.9.0'))).toEqual(['post-copy', 'workload-disruption', 'migration-network']);
    expect(recommendations(dirty, { bandwidthPerMigration: '0Mi' }, V('v1.9.0'))).toEqual(['auto-converge', 'post-copy', 'workload-disruption', 'migration-network']);
    expect(recommendations(dirty, { bandwidthPerMigration: '100M' }, V('v1.9.0'))).toEqual(['bandwidth', 'auto-converge', 'post-copy', 'workload-disruption', 'migration-network']);
    expect(recommendations(dirty, { bandwidthPerMigration: '1Gi', network: 'migration-net' }, V('v1.4.0'))).toEqual(['auto-converge', 'post-copy', 'bandwidth']);
  });

  it('sparkline: scaled to the largest value, bucketed to the width', () => {
    expect(sparkline([8, 4, 0])).toBe('█▅▁');
    expect(sparkline([0, 0])).toBe('▁▁');
    expect(sparkline(Array.from({ length: 100 }, (_, i) => 100 - i), 10)).toHaveLength(10);
    expect(sparkline([])).toBe('');
  });
});

describe('logSamples: the launcher line of each era as a sample (bytes, bytes/s)', () => {
  it.each<Era>(['v0.59', 'v1.2', 'v1.9'])('%s', (era) => {
    const log = launcherLog(progressLines(era, [{ t: 4, remainingMiB: 1000, totalMiB: 4000, bandwidthMbps: 800, dirtyMbps: 80, iteration: 2 }]));
    const [s] = logSamples(parseLauncherLogLines(log), MIGRATION_UID, { version: V(era === 'v0.59' ? 'v0.59.0' : era === 'v1.2' ? 'v1.2.2' : 'v1.9.0') });
    expect(s!.sample).toEqual({
      time: '2025-12-31T09:40:24.402578Z',
      dataProcessed: (4000 - 1000 + 2 * 200) * 2 ** 20,
      dataRemaining: 1000 * 2 ** 20,
      dataTotal: 4000 * 2 ** 20,
      memoryDirtyRate: 10e6,
      memoryTransferRate: 100e6,
      iteration: 2,
    });
    expect(s!.line.msg).toMatch(/^Migration info for /);
  });

  it('another migration UID is skipped; a line without a timestamp is dated by TimeElapsed', () => {
    const line = (uid: string) => `Migration info for ${uid}: TimeElapsed:8000ms DataProcessed:1MiB DataRemaining:2MiB DataTotal:3MiB MemoryBandwidth:8Mbps DirtyRate:0Mbps Iteration:1`;
    const lines = parseLauncherLogLines([line('other'), line(MIGRATION_UID)].join('\n'));
    const out = logSamples(lines, MIGRATION_UID, { startedAt: T.started });
    expect(out.map((s) => s.sample)).toEqual([{ time: '2025-12-31T09:40:28Z', dataProcessed: 2 ** 20, dataRemaining: 2 * 2 ** 20, dataTotal: 3 * 2 ** 20, memoryTransferRate: 1e6, memoryDirtyRate: 0, iteration: 1 }]);
    expect(logSamples(lines, undefined)).toEqual([]);
  });
});
