// `why` scenarios where the target pod is refused at creation: a ResourceQuota (event texts of
// harvester#3124 and the Harvester v1.7.0 dump; condition v1.0+, event only in v0.59) or Pod
// Security / admission. Also the example snapshot's dev/ci-runner quota case end to end.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openSnapshotSource } from '../../../../src/collect/snapshot/index.js';
import { diagnoseOnce } from '../../../../src/commands/why/diagnosis.js';
import { kubevirtCR } from '../../../fixtures/objects/index.js';
import { event, plusSeconds, quota, targetPod, vmCluster, vmim, vmimCondition } from '../../../fixtures/objects/migrations.js';
import { argsOf, checkOf, whyScenario } from './harness.js';

const CREATED = '2025-11-20T10:00:00Z';
const NOW = '2025-11-20T10:05:00Z';
const GI = 2 ** 30;

// harvester/harvester#3124, verbatim quota part; the pod name as KubeVirt's event prefixes it.
const HARVESTER_3124 =
  'Error creating pod: pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-gmp6p, requested: limits.memory=17405661185, used: limits.memory=52216983555, limited: limits.memory=64Gi';

function quotaEvent(message: string, time = '2025-11-20T10:04:30Z', first = plusSeconds(CREATED, 1)) {
  return event('VirtualMachineInstance', 'vm1', 'FailedCreate', message, { time, first, count: 14 });
}

describe('quota-exceeded', () => {
  it('v0.59 era: only the FailedCreate event (no VMIM condition, VMIM has only status.phase)', async () => {
    const m = vmim('Pending', { created: CREATED, era: 'v0.5x' });
    const objects = [...vmCluster({ kubevirt: kubevirtCR({ version: 'v0.59.0' }) }), m, quotaEvent(HARVESTER_3124)];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'quota-exceeded', status: 'blocked', check: 'resource-quota' });
    const c = checkOf(d, 'resource-quota');
    expect(c.args).toMatchObject({ kind: 'exceeded', quota: 'default-gmp6p', pod: 'virt-launcher-vm1-5wcz6' });
    expect(c.args).not.toHaveProperty('condition');
    expect(argsOf(c, 'exceeded').resources).toEqual([
      { resource: 'limits.memory', requested: 17405661185, used: 52216983555, limited: 64 * GI, shortfall: 17405661185 + 52216983555 - 64 * GI },
    ]);
    expect(c.evidence[0]).toMatchObject({ kind: 'Event', message: HARVESTER_3124 });
  });

  for (const version of ['v1.2.2', 'v1.9.0']) {
    it(`${version}: event plus VMIM condition migrationRejectedByResourceQuota`, async () => {
      // Texts of the Harvester v1.7.0 dump (vmim-pending-quota-harvester-v1.7.0.yaml header).
      const text =
        'Error creating pod: pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-z4g94, requested: limits.memory=5682461313, used: limits.memory=5682461313, limited: limits.memory=10865341313';
      const m = vmim('Pending', {
        created: CREATED,
        conditions: [vmimCondition('migrationRejectedByResourceQuota', CREATED)],
        migrationState: { sourcePod: 'virt-launcher-vm1-pb825' },
        addedNodeSelector: { 'kubernetes.io/hostname': 'node-b' },
      });
      const objects = [...vmCluster({ kubevirt: kubevirtCR({ version }) }), m, quotaEvent(text)];
      const d = await whyScenario(objects, { name: 'vm1', now: NOW });
      expect(d.verdict).toMatchObject({ cause: 'quota-exceeded', status: 'blocked' });
      const c = checkOf(d, 'resource-quota');
      expect(c.args).toMatchObject({ kind: 'exceeded', quota: 'default-z4g94', condition: true });
      expect(argsOf(c, 'exceeded').resources).toEqual([expect.objectContaining({ resource: 'limits.memory', shortfall: 5682461313 * 2 - 10865341313 })]);
      expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'VirtualMachineInstanceMigration', field: 'status.conditions[migrationRejectedByResourceQuota]' }));
    });
  }

  it('"(combined from similar events)" prefix of an aggregated event', async () => {
    const m = vmim('Pending', { created: CREATED });
    const d = await whyScenario([...vmCluster(), m, quotaEvent(`(combined from similar events): ${HARVESTER_3124}`)], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('quota-exceeded');
    expect(checkOf(d, 'resource-quota').args).toMatchObject({ quota: 'default-gmp6p' });
  });

  it('before any refusal: headroom of the quota against the source launcher pod', async () => {
    // Source pod limits.memory = 4737464313 + 60M (console-log sidecar); 10Gi hard, 8Gi used.
    const q = quota('vm-quota', { 'limits.memory': '10Gi', 'requests.memory': '16Gi', pods: '20' }, { 'limits.memory': '8Gi', 'requests.memory': '6Gi', pods: '3' });
    const d = await whyScenario([...vmCluster(), q, vmim('Pending', { created: '2025-11-20T10:04:58Z' })], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'quota-exceeded', status: 'blocked' });
    const c = checkOf(d, 'resource-quota');
    const need = 4737464313 + 60e6;
    expect(c.args).toMatchObject({ kind: 'headroom', quota: 'vm-quota' });
    expect(argsOf(c, 'headroom').resources).toEqual([{ resource: 'limits.memory', requested: need, used: 8 * GI, limited: 10 * GI, shortfall: need + 8 * GI - 10 * GI }]);
    expect(c.evidence).toContainEqual({ kind: 'ResourceQuota', namespace: 'default', name: 'vm-quota', field: 'status.used' });
  });

  it('condition without a surviving event (events expired): the quota is named from the headroom', async () => {
    const q = quota('vm-quota', { 'limits.memory': '10Gi' }, { 'limits.memory': '8Gi' });
    const m = vmim('Pending', { created: CREATED, conditions: [vmimCondition('migrationRejectedByResourceQuota', CREATED)] });
    const d = await whyScenario([...vmCluster(), q, m], { name: 'vm1', now: '2025-11-20T11:30:00Z' });
    expect(d.verdict.cause).toBe('quota-exceeded');
    expect(checkOf(d, 'resource-quota').args).toMatchObject({ kind: 'condition', quota: 'vm-quota' });
  });

  it('quotas forbidden: the event still decides', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED }), quotaEvent(HARVESTER_3124)], { name: 'vm1', now: NOW, forbidden: ['resourcequota'] });
    expect(d.verdict.cause).toBe('quota-exceeded');
    expect(checkOf(d, 'resource-quota').args).toMatchObject({ quota: 'default-gmp6p' });
  });

  it('quotas forbidden and no event: unknown, and so is the verdict (rule 1: no all-clear)', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW, forbidden: ['resourcequota'] });
    expect(checkOf(d, 'resource-quota')).toMatchObject({ status: 'unknown', missing: 'resourcequotas: forbidden' });
    expect(d.verdict).toMatchObject({ cause: 'unknown', status: 'unknown', args: { kind: 'undecided', stage: 'queue' } });
    expect(d.verdict.args).toMatchObject({ unknown: expect.arrayContaining(['resource-quota']) });
    expect(d.errors).toContainEqual(expect.objectContaining({ resource: 'resourcequotas' }));
  });

  it('must not fire: the refusal belongs to an earlier migration (older than ours), and the quota has room', async () => {
    const q = quota('vm-quota', { 'limits.memory': '64Gi' }, { 'limits.memory': '8Gi' });
    const old = quotaEvent(HARVESTER_3124, '2025-11-20T09:40:00Z', '2025-11-20T09:30:00Z');
    const d = await whyScenario([...vmCluster(), q, old, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'resource-quota')).toMatchObject({ status: 'pass', args: { kind: 'headroom-ok', quota: 'vm-quota', resource: 'limits.memory' } });
    expect(d.verdict.cause).not.toBe('quota-exceeded');
  });

  it('must not fire: the target pod exists now (the quota was raised); the refusal is history', async () => {
    const m = vmim('Scheduling', { created: CREATED });
    const d = await whyScenario([...vmCluster(), m, targetPod(m, { created: '2025-11-20T10:04:40Z' }), quotaEvent(HARVESTER_3124, '2025-11-20T10:04:30Z')], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'resource-quota')).toMatchObject({ status: 'info', args: { past: true } });
    expect(d.verdict.cause).not.toBe('quota-exceeded');
  });

  it('no migration: a quota without room is a warning, not the verdict', async () => {
    const q = quota('vm-quota', { 'limits.memory': '10Gi' }, { 'limits.memory': '8Gi' });
    const d = await whyScenario([...vmCluster(), q], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'resource-quota')).toMatchObject({ status: 'warn', args: { kind: 'headroom', quota: 'vm-quota' } });
    expect(checkOf(d, 'resource-quota').cause).toBeUndefined();
    expect(d.verdict.cause).toBe('no-migration');
  });

  it('examples/cluster-snapshot: dev/ci-runner is refused by dev-quota', async () => {
    const source = await openSnapshotSource(fileURLToPath(new URL('../../../../examples/cluster-snapshot', import.meta.url)));
    const { diagnosis: d } = await diagnoseOnce(source, 'dev', 'ci-runner');
    expect(d.ctx.migration?.metadata.name).toBe('kubevirt-migrate-vm-vk7vt');
    // Pending for 12m26s at snapshot time (examples/README.md).
    expect(checkOf(d, 'migration-phase').args).toMatchObject({ phase: 'Pending', secondsInPhase: 746 });
    expect(d.verdict).toMatchObject({ cause: 'quota-exceeded', status: 'blocked', check: 'resource-quota' });
    const c = checkOf(d, 'resource-quota');
    expect(c.args).toMatchObject({ kind: 'exceeded', quota: 'dev-quota', condition: true });
    expect(argsOf(c, 'exceeded').resources).toEqual([
      { resource: 'requests.memory', requested: 4567597056, used: 13438550016, limited: 16 * GI, shortfall: 4567597056 + 13438550016 - 16 * GI },
    ]);
    expect(c.evidence[0]).toMatchObject({ kind: 'Event', namespace: 'dev' });
    expect(c.evidence).toContainEqual({ kind: 'ResourceQuota', namespace: 'dev', name: 'dev-quota', field: 'status.used' });
  });
});

describe('pod-security', () => {
  const PSA =
    'Error creating pod: pods "virt-launcher-vm1-x9k2l" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "compute" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "compute" must set securityContext.capabilities.drop=["ALL"])';

  it('Pod Security admission refused the target pod (verbatim text kept)', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED }), quotaEvent(PSA)], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ cause: 'pod-security', status: 'blocked', check: 'admission' });
    const c = checkOf(d, 'admission');
    expect(c.args).toMatchObject({ kind: 'pod-security', level: 'restricted', version: 'latest' });
    expect(argsOf(c, 'pod-security').violations).toContain('allowPrivilegeEscalation != false');
    expect(c.evidence).toEqual([expect.objectContaining({ kind: 'Event', message: PSA })]);
  });

  it('KubeVirt: "it needs a privileged namespace to run" inside failed to render launch manifest', async () => {
    const text =
      'failed to render launch manifest: failed to create target pod for vmi default/vm1, it needs a privileged namespace to run: pods "virt-launcher-vm1-x9k2l" is forbidden: violates PodSecurity "baseline:latest": privileged (container "compute" must not set securityContext.privileged=true)';
    const d = await whyScenario([...vmCluster({ kubevirt: kubevirtCR({ version: 'v1.2.2' }) }), vmim('Pending', { created: CREATED }), quotaEvent(text)], {
      name: 'vm1',
      now: NOW,
    });
    expect(d.verdict.cause).toBe('pod-security');
    expect(checkOf(d, 'admission').args).toMatchObject({ kind: 'privileged-namespace' });
  });

  it('a webhook denial of the target pod', async () => {
    const text = 'Error creating pod: admission webhook "validate.kyverno.svc-fail" denied the request: resource Pod/default/virt-launcher-vm1-x9k2l was blocked';
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED }), quotaEvent(text)], { name: 'vm1', now: NOW });
    expect(d.verdict.cause).toBe('pod-security');
    expect(checkOf(d, 'admission').args).toMatchObject({ kind: 'webhook', webhook: 'validate.kyverno.svc-fail' });
  });

  it('must not fire: a refusal older than the migration, or a migration past Pending', async () => {
    const old = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED }), quotaEvent(PSA, '2025-11-20T09:50:00Z', '2025-11-20T09:40:00Z')], { name: 'vm1', now: NOW });
    expect(checkOf(old, 'admission').status).toBe('pass');
    const m = vmim('Scheduling', { created: CREATED });
    const later = await whyScenario([...vmCluster(), m, targetPod(m, { created: '2025-11-20T10:04:40Z' }), quotaEvent(PSA, '2025-11-20T10:03:00Z')], { name: 'vm1', now: NOW });
    expect(checkOf(later, 'admission')).toMatchObject({ status: 'info', args: { past: true } });
    expect(later.verdict.cause).not.toBe('pod-security');
  });

  it('events forbidden: admission unknown', async () => {
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW, forbidden: ['event'] });
    expect(checkOf(d, 'admission')).toMatchObject({ status: 'unknown', missing: 'events: forbidden' });
  });
});
