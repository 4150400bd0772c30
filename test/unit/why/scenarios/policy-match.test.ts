// migration-policy: which MigrationPolicy applies (migrationpolicy.go `matchPolicy`) and the
// effective configuration, computed before hand-off and read from the migrationState echo after it.
// Never a cause.
import { describe, expect, it } from 'vitest';
import { deriveContext } from '../../../../src/analyze/why/derive.js';
import { policyOutput } from '../../../../src/analyze/why/policy-output.js';
import type { KubeObject } from '../../../../src/kube/types.js';
import {
  cluster,
  kubevirtFor,
  launcherPod,
  migrationPolicy,
  namespaceObject,
  RUN_NOW,
  runningMigration,
  SOURCE_NODE,
  SOURCE_POD,
  T,
  VMI_NAME,
} from '../../../fixtures/objects/failed-migrations.js';
import { vmi } from '../../../fixtures/objects/vms.js';
import { checkOf, whyScenario } from './harness.js';

const DB = { 'workload-type': 'db' };
const HPC = { 'hpc-workloads': 'true' };

/** vm-00 running on node-a with no migration yet, plus `extra` (policies, namespace). */
function idle(extra: KubeObject[], labels: Record<string, string> = DB, era: 'v1.2' | 'v1.9' = 'v1.9'): KubeObject[] {
  return [kubevirtFor(era), vmi(VMI_NAME, { node: SOURCE_NODE, labels }), launcherPod(SOURCE_POD, SOURCE_NODE), ...cluster(), ...extra];
}

describe('before a migration: computed like the controller', () => {
  it('the best-scoring policy wins (VMI + namespace labels), over the cluster config', async () => {
    const objects = idle([
      namespaceObject(HPC),
      migrationPolicy('one-label', { virtualMachineInstanceSelector: DB }, { completionTimeoutPerGiB: 23 }),
      migrationPolicy('two-labels', { virtualMachineInstanceSelector: DB, namespaceSelector: HPC }, { allowAutoConverge: true, bandwidthPerMigration: '217Ki' }),
    ]);
    const d = await whyScenario(objects, { name: VMI_NAME, now: T.now });
    const check = checkOf(d, 'migration-policy');
    expect(check).toMatchObject({
      status: 'info',
      args: {
        kind: 'matched',
        policy: 'two-labels',
        matchedVmiLabels: DB,
        matchedNamespaceLabels: HPC,
        origin: 'computed',
        config: { allowAutoConverge: true, bandwidthPerMigration: '217Ki', completionTimeoutPerGiB: 150 },
        sources: { allowAutoConverge: 'policy', completionTimeoutPerGiB: 'default' },
      },
    });
    expect(check.cause).toBeUndefined();
    expect(check.evidence).toContainEqual({ kind: 'MigrationPolicy', name: 'two-labels', field: 'spec.selectors' });
    expect(d.verdict).toMatchObject({ status: 'idle', cause: 'no-migration' });

    expect(policyOutput(d.ctx)).toEqual({
      name: 'two-labels',
      matchedLabels: { vmi: DB, namespace: HPC },
      effective: expect.objectContaining({ allowAutoConverge: true, bandwidthPerMigration: '217Ki', completionTimeoutPerGiB: 150, progressTimeout: 150 }),
      source: 'computed',
    });
  });

  it('no policy matches: the cluster configuration over the defaults', async () => {
    const objects = idle([namespaceObject(), migrationPolicy('web', { virtualMachineInstanceSelector: { 'workload-type': 'web' } })]);
    const kv = objects[0] as ReturnType<typeof kubevirtFor>;
    kv.spec!.configuration!.migrations = { bandwidthPerMigration: '64Mi' };
    const d = await whyScenario(objects, { name: VMI_NAME, now: T.now });
    const check = checkOf(d, 'migration-policy');
    expect(check).toMatchObject({ status: 'info', args: { kind: 'none', policy: null, sources: { bandwidthPerMigration: 'cluster' } } });
    expect(check.evidence).toContainEqual({ kind: 'KubeVirt', namespace: 'harvester-system', name: 'kubevirt', field: 'spec.configuration.migrations' });
    expect(policyOutput(d.ctx)).toMatchObject({ name: null, matchedLabels: { vmi: {}, namespace: {} }, source: 'computed', effective: { bandwidthPerMigration: '64Mi' } });
  });

  it('post-copy allowed by the policy: the prerequisites are noted (kubevirt/kubevirt#17780)', async () => {
    const objects = idle([namespaceObject({ 'pod-security.kubernetes.io/enforce': 'baseline' }), migrationPolicy('pc', { virtualMachineInstanceSelector: DB }, { allowPostCopy: true })]);
    const d = await whyScenario(objects, { name: VMI_NAME, now: T.now });
    expect(checkOf(d, 'migration-policy')).toMatchObject({
      status: 'info',
      args: { postCopy: true, podSecurityEnforce: 'baseline', config: { allowPostCopy: true, allowWorkloadDisruption: true } },
    });
  });
});

describe('after hand-off: the migrationState echo is what ran', () => {
  it('v1.9 records the policy name; a later cluster change does not rewrite history', async () => {
    const b = runningMigration({ era: 'v1.9', policyName: 'gold', config: { completionTimeoutPerGiB: 300 }, kubevirtMigrations: { completionTimeoutPerGiB: 100 }, vmiLabels: { tier: 'gold' } });
    b.objects.push(namespaceObject(), migrationPolicy('gold', { virtualMachineInstanceSelector: { tier: 'gold' } }, { completionTimeoutPerGiB: 300 }));
    const d = await whyScenario(b.objects, { name: VMI_NAME, now: RUN_NOW });
    const check = checkOf(d, 'migration-policy');
    expect(check).toMatchObject({ status: 'info', args: { kind: 'recorded', policy: 'gold', origin: 'migration-state', config: { completionTimeoutPerGiB: 300 }, matchedVmiLabels: { tier: 'gold' } } });
    expect(check.evidence).toContainEqual({ kind: 'VirtualMachineInstance', namespace: 'default', name: VMI_NAME, field: 'status.migrationState.migrationPolicyName', message: 'gold' });
    expect(policyOutput(d.ctx)).toMatchObject({ name: 'gold', source: 'migration-state', effective: { completionTimeoutPerGiB: 300 } });
    expect(checkOf(d, 'transfer').args).toMatchObject({ budgetSeconds: 1500 });
  });

  it('policies forbidden, but the echo says what ran: still info', async () => {
    const b = runningMigration({ era: 'v1.9', policyName: 'gold', config: { completionTimeoutPerGiB: 300 } });
    const d = await whyScenario(b.objects, { name: VMI_NAME, now: RUN_NOW, forbidden: ['migrationpolicy'] });
    expect(checkOf(d, 'migration-policy')).toMatchObject({ status: 'info', args: { kind: 'recorded', policy: 'gold' } });
    expect(policyOutput(d.ctx)).toMatchObject({ name: 'gold', source: 'migration-state' });
  });
});

describe('unreadable inputs → unknown, verdict still given', () => {
  it('policies forbidden, nothing handed off', async () => {
    const d = await whyScenario(idle([namespaceObject()]), { name: VMI_NAME, now: T.now, forbidden: ['migrationpolicy'] });
    expect(checkOf(d, 'migration-policy')).toMatchObject({ status: 'unknown', args: { unknownResource: 'migrationpolicies' }, missing: expect.stringContaining('forbidden') });
    expect(policyOutput(d.ctx)).toBeUndefined();
    expect(d.verdict).toMatchObject({ status: 'idle', cause: 'no-migration' });
  });

  it('namespace forbidden and a policy selects on namespace labels', async () => {
    const d = await whyScenario(idle([migrationPolicy('hpc', { namespaceSelector: HPC })]), { name: VMI_NAME, now: T.now, forbidden: ['namespace'] });
    expect(checkOf(d, 'migration-policy')).toMatchObject({ status: 'unknown', args: { unknownResource: 'namespaces' } });
  });

  it('namespace forbidden but no policy uses namespace labels: the match is still known', async () => {
    const d = await whyScenario(idle([migrationPolicy('db', { virtualMachineInstanceSelector: DB })]), { name: VMI_NAME, now: T.now, forbidden: ['namespace'] });
    expect(checkOf(d, 'migration-policy')).toMatchObject({ status: 'info', args: { kind: 'matched', policy: 'db' } });
  });
});

it('policyOutput works from a derived context alone (no diagnose)', () => {
  const ctx = deriveContext({
    now: new Date(T.now),
    namespace: 'default',
    requested: { name: VMI_NAME, resolvedAs: 'VirtualMachineInstance' },
    vmi: vmi(VMI_NAME, { labels: DB }),
    migrations: { ok: true, items: [] },
    pods: { ok: true, items: [] },
    events: { ok: true, items: [] },
    nodes: { ok: true, items: [] },
    quotas: { ok: true, items: [] },
    pvcs: { ok: true, items: [] },
    pvs: { ok: true, items: [] },
    kubevirt: { ok: true, items: [kubevirtFor('v1.2')] },
    policies: { ok: true, items: [migrationPolicy('db', { virtualMachineInstanceSelector: DB }, { completionTimeoutPerGiB: 400 })] },
    namespaceObject: { ok: true, items: [namespaceObject()] },
    sourceLog: { ok: false, reason: 'not read' },
  });
  // v1.2: default completionTimeoutPerGiB 800, the policy sets 400; no allowWorkloadDisruption before v1.5.
  expect(policyOutput(ctx)).toEqual({
    name: 'db',
    matchedLabels: { vmi: DB, namespace: {} },
    effective: expect.objectContaining({ completionTimeoutPerGiB: 400, progressTimeout: 150 }),
    source: 'computed',
  });
  expect(policyOutput(ctx)?.effective.allowWorkloadDisruption).toBeUndefined();
});
