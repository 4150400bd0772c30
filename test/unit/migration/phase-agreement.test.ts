// Every VMIM phase of every supported KubeVirt version (v0.59, v1.0–v1.9; the decentralized ones
// from v1.6) and a phase no version names, through each command that judges a phase: `why` (and
// `why --watch`), `start --wait` (its watch loop and progress poll), `abort` and `list`. They must
// agree on whether the migration is over and on its stage, and match the decision pinned here
// (src/analyze/migration/phase.ts).
import { describe, expect, it } from 'vitest';
import { MIGRATION_PHASE_TABLE } from '../../../src/kubevirt/phases.js';
import { stageOf } from '../../../src/analyze/migration/phase.js';
import { decideAbort, type AbortStage } from '../../../src/analyze/abort/decide.js';
import { listMigration } from '../../../src/analyze/list/row.js';
import { gatherForWhy } from '../../../src/commands/why/gather.js';
import { inFlight } from '../../../src/commands/why/watch.js';
import { followMigration, pollsProgress } from '../../../src/commands/follow/follow.js';
import type { ControlSource } from '../../../src/commands/follow/control-source.js';
import type { Io } from '../../../src/cmdutil/io.js';
import type { KubeObject, VirtualMachineInstanceMigration } from '../../../src/kube/types.js';
import { kubevirtCR } from '../../fixtures/objects/kubevirt.js';
import { vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { scenarioSource, whyScenario } from '../why/scenarios/harness.js';

/** A phase no KubeVirt version names (a newer one's). */
const FUTURE = 'Quiescing';
const NOW = '2025-11-20T10:05:00Z';
const io: Io = { stdout: () => {}, stderr: () => {}, stdoutIsTTY: false, stderrIsTTY: false, env: {} };

/** The decision, per phase: over or not, abort's stage, whether --wait polls progress, whether why says the phase is unknown. */
const DECISION: Record<string, { final: boolean; stage?: AbortStage; polls: boolean; unknownPhase: boolean }> = {
  '': { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  Pending: { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  Scheduling: { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  Scheduled: { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  WaitingForSync: { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  Synchronizing: { final: false, stage: 'before-handoff', polls: false, unknownPhase: false },
  PreparingTarget: { final: false, stage: 'handed-off', polls: true, unknownPhase: false },
  TargetReady: { final: false, stage: 'handed-off', polls: true, unknownPhase: false },
  Running: { final: false, stage: 'running', polls: true, unknownPhase: false },
  Succeeded: { final: true, polls: false, unknownPhase: false },
  Failed: { final: true, polls: false, unknownPhase: false },
  [FUTURE]: { final: false, polls: false, unknownPhase: true },
};

const VERSIONS = [{ major: 0, minor: 59 }, ...Array.from({ length: 10 }, (_, minor) => ({ major: 1, minor }))];
const CASES = VERSIONS.flatMap((v) => {
  const named = MIGRATION_PHASE_TABLE.filter((p) => p.since.major < v.major || (p.since.major === v.major && p.since.minor <= v.minor)).map((p) => p.phase as string);
  return [...named, FUTURE].map((phase) => ({ version: `v${v.major}.${v.minor}.0`, phase }));
});

function migrationIn(phase: string): VirtualMachineInstanceMigration {
  const m = vmim(phase, { name: 'mig', uid: 'u-mig' });
  // The halves of a decentralized migration say which they are (v1.6+, spec.receive / spec.sendTo).
  const half = MIGRATION_PHASE_TABLE.find((p) => p.phase === phase && 'decentralized' in p);
  if (half && 'decentralized' in half) {
    Object.assign(m.spec!, half.decentralized === 'target' ? { receive: { migrationID: 'mid-1' } } : { sendTo: { migrationID: 'mid-1', connectURL: '10.0.0.7:9185' } });
  }
  return m;
}

/** start --wait's watch loop on a server that holds this one migration: 'final' at once, else it goes on (stopped here). */
async function followEnd(m: VirtualMachineInstanceMigration): Promise<string> {
  const stop = new AbortController();
  const source = {
    listWithResourceVersion: async () => ({ items: [m], resourceVersion: '1' }),
    watch: async () => {
      stop.abort();
      return 'closed' as const;
    },
  } as unknown as ControlSource;
  const end = await followMigration(source, { namespace: 'default', migration: m, signal: stop.signal, verbose: false, io }, () => {});
  return end.kind;
}

describe('every phase of every version: why, start --wait, abort and list agree', () => {
  it('covers every phase of the table and the future one', () => {
    expect(new Set(CASES.map((c) => c.phase))).toEqual(new Set([...MIGRATION_PHASE_TABLE.map((p) => p.phase), FUTURE]));
    expect(Object.keys(DECISION).sort()).toEqual([...new Set(CASES.map((c) => c.phase))].sort());
  });

  it.each(CASES)('$version, phase $phase', async ({ version, phase }) => {
    const m = migrationIn(phase);
    const objects: KubeObject[] = [...vmCluster({ kubevirt: kubevirtCR({ version }) }), m];
    const want = DECISION[phase]!;

    // why, and why --watch
    const d = await whyScenario(objects, { name: 'mig', now: NOW });
    const whyFinal = !inFlight(d);
    const whyUnknown = d.verdict.args.kind === 'unknown-phase';

    // start --wait
    const followFinal = (await followEnd(m)) === 'final';
    const polls = pollsProgress(m);

    // abort (NAME = the migration)
    const plan = decideAbort({ namespace: 'default', vmi: d.ctx.vmi, named: m, migrations: [m], force: false });
    const abortFinal = plan.migration === undefined && plan.refused?.cause === 'no-migration';

    // list
    const { inputs } = await gatherForWhy(scenarioSource(objects, { now: NOW }), 'default', 'mig');
    const { row } = listMigration({ ...inputs, namedMigration: m, sourceLog: { ok: false, reason: 'list does not read launcher logs' } });

    // Over or not: the same for all, and as decided.
    expect({ why: whyFinal, start: followFinal, abort: abortFinal }).toEqual({ why: want.final, start: want.final, abort: want.final });
    // The stage: abort's, start's progress poll and why's unknown phase say the same.
    expect(plan.stage).toBe(want.stage);
    expect(polls).toBe(want.polls);
    expect(polls).toBe(plan.stage === 'handed-off' || plan.stage === 'running');
    expect(whyUnknown).toBe(want.unknownPhase);
    expect(whyUnknown).toBe(!want.final && plan.stage === undefined);
    expect(stageOf(phase)).toBe(want.final ? 'final' : (plan.stage ?? 'unknown'));
    // list: why's verdict, 100 % only once Succeeded.
    expect({ status: row.status, cause: row.cause }).toEqual({ status: d.verdict.status, cause: d.verdict.cause });
    expect(row.progressPercent === 100).toBe(phase === 'Succeeded');
    if (want.final) expect(['succeeded', 'failed']).toContain(row.status);
    if (want.unknownPhase) expect(row.status).toBe('unknown');
  });
});
