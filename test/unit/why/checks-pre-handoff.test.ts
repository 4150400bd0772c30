// Unit tests of the pre-handoff helpers (quota usage of a launcher pod, IsRunning semantics) and
// of the prose of the pre-handoff checks: every result these checks produce in the scenarios
// renders to a sentence with the decisive names and numbers, never `undefined`.
import { describe, expect, it } from 'vitest';
import type { CheckId, CheckResult } from '../../../src/analyze/why/check.js';
import { countsAsRunning } from '../../../src/analyze/migration/phase.js';
import { appliesToLauncherPods, podQuotaUsage, quotaHeadroom } from '../../../src/analyze/why/quota-headroom.js';
import { formatQuotaAmount } from '../../../src/render/why-text/resource-quota.js';
import { checkHint, checkSummary } from '../../../src/render/why-text/index.js';
import { kubevirtCR, liveMigratable, node, vm } from '../../fixtures/objects/index.js';
import { event, launcherPod, quota, targetPod, vmCluster, vmim } from '../../fixtures/objects/migrations.js';
import { checkOf, whyScenario } from './scenarios/harness.js';

const GI = 2 ** 30;

describe('podQuotaUsage', () => {
  it('charges the real v1.6.3 launcher layout: compute + native sidecar, limits ≠ requests', () => {
    const u = podQuotaUsage(launcherPod());
    expect(u['requests.memory']).toBe(3305109497 + 35e6);
    expect(u.memory).toBe(3305109497 + 35e6);
    expect(u['limits.memory']).toBe(4737464313 + 60e6);
    expect(u['requests.cpu']).toBeCloseTo(0.13, 9);
    expect(u['limits.cpu']).toBeCloseTo(2.015, 9);
    expect(u['requests.devices.kubevirt.io/kvm']).toBe(1);
    expect(u['requests.ephemeral-storage']).toBe(50e6);
    expect(u.pods).toBe(1);
    expect(u['count/pods']).toBe(1);
  });

  it('a regular init container counts as the max, not the sum; pod overhead is added', () => {
    const pod = launcherPod({ requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '1Gi' } });
    pod.spec!.initContainers = [{ name: 'container-disk-binary', resources: { requests: { cpu: '10m', memory: '2Gi' } } }];
    pod.spec!.overhead = { memory: '100Mi' };
    const u = podQuotaUsage(pod);
    expect(u['requests.memory']).toBe(2 * GI + 100 * 2 ** 20);
    expect(u['requests.cpu']).toBe(1);
    expect(u['limits.memory']).toBe(GI + 100 * 2 ** 20);
  });

  it('headroom ranks the tightest resource first and ignores Terminating/BestEffort quotas', () => {
    const usage = { 'requests.memory': 4 * GI, 'requests.cpu': 1, pods: 1 };
    const h = quotaHeadroom(quota('q', { 'requests.memory': '16Gi', 'requests.cpu': '16', pods: '10' }, { 'requests.memory': '13Gi', 'requests.cpu': '2', pods: '9' }), usage);
    expect(h.resources.map((r) => [r.resource, r.shortfall])).toEqual([
      ['requests.memory', GI],
      ['pods', 0],
      ['requests.cpu', -13],
    ]);
    expect(appliesToLauncherPods(quota('t', {}, {}, { scopes: ['Terminating'] }))).toBe(false);
    expect(appliesToLauncherPods(quota('n', {}, {}, { scopes: ['NotTerminating', 'NotBestEffort'] }))).toBe(true);
  });
});

describe('countsAsRunning (IsRunning, facts §1.1)', () => {
  it.each([
    ['', false],
    ['Pending', false],
    ['Scheduling', true],
    ['Scheduled', true],
    ['PreparingTarget', true],
    ['TargetReady', true],
    ['Running', true],
    ['Succeeded', false],
    ['Failed', false],
    ['WaitingForSync', false],
    ['Synchronizing', false],
  ])('%s → %s', (phase, running) => {
    expect(countsAsRunning(vmim(phase).status?.phase)).toBe(running);
  });
});

describe('formatQuotaAmount', () => {
  it('cores, bytes, counts', () => {
    expect(formatQuotaAmount('requests.cpu', 0.5)).toBe('500m');
    expect(formatQuotaAmount('limits.memory', 64 * GI)).toBe('64Gi');
    expect(formatQuotaAmount('requests.storage', 500 * GI)).toBe('500Gi');
    expect(formatQuotaAmount('pods', 3)).toBe('3');
  });
});

/** The checks of the queue and the source, up to migration-backoff. */
const PRE_HANDOFF: ReadonlySet<CheckId> = new Set<CheckId>([
  'vmi-running',
  'live-migratable',
  'migration-phase',
  'migration-conflict',
  'migration-slots',
  'resource-quota',
  'admission',
  'active-pods',
  'migration-backoff',
]);

function expectClean(s: string | undefined) {
  if (s === undefined) return;
  expect(s).not.toMatch(/undefined|NaN|\[object Object\]|null/);
}

function render(c: CheckResult) {
  const summary = checkSummary(c);
  const hint = checkHint(c);
  expect(summary.length).toBeGreaterThan(5);
  expectClean(summary);
  expectClean(hint);
  return { summary, hint };
}

const NOW = '2025-11-20T10:05:00Z';
const CREATED = '2025-11-20T10:00:00Z';

describe('pre-handoff prose', () => {
  it('renders every result of a set of scenarios without holes', async () => {
    const others = [1, 2, 3, 4, 5].flatMap((i) => {
      const m = vmim('Running', { name: `mig-${i}`, uid: `uid-${i}`, namespace: `team-${i}`, vmi: `vm-${i}`, created: '2025-11-20T09:59:00Z' });
      return [m, targetPod(m, { name: `virt-launcher-vm-${i}-abcde`, vmiUid: `vmi-uid-${i}`, node: 'node-c', sourceNode: 'node-b', phase: 'Running' })];
    });
    const scenarios = [
      await whyScenario(vmCluster(), { name: 'vm1', now: NOW }),
      await whyScenario([vm('vm1', { runStrategy: 'Halted' }), node('node-a'), kubevirtCR()], { name: 'vm1', now: NOW }),
      await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW }),
      await whyScenario([...vmCluster(), vmim('Succeeded', { created: CREATED })], { name: 'vm1', now: NOW, forbidden: ['node', 'resourcequota'] }),
      await whyScenario(
        [
          ...vmCluster({ vmi: { liveMigratable: liveMigratable('False', 'DisksNotLiveMigratable', 'cannot migrate VMI with non-shared HostDisk') } }),
          vmim('Pending', { created: CREATED }),
          quota('vm-quota', { 'limits.memory': '10Gi' }, { 'limits.memory': '8Gi' }),
        ],
        { name: 'vm1', now: NOW },
      ),
    ];
    for (const d of scenarios) for (const c of d.checks.filter((x) => PRE_HANDOFF.has(x.id))) render(c);
  });

  it('concurrency-limit: the numbers and the running migrations, and how to raise the limit', async () => {
    const others = [1, 2, 3, 4, 5].flatMap((i) => {
      const m = vmim('Running', { name: `mig-${i}`, uid: `uid-${i}`, namespace: `team-${i}`, vmi: `vm-${i}`, created: '2025-11-20T09:59:00Z' });
      return [m, targetPod(m, { name: `virt-launcher-vm-${i}-abcde`, vmiUid: `vmi-uid-${i}`, node: 'node-c', sourceNode: 'node-b', phase: 'Running' })];
    });
    const d = await whyScenario([...vmCluster(), ...others, vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    const { summary, hint } = render(checkOf(d, 'migration-slots'));
    expect(summary).toContain('Waiting for a migration slot: 5/5 migrations running cluster-wide (parallelMigrationsPerCluster 5)');
    expect(summary).toContain('team-1/mig-1');
    expect(hint).toContain('kubectl patch kubevirt kubevirt -n harvester-system');
  });

  it('quota-exceeded: quota, resource and shortfall in the sentence; the fix names the quota', async () => {
    const text =
      'Error creating pod: pods "virt-launcher-vm1-5wcz6" is forbidden: exceeded quota: default-gmp6p, requested: limits.memory=17405661185, used: limits.memory=52216983555, limited: limits.memory=64Gi';
    const ev = event('VirtualMachineInstance', 'vm1', 'FailedCreate', text, { time: '2025-11-20T10:04:00Z' });
    const d = await whyScenario([...vmCluster(), vmim('Pending', { created: CREATED }), ev], { name: 'vm1', now: NOW });
    const { summary, hint } = render(checkOf(d, 'resource-quota'));
    expect(summary).toBe(
      'ResourceQuota default-gmp6p refused the target pod virt-launcher-vm1-5wcz6: limits.memory requested 16.2Gi, used 48.6Gi, hard 64Gi (short by 861.3Mi).',
    );
    expect(hint).toContain('kubectl edit resourcequota default-gmp6p -n default');
    expect(hint).toContain('limits.memory by at least 861.3Mi');
  });

  it('vmi-not-running on a dead node: restart or force-stop instead', async () => {
    const objects = [vm('vm1'), ...vmCluster({ nodes: [] }).filter((o) => o.kind !== 'VirtualMachine'), node('node-a', { ready: false }), vmim('Pending', { created: CREATED })];
    const d = await whyScenario(objects, { name: 'vm1', now: NOW });
    const { summary, hint } = render(checkOf(d, 'vmi-running'));
    expect(summary).toContain('Source node node-a is unreachable (Ready=Unknown, NodeStatusUnknown)');
    expect(hint).toContain('virtctl restart vm1 -n default');
    expect(hint).toContain('virtctl stop vm1 -n default --force --grace-period=0');
    expect(hint).toContain('kubectl delete vmim kubevirt-migrate-vm-x7k2q -n default');
  });
});
