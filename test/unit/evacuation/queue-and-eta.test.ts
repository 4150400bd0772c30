// The node view's numbers: when the whole evacuation ends (eta.ts: parallel limits × the
// per-migration forecasts) and when a waiting item's slot frees (queue.ts: the soonest ETA of the
// node's migrations holding the slots).
import { describe, expect, it } from 'vitest';
import { evacuationEta, slotSeconds } from '../../../src/analyze/evacuation/eta.js';
import { withQueues } from '../../../src/analyze/evacuation/queue.js';
import type { EvacuationItem, ItemState } from '../../../src/analyze/evacuation/item.js';
import type { Diagnosis } from '../../../src/analyze/why/diagnose.js';
import { vmim } from '../../fixtures/objects/migrations.js';

function item(vmi: string, state: ItemState, o: Partial<EvacuationItem> = {}): EvacuationItem {
  return {
    namespace: 'prod',
    vmi,
    evictionStrategy: 'LiveMigrate',
    strategySource: 'vmi',
    outcome: 'migrate',
    state,
    cause: state === 'waiting' ? 'concurrency-limit' : 'none',
    status: 'progressing',
    reason: { kind: 'diagnosis' },
    ...o,
  };
}
const migrating = (vmi: string, etaSeconds: number | undefined, elapsedSeconds: number) =>
  item(vmi, 'migrating', {
    migration: { name: `kubevirt-evacuation-${vmi}`, uid: `uid-${vmi}`, phase: 'Running', origin: 'evacuation' },
    ...(etaSeconds !== undefined ? { etaSeconds } : {}),
    elapsedSeconds,
    diagnosis: {} as Diagnosis,
  });

describe('evacuationEta', () => {
  it('2 lanes, 2 copying (ETA 60 s and 200 s), 3 queued at the mean of the finished ones (100 s)', () => {
    const items = [migrating('a', 60, 40), migrating('b', 200, 100), item('c', 'waiting'), item('d', 'waiting'), item('e', 'waiting'), item('f', 'migrated')];
    // The lane that frees first takes the next VMI: [60, 200] → c [160, 200] → d [260, 200] → e [260, 300].
    expect(evacuationEta(items, 2, [100, 100])).toBe(300);
  });

  it('no migration finished yet: each queued VMI takes as long as the copying ones in total (elapsed + ETA)', () => {
    const items = [migrating('a', 60, 40), migrating('b', 200, 100), item('c', 'waiting')];
    // expected each = mean(40+60, 100+200) = 200; lanes [60, 200] → [260, 200]
    expect(evacuationEta(items, 2, [])).toBe(260);
  });

  it('one lane (limit 1): queued ones run one after the other', () => {
    expect(evacuationEta([migrating('a', 30, 90), item('b', 'waiting'), item('c', 'waiting')], 1, [120])).toBe(270);
  });

  it('free lanes: a queued VMI starts at once', () => {
    expect(evacuationEta([migrating('a', 30, 90), item('b', 'waiting')], 5, [120])).toBe(120);
  });

  it('no ETA while a copying migration has no forecast, or anything is blocked or external', () => {
    expect(evacuationEta([migrating('a', undefined, 10), item('b', 'waiting')], 2, [100])).toBeUndefined();
    expect(evacuationEta([migrating('a', 30, 10), item('b', 'blocked')], 2, [100])).toBeUndefined();
    expect(evacuationEta([migrating('a', 30, 10), item('b', 'external')], 2, [100])).toBeUndefined();
  });

  it('queued VMIs and nothing to time them by: unknown', () => {
    expect(evacuationEta([item('b', 'waiting')], 2, [])).toBeUndefined();
  });

  it('slotSeconds: Scheduling to Succeeded of a finished evacuation', () => {
    const m = vmim('Succeeded', {
      transitions: [
        { phase: 'Pending', time: '2026-03-10T09:00:00Z' },
        { phase: 'Scheduling', time: '2026-03-10T09:00:05Z' },
        { phase: 'Running', time: '2026-03-10T09:00:20Z' },
        { phase: 'Succeeded', time: '2026-03-10T09:02:05Z' },
      ],
    });
    expect(slotSeconds(m)).toBe(120);
  });
});

describe('withQueues: when a waiting item gets its slot', () => {
  const holderA = vmim('Running', { name: 'kubevirt-evacuation-a', uid: 'uid-a', namespace: 'prod' });
  const holderB = vmim('Running', { name: 'kubevirt-evacuation-b', uid: 'uid-b', namespace: 'prod' });
  const limit = { scope: 'node' as const, running: 2, limit: 2 };

  it('a Pending VMIM: the soonest ETA of the node migrations holding the slots (90 s, b)', () => {
    const waiting = item('c', 'waiting', {
      migration: { name: 'kubevirt-evacuation-c', uid: 'uid-c', phase: 'Pending', origin: 'evacuation' },
      limit,
      queue: {
        order: { kind: 'priority', gate: 'MigrationPriorityQueue', via: 'ga' },
        priority: 100,
        priorityClass: 'system-critical',
        ahead: [],
        behind: 0,
        holders: [
          { name: 'prod/kubevirt-evacuation-a', uid: 'uid-a' },
          { name: 'prod/kubevirt-evacuation-b', uid: 'uid-b' },
        ],
        slotFree: { kind: 'unknown', reason: 'not-read' },
      },
    });
    const out = withQueues([migrating('a', 400, 10), migrating('b', 90, 300), waiting], { cluster: [holderA, holderB], node: [holderA, holderB] });
    expect(out[2]?.queue?.slotFree).toEqual({ kind: 'eta', seconds: 90, migration: 'prod/kubevirt-evacuation-b' });
  });

  it('marked VMIs without a VMIM yet (≤v1.6): the others waiting alike, and the slot ETA', () => {
    const c = item('c', 'waiting', { limit, reason: { kind: 'queued', limit } });
    const d = item('d', 'waiting', { limit, reason: { kind: 'queued', limit } });
    const out = withQueues([migrating('a', 400, 10), migrating('b', 90, 300), c, d], { cluster: [holderA, holderB], node: [holderA, holderB] });
    expect(out[2]?.queue).toMatchObject({ order: { kind: 'evacuation-controller' }, alongside: ['prod/d'], slotFree: { kind: 'eta', seconds: 90 } });
    expect(out[3]?.queue?.alongside).toEqual(['prod/c']);
  });

  it('no holder has a forecast: unknown (no-forecast)', () => {
    const c = item('c', 'waiting', { limit, reason: { kind: 'queued', limit } });
    const out = withQueues([migrating('a', undefined, 10), migrating('b', undefined, 300), c], { cluster: [holderA, holderB], node: [holderA, holderB] });
    expect(out[2]?.queue?.slotFree).toEqual({ kind: 'unknown', reason: 'no-forecast' });
  });
});
