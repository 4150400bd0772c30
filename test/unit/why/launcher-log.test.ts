import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/analyze/why/parse/failure-reason.js';
import { classifyLauncherLogLine, refineAmbiguousAbort } from '../../../src/analyze/why/parse/launcher-log.js';

// Launcher `msg` texts from pkg/virt-launcher/virtwrap/live-migration-source.go.
describe('classifyLauncherLogLine', () => {
  const cases: { msg: string; reason?: string; want: Record<string, unknown> }[] = [
    { msg: 'Initiating live migration.', want: { kind: 'migration-started' } },
    { msg: 'Live migration succeeded.', want: { kind: 'migration-succeeded' } },
    { msg: 'Live migration abort succeeded', want: { kind: 'abort-succeeded' } },
    { msg: 'migration abort timed out waiting for libvirt', want: { kind: 'abort-timed-out' } },
    // ≤v1.8
    { msg: 'Live migration stuck for 150 seconds', want: { kind: 'stuck', seconds: 150 } },
    {
      msg: 'Live migration abort detected with reason: Live migration stuck for 150 seconds and has been aborted',
      want: { kind: 'abort-detected', failure: { cause: 'progress-timeout', args: { seconds: 150 } } },
    },
    {
      msg: 'Live migration abort detected with reason: Live migration is not completed after 800 seconds and has been aborted',
      want: { kind: 'abort-detected', failure: { cause: 'completion-timeout', args: { seconds: 800 } } },
    },
    { msg: 'Starting post copy mode for migration', want: { kind: 'post-copy-started' } },
    { msg: 'Pausing the guest to allow migration to complete', want: { kind: 'guest-paused' } },
    { msg: 'Signaled pause for testvm', want: { kind: 'guest-paused', vmi: 'testvm' } },
    // v1.9+
    { msg: 'live migration stuck for 150 seconds', want: { kind: 'stuck', seconds: 150 } },
    { msg: 'Aborting migration: stuck for 150 seconds', want: { kind: 'abort-progress-timeout', seconds: 150 } },
    { msg: 'Aborting migration: not completed after 600 seconds', want: { kind: 'abort-completion-timeout', seconds: 600 } },
    { msg: 'Set max downtime to 2s for testvm', want: { kind: 'switchover-forced', maxDowntimeMs: 2000 } },
    {
      msg: 'aborting migration due to completion timeout: elapsedSec=1300 acceptableCompletionSec=1200',
      want: { kind: 'abort-completion-timeout', seconds: 1300, budgetSeconds: 1200 },
    },
    { msg: 'completion timeout reached: starting post-copy mode to force convergence', want: { kind: 'post-copy-started' } },
    // failure with the error in the JSON `reason` field (kubevirt/kubevirt#3920, no final period)
    {
      msg: 'Live migration failed',
      reason: "virError(Code=84, Domain=10, Message='Operation not supported: Cannot migrate empty or read-only disk sda')",
      want: { kind: 'migration-failed', failure: { cause: 'storage-error', args: { kind: 'read-only-disk' } } },
    },
    { msg: 'Live migration failed.', want: { kind: 'migration-failed' } },
  ];
  it.each(cases)('$msg', ({ msg, reason, want }) => {
    expect(classifyLauncherLogLine(msg, reason)).toMatchObject(want);
  });

  it('ignores unrelated lines', () => {
    expect(classifyLauncherLogLine('Domain name event: default_focal3')).toBeUndefined();
  });
});

describe('refineAmbiguousAbort (v1.9 "Live migration has been aborted")', () => {
  const aborted = classifyFailure('Live migration has been aborted')!;

  it('progress timeout from the launcher log', () => {
    const lines = ['Initiating live migration.', 'live migration stuck for 150 seconds', 'Aborting migration: stuck for 150 seconds']
      .map((m) => classifyLauncherLogLine(m))
      .filter((e) => e !== undefined);
    expect(refineAmbiguousAbort(aborted, lines)).toMatchObject({ cause: 'progress-timeout', args: { seconds: 150 } });
  });

  it('completion timeout from the launcher log', () => {
    const lines = [classifyLauncherLogLine('Aborting migration: not completed after 600 seconds')!];
    expect(refineAmbiguousAbort(aborted, lines)).toMatchObject({ cause: 'completion-timeout', args: { seconds: 600 } });
  });

  it('stays an ambiguous abort without timeout lines', () => {
    const lines = [classifyLauncherLogLine('Initiating live migration.')!];
    expect(refineAmbiguousAbort(aborted, lines)).toEqual(aborted);
  });

  it('does not touch unambiguous failures', () => {
    const old = classifyFailure('Live migration aborted ')!;
    expect(refineAmbiguousAbort(old, [classifyLauncherLogLine('Aborting migration: stuck for 150 seconds')!])).toEqual(old);
  });
});
