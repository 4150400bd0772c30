// abort's decision (which migration, refusals, warnings) and outcome after --wait, on
// KubeVirt-shaped objects (stages as in src/analyze/abort/decide.ts). Ids and args; the document
// shape per contract §4.3.
import { describe, expect, it } from 'vitest';
import { abortStage, decideAbort } from '../../../src/analyze/abort/decide.js';
import { abortOutcome, abortRefusal, migrationChanged } from '../../../src/analyze/abort/outcome.js';
import type { AbortPlan } from '../../../src/analyze/abort/decide.js';
import type { AbortReport } from '../../../src/render/abort-doc-types.js';
import { abortDocument } from '../../../src/render/abort-document.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { vmim } from '../../fixtures/objects/migrations.js';
import type { MigrationState, VirtualMachineInstance } from '../../../src/kube/types.js';

function vmiWith(state?: MigrationState, evacuationNodeName?: string): VirtualMachineInstance {
  const v = vmi('vm1');
  if (state) v.status!.migrationState = state;
  if (evacuationNodeName) v.status!.evacuationNodeName = evacuationNodeName;
  return v;
}

/** The report run.ts builds: the refusal as analyze/abort/outcome.ts decides it. */
function reportOf(plan: AbortPlan, r: Partial<AbortReport> = {}): AbortReport {
  const refusal = abortRefusal(plan, r.changed);
  return { namespace: 'default', plan, dryRun: false, action: 'none', ...r, ...(refusal ? { refusal } : {}) };
}

const done = vmim('Succeeded', { name: 'vm1-old', uid: 'u-old', created: '2025-11-20T09:00:00Z', migrationState: { migrationUid: 'u-old', endTimestamp: '2025-11-20T09:01:00Z', completed: true } });

describe('decideAbort', () => {
  it('picks the newest unfinished migration of the VMI and leaves the others named', () => {
    const older = vmim('Running', { name: 'vm1-a', uid: 'u-a', created: '2025-11-20T10:00:00Z' });
    const newer = vmim('Pending', { name: 'vm1-b', uid: 'u-b', created: '2025-11-20T10:01:00Z' });
    const other = vmim('Running', { name: 'vm2-a', uid: 'u-x', vmi: 'vm2' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [older, done, other, newer], force: false });
    expect(plan.migration?.metadata.name).toBe('vm1-b');
    expect(plan.stage).toBe('before-handoff');
    expect(plan.otherInFlight.map((m) => m.metadata.name)).toEqual(['vm1-a']);
    expect(plan.refused).toBeUndefined();
  });

  it('NAME = a VMIM: exactly that one', () => {
    const a = vmim('Running', { name: 'vm1-a', uid: 'u-a', created: '2025-11-20T10:00:00Z' });
    const b = vmim('Pending', { name: 'vm1-b', uid: 'u-b', created: '2025-11-20T10:01:00Z' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), named: a, migrations: [a, b], force: false });
    expect(plan.migration?.metadata.uid).toBe('u-a');
    expect(plan.stage).toBe('running');
  });

  it('nothing in flight: no-migration with the last migration', () => {
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [done], force: false });
    expect(plan.refused).toEqual({ cause: 'no-migration', args: { kind: 'finished', vmi: 'vm1', namespace: 'default', migration: 'vm1-old', phase: 'Succeeded' } });
    expect(plan.last?.metadata.name).toBe('vm1-old');
    const never = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [], force: false });
    expect(never.refused?.args.kind).toBe('never');
  });

  it('a stopped VM (no VMI): its migrations are found by the VM name', () => {
    const plan = decideAbort({ namespace: 'default', vmName: 'vm1', migrations: [done], force: false });
    expect(plan.vmiName).toBe('vm1');
    expect(plan.last?.metadata.name).toBe('vm1-old');
  });

  it('a named VMIM that is already final is nothing to abort', () => {
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), named: done, migrations: [done], force: false });
    expect(plan.refused?.cause).toBe('no-migration');
    expect(plan.last?.metadata.uid).toBe('u-old');
  });

  it('post-copy: refused, unless --force', () => {
    const m = vmim('Running', { name: 'vm1-pc', uid: 'u-pc' });
    const v = vmiWith({ migrationUid: 'u-pc', mode: 'PostCopy', targetNode: 'node-b', sourceNode: 'node-a' });
    const plan = decideAbort({ namespace: 'default', vmi: v, migrations: [m], force: false });
    expect(plan.mode).toBe('PostCopy');
    expect(plan.refused).toMatchObject({ cause: 'post-copy', args: { migration: 'vm1-pc', targetNode: 'node-b' } });
    const forced = decideAbort({ namespace: 'default', vmi: v, migrations: [m], force: true });
    expect(forced.refused).toBeUndefined();
    expect(forced.forcedPostCopy).toBe(true);
  });

  it('the VMI state of ANOTHER migration is not this one\'s mode', () => {
    const m = vmim('Running', { name: 'vm1-pc', uid: 'u-pc' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith({ migrationUid: 'u-previous', mode: 'PostCopy' }), migrations: [m], force: false });
    expect(plan.mode).toBeUndefined();
    expect(plan.refused).toBeUndefined();
  });

  it('evacuation: the origin is kept; a pending deletion is noted (re-creation: recreation.test.ts)', () => {
    const m = vmim('Scheduling', { name: 'kubevirt-evacuation-abc', uid: 'u-e', deletionTimestamp: '2025-11-20T10:02:00Z', annotations: { 'kubevirt.io/evacuationMigration': 'node-a' } });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(undefined, 'node-a'), migrations: [m], force: false });
    expect(plan.origin).toBe('evacuation');
    expect(plan.deletionRequested).toBe('2025-11-20T10:02:00Z');
  });

  it.each([
    ['', 'before-handoff'],
    ['Pending', 'before-handoff'],
    ['Scheduling', 'before-handoff'],
    ['Scheduled', 'before-handoff'],
    ['PreparingTarget', 'handed-off'],
    ['TargetReady', 'handed-off'],
    ['Running', 'running'],
    ['WaitingForSync', 'before-handoff'],
    ['Synchronizing', 'before-handoff'],
  ])('stage of %j is %s', (phase, stage) => {
    expect(abortStage(phase)).toBe(stage);
  });

  it('a phase KubeVirt does not name: cancelled all the same, with no stage (it was called handed-off)', () => {
    const m = vmim('Quiescing', { name: 'vm1-new', uid: 'u-new' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [m], force: false });
    expect(plan.migration?.metadata.uid).toBe('u-new');
    expect(plan.refused).toBeUndefined();
    expect(plan.stage).toBeUndefined();
    const doc = abortDocument(reportOf(plan, { dryRun: false, action: 'deleted' }));
    expect(doc).not.toHaveProperty('stage');
    expect(doc.migration).toEqual({ name: 'vm1-new', uid: 'u-new', phaseBefore: 'Quiescing', origin: 'user' });
  });
});

describe('abortOutcome', () => {
  const m = (phase: string, state?: MigrationState) => vmim(phase, { name: 'vm1-x', uid: 'u-x', ...(state ? { migrationState: state } : {}) });

  it('before hand-off: Failed, no abortStatus → aborted', () => {
    expect(abortOutcome(m('Failed'), false, vmiWith())).toEqual({ kind: 'aborted', phase: 'Failed', gone: false });
  });
  it('running: abortStatus Succeeded on the VMI → aborted with the reason', () => {
    const v = vmiWith({ migrationUid: 'u-x', abortStatus: 'Succeeded', failed: true, failureReason: 'Live migration aborted ' });
    expect(abortOutcome(m('Failed'), true, v)).toEqual({ kind: 'aborted', phase: 'Failed', gone: true, abortStatus: 'Succeeded', failureReason: 'Live migration aborted ' });
  });
  it('it Succeeded anyway → completed', () => {
    expect(abortOutcome(m('Succeeded'), false, vmiWith()).kind).toBe('completed');
  });
  it('libvirt refused (post-copy) → abort-failed', () => {
    expect(abortOutcome(m('Running'), false, vmiWith({ migrationUid: 'u-x', abortStatus: 'Failed', mode: 'PostCopy' })).kind).toBe('abort-failed');
  });
  it('vanished without a final phase and no state → aborted (pre-hand-off cancel removes it)', () => {
    expect(abortOutcome(m('Pending'), true, vmiWith()).kind).toBe('aborted');
  });
  it('still running when the wait ended → pending', () => {
    expect(abortOutcome(m('Running', { migrationUid: 'u-x', abortStatus: 'Aborting' }), false, undefined)).toMatchObject({ kind: 'pending', abortStatus: 'Aborting' });
  });
});

describe('MigrationAbort document', () => {
  it('has the contract fields: migration {name, uid, phaseBefore}, mode, abortStatus, dryRun', () => {
    const mig = vmim('Running', { name: 'vm1-r', uid: 'u-r' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith({ migrationUid: 'u-r', mode: 'PreCopy', abortStatus: 'Aborting' }), migrations: [mig], force: false });
    const doc = abortDocument(reportOf(plan, { dryRun: true, action: 'dry-run' }));
    expect(doc).toMatchObject({
      apiVersion: 'vmigrate/v1',
      kind: 'MigrationAbort',
      migration: { name: 'vm1-r', uid: 'u-r', phaseBefore: 'Running' },
      mode: 'PreCopy',
      abortStatus: 'Aborting',
      dryRun: true,
      action: 'dry-run',
      stage: 'running',
    });
    expect(doc.refused).toBeUndefined();
  });

  it('nothing to abort: migration null, refused no-migration, lastMigration with its result', () => {
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [done], force: false });
    const doc = abortDocument(reportOf(plan, { dryRun: false, action: 'none' }));
    expect(doc.migration).toBeNull();
    expect(doc.mode).toBeNull();
    expect(doc.refused?.cause).toBe('no-migration');
    expect(doc.refused?.summary).toMatch(/^Nothing to abort/);
    expect(doc.lastMigration).toEqual({ name: 'vm1-old', uid: 'u-old', phase: 'Succeeded', endTime: '2025-11-20T09:01:00Z' });
  });

  it('a malformed endTimestamp is left out of lastMigration (found by test/property: not RFC 3339)', () => {
    const odd = vmim('Failed', { name: 'vm1-old', uid: 'u-old', migrationState: { migrationUid: 'u-old', endTimestamp: 'yesterday', failed: true } });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [odd], force: false });
    expect(abortDocument(reportOf(plan, { dryRun: false, action: 'none' })).lastMigration).toEqual({ name: 'vm1-old', uid: 'u-old', phase: 'Failed' });
  });

  it('the refusal names the end time lastMigration names: not a malformed one, not another migration\'s', () => {
    const odd = vmim('Failed', { name: 'vm1-old', uid: 'u-old', migrationState: { migrationUid: 'u-old', endTimestamp: 'yesterday', failed: true } });
    // KubeVirt ≤ v1.5 copied the VMI's state into a final VMIM even when it was a later migration's.
    const foreign = vmim('Succeeded', { name: 'vm1-old', uid: 'u-old', migrationState: { migrationUid: 'u-later', endTimestamp: '2025-11-20T11:00:00Z', completed: true } });
    for (const m of [odd, foreign]) {
      const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [m], force: false });
      const doc = abortDocument(reportOf(plan, { dryRun: false, action: 'none' }));
      expect(doc.lastMigration?.endTime).toBeUndefined();
      expect(doc.refused?.summary).not.toMatch(/ at /);
    }
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [done], force: false });
    expect(abortDocument(reportOf(plan, { dryRun: false, action: 'none' })).refused?.summary).toContain('ended Succeeded at 2025-11-20T09:01:00Z');
  });

  it('migrationChanged: the inspected uid still there is no change; another object, or none, is', () => {
    const mig = vmim('Running', { name: 'vm1-r', uid: 'u-r' });
    expect(migrationChanged(mig, vmim('Running', { name: 'vm1-r', uid: 'u-r' }))).toBeUndefined();
    const other = vmim('Pending', { name: 'vm1-r', uid: 'u-new' });
    expect(migrationChanged(mig, other)).toEqual({ now: other });
    expect(migrationChanged(mig, undefined)).toEqual({});
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [mig], force: false });
    expect(abortRefusal(plan, {})).toBe('migration-changed');
    expect(abortRefusal(plan, undefined)).toBeUndefined();
  });

  it('a replaced migration: refused migration-changed and what is there now', () => {
    const mig = vmim('Pending', { name: 'vm1-r', uid: 'u-r' });
    const plan = decideAbort({ namespace: 'default', vmi: vmiWith(), migrations: [mig], force: false });
    const now = vmim('Pending', { name: 'vm1-r', uid: 'u-new' });
    const doc = abortDocument(reportOf(plan, { changed: migrationChanged(mig, now)! }));
    expect(doc.refused?.cause).toBe('migration-changed');
    expect(doc.now).toEqual({ name: 'vm1-r', uid: 'u-new', phase: 'Pending' });
  });
});
