// transfer: an in-flight migration's mode, budget and convergence, from the VMI's migrationState
// and the source launcher's progress lines in each era's format
// (pkg/virt-launcher/virtwrap/live-migration-source.go).
import { describe, expect, it } from 'vitest';
import {
  type Era,
  MIGRATION_NAME,
  type ProgressPoint,
  RUN_NOW,
  SOURCE_POD,
  T,
  VMI_NAME,
  at,
  failedMigration,
  runningMigration,
  type RunningScenario,
  configEcho,
  migrationState,
  migratingVmi,
  vmim,
  kubevirtFor,
  launcherPod,
  cluster,
  runningEvents,
  SOURCE_NODE,
  TARGET_NODE,
  TARGET_POD,
  migrationEvent,
  vmiEvent,
} from '../../../fixtures/objects/failed-migrations.js';
import { NAMESPACE } from '../../../fixtures/objects/vms.js';
import { checkHint, checkSummary } from '../../../../src/render/why-text/index.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const ERAS: Era[] = ['v0.59', 'v1.2', 'v1.9'];

async function run(s: RunningScenario, now = RUN_NOW, forbidden: ('log' | 'migrationpolicy' | 'namespace')[] = []) {
  const b = runningMigration(s);
  const d = await whyScenario(b.objects, { name: VMI_NAME, now, logs: b.logs, forbidden });
  return { d, check: checkOf(d, 'transfer') };
}

/** Every 4 s, like the launcher's monitor. */
function series(n: number, f: (i: number) => Omit<ProgressPoint, 't' | 'iteration'>): ProgressPoint[] {
  return Array.from({ length: n }, (_, i) => ({ t: 4 * (i + 1), iteration: i + 1, ...f(i) }));
}

// harvester/harvester#6002, kubevirt/kubevirt#3504: the guest writes faster than the link sends.
const dirtyFaster = series(25, (i) => ({ remainingMiB: 1300 + (i % 3) * 40, bandwidthMbps: 900, dirtyMbps: 1150 }));
const healthy = series(10, (i) => ({ remainingMiB: 4000 - i * 380, bandwidthMbps: 900, dirtyMbps: 120 }));

describe('not-converging: dirty rate ≥ transfer rate', () => {
  it.each(ERAS)('%s', async (era) => {
    const { d, check } = await run({ era, progress: dirtyFaster });
    expect(d.verdict).toMatchObject({ status: 'at-risk', cause: 'not-converging', check: 'transfer' });
    expect(check).toMatchObject({ status: 'warn', cause: 'not-converging', args: { kind: 'dirty-rate', window: 3, mode: 'PreCopy' } });
    // 1150 Mbps = 143.75 MB/s dirtied vs 900 Mbps = 112.5 MB/s sent, whatever the era's units.
    expect(argsOf(check, 'dirty-rate').dirtyRate).toBeCloseTo(143_750_000, -3);
    expect(argsOf(check, 'dirty-rate').transferRate).toBeCloseTo(112_500_000, -3);
    expect(check.evidence).toContainEqual(expect.objectContaining({ kind: 'Pod', name: SOURCE_POD, field: 'log.msg' }));
    expect(check.evidence.at(-1)?.message).toMatch(/^Migration info for /);
  });
});

/** The deepest nesting of parentheses in `text`. */
function parenDepth(text: string): number {
  let depth = 0;
  let max = 0;
  for (const ch of text) {
    if (ch === '(') max = Math.max(max, ++depth);
    else if (ch === ')') depth = Math.max(0, depth - 1);
  }
  return max;
}

describe('rates in prose: never a pair of parentheses inside another', () => {
  it.each([
    ['dirty-rate', dirtyFaster],
    ['progressing', healthy],
  ] as const)('%s', async (_kind, progress) => {
    const { check } = await run({ era: 'v1.9', progress, config: { completionTimeoutPerGiB: 150 } });
    expect(checkSummary(check)).toMatch(/Mbps/);
    expect(parenDepth(checkSummary(check))).toBeLessThanOrEqual(1);
    expect(parenDepth(checkHint(check) ?? '')).toBeLessThanOrEqual(1);
  });
});

describe('not-converging: the fix names only what is not in force, each once', () => {
  it('defaults (v1.9): auto-converge first, then post-copy, workload disruption, a migration network; no bandwidth cap to raise', async () => {
    const { check } = await run({ era: 'v1.9', progress: dirtyFaster });
    expect(argsOf(check, 'dirty-rate')).toMatchObject({
      recommendation: 'auto-converge',
      recommendations: ['auto-converge', 'post-copy', 'workload-disruption', 'migration-network'],
    });
  });

  it('auto-converge already on (a MigrationPolicy or the CR): never suggested again', async () => {
    const { check } = await run({ era: 'v1.9', progress: dirtyFaster, config: { allowAutoConverge: true }, kubevirtMigrations: { allowAutoConverge: true } });
    const a = argsOf(check, 'dirty-rate');
    expect(a.recommendation).toBe('post-copy');
    expect(a.recommendations).not.toContain('auto-converge');
    expect(checkHint(check)?.match(/allowAutoConverge/g) ?? []).toHaveLength(0);
  });

  it('the hint names auto-converge once when it is the recommendation', async () => {
    const { check } = await run({ era: 'v1.9', progress: dirtyFaster });
    expect(checkHint(check)?.match(/allowAutoConverge/g)).toHaveLength(1);
  });
});

describe('not-converging: DataRemaining makes no new minimum for > progressTimeout/2', () => {
  it.each(ERAS)('%s', async (era) => {
    // down to 900 MiB at 40 s, then hovering above it until 120 s: 80 s > 75 s.
    const points = series(30, (i) => ({ remainingMiB: i < 10 ? 4000 - i * 344 : 950 + (i % 2) * 30, bandwidthMbps: 900, dirtyMbps: 850 }));
    const { d, check } = await run({ era, progress: points });
    expect(d.verdict.cause).toBe('not-converging');
    expect(check).toMatchObject({ status: 'warn', args: { kind: 'stalled', stalledSeconds: 80, progressTimeout: 150 } });
  });
});

describe('not-converging: past the completion budget with no post-copy or disruption', () => {
  it.each(ERAS)('%s', async (era) => {
    // 4Gi guest → 5 GB; 150 s/GB (v1.9) or 800 s/GB (≤v1.3) → 750 s or 4000 s.
    const budget = era === 'v1.9' ? 750 : 4000;
    const { d, check } = await run({ era }, at(T.started, budget + 30), ['log']);
    expect(d.verdict).toMatchObject({ status: 'at-risk', cause: 'not-converging' });
    expect(check).toMatchObject({ status: 'warn', args: { kind: 'budget-exceeded', budgetSeconds: budget, elapsedSeconds: budget + 30, sizeGB: 5 } });
    expect(check.evidence).toContainEqual(expect.objectContaining({ kind: 'VirtualMachineInstance', field: 'status.migrationState.startTimestamp' }));
  });

  it('v1.9 with allowWorkloadDisruption: KubeVirt pauses instead of aborting, and doubles the budget', async () => {
    const b = runningMigration({ era: 'v1.9', mode: 'Paused', pausedByMonitor: true, config: { allowWorkloadDisruption: true }, progress: dirtyFaster });
    const d = await whyScenario(b.objects, { name: VMI_NAME, now: at(T.started, 800), logs: b.logs });
    expect(checkOf(d, 'transfer')).toMatchObject({ status: 'pass', args: { kind: 'progressing', mode: 'Paused', budgetSeconds: 1500 } });
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });
});

describe('must not fire', () => {
  it.each(ERAS)('%s: healthy copy → progressing', async (era) => {
    const { d, check } = await run({ era, progress: healthy });
    expect(check).toMatchObject({ status: 'pass', args: { kind: 'progressing', samples: 10 } });
    expect(argsOf(check, 'progressing').latest).toMatchObject({ dataRemaining: (4000 - 9 * 380) * 1024 * 1024, iteration: 10 });
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });

  it.each(ERAS)('%s: succeeded migration → skip', async (era) => {
    const state = migrationState(era, { phase: 'Succeeded', end: at(T.started, 40) });
    const objects = [
      kubevirtFor(era),
      migratingVmi(state),
      vmim(era, { phase: 'Succeeded', state, end: at(T.started, 41) }),
      launcherPod(SOURCE_POD, SOURCE_NODE, { phase: 'Succeeded' }),
      launcherPod(TARGET_POD, TARGET_NODE, { target: true }),
      ...cluster(),
      ...runningEvents(),
      vmiEvent('Migrated', `The VirtualMachineInstance migrated to node ${TARGET_NODE}.`, at(T.started, 40), 'virt-handler', 'Normal'),
      migrationEvent('SuccessfulMigration', 'Source node reported migration succeeded', at(T.started, 41), 'Normal'),
    ];
    const d = await whyScenario(objects, { name: MIGRATION_NAME, now: T.now });
    expect(checkOf(d, 'transfer')).toMatchObject({ status: 'skip', args: { kind: 'finished' } });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ status: 'pass', args: { kind: 'succeeded' } });
    expect(d.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
  });

  it('post-copy: KubeVirt no longer times it out', async () => {
    const { d, check } = await run({ era: 'v1.9', mode: 'PostCopy', config: { allowPostCopy: true, allowWorkloadDisruption: true }, progress: dirtyFaster }, at(T.started, 900));
    expect(check).toMatchObject({ status: 'pass', args: { kind: 'post-copy' } });
    expect(d.verdict.cause).toBe('none');
  });

  it('an abort in flight (≤v1.8 mirrors abortStatus Aborting) is info, not a cause', async () => {
    const { check } = await run({ era: 'v1.2', abortRequested: true, abortStatus: 'Aborting', progress: dirtyFaster });
    expect(check).toMatchObject({ status: 'info', args: { kind: 'aborting', abortStatus: 'Aborting' } });
  });

  it('TargetReady with startTimestamp counts as copying; without it, not started', async () => {
    expect((await run({ era: 'v1.9', phase: 'TargetReady', progress: healthy })).check).toMatchObject({ status: 'pass', args: { kind: 'progressing' } });
    expect((await run({ era: 'v1.9', phase: 'TargetReady', notStarted: true })).check).toMatchObject({ status: 'skip', args: { kind: 'not-started' } });
  });

  it('progress lines of another migration (an earlier attempt) are ignored', async () => {
    const b = runningMigration({ era: 'v1.2', progress: healthy });
    const other = b.logs[SOURCE_POD]!.replaceAll(/Migration info for [0-9a-f-]+:/g, 'Migration info for 11111111-2222-4333-8444-555555555555:');
    const d = await whyScenario(b.objects, { name: VMI_NAME, now: RUN_NOW, logs: { [SOURCE_POD]: other } });
    expect(checkOf(d, 'transfer')).toMatchObject({ status: 'info', args: { kind: 'no-progress-source' } });
  });
});

describe('no progress source', () => {
  it('log forbidden: info with the reason, verdict still progressing', async () => {
    const { d, check } = await run({ era: 'v1.9', progress: healthy }, RUN_NOW, ['log']);
    expect(check).toMatchObject({ status: 'info', args: { kind: 'no-progress-source' }, missing: expect.stringContaining('forbidden') });
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });

  it('v0.59 at default verbosity logs no progress line: say that verbosity 4 is needed', async () => {
    const { check } = await run({ era: 'v0.59', extraLog: [{ at: T.started, msg: 'Initiating live migration.' }] });
    expect(check).toMatchObject({ status: 'info', args: { kind: 'no-progress-source', needsLogVerbosity: 4 } });
  });

  it('v1.2+ does not ask for verbosity', async () => {
    const { check } = await run({ era: 'v1.2', extraLog: [{ at: T.started, msg: 'Initiating live migration.' }] });
    expect(argsOf(check, 'no-progress-source').needsLogVerbosity).toBeUndefined();
  });
});

it('budget uses the migrationState echo over the cluster config', async () => {
  // The cluster now says 300 s/GB, but the migration was handed off with 150.
  const { check } = await run({ era: 'v1.9', kubevirtMigrations: { completionTimeoutPerGiB: 300 }, progress: healthy });
  expect(check.args).toMatchObject({ budgetSeconds: 750, configOrigin: 'migration-state' });
  expect(configEcho('v1.9').completionTimeoutPerGiB).toBe(150);
});

it('a failed migration is not transfer\'s to explain', async () => {
  const b = failedMigration({ era: 'v1.9', reason: 'Live migration has been aborted' });
  const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs: b.logs });
  expect(checkOf(d, 'transfer').status).toBe('skip');
  expect(NAMESPACE).toBe('default');
});
