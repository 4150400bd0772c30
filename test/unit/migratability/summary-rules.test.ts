import { describe, expect, it } from 'vitest';
import type { RuleFinding } from '../../../src/analyze/migratability/rule.js';
import { clusterFacts, forbidden, kubevirtCR, liveMigratable, vm, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';

const blocker: RuleFinding = {
  rule: 'volume-not-shared',
  severity: 'blocker',
  kubevirtReason: 'DisksNotLiveMigratable',
  args: { kind: 'not-shared', volume: 'disk-0', claim: 'disk-0', source: 'persistentVolumeClaim', accessModes: ['ReadWriteOnce'], accessModesFrom: 'pvc-spec', hotpluggable: false, fix: { kind: 'profiles-unknown' } },
  evidence: [],
};
// virtiofs with the version unknown: a warning that blocks on v0.59–v1.4.
const warning: RuleFinding = {
  rule: 'virtiofs',
  severity: 'warning',
  kubevirtReason: 'VirtIOFSNotLiveMigratable',
  blocksOn: [{ since: { major: 0, minor: 59 }, until: { major: 1, minor: 4 } }],
  args: { filesystem: 'fs' },
  evidence: [],
};

describe('eviction-drain-blocker', () => {
  it('fires for evictionStrategy LiveMigrate on the VMI with a blocker', () => {
    const v = vmi('vm1', { spec: { evictionStrategy: 'LiveMigrate' } });
    expect(run('eviction-drain-blocker', { vmi: v }, clusterFacts(), [blocker]).findings).toEqual([
      {
        rule: 'eviction-drain-blocker',
        severity: 'warning',
        args: { evictionStrategy: 'LiveMigrate', strategySource: 'vmi', blockers: ['volume-not-shared'], liveMigratableFalse: false },
        path: 'spec.evictionStrategy',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.evictionStrategy' }],
      },
    ]);
  });

  it('takes the cluster-wide strategy from the KubeVirt CR when the VM sets none', () => {
    const v = vm('vm1', { spec: { evictionStrategy: undefined } });
    const facts = clusterFacts({ kubevirt: [kubevirtCR({ evictionStrategy: 'LiveMigrate' })] });
    const { findings } = run('eviction-drain-blocker', { vm: v }, facts, [blocker]);
    expect(findings[0]?.args.strategySource).toBe('kubevirt');
    expect(findings[0]?.evidence).toEqual([
      { kind: 'KubeVirt', namespace: 'harvester-system', name: 'kubevirt', field: 'spec.configuration.evictionStrategy' },
    ]);
  });

  it('fires on KubeVirt LiveMigratable=False alone', () => {
    const v = vmi('vm1', { spec: { evictionStrategy: 'LiveMigrate' }, liveMigratable: liveMigratable('False', 'InterfaceNotLiveMigratable', 'x') });
    expect(run('eviction-drain-blocker', { vmi: v }).findings[0]?.args).toMatchObject({ blockers: [], liveMigratableFalse: true });
  });

  it('does not fire for LiveMigrateIfPossible (the real Harvester VMI), without blockers, or with warnings only', () => {
    expect(run('eviction-drain-blocker', { vmi: vmi('vm1') }, clusterFacts(), [blocker]).findings).toEqual([]);
    const lm = vmi('vm1', { spec: { evictionStrategy: 'LiveMigrate' } });
    expect(run('eviction-drain-blocker', { vmi: lm }, clusterFacts(), []).findings).toEqual([]);
    expect(run('eviction-drain-blocker', { vmi: lm }, clusterFacts(), [warning]).findings).toEqual([]);
  });

  it('unresolved when the strategy would come from an unreadable KubeVirt CR', () => {
    const v = vmi('vm1', { spec: { evictionStrategy: undefined } });
    expect(run('eviction-drain-blocker', { vmi: v }, clusterFacts({ kubevirt: forbidden('kubevirts.kubevirt.io') }), [blocker])).toEqual({
      findings: [],
      unresolved: ['kubevirts.kubevirt.io: forbidden'],
    });
  });
});

describe('kubevirt-condition', () => {
  const message = 'cannot migrate VMI: PVC vm1-disk-0 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)';
  const disks = liveMigratable('False', 'DisksNotLiveMigratable', message);

  it('fires with the condition quoted when no prior blocker explains the reason', () => {
    const v = vmi('vm1', { liveMigratable: disks });
    expect(run('kubevirt-condition', { vmi: v }).findings).toEqual([
      {
        rule: 'kubevirt-condition',
        severity: 'blocker',
        args: { reason: 'DisksNotLiveMigratable', message },
        evidence: [
          { kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'status.conditions[type=LiveMigratable]', message },
        ],
      },
    ]);
  });

  it('does not fire when a blocker explains the reason, nor for LiveMigratable=True or no VMI', () => {
    expect(run('kubevirt-condition', { vmi: vmi('vm1', { liveMigratable: disks }) }, clusterFacts(), [blocker]).findings).toEqual([]);
    const hostdisk: RuleFinding = { rule: 'volume-hostdisk', severity: 'blocker', kubevirtReason: 'DisksNotLiveMigratable', args: { volume: 'disk-0' }, evidence: [] };
    expect(run('kubevirt-condition', { vmi: vmi('vm1', { liveMigratable: disks }) }, clusterFacts(), [hostdisk]).findings).toEqual([]);
    expect(run('kubevirt-condition', { vmi: vmi('vm1') }).findings).toEqual([]);
    expect(run('kubevirt-condition', { vm: vm('vm1') }).findings).toEqual([]);
  });

  it('a reason explained only by a warning still fires, naming the warning', () => {
    const v = vmi('vm1', { liveMigratable: liveMigratable('False', 'VirtIOFSNotLiveMigratable', 'VMI uses virtiofs') });
    expect(run('kubevirt-condition', { vmi: v }, clusterFacts(), [warning]).findings[0]?.args).toEqual({
      reason: 'VirtIOFSNotLiveMigratable',
      message: 'VMI uses virtiofs',
      explainedBy: ['virtiofs'],
    });
  });

  it('a blocker that stands for another reason does not explain it (the CPU-manager placement is not DedicatedCPUNotLiveMigratable)', () => {
    const v = vmi('vm1', {
      liveMigratable: liveMigratable('False', 'DedicatedCPUNotLiveMigratable', 'VMI uses dedicated CPUs and emulator thread isolation'),
    });
    const other: RuleFinding = { rule: 'cpu-dedicated-single-node', severity: 'blocker', args: { label: 'kubevirt.io/cpumanager=true', nodes: [], count: 0 }, evidence: [] };
    expect(run('kubevirt-condition', { vmi: v }, clusterFacts(), [other]).findings).toHaveLength(1);
  });
});
