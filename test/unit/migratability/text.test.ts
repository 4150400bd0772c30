// The renderer must cover every rule and name the offending object; the wording itself is not
// asserted (it may change), only that the names from args reach the message.
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../src/analyze/migratability/registry.js';
import type { RuleArgs, RuleFinding, RuleId } from '../../../src/analyze/migratability/rule.js';
import { ruleHint, ruleMessage } from '../../../src/render/migratability-text.js';

const SAMPLES: { [Id in RuleId]: { args: RuleArgs[Id]; names: string[] } } = {
  'volume-not-shared': { args: { kind: 'not-shared', volume: 'rootdisk', claim: 'cat8kv-01', source: 'dataVolume', accessModes: ['ReadWriteOnce'], accessModesFrom: 'datavolume', hotpluggable: false, fix: { kind: 'same-class', storageClass: 'ceph-rbd', volumeMode: 'Block' } }, names: ['rootdisk', 'cat8kv-01', 'ReadWriteOnce'] },
  'volume-node-local': { args: { volume: 'disk-0', claim: 'c', pv: 'local-pv-1', kind: 'local', nodes: ['node-a'] }, names: ['local-pv-1', 'node-a'] },
  'volume-hostdisk': { args: { volume: 'hd', hostPath: '/data/disk.img' }, names: ['hd', '/data/disk.img'] },
  'volume-containerdisk': { args: { volume: 'root', image: 'quay.io/containerdisks/fedora:40' }, names: ['root', 'quay.io/containerdisks/fedora:40'] },
  'volume-cdrom': { args: { disk: 'cdromdisk', readonly: true, claim: 'cat8kv-01-day0' }, names: ['cdromdisk', 'cat8kv-01-day0'] },
  'volume-block-migration': { args: { volume: 'cloudinitdisk', source: 'cloudInitNoCloud' }, names: ['cloudinitdisk', 'cloudInitNoCloud'] },
  'volume-single-replica': { args: { volume: 'd', claim: 'c', storageClass: 'longhorn-single', provisioner: 'driver.longhorn.io', parameter: 'numberOfReplicas', replicas: 1 }, names: ['longhorn-single', 'numberOfReplicas'] },
  'volume-rwx-filesystem-share': { args: { volume: 'd', claim: 'vm-disk', via: 'longhorn-share-manager', storageClass: 'longhorn-rwx' }, names: ['vm-disk', 'longhorn-rwx'] },
  'host-device': { args: { device: 'gpu1', kind: 'gpu', problem: 'gate-off', deviceName: 'nvidia.com/GA102GL_A10', move: { kind: 'restart-elsewhere', resources: ['nvidia.com/GA102GL_A10'], nodes: ['node-b'] } }, names: ['gpu1', 'nvidia.com/GA102GL_A10'] },
  'interface-not-migratable': { args: { network: 'default', interface: 'default', binding: 'plugin', plugin: 'managedtap' }, names: ['default', 'managedtap'] },
  'interface-sriov': { args: { interface: 'fast', network: 'fast', networkName: 'sriov-net' }, names: ['fast', 'sriov-net'] },
  'node-pinned': { args: { kind: 'hostname', label: 'kubernetes.io/hostname', nodes: ['node-a'], matching: 1 }, names: ['node-a'] },
  'affinity-restrictive': { args: { kind: 'podAffinity', topologyKey: 'kubernetes.io/hostname', selector: 'app=db' }, names: ['app=db'] },
  'cpu-host-passthrough': { args: { model: 'host-passthrough', node: 'node-a' }, names: ['host-passthrough'] },
  'cpu-host-model-unique': { args: { node: 'node-a', model: 'EPYC-Genoa', features: ['x2apic'], vendor: 'AMD', candidates: 1, missing: ['node-b: cpu-feature.node.kubevirt.io/x2apic'] }, names: ['node-a', 'EPYC-Genoa', 'node-b'] },
  'cpu-dedicated-single-node': { args: { label: 'kubevirt.io/cpumanager=true', nodes: ['node-a'], count: 1 }, names: ['node-a'] },
  'cpu-dedicated-emulator-thread': { args: {}, names: ['isolateEmulatorThread'] },
  'confidential-computing': { args: { technology: 'SEV-SNP' }, names: ['SEV-SNP'] },
  'hyperv-passthrough': { args: {}, names: ['hypervPassthrough'] },
  'tsc-frequency': { args: { reason: 'no-node-with-frequency', node: 'node-a', frequency: 2599981000, label: 'scheduling.node.kubevirt.io/tsc-frequency-2599981000' }, names: ['2599981000'] },
  virtiofs: { args: { filesystem: 'shared' }, names: ['shared'] },
  'persistent-reservation': { args: { disk: 'shared-lun', refuses: 'live' }, names: ['shared-lun'] },
  'volume-update-gate-disabled': { args: { gates: ['VolumesUpdateStrategy', 'VolumeMigration'], strategy: 'Migration' }, names: ['VolumesUpdateStrategy', 'VolumeMigration', 'Migration'] },
  'volume-update-volume-refused': { args: { volume: 'shared-data', class: 'shareable', from: 'reports-shared', to: 'reports-shared-fast' }, names: ['shared-data', 'shareable', 'reports-shared', 'reports-shared-fast'] },
  'volume-update-destination-missing': { args: { volume: 'rootdisk', type: 'datavolume', claim: 'reports-disk-fast' }, names: ['rootdisk', 'reports-disk-fast'] },
  'volume-update-rollout-not-live': { args: { rollout: 'Stage', gateMissing: 'VMLiveUpdateFeatures' }, names: ['Stage', 'VMLiveUpdateFeatures'] },
  'volume-update-rwo-left-out': { args: { volume: 'vol1', claim: 'reports-scratch', moved: ['rootdisk'] }, names: ['vol1', 'reports-scratch', 'rootdisk'] },
  'peer-gate-disabled': { args: { sides: ['target'], gate: 'DecentralizedLiveMigration', peer: 'cluster-b' }, names: ['DecentralizedLiveMigration', 'cluster-b'] },
  'peer-version-unsupported': { args: { sides: [{ side: 'target', version: 'v1.5.2' }], since: 'v1.6', peer: 'cluster-b' }, names: ['v1.5.2', 'v1.6', 'cluster-b'] },
  'peer-version-skew': { args: { source: 'v1.7.1', target: 'v1.6.3', peer: 'cluster-b' }, names: ['v1.7.1', 'v1.6.3', 'cluster-b'] },
  'peer-namespace-missing': { args: { namespace: 'prod', peer: 'cluster-b' }, names: ['prod', 'cluster-b'] },
  'peer-network-missing': { args: { network: 'storage-net', nad: 'prod/storage-vlan', peer: 'cluster-b' }, names: ['storage-net', 'prod/storage-vlan', 'cluster-b'] },
  'peer-storage-class-missing': { args: { storageClass: 'ceph-rbd', volumes: ['rootdisk'], peer: 'cluster-b' }, names: ['ceph-rbd', 'rootdisk', 'cluster-b'] },
  'peer-sync-address-missing': { args: { peer: 'cluster-b' }, names: ['cluster-b', 'synchronizationAddresses'] },
  'peer-volume-cannot-move': { args: { kind: 'shared-hostdisk', volume: 'scratch', hostPath: '/mnt/shared/scratch.img', peer: 'cluster-b' }, names: ['scratch', '/mnt/shared/scratch.img', 'cluster-b'] },
  'eviction-drain-blocker': { args: { evictionStrategy: 'LiveMigrate', strategySource: 'vm', blockers: ['volume-not-shared'], liveMigratableFalse: false }, names: ['LiveMigrate', 'volume-not-shared'] },
  'kubevirt-condition': { args: { reason: 'DisksNotLiveMigratable', message: 'cannot migrate VMI: PVC x is not shared' }, names: ['DisksNotLiveMigratable', 'cannot migrate VMI: PVC x is not shared'] },
};

describe('migratability text', () => {
  it.each(RULES.map((r) => [r.id, r.severity] as const))('%s: message names the object, hint is a fix', (id, severity) => {
    const sample = SAMPLES[id];
    // SAMPLES[id] holds the args of rule `id`: the pair is a finding of that rule.
    const f = {
      rule: id,
      severity,
      args: sample.args,
      path: 'spec.template.spec.volumes[0]',
      evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1' }],
    } as RuleFinding;
    const message = ruleMessage(f);
    for (const name of sample.names) expect(message, id).toContain(name);
    expect(ruleHint(f).length, id).toBeGreaterThan(20);
    expect(message).not.toMatch(/undefined|\[object/);
    expect(ruleHint(f)).not.toMatch(/undefined|\[object/);
  });
});

describe('host-device fix', () => {
  const finding = (move: RuleArgs['host-device']['move']): RuleFinding<'host-device'> => ({
    rule: 'host-device',
    severity: 'blocker',
    args: { device: 'gpu1', kind: 'gpu', problem: 'pci-host-device', deviceName: 'nvidia.com/GA102GL_A10', move },
    path: 'spec.domain.devices.gpus[0]',
    evidence: [],
  });
  const resources = ['nvidia.com/GA102GL_A10'];

  it('names the nodes it could be restarted on, or the only node that has the device', () => {
    expect(ruleHint(finding({ kind: 'restart-elsewhere', resources, nodes: ['node-b', 'node-c'] }))).toContain('node-b, node-c');
    const only = ruleHint(finding({ kind: 'no-other-node', resources, nodes: ['node-1'] }));
    expect(only).toContain('node-1');
    // The old advice, a restart "on the other node", is what this case must not give.
    expect(only).not.toMatch(/start it (again|on)/);
  });
});
