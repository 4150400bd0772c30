import { describe, expect, it } from 'vitest';
import { CAUSES, CAUSE_IDS, CHECK_STATUSES, VERDICT_STATUSES, isCauseId, type CauseId, type CheckCause, type VerdictStatus } from '../../../src/analyze/why/cause.js';
import type { CheckResult } from '../../../src/analyze/why/check.js';
import type { WhyContext } from '../../../src/analyze/why/context.js';
import { chooseVerdict } from '../../../src/analyze/why/diagnose.js';
import { goFormatRegExp, matchGoFormat } from '../../../src/analyze/why/parse/go-format.js';

describe('cause ids (cli-contract §4.1)', () => {
  it('the contract table, in order, without duplicates', () => {
    // The contract's 29, the 6 cross-cluster and the 3 volume-migration additions (docs/documents.md).
    expect(CAUSE_IDS).toHaveLength(38);
    expect(new Set(CAUSE_IDS).size).toBe(CAUSE_IDS.length);
    expect(CAUSE_IDS[0]).toBe('none');
    expect(CAUSE_IDS.at(-1)).toBe('unknown');
    expect(isCauseId('target-unschedulable-cpu')).toBe(true);
    expect(isCauseId('cpu')).toBe(false);
  });
  it('isCauseId knows only the table', () => {
    expect(CAUSE_IDS.every(isCauseId)).toBe(true);
    expect(isCauseId('toString')).toBe(false);
  });
  it('statuses', () => {
    expect(VERDICT_STATUSES).toEqual(['succeeded', 'progressing', 'blocked', 'failed', 'at-risk', 'idle', 'unknown']);
    expect(CHECK_STATUSES).toEqual(['pass', 'fail', 'warn', 'info', 'skip', 'unknown']);
  });
});

/**
 * The verdict status of every cause (contract §4.1.1), written out here rather than read from
 * CAUSES: a cause that blocks is `blocked`, one where KubeVirt gave up is `failed`. For the causes
 * only the verdict names, the status it gives them itself.
 */
const STATUS_OF: Record<CauseId, VerdictStatus> = {
  none: 'progressing',
  'no-migration': 'idle',
  'vmi-not-running': 'blocked',
  'not-live-migratable': 'blocked',
  'migration-conflict': 'blocked',
  'concurrency-limit': 'blocked',
  'quota-exceeded': 'blocked',
  'pod-security': 'blocked',
  'stale-active-pods': 'blocked',
  'migration-backoff': 'blocked',
  'target-unschedulable-cpu': 'blocked',
  'target-unschedulable-node-selector': 'blocked',
  'target-unschedulable-resources': 'blocked',
  'target-unschedulable-taints': 'blocked',
  'target-unschedulable-anti-affinity': 'blocked',
  'target-unschedulable-storage': 'blocked',
  'target-pod-timeout': 'blocked',
  'target-pod-not-ready': 'blocked',
  'target-pod-lost': 'blocked',
  'not-converging': 'failed',
  'progress-timeout': 'failed',
  'completion-timeout': 'failed',
  aborted: 'failed',
  'cpu-incompatible': 'failed',
  'post-copy-failed': 'failed',
  'storage-error': 'failed',
  'network-error': 'failed',
  'libvirt-error': 'failed',
  'peer-migration-missing': 'blocked',
  'peer-migration-mismatch': 'blocked',
  'sync-unreachable': 'blocked',
  'sync-tls-error': 'blocked',
  'decentralized-gate-off': 'blocked',
  // A warning: deleting one half would not cancel the other.
  'peer-version-skew': 'failed',
  'volume-update-refused': 'blocked',
  'volume-migration-not-started': 'blocked',
  'volume-manual-recovery': 'blocked',
  unknown: 'unknown',
};

/** Only what chooseVerdict reads: whether there is a migration, and its phase. */
function ctxIn(phase: string | undefined): WhyContext {
  return (phase === undefined ? {} : { migration: { metadata: { name: 'm' }, status: { phase } } }) as unknown as WhyContext;
}

function failing(cause: CheckCause, status: 'fail' | 'warn' = 'fail'): CheckResult[] {
  return [
    { id: 'migration-phase', status: 'info', args: { kind: 'none', vmi: 'vm1' }, evidence: [] },
    { id: 'handoff', status, cause, args: { kind: 'no-migration' }, evidence: [] },
  ];
}

const checkCauses = CAUSE_IDS.filter((c): c is CheckCause => CAUSES[c].namedBy !== 'verdict');

describe('cause → verdict status', () => {
  it.each(checkCauses)('%s named by a failing check of a Running migration', (cause) => {
    expect(chooseVerdict(ctxIn('Running'), failing(cause))).toMatchObject({ status: STATUS_OF[cause], cause, check: 'handoff' });
  });
  it.each(checkCauses)('%s named by a warning is at-risk (unknown stays unknown)', (cause) => {
    expect(chooseVerdict(ctxIn('Running'), failing(cause, 'warn')).status).toBe(cause === 'unknown' ? 'unknown' : 'at-risk');
  });
  it.each(checkCauses)('%s of a Failed migration is failed', (cause) => {
    expect(chooseVerdict(ctxIn('Failed'), failing(cause)).status).toBe('failed');
  });
  it('the causes the verdict names itself', () => {
    expect(chooseVerdict(ctxIn(undefined), [])).toMatchObject({ status: STATUS_OF['no-migration'], cause: 'no-migration' });
    expect(chooseVerdict(ctxIn('Running'), [])).toMatchObject({ status: STATUS_OF.none, cause: 'none' });
    expect(chooseVerdict(ctxIn('Succeeded'), [])).toMatchObject({ status: 'succeeded', cause: 'none' });
    expect(chooseVerdict(ctxIn('Failed'), [])).toMatchObject({ status: 'failed', cause: 'unknown', args: { kind: 'failed-unexplained' } });
    expect(chooseVerdict(ctxIn('Teleporting'), [])).toMatchObject({ status: STATUS_OF.unknown, cause: 'unknown', args: { kind: 'unknown-phase', phase: 'Teleporting' } });
  });
  it.each(['Running', 'Scheduling', 'Succeeded'])('a volume-migration gap holds back the all-clear of a %s migration', (phase) => {
    const gap: CheckResult = { id: 'volume-migration', status: 'unknown', args: { kind: 'not-volume' }, evidence: [] } as unknown as CheckResult;
    expect(chooseVerdict(ctxIn(phase), [gap])).toMatchObject({ status: 'unknown', cause: 'unknown', args: { kind: 'undecided', unknown: ['volume-migration'] } });
  });
  it('every cause is pinned here, and only the table names verdict-only causes', () => {
    expect(Object.keys(STATUS_OF)).toEqual([...CAUSE_IDS]);
    expect(CAUSE_IDS.filter((c) => CAUSES[c].namedBy === 'verdict')).toEqual(['none', 'no-migration']);
  });
});

describe('goFormatRegExp', () => {
  it('escapes literals and captures verbs', () => {
    expect(matchGoFormat('Migration target pod for VMI [%s/%s] is currently unschedulable.', 'Migration target pod for VMI [a/b] is currently unschedulable.')).toEqual(['a', 'b']);
    expect(matchGoFormat('Set max downtime to %ds for %s', 'Set max downtime to 2s for vm')).toEqual(['2', 'vm']);
    expect(matchGoFormat('stuck for %d seconds', 'stuck for x seconds')).toBeUndefined();
  });
  it('modes', () => {
    expect(goFormatRegExp('pending pod %s/%s timeout', 'exact').test('pending pod a/b timeout%!(EXTRA)')).toBe(false);
    expect(goFormatRegExp('pending pod %s/%s timeout', 'prefix').test('pending pod a/b timeout%!(EXTRA)')).toBe(true);
    expect(matchGoFormat('failed %v', 'x: failed boom', 'contains')).toEqual(['boom']);
  });
});
