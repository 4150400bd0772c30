// failure-reason: every cause, in the texts of each KubeVirt era that has them
// (src/kubevirt/constants.ts): v0.59 (reason only in the VMI `Migrated` event, VMIM with only
// status.phase), v1.2 (event + phaseTransitionTimestamps, no failureReason) and v1.9
// (failureReason, copied to the VMIM).
// The same scenario must give the same cause in every era.
import { checkHint } from '../../../../src/render/why-text/index.js';
import { describe, expect, it } from 'vitest';
import type { EvidenceRef } from '../../../../src/analyze/findings.js';
import {
  cluster,
  type Era,
  failedMigration,
  type FailedScenario,
  type LogLine,
  MIGRATION_NAME,
  MIGRATION_UID,
  SOURCE_NODE,
  SOURCE_POD,
  T,
  TARGET_NODE,
  TARGET_POD,
  VMI_NAME,
  at,
  migrationEvent,
  vmiEvent,
  migrationState,
  migratingVmi,
  vmim,
  kubevirtFor,
  launcherPod,
  migratedFailedEvent,
} from '../../../fixtures/objects/failed-migrations.js';
import { GENOA_FEATURES, node } from '../../../fixtures/objects/nodes.js';
import { NAMESPACE } from '../../../fixtures/objects/vms.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const END = at(T.started, 170);

async function run(s: FailedScenario, name = MIGRATION_NAME) {
  const b = failedMigration(s);
  const d = await whyScenario(b.objects, { name, now: T.now, logs: b.logs });
  return { d, check: checkOf(d, 'failure-reason') };
}

/** Where the decisive text lives in each era: failureReason (v1.9) or the VMI Migrated event. */
function decisive(era: Era): Partial<EvidenceRef> {
  return era === 'v1.9'
    ? { kind: 'VirtualMachineInstanceMigration', name: MIGRATION_NAME, field: 'status.migrationState.failureReason' }
    : { kind: 'Event', namespace: NAMESPACE, field: 'Migrated' };
}

// Launcher log lines of the timeouts (pkg/virt-launcher/virtwrap/live-migration-source.go).
const stuckLog = (era: Era): LogLine[] =>
  era === 'v1.9'
    ? [
        { at: at(T.started, 0), msg: 'Initiating live migration.' },
        { at: at(T.started, 160), level: 'warning', msg: 'live migration stuck for 150 seconds' },
        { at: at(T.started, 160), level: 'warning', msg: 'Aborting migration: stuck for 150 seconds' },
        { at: at(T.started, 161), msg: 'Live migration abort succeeded' },
      ]
    : [
        { at: at(T.started, 0), msg: 'Initiating live migration.' },
        { at: at(T.started, 160), level: 'warning', msg: 'Live migration stuck for 150 seconds' },
        { at: at(T.started, 161), level: 'error', msg: 'Live migration abort detected with reason: Live migration stuck for 150 seconds and has been aborted' },
      ];

const libvirt = (era: Era, message: string, code = 1, domain = 10) =>
  era === 'v1.9'
    ? `virError(Code=${code}, Domain=${domain}, Message='${message}')` // v1.6+: the raw libvirt error (`migrateHelper`)
    : `Live migration failed error encountered during MigrateToURI3 libvirt api call: virError(Code=${code}, Domain=${domain}, Message='${message}')`;

const ERAS: Era[] = ['v0.59', 'v1.2', 'v1.9'];

describe('progress-timeout', () => {
  it.each(ERAS)('%s', async (era) => {
    const reason = era === 'v1.9' ? 'Live migration has been aborted' : 'Live migration stuck for 150 seconds and has been aborted';
    const { d, check } = await run({ era, reason, abortStatus: 'Succeeded', log: stuckLog(era) });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'progress-timeout', check: 'failure-reason' });
    expect(check).toMatchObject({ status: 'fail', cause: 'progress-timeout', args: { seconds: 150 } });
    expect(check.evidence[0]).toMatchObject(decisive(era));
    if (era === 'v1.9') {
      // v1.9's text is the same for every abort: the launcher log says which one.
      expect(check.args).toMatchObject({ refinedBy: 'launcher-log' });
      expect(check.evidence).toContainEqual({ kind: 'Pod', namespace: NAMESPACE, name: SOURCE_POD, field: 'log.msg', message: 'Aborting migration: stuck for 150 seconds' });
    }
  });

  it('v1.9 without the launcher log: the duration (170 s, under the 750 s budget) makes it a progress timeout', async () => {
    const b = failedMigration({ era: 'v1.9', reason: 'Live migration has been aborted', abortStatus: 'Succeeded', log: stuckLog('v1.9') });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs: b.logs, forbidden: ['log'] });
    const check = checkOf(d, 'failure-reason');
    expect(d.verdict.cause).toBe('progress-timeout');
    expect(check.args).toMatchObject({ refinedBy: 'timing', durationSeconds: 170, budgetSeconds: 750, seconds: 150 });
    expect(check.evidence.map((e) => e.field)).toEqual([
      'status.migrationState.failureReason',
      'status.migrationState.startTimestamp',
      'status.migrationState.endTimestamp',
    ]);
    expect(d.errors.map((e) => e.resource)).toContain('pods/log');
  });
});

describe('progress-timeout fix: only what the attempt ran without', () => {
  it('defaults: auto-converge first', async () => {
    const { check } = await run({ era: 'v1.9', reason: 'Live migration has been aborted', abortStatus: 'Succeeded', log: stuckLog('v1.9') });
    expect(check.args).toMatchObject({ recommendations: ['auto-converge', 'post-copy', 'workload-disruption', 'migration-network'] });
  });

  it('auto-converge was on (the migrationState echo): not suggested again', async () => {
    const { check } = await run({ era: 'v1.9', reason: 'Live migration has been aborted', abortStatus: 'Succeeded', log: stuckLog('v1.9'), config: { allowAutoConverge: true }, kubevirtMigrations: { allowAutoConverge: true } });
    expect(check.args).toMatchObject({ recommendations: ['post-copy', 'workload-disruption', 'migration-network'] });
    expect(checkHint(check)).not.toMatch(/allowAutoConverge/);
  });
});

describe('completion-timeout', () => {
  // ≤v1.3 default 800 s/GB would take 4000 s for this 4Gi VM: the cluster sets 200 (1000 s).
  const scenario = (era: Era): FailedScenario =>
    era === 'v1.9'
      ? {
          era,
          reason: 'Live migration has been aborted',
          abortStatus: 'Succeeded',
          end: at(T.started, 751),
          log: [
            { at: at(T.started, 0), msg: 'Initiating live migration.' },
            { at: at(T.started, 750), level: 'warning', msg: 'Aborting migration: not completed after 750 seconds' },
            { at: at(T.started, 751), msg: 'Live migration abort succeeded' },
          ],
        }
      : {
          era,
          reason: 'Live migration is not completed after 1000 seconds and has been aborted',
          abortStatus: 'Succeeded',
          end: at(T.started, 1001),
          config: { completionTimeoutPerGiB: 200 },
          kubevirtMigrations: { completionTimeoutPerGiB: 200 },
        };
  it.each(ERAS)('%s', async (era) => {
    const { d, check } = await run(scenario(era));
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'completion-timeout' });
    expect(check).toMatchObject({ status: 'fail', cause: 'completion-timeout', args: { seconds: era === 'v1.9' ? 750 : 1000 } });
    expect(check.evidence[0]).toMatchObject(decisive(era));
  });

  it('v1.9 without the launcher log: 751 s ≥ the 750 s budget (150 s/GB × 5 GB) makes it a completion timeout', async () => {
    const b = failedMigration(scenario('v1.9'));
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, forbidden: ['log'] });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ cause: 'completion-timeout', args: { refinedBy: 'timing', seconds: 750 } });
  });
});

describe('aborted by a user', () => {
  // Pre-handoff cancel: FailedMigration `Migration failed due to being canceled` + the target pod deleted (§6).
  it.each(ERAS)('%s: cancelled before hand-off', async (era) => {
    const deleted = era === 'v1.9' ? `migration canceled and pod ${NAMESPACE}/${TARGET_POD} is deleted` : `migration canceled%!(EXTRA string=${TARGET_POD})`;
    const { d, check } = await run({
      era,
      handedOff: false,
      abortRequested: true,
      deleting: at(T.created, 20),
      end: at(T.created, 21),
      vmimFailures: ['Migration failed due to being canceled'],
      events: [migrationEvent('SuccessfulDelete', deleted, at(T.created, 21), 'Normal')],
    });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'aborted' });
    expect(check).toMatchObject({ status: 'fail', cause: 'aborted', args: { by: 'user', source: 'failed-migration-event' } });
    expect(check.evidence[0]).toMatchObject({ kind: 'Event', field: 'FailedMigration', message: 'Migration failed due to being canceled' });
  });

  // Post-handoff: abortStatus Succeeded, `Live migration aborted ` (≤v1.8) / `Live migration has been aborted` (v1.9).
  it.each(ERAS)('%s: cancelled while running', async (era) => {
    const reason = era === 'v1.9' ? 'Live migration has been aborted' : 'Live migration aborted ';
    const { d, check } = await run({
      era,
      reason,
      abortStatus: 'Succeeded',
      abortRequested: true,
      deleting: at(T.started, 60),
      end: at(T.started, 62),
      log: [
        { at: at(T.started, 0), msg: 'Initiating live migration.' },
        { at: at(T.started, 62), msg: 'Live migration abort succeeded' },
      ],
    });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'aborted' });
    expect(check).toMatchObject({ cause: 'aborted', args: { by: 'user', ambiguous: false } });
    expect(check.evidence[0]).toMatchObject(decisive(era));
    expect(check.evidence[0]?.message).toContain(reason); // verbatim, trailing space included
    // v0.59 VMIMs carry only status.phase: the deletionTimestamp says "user"; later eras the condition.
    expect(check.evidence[1]?.field).toBe(era === 'v0.59' ? 'metadata.deletionTimestamp' : 'status.conditions[migrationAbortRequested]');
  });

  it('v1.9 ambiguous abort with no request, no log and no timestamps stays `aborted` and says why', async () => {
    const b = failedMigration({ era: 'v1.9', reason: 'Live migration has been aborted', abortStatus: 'Succeeded', end: at(T.started, 20) });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs: b.logs });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ cause: 'aborted', args: { ambiguous: true, logMissing: `no log for pod ${SOURCE_POD}` } });
  });
});

describe('cpu-incompatible (harvester/harvester#7965)', () => {
  const missing = 'vmx-exit-load-perf-global-ctrl,vmx-entry-load-perf-global-ctrl';
  const nodes = cluster([
    node(SOURCE_NODE, { vendor: 'Intel', hostModel: 'Skylake-Server-IBRS', requiredFeatures: GENOA_FEATURES, features: ['avx2', 'vmx-exit-load-perf-global-ctrl', 'vmx-entry-load-perf-global-ctrl'] }),
    node(TARGET_NODE, { vendor: 'Intel', hostModel: 'Skylake-Server-IBRS', requiredFeatures: GENOA_FEATURES, features: ['avx2'] }),
  ]);
  it.each(ERAS)('%s', async (era) => {
    const { d, check } = await run({ era, reason: libvirt(era, `operation failed: guest CPU doesn't match specification: missing features: ${missing}`, 9, 31), nodes });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'cpu-incompatible' });
    expect(check.args).toMatchObject({
      features: ['vmx-exit-load-perf-global-ctrl', 'vmx-entry-load-perf-global-ctrl'],
      sourceNode: SOURCE_NODE,
      targetNode: TARGET_NODE,
      confirmedMissing: ['vmx-exit-load-perf-global-ctrl', 'vmx-entry-load-perf-global-ctrl'],
    });
    expect(check.evidence[0]).toMatchObject(decisive(era));
  });

  it('nodes not readable: the cause stands, the diff is marked missing', async () => {
    const b = failedMigration({ era: 'v1.9', reason: libvirt('v1.9', `operation failed: guest CPU doesn't match specification: missing features: ${missing}`, 9, 31), nodes });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, forbidden: ['node'] });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ cause: 'cpu-incompatible', args: { nodesMissing: expect.stringContaining('forbidden') } });
    expect(d.verdict.cause).toBe('cpu-incompatible');
  });
});

describe('post-copy-failed (kubevirt/kubevirt#17780)', () => {
  it.each(ERAS)('%s', async (era) => {
    const { d, check } = await run({
      era,
      reason: libvirt(era, "internal error: unable to execute QEMU command 'migrate-set-capabilities': Postcopy is not supported: Userfaultfd not available: Operation not permitted"),
      config: { allowPostCopy: true, ...(era === 'v1.9' ? { allowWorkloadDisruption: true } : {}) },
    });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'post-copy-failed' });
    expect(argsOf(check, 'post-copy-failed').quote).toContain('Userfaultfd not available: Operation not permitted');
    expect(check.evidence[0]).toMatchObject(decisive(era));
  });
});

describe('storage-error', () => {
  it.each(ERAS)('%s: read-only disk (kubevirt/kubevirt#3920)', async (era) => {
    const { d, check } = await run({ era, reason: libvirt(era, 'Operation not supported: Cannot migrate empty or read-only disk sda', 84, 10) });
    expect(d.verdict.cause).toBe('storage-error');
    expect(check.args).toMatchObject({ errorKind: 'read-only-disk', quote: 'Operation not supported: Cannot migrate empty or read-only disk sda' });
    expect(check.evidence[0]).toMatchObject(decisive(era));
  });

  it('v1.9: destination volume smaller', async () => {
    const reason = 'Volume migration cannot be performed because the destination volume is smaller than the source volume: disk-0';
    const { check } = await run({ era: 'v1.9', reason });
    expect(check).toMatchObject({ cause: 'storage-error', args: { errorKind: 'destination-smaller', quote: reason } });
  });
});

describe('network-error', () => {
  it.each(ERAS)('%s: migration proxy refused', async (era) => {
    const msg = `Failed to connect socket to '/var/run/kubevirt/migrationproxy/${MIGRATION_UID}-source.sock': Connection refused`;
    const { d, check } = await run({ era, reason: libvirt(era, msg, 38, 7) });
    expect(d.verdict.cause).toBe('network-error');
    expect(check.args).toMatchObject({ errorKind: 'proxy', quote: msg });
  });
});

describe('libvirt-error (quoted verbatim)', () => {
  it.each(ERAS)('%s', async (era) => {
    const { d, check } = await run({ era, reason: libvirt(era, 'internal error: qemu unexpectedly closed the monitor') });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'libvirt-error' });
    expect(argsOf(check, 'libvirt-error').quote).toBe('internal error: qemu unexpectedly closed the monitor');
    expect(check.evidence[0]).toMatchObject(decisive(era));
  });
});

describe('target-pod-lost', () => {
  // The target pod vanished in PreparingTarget/TargetReady before libvirt started: the controller's
  // VMI FailedMigration `... reason: Target pod is down` (v0.59 lower case; v1.3+ also failureReason).
  it.each(ERAS)('%s: target pod is down', async (era) => {
    const down = era === 'v0.59' ? 'target pod is down' : 'Target pod is down';
    const b = failedMigration({
      era,
      reason: era === 'v1.9' ? 'Target pod is down' : undefined,
      migratedEvent: false,
      notStarted: true,
      vmimFailures: ['Migration failed because target pod shutdown during migration'],
      events: [vmiEvent('FailedMigration', `VirtualMachineInstance migration uid ${MIGRATION_UID} failed. reason: ${down}`, END, 'virt-controller')],
    });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now });
    const check = checkOf(d, 'failure-reason');
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'target-pod-lost' });
    expect(check.cause).toBe('target-pod-lost');
    expect(check.evidence[0]).toMatchObject(
      era === 'v1.9' ? decisive(era) : { kind: 'Event', field: 'FailedMigration', message: `VirtualMachineInstance migration uid ${MIGRATION_UID} failed. reason: ${down}` },
    );
  });

  it.each([
    'Migration target pod was removed during active migration.',
    'Migration failed because target pod shutdown during migration',
  ])('VMIM FailedMigration only: %s', async (msg) => {
    for (const era of ERAS) {
      const { d, check } = await run({ era, vmimFailures: [msg], notStarted: true });
      expect(d.verdict.cause, era).toBe('target-pod-lost');
      expect(check.evidence[0], era).toMatchObject({ kind: 'Event', field: 'FailedMigration', message: msg });
    }
  });

  it('"removed" after the pending timeout deleted the pod is target-pod-timeout (§3.6)', async () => {
    const { check } = await run({
      era: 'v1.9',
      handedOff: false,
      vmimFailures: ['Migration target pod was removed during active migration.'],
      events: [migrationEvent('SuccessfulDelete', `unschedulable pod ${NAMESPACE}/${TARGET_POD} timeout period exceeded`, at(T.created, 300), 'Normal')],
    });
    expect(check).toMatchObject({ status: 'fail', cause: 'target-pod-timeout', args: { timeout: 'unschedulable', pod: TARGET_POD } });
  });
});

describe('vmi-not-running and migration-conflict from the controller', () => {
  it.each([
    ['Migration failed vmi shutdown during migration.', 'vmi-not-running'],
    ["VMI's migration state was taken over by another migration job during active migration.", 'migration-conflict'],
  ])('%s → %s', async (msg, cause) => {
    const { check } = await run({ era: 'v1.2', vmimFailures: [msg] });
    expect(check).toMatchObject({ status: 'fail', cause });
  });
});

describe('failed, but nothing says why', () => {
  it('v1.2: only `source node reported migration failed`, the Migrated event expired', async () => {
    const { d, check } = await run({ era: 'v1.2', reason: 'Live migration stuck for 150 seconds and has been aborted', migratedEvent: false });
    expect(check).toMatchObject({
      status: 'fail',
      cause: 'unknown',
      args: { kind: 'unclassified', failureReasonField: 'not-in-version', eventsReadable: true, unclassified: ['source node reported migration failed'] },
    });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'unknown' });
  });

  it('the launcher log still has the failure when the events are gone (v0.59)', async () => {
    const { check } = await run({ era: 'v0.59', reason: 'Live migration stuck for 150 seconds and has been aborted', migratedEvent: false, log: stuckLog('v0.59') });
    expect(check).toMatchObject({ cause: 'progress-timeout', args: { source: 'launcher-log', seconds: 150 } });
    expect(check.evidence[0]).toMatchObject({ kind: 'Pod', name: SOURCE_POD, field: 'log.msg' });
  });

  it('events forbidden (v0.59): unknown, and the verdict is still given', async () => {
    const b = failedMigration({ era: 'v0.59', reason: 'Live migration stuck for 150 seconds and has been aborted' });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, forbidden: ['event'] });
    const check = checkOf(d, 'failure-reason');
    expect(check).toMatchObject({ status: 'unknown', missing: expect.stringContaining('forbidden') });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'unknown' });
  });

  it('events forbidden (v1.9): failureReason is enough', async () => {
    const b = failedMigration({ era: 'v1.9', reason: libvirt('v1.9', 'internal error: qemu unexpectedly closed the monitor') });
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, forbidden: ['event'] });
    expect(d.verdict.cause).toBe('libvirt-error');
  });
});

describe('the VMI failed before the VMIM is final', () => {
  it('VMIM still Running, VMI migrationState failed: true for this UID', async () => {
    const { d, check } = await run({ era: 'v1.9', vmimPhase: 'Running', reason: libvirt('v1.9', 'internal error: qemu unexpectedly closed the monitor') });
    expect(check).toMatchObject({ status: 'fail', cause: 'libvirt-error' });
    expect(check.evidence[0]).toMatchObject({ kind: 'VirtualMachineInstance', name: VMI_NAME, field: 'status.migrationState.failureReason' });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'libvirt-error' });
    expect(checkOf(d, 'transfer').status).toBe('skip');
  });
});

// keep the helpers honest: the source node is where the failed VMI still runs
it('scenario shape: failed VMI stays on the source node', () => {
  const b = failedMigration({ era: 'v1.2', reason: 'Live migration aborted ' });
  const v = b.objects.find((o) => o.kind === 'VirtualMachineInstance') as { status?: { nodeName?: string } };
  expect(v.status?.nodeName).toBe(SOURCE_NODE);
});

describe('must not fire: a Succeeded migration', () => {
  it.each(ERAS)('%s: succeeded after an earlier failed attempt → info, no cause', async (era) => {
    const state = migrationState(era, { phase: 'Succeeded', end: at(T.started, 40) });
    const earlier = vmim(era, { phase: 'Failed', name: 'vm-00-mig-a1b2c', uid: '9f18f964-5233-4f06-a7db-8f0fad5d77be', created: at(T.created, -900), end: at(T.created, -700) });
    const objects = [
      kubevirtFor(era),
      migratingVmi(state),
      earlier,
      vmim(era, { phase: 'Succeeded', state, end: at(T.started, 41) }),
      launcherPod(SOURCE_POD, SOURCE_NODE, { phase: 'Succeeded' }),
      launcherPod(TARGET_POD, TARGET_NODE, { target: true }),
      ...cluster(),
      migratedFailedEvent('Live migration stuck for 150 seconds and has been aborted', at(T.created, -700), '9f18f964-5233-4f06-a7db-8f0fad5d77be'),
      vmiEvent('Migrated', `The VirtualMachineInstance migrated to node ${TARGET_NODE}.`, at(T.started, 40), 'virt-handler', 'Normal'),
      migrationEvent('SuccessfulMigration', 'Source node reported migration succeeded', at(T.started, 41), 'Normal'),
    ];
    const d = await whyScenario(objects, { name: VMI_NAME, now: T.now });
    const check = checkOf(d, 'failure-reason');
    expect(check).toMatchObject({ status: 'info', args: { kind: 'succeeded-after-failures', failedBefore: 1, migrations: ['vm-00-mig-a1b2c'] } });
    expect(check.cause).toBeUndefined();
    expect(check.evidence).toEqual([{ kind: 'VirtualMachineInstanceMigration', namespace: NAMESPACE, name: 'vm-00-mig-a1b2c', field: 'status.phase', message: 'Failed' }]);
    expect(d.verdict).toMatchObject({ status: 'succeeded', cause: 'none' });
  });

  it('diagnosing the older failed attempt by name still explains it', async () => {
    const state = migrationState('v1.2', { phase: 'Succeeded', end: at(T.started, 40) });
    const objects = [
      kubevirtFor('v1.2'),
      migratingVmi(state),
      vmim('v1.2', { phase: 'Failed', name: 'vm-00-mig-a1b2c', uid: '9f18f964-5233-4f06-a7db-8f0fad5d77be', created: at(T.created, -900), end: at(T.created, -700) }),
      vmim('v1.2', { phase: 'Succeeded', state, end: at(T.started, 41) }),
      launcherPod(SOURCE_POD, SOURCE_NODE, { phase: 'Succeeded' }),
      ...cluster(),
      migratedFailedEvent('Live migration stuck for 150 seconds and has been aborted', at(T.created, -700), '9f18f964-5233-4f06-a7db-8f0fad5d77be'),
    ];
    const d = await whyScenario(objects, { name: 'vm-00-mig-a1b2c', now: T.now });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ status: 'fail', cause: 'progress-timeout' });
  });
});

describe('post-copy-failed: a connection lost after the switch to post-copy', () => {
  const reset = "Cannot recv data: Connection reset by peer";
  it('v1.9: migrationState.mode PostCopy', async () => {
    const b = failedMigration({ era: 'v1.9', reason: libvirt('v1.9', reset, 38, 10), config: { allowPostCopy: true, allowWorkloadDisruption: true } });
    for (const o of b.objects) {
      const st = (o as { status?: { migrationState?: { mode?: string } } }).status?.migrationState;
      if (st?.mode) st.mode = 'PostCopy';
    }
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now });
    const check = checkOf(d, 'failure-reason');
    expect(check).toMatchObject({ cause: 'post-copy-failed', args: { failedDuring: 'post-copy', underlyingCause: 'network-error', errorKind: 'reset', quote: reset } });
    expect(check.evidence).toContainEqual(expect.objectContaining({ field: 'status.migrationState.mode', message: 'PostCopy' }));
  });

  it('v1.2: the launcher log says it started post-copy', async () => {
    const { check } = await run({
      era: 'v1.2',
      reason: libvirt('v1.2', reset, 38, 10),
      config: { allowPostCopy: true },
      log: [
        { at: at(T.started, 0), msg: 'Initiating live migration.' },
        { at: at(T.started, 120), msg: 'Starting post copy mode for migration' },
        { at: at(T.started, 150), level: 'error', msg: 'Live migration failed.', reason: `error encountered during MigrateToURI3 libvirt api call: virError(Code=38, Domain=10, Message='${reset}')` },
      ],
    });
    expect(check).toMatchObject({ cause: 'post-copy-failed', args: { failedDuring: 'post-copy', switchover: 'post-copy' } });
    expect(check.evidence).toContainEqual({ kind: 'Pod', namespace: NAMESPACE, name: SOURCE_POD, field: 'log.msg', message: 'Starting post copy mode for migration' });
  });
});

it('every failure-reason result renders a summary (and a hint when it fails)', async () => {
  const { CHECK_TEXT } = await import('../../../../src/render/why-text/index.js');
  const scenarios: FailedScenario[] = [
    { era: 'v1.9', reason: 'Live migration has been aborted', abortStatus: 'Succeeded', log: stuckLog('v1.9') },
    { era: 'v1.2', reason: 'Live migration stuck for 150 seconds and has been aborted', migratedEvent: false },
    { era: 'v0.59', reason: libvirt('v0.59', 'Operation not supported: Cannot migrate empty or read-only disk sda', 84, 10) },
    { era: 'v1.9', handedOff: false, vmimFailures: ['Migration target pod was removed during active migration.'], events: [migrationEvent('SuccessfulDelete', `pending pod ${NAMESPACE}/${TARGET_POD} timeout period exceeded`, at(T.created, 900), 'Normal')] },
  ];
  for (const s of scenarios) {
    const { check } = await run(s);
    const text = CHECK_TEXT['failure-reason'];
    expect(text.summary(check).length).toBeGreaterThan(20);
    expect(text.hint(check)).toBeTruthy();
  }
});

// Issue #12: storage texts libvirt writes when it does not see shared storage (rule 6), and the
// target launcher's log when nothing at the source names the failure (rule 2, both pods).
describe('storage-error: libvirt refuses storage it does not see as shared', () => {
  it.each(ERAS)('%s: "Unsafe migration" (kubevirt/kubevirt#9643, #10094)', async (era) => {
    const msg = 'Unsafe migration: Migration without shared storage is unsafe';
    const { d, check } = await run({ era, reason: libvirt(era, msg, 81, 10) });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'storage-error' });
    expect(check.args).toMatchObject({ errorKind: 'not-shared', quote: msg });
  });

  it.each(ERAS)('%s: QEMU image lock on a disk names the disk path', async (era) => {
    const msg = `internal error: qemu unexpectedly closed the monitor: qemu-kvm: -blockdev {"driver":"file","filename":"/var/run/kubevirt-private/vmi-disks/disk0/disk.img"}: Failed to get "write" lock`;
    const { d, check } = await run({ era, reason: libvirt(era, msg) });
    expect(d.verdict.cause).toBe('storage-error');
    expect(check.args).toMatchObject({ errorKind: 'image-lock' });
  });
});

describe('the target launcher log decides when the source names nothing', () => {
  const targetLine = (msg: string, extra: Record<string, string> = {}) =>
    JSON.stringify({ component: 'virt-launcher', level: 'error', msg, pos: 'x.go:1', timestamp: at(T.started, 5), ...extra });

  it.each(ERAS)('%s: panic "timed out waiting for domain to be defined" (kubevirt/kubevirt#3453) → target-pod-lost', async (era) => {
    const b = failedMigration({ era, migratedEvent: false });
    const logs = { ...b.logs, [TARGET_POD]: [targetLine('panic: timed out waiting for domain to be defined'), targetLine('dirty virt-launcher shutdown: exit-code 2')].join('\n') };
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs });
    const check = checkOf(d, 'failure-reason');
    expect(check).toMatchObject({ cause: 'target-pod-lost', args: { kind: 'target-pod-lost', source: 'target-log' } });
    expect(check.evidence[0]).toMatchObject({ kind: 'Pod', name: TARGET_POD, message: 'panic: timed out waiting for domain to be defined' });
  });

  it.each(ERAS)('%s: QEMU on the target rejects the incoming state (kubevirt/kubevirt#16386) → libvirt-error', async (era) => {
    const b = failedMigration({ era, migratedEvent: false });
    const qemu = "qemu-kvm: Features 0x130afffa7 unsupported. Allowed features: 0x10179bfffe7";
    const logs = { ...b.logs, [TARGET_POD]: targetLine(qemu, { subcomponent: 'qemu', level: 'info' }) };
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs });
    expect(checkOf(d, 'failure-reason')).toMatchObject({ cause: 'libvirt-error', args: { source: 'target-log', quote: qemu } });
  });

  it('a target that was cleaned up after a failure decided elsewhere names nothing', async () => {
    const b = failedMigration({ era: 'v1.9', migratedEvent: false });
    const logs = { ...b.logs, [TARGET_POD]: [targetLine('panic: received early exit signal'), targetLine('dirty virt-launcher shutdown: exit-code 2')].join('\n') };
    const d = await whyScenario(b.objects, { name: MIGRATION_NAME, now: T.now, logs });
    expect(checkOf(d, 'failure-reason').args).not.toMatchObject({ source: 'target-log' });
  });
});
