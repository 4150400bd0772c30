// The one table of VMIM phases (src/kubevirt/phases.ts) against KubeVirt's types.go helpers, and
// the decision for a phase that is in no row (src/analyze/migration/phase.ts).
import { describe, expect, it } from 'vitest';
import { MIGRATION_PHASE_TABLE, MIGRATION_PHASES } from '../../../src/kubevirt/phases.js';
import { countsAsRunning, isFinal, isHandedOffInFlight, isPastScheduling, phaseFacts, stageOf } from '../../../src/analyze/migration/phase.js';

describe('the phase table', () => {
  it('holds every phase of types.go, v0.59 to v1.9, and nothing else', () => {
    // `git show vX:staging/src/kubevirt.io/api/core/v1/types.go`, VirtualMachineInstanceMigrationPhase.
    const upToV15 = ['', 'Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded', 'Failed'];
    const sinceV16 = [...upToV15, 'WaitingForSync', 'Synchronizing'];
    const phasesOf = (minor: number) => MIGRATION_PHASE_TABLE.filter((p) => p.since.major === 0 || p.since.minor <= minor).map((p) => p.phase);
    for (const minor of [0, 1, 2, 3, 4, 5]) expect(phasesOf(minor).sort(), `v1.${minor}`).toEqual([...upToV15].sort());
    for (const minor of [6, 7, 8, 9]) expect(phasesOf(minor).sort(), `v1.${minor}`).toEqual([...sinceV16].sort());
    expect(MIGRATION_PHASES).toEqual(sinceV16.filter((p) => p !== ''));
  });

  it.each([
    // phase, IsFinal, TargetIsHandedOff, IsRunning (types.go v1.9.0; no decentralized source)
    ['', false, false, false],
    ['Pending', false, false, false],
    ['Scheduling', false, false, true],
    ['Scheduled', false, false, true],
    ['PreparingTarget', false, true, true],
    ['TargetReady', false, true, true],
    ['Running', false, true, true],
    ['Succeeded', true, true, false],
    ['Failed', true, true, false],
    ['WaitingForSync', false, false, false],
    ['Synchronizing', false, false, false],
  ])('%j: IsFinal %s, TargetIsHandedOff %s, IsRunning %s', (phase, final, handedOff, running) => {
    expect(phaseFacts(phase)).toMatchObject({ final, handedOff, countsAsRunning: running });
  });

  it('orders the walk: the decentralized phases before Pending, the final ones last', () => {
    const order = (p: string) => phaseFacts(p)!.order;
    const walk = ['', 'Pending', 'Scheduling', 'Scheduled', 'PreparingTarget', 'TargetReady', 'Running', 'Succeeded'];
    for (let i = 1; i < walk.length; i++) expect(order(walk[i]!)).toBeGreaterThan(order(walk[i - 1]!));
    expect(order('Failed')).toBe(order('Succeeded'));
    for (const p of ['WaitingForSync', 'Synchronizing']) {
      expect(order(p)).toBeGreaterThan(order(''));
      expect(order(p)).toBeLessThan(order('Pending'));
    }
    expect(phaseFacts('WaitingForSync')?.decentralized).toBe('target');
    expect(phaseFacts('Synchronizing')?.decentralized).toBe('source');
  });
});

describe('stages', () => {
  it.each([
    ['', 'before-handoff'],
    ['Pending', 'before-handoff'],
    ['Scheduling', 'before-handoff'],
    ['Scheduled', 'before-handoff'],
    ['WaitingForSync', 'before-handoff'],
    ['Synchronizing', 'before-handoff'],
    ['PreparingTarget', 'handed-off'],
    ['TargetReady', 'handed-off'],
    ['Running', 'running'],
    ['Succeeded', 'final'],
    ['Failed', 'final'],
  ])('%j is %s', (phase, stage) => {
    expect(stageOf(phase)).toBe(stage);
  });

  it('an absent phase is the unset one', () => {
    expect(stageOf(undefined)).toBe('before-handoff');
    expect(isFinal(undefined)).toBe(false);
  });

  it('past scheduling: Scheduled to Running, never a final or a decentralized phase', () => {
    const past = MIGRATION_PHASE_TABLE.map((p) => p.phase).filter(isPastScheduling);
    expect(past).toEqual(['Scheduled', 'PreparingTarget', 'TargetReady', 'Running']);
  });
});

describe('a phase KubeVirt does not name (a newer version\'s), decided once', () => {
  const future = 'Quiescing';

  it('is not final: commands keep following it and abort may cancel it', () => {
    expect(isFinal(future)).toBe(false);
  });
  it('has no known stage: not handed off, not past scheduling', () => {
    expect(stageOf(future)).toBe('unknown');
    expect(isHandedOffInFlight(future)).toBe(false);
    expect(isPastScheduling(future)).toBe(false);
  });
  it('counts as running against the limits, as IsRunning() counts any phase it does not list', () => {
    expect(countsAsRunning(future)).toBe(true);
  });
  it('the phase text decides, not its case: "running" is not Running', () => {
    expect(stageOf('running')).toBe('unknown');
  });
});
