// Who created a migration (src/analyze/migration/origin.ts), from the markers KubeVirt writes
// (docs/kubevirt/evacuation-and-queue.md §4).
import { describe, expect, it } from 'vitest';
import { isAutomatic, originOf } from '../../../src/analyze/migration/origin.js';
import { vmim } from '../../fixtures/objects/migrations.js';
import { vmi } from '../../fixtures/objects/vms.js';
import { checkSummary } from '../../../src/render/why-text/index.js';
import { ORIGIN_TEXT } from '../../../src/render/migration-origin.js';

const evacuation = { 'kubevirt.io/evacuationMigration': 'node-2' };

describe('originOf', () => {
  it('evacuation: the evacuation annotation (a drain or a taint)', () => {
    expect(originOf(vmim('Running', { annotations: evacuation, generateName: 'kubevirt-evacuation-' }))).toBe('evacuation');
  });

  it('descheduler: an evacuation with spec.priority system-maintenance (v1.7+)', () => {
    const m = vmim('Running', { annotations: evacuation, generateName: 'kubevirt-evacuation-' });
    m.spec!.priority = 'system-maintenance';
    expect(originOf(m)).toBe('descheduler');
  });

  it('descheduler: an evacuation of a VMI marked kubevirt.io/eviction-source: descheduler (v1.7+)', () => {
    const m = vmim('Pending', { annotations: evacuation });
    expect(originOf(m, vmi('vm1', { annotations: { 'kubevirt.io/eviction-source': 'descheduler' } }))).toBe('descheduler');
  });

  it('the VMI mark alone does not make a user\'s migration the descheduler\'s', () => {
    expect(originOf(vmim('Pending'), vmi('vm1', { annotations: { 'kubevirt.io/eviction-source': 'descheduler' } }))).toBe('user');
  });

  it('a drain\'s evacuation on v1.9 (priority system-critical) stays an evacuation', () => {
    const m = vmim('Running', { annotations: evacuation });
    m.spec!.priority = 'system-critical';
    expect(originOf(m)).toBe('evacuation');
  });

  it('workload-update: the workload updater\'s annotation (value "", or a hand-written null)', () => {
    expect(originOf(vmim('Running', { annotations: { 'kubevirt.io/workloadUpdateMigration': '' } }))).toBe('workload-update');
    expect(originOf(vmim('Running', { annotations: { 'kubevirt.io/workloadUpdateMigration': null as unknown as string } }))).toBe('workload-update');
  });

  it('user: no marker (virtctl, Harvester, any tool)', () => {
    expect(originOf(vmim('Running'))).toBe('user');
    expect(originOf(vmim('Running', { generateName: 'vm1-' }))).toBe('user');
  });

  it("unknown: KubeVirt's generateName without the annotation its controller writes with it (a trimmed dump)", () => {
    expect(originOf(vmim('Running', { generateName: 'kubevirt-evacuation-' }))).toBe('unknown');
    expect(originOf(vmim('Running', { generateName: 'kubevirt-workload-update-' }))).toBe('unknown');
    // generateName dropped as well: the name still carries the prefix.
    const m = vmim('Running', { name: 'kubevirt-evacuation-8xq2n' });
    delete m.metadata.generateName;
    expect(originOf(m)).toBe('unknown');
    // virtctl's own prefix is a user's.
    expect(originOf(vmim('Running', { generateName: 'kubevirt-migrate-vm-' }))).toBe('user');
  });

  it('only evacuations and workload updates are automatic (KubeVirt keys backoff and re-creation on the annotation)', () => {
    expect(['evacuation', 'descheduler', 'workload-update', 'user', 'unknown'].filter((o) => isAutomatic(o as Parameters<typeof isAutomatic>[0]))).toEqual(['evacuation', 'descheduler', 'workload-update']);
  });
});

describe('one wording for an origin', () => {
  it('the migration-phase and migration-backoff texts name a workload update alike (they said "workload update" and "workload-update")', () => {
    const phase = checkSummary({
      id: 'migration-phase',
      status: 'info',
      args: { kind: 'phase', namespace: 'default', migration: 'kubevirt-workload-update-n3w', phase: 'Pending', origin: 'workload-update' },
      evidence: [],
    });
    const backoff = checkSummary({
      id: 'migration-backoff',
      status: 'fail',
      cause: 'migration-backoff',
      args: { kind: 'event', namespace: 'default', origin: 'workload-update', lastEventTime: '2025-11-20T10:00:40Z' },
      evidence: [],
    });
    for (const text of [phase, backoff].map((t) => t.replaceAll('kubevirt-workload-update-n3w', 'NAME'))) {
      expect(text).toContain(ORIGIN_TEXT['workload-update']);
      expect(text).not.toContain('workload update');
    }
    expect(ORIGIN_TEXT['workload-update']).toBe('workload-update');
  });
});
