// The one rule for "this migration's migrationState" (src/analyze/migration/state.ts), pinned on
// the shapes KubeVirt writes: the VMI's live state names its migration by migrationUid; the VMIM
// holds a `{sourcePod}` stub while Pending (v1.3+) and a copy of the VMI's once final (up to v1.5
// a copy of whatever the VMI held).
import { describe, expect, it } from 'vitest';
import { liveStateOf, recordedStateOf, stateOf } from '../../../src/analyze/migration/state.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { vmim } from '../../fixtures/objects/migrations.js';

const vmiWith = (state: object | undefined) => {
  const v = vmi('vm1');
  if (state) v.status!.migrationState = state;
  return v;
};

describe('stateOf', () => {
  it('the VMI\'s while its migrationUid names the migration, even beside the VMIM\'s copy', () => {
    const m = vmim('Running', { uid: 'm1', migrationState: { migrationUid: 'm1', mode: 'PreCopy' } });
    expect(stateOf(m, vmiWith({ migrationUid: 'm1', mode: 'PostCopy' }))?.mode).toBe('PostCopy');
  });

  it('else the VMIM\'s own copy: the VMI moved on to another migration', () => {
    const m = vmim('Failed', { uid: 'm1', migrationState: { migrationUid: 'm1', failed: true, failureReason: 'Target pod is down' } });
    const v = vmiWith({ migrationUid: 'm2', mode: 'PreCopy' });
    expect(stateOf(m, v)).toEqual({ migrationUid: 'm1', failed: true, failureReason: 'Target pod is down' });
    expect(liveStateOf(m, v)).toBeUndefined();
  });

  it('the Pending stub (v1.3+, no migrationUid) is the migration\'s own', () => {
    const m = vmim('Pending', { uid: 'm1', migrationState: { sourcePod: 'virt-launcher-vm1-abcde' } });
    expect(stateOf(m, vmiWith({ migrationUid: 'm0', sourcePod: 'old' }))?.sourcePod).toBe('virt-launcher-vm1-abcde');
    expect(recordedStateOf(m)?.sourcePod).toBe('virt-launcher-vm1-abcde');
  });

  it('the live state wins over the stub once handed off (list read the stub and dropped both)', () => {
    const m = vmim('Running', { uid: 'm1', migrationState: { sourcePod: 'virt-launcher-vm1-abcde' } });
    const v = vmiWith({ migrationUid: 'm1', sourceNode: 'node-a', targetNode: 'node-b', sourcePod: 'virt-launcher-vm1-abcde' });
    expect(stateOf(m, v)).toMatchObject({ sourceNode: 'node-a', targetNode: 'node-b' });
  });

  it('never a copy that names another migration (≤v1.5 copied whatever the VMI held)', () => {
    const m = vmim('Succeeded', { uid: 'm1', migrationState: { migrationUid: 'm2', targetNode: 'node-c' } });
    expect(stateOf(m, vmiWith({ migrationUid: 'm2', targetNode: 'node-c' }))).toBeUndefined();
    expect(recordedStateOf(m)).toBeUndefined();
  });

  it('nothing for a migration without a uid on the VMI\'s side, nor without any state', () => {
    const noUid = vmim('Running', { migrationState: undefined });
    delete noUid.metadata.uid;
    expect(stateOf(noUid, vmiWith({ migrationUid: '', mode: 'PreCopy' }))).toBeUndefined();
    expect(stateOf(vmim('Pending'), vmiWith(undefined))).toBeUndefined();
    expect(stateOf(undefined, vmiWith({ migrationUid: 'm1' }))).toBeUndefined();
  });
});
