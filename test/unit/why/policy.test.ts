import { describe, expect, it } from 'vitest';
import {
  defaultMigrationConfig,
  effectiveMigrationConfig,
  migrationConfigOfMigration,
} from '../../../src/analyze/policy/effective-config.js';
import { matchMigrationPolicy, policiesUseNamespaceLabels, scorePolicy } from '../../../src/analyze/policy/match-policy.js';
import type { MigrationPolicy } from '../../../src/kube/types.js';
import { parseKubeVirtVersion } from '../../../src/kubevirt/version.js';

type Spec = NonNullable<MigrationPolicy['spec']>;
const policy = (name: string, selectors: Spec['selectors'] | undefined, spec: Omit<Spec, 'selectors'> = {}): MigrationPolicy => ({
  apiVersion: 'migrations.kubevirt.io/v1alpha1',
  kind: 'MigrationPolicy',
  metadata: { name },
  spec: selectors ? { ...spec, selectors } : spec,
});
const v = (s: string) => parseKubeVirtVersion(s)!;

describe('matchMigrationPolicy (facts §3.8)', () => {
  const vmiLabels = { 'workload-type': 'db', tier: 'gold', 'kubevirt.io/nodeName': 'node1' };
  const nsLabels = { 'hpc-workloads': 'true', 'kubernetes.io/metadata.name': 'prod' };

  it('highest total score wins', () => {
    const m = matchMigrationPolicy(
      [
        policy('one-label', { virtualMachineInstanceSelector: { 'workload-type': 'db' } }),
        policy('two-labels', { virtualMachineInstanceSelector: { 'workload-type': 'db' }, namespaceSelector: { 'hpc-workloads': 'true' } }),
      ],
      vmiLabels,
      nsLabels,
    );
    expect(m?.policy.metadata.name).toBe('two-labels');
    expect(m?.score).toEqual({ vmi: 1, namespace: 1, total: 2 });
    expect(m?.matchedLabels).toEqual({ vmi: { 'workload-type': 'db' }, namespace: { 'hpc-workloads': 'true' } });
  });

  it('tie on total ⇒ more VMI-label matches wins, regardless of name or order', () => {
    const ns = policy('a-namespace-heavy', { namespaceSelector: { 'hpc-workloads': 'true', 'kubernetes.io/metadata.name': 'prod' } });
    const vm = policy('z-vmi-heavy', { virtualMachineInstanceSelector: { 'workload-type': 'db', tier: 'gold' } });
    expect(matchMigrationPolicy([ns, vm], vmiLabels, nsLabels)?.policy.metadata.name).toBe('z-vmi-heavy');
    expect(matchMigrationPolicy([vm, ns], vmiLabels, nsLabels)?.policy.metadata.name).toBe('z-vmi-heavy');
  });

  it('full tie ⇒ lexicographically smallest name', () => {
    const b = policy('beta', { virtualMachineInstanceSelector: { tier: 'gold' } });
    const a = policy('alpha', { virtualMachineInstanceSelector: { 'workload-type': 'db' } });
    expect(matchMigrationPolicy([b, a], vmiLabels, nsLabels)?.policy.metadata.name).toBe('alpha');
  });

  it('every selector entry must match exactly', () => {
    expect(scorePolicy(policy('p', { virtualMachineInstanceSelector: { 'workload-type': 'web' } }), vmiLabels, nsLabels)).toBeUndefined();
    expect(scorePolicy(policy('p', { virtualMachineInstanceSelector: { 'workload-type': 'db', missing: 'x' } }), vmiLabels, nsLabels)).toBeUndefined();
    expect(scorePolicy(policy('p', { namespaceSelector: { 'hpc-workloads': 'false' } }), vmiLabels, nsLabels)).toBeUndefined();
    expect(scorePolicy(policy('p', { namespaceSelector: { 'hpc-workloads': 'true' } }), vmiLabels, undefined)).toBeUndefined();
  });

  it('nil selectors never match; empty selectors match with score 0', () => {
    expect(scorePolicy(policy('nil', undefined), vmiLabels, nsLabels)).toBeUndefined();
    expect(scorePolicy(policy('empty', {}), vmiLabels, nsLabels)?.score).toEqual({ vmi: 0, namespace: 0, total: 0 });
  });

  it('quirk: a VMI without labels matches every policy with selectors, score 0, then by name', () => {
    const policies = [
      policy('zz', { virtualMachineInstanceSelector: { 'workload-type': 'db' } }),
      policy('mm', { namespaceSelector: { 'hpc-workloads': 'false' } }),
      policy('nil-selectors', undefined),
    ];
    for (const labels of [undefined, {}]) {
      const m = matchMigrationPolicy(policies, labels, nsLabels);
      expect(m?.policy.metadata.name).toBe('mm');
      expect(m?.score.total).toBe(0);
    }
  });

  it('a YAML boolean selector value (docs example) compares as a string', () => {
    const p = policy('docs', { namespaceSelector: { 'hpc-workloads': true as unknown as string } });
    expect(scorePolicy(p, vmiLabels, nsLabels)?.score.namespace).toBe(1);
  });

  it('no policies / no match', () => {
    expect(matchMigrationPolicy([], vmiLabels, nsLabels)).toBeUndefined();
    expect(matchMigrationPolicy([policy('p', { virtualMachineInstanceSelector: { x: 'y' } })], vmiLabels, nsLabels)).toBeUndefined();
  });

  it('policiesUseNamespaceLabels', () => {
    expect(policiesUseNamespaceLabels([policy('p', { virtualMachineInstanceSelector: { x: 'y' } })])).toBe(false);
    expect(policiesUseNamespaceLabels([policy('p', { namespaceSelector: { x: 'y' } })])).toBe(true);
  });
});

describe('defaultMigrationConfig by version (facts §1.5)', () => {
  it.each([
    ['v0.59.0', 800, false, false],
    ['v1.3.1', 800, false, false],
    ['v1.4.0', 150, false, false],
    ['1.6.3-150700.3.13.1', 150, false, false],
    ['v1.8.0', 150, true, false],
    ['v1.9.0', 150, true, true],
  ])('%s: completionTimeoutPerGiB %d', (raw, completion, utility, downtime) => {
    const { config, assumed } = defaultMigrationConfig(v(raw));
    expect(config.completionTimeoutPerGiB).toBe(completion);
    expect(config.progressTimeout).toBe(150);
    expect(config.parallelMigrationsPerCluster).toBe(5);
    expect(config.parallelOutboundMigrationsPerNode).toBe(2);
    expect(config.bandwidthPerMigration).toBe('0Mi');
    expect(config.allowPostCopy).toBe(false);
    expect(config.nodeDrainTaintKey).toBe('kubevirt.io/drain');
    expect(config.utilityVolumesTimeout !== undefined).toBe(utility);
    expect(config.maxDowntimeMs !== undefined).toBe(downtime);
    expect(assumed).toEqual([]);
  });

  it('unknown version: current defaults, flagged as assumed', () => {
    const { config, assumed } = defaultMigrationConfig(undefined);
    expect(config.completionTimeoutPerGiB).toBe(150);
    expect(assumed).toEqual(['completionTimeoutPerGiB', 'utilityVolumesTimeout', 'maxDowntimeMs']);
  });
});

describe('effectiveMigrationConfig', () => {
  it('defaults ← cluster ← policy, with sources', () => {
    const eff = effectiveMigrationConfig({
      version: v('v1.6.3'),
      cluster: { progressTimeout: 300, bandwidthPerMigration: '64Mi', completionTimeoutPerGiB: 400 },
      policy: policy('db', { virtualMachineInstanceSelector: { 'workload-type': 'db' } }, { completionTimeoutPerGiB: 23, allowAutoConverge: true }),
    });
    expect(eff.config).toMatchObject({ progressTimeout: 300, bandwidthPerMigration: '64Mi', completionTimeoutPerGiB: 23, allowAutoConverge: true });
    expect(eff.source).toMatchObject({
      progressTimeout: 'cluster',
      bandwidthPerMigration: 'cluster',
      completionTimeoutPerGiB: 'policy',
      allowAutoConverge: 'policy',
      parallelMigrationsPerCluster: 'default',
    });
    expect(eff.policyName).toBe('db');
    expect(eff.policyFields).toEqual(['allowAutoConverge', 'completionTimeoutPerGiB']);
    expect(eff.origin).toBe('computed');
  });

  it('policy cannot override non-policy fields', () => {
    const p = policy('p', {}, { progressTimeout: 1 } as unknown as Spec);
    expect(effectiveMigrationConfig({ version: v('v1.6.0'), policy: p }).config.progressTimeout).toBe(150);
  });

  it('v1.5+: nil allowWorkloadDisruption follows the cluster allowPostCopy', () => {
    const eff = effectiveMigrationConfig({ version: v('v1.5.0'), cluster: { allowPostCopy: true } });
    expect(eff.config.allowWorkloadDisruption).toBe(true);
    expect(eff.source.allowWorkloadDisruption).toBe('cluster');
    expect(effectiveMigrationConfig({ version: v('v1.5.0') }).config.allowWorkloadDisruption).toBe(false);
  });

  it('before v1.5 there is no allowWorkloadDisruption', () => {
    const eff = effectiveMigrationConfig({ version: v('v1.4.0'), cluster: { allowPostCopy: true } });
    expect(eff.config.allowWorkloadDisruption).toBeUndefined();
  });

  it('v1.5+: policy allowPostCopy without allowWorkloadDisruption sets both', () => {
    const eff = effectiveMigrationConfig({ version: v('v1.5.0'), policy: policy('pc', {}, { allowPostCopy: true }) });
    expect(eff.config).toMatchObject({ allowPostCopy: true, allowWorkloadDisruption: true });
    expect(eff.source).toMatchObject({ allowPostCopy: 'policy', allowWorkloadDisruption: 'policy' });
  });

  it('v1.5+: an explicit policy allowWorkloadDisruption wins', () => {
    const eff = effectiveMigrationConfig({
      version: v('v1.5.0'),
      policy: policy('pc', {}, { allowPostCopy: true, allowWorkloadDisruption: false }),
    });
    expect(eff.config).toMatchObject({ allowPostCopy: true, allowWorkloadDisruption: false });
  });

  it('version-gated policy fields are ignored on older KubeVirt', () => {
    const eff = effectiveMigrationConfig({ version: v('v1.8.0'), policy: policy('p', {}, { maxDowntimeMs: 300 }) });
    expect(eff.config.maxDowntimeMs).toBeUndefined();
    expect(effectiveMigrationConfig({ version: v('v1.9.0'), policy: policy('p', {}, { maxDowntimeMs: 300 }) }).config.maxDowntimeMs).toBe(300);
  });
});

describe('migrationConfigOfMigration: the VMI echo is authoritative', () => {
  it('no echo ⇒ computed', () => {
    expect(migrationConfigOfMigration({ version: v('v1.4.0'), migrationState: {} }).origin).toBe('computed');
  });

  it('echo agreeing with the computation keeps the sources (v0.54 echo: bandwidth "0")', () => {
    const eff = migrationConfigOfMigration({
      version: v('v0.59.0'),
      migrationState: {
        migrationConfiguration: {
          allowAutoConverge: false,
          allowPostCopy: false,
          bandwidthPerMigration: '0',
          completionTimeoutPerGiB: 800,
          nodeDrainTaintKey: 'kubevirt.io/drain',
          parallelMigrationsPerCluster: 5,
          parallelOutboundMigrationsPerNode: 2,
          progressTimeout: 150,
          unsafeMigrationOverride: false,
        },
      },
    });
    expect(eff.origin).toBe('migration-state');
    expect(eff.differsFromComputed).toEqual([]);
    expect(eff.source).toMatchObject({ bandwidthPerMigration: 'default', completionTimeoutPerGiB: 'default' });
  });

  it('echo that differs (config changed since hand-off) is reported field by field', () => {
    const eff = migrationConfigOfMigration({
      version: v('v1.6.3'),
      cluster: { progressTimeout: 300 },
      policy: policy('slow', {}, { completionTimeoutPerGiB: 23 }),
      migrationState: {
        migrationPolicyName: 'slow',
        migrationConfiguration: { progressTimeout: 150, completionTimeoutPerGiB: 23, allowPostCopy: false },
      },
    });
    expect(eff.config).toEqual({ progressTimeout: 150, completionTimeoutPerGiB: 23, allowPostCopy: false });
    expect(eff.source).toEqual({ progressTimeout: 'migration-state', completionTimeoutPerGiB: 'policy', allowPostCopy: 'default' });
    expect(eff.differsFromComputed).toEqual(['progressTimeout']);
    expect(eff.policyName).toBe('slow');
    expect(eff.policyFields).toEqual(['completionTimeoutPerGiB']);
  });
});
