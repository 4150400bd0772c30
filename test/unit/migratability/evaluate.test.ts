import { describe, expect, it } from 'vitest';
import { evaluateMigratability } from '../../../src/analyze/migratability/evaluate.js';
import type { MigratabilityRule } from '../../../src/analyze/migratability/rule.js';
import { buildSubject } from '../../../src/analyze/migratability/subject.js';
import type {
  DataVolume,
  KubeVirt,
  Node,
  PersistentVolumeClaim,
  StorageProfile,
  VirtualMachineInstance,
} from '../../../src/kube/types.js';
import {
  clusterFacts,
  forbidden,
  kubevirtCR,
  liveMigratable,
  loadReal,
  loadRealOne,
  node,
  pv,
  pvc,
  storageClass,
  vm,
  vmi,
} from '../../fixtures/objects/index.js';

const rulesOf = (e: { findings: { rule: string; severity: string }[] }) => e.findings.map((f) => `${f.rule}/${f.severity}`);

describe('evaluateMigratability verdicts', () => {
  const nodes = [node('node-a'), node('node-b')];
  const okFacts = clusterFacts({
    nodes,
    pvcs: [pvc('vm1-disk-0')],
    pvs: [pv('pvc-vm1-disk-0')],
    storageClasses: [storageClass('longhorn')],
    kubevirt: [kubevirtCR()],
  });

  it('info only ⇒ migratable, agreeing with LiveMigratable=True', () => {
    const e = evaluateMigratability(buildSubject({ vmi: vmi('vm1') }), okFacts);
    expect(rulesOf(e)).toEqual(['volume-block-migration/info']);
    expect(e).toMatchObject({ verdict: 'migratable', unknown: [], kubevirt: { liveMigratable: 'True' }, agreesWithKubeVirt: true });
  });

  it('warnings only ⇒ risky (still agrees with True)', () => {
    const e = evaluateMigratability(buildSubject({ vmi: vmi('vm1', { domain: { cpu: { model: 'host-passthrough' } } }) }), okFacts);
    expect(e.verdict).toBe('risky');
    expect(e.agreesWithKubeVirt).toBe(true);
  });

  it('a blocker ⇒ not-migratable; disagreeing with LiveMigratable=True is reported', () => {
    const v = vmi('vm1', { spec: { nodeSelector: { 'kubernetes.io/hostname': 'node-a' } } });
    const e = evaluateMigratability(buildSubject({ vmi: v }), okFacts);
    expect(e.verdict).toBe('not-migratable');
    expect(e.agreesWithKubeVirt).toBe(false);
  });

  it('no VMI ⇒ KubeVirt Unknown and agreesWithKubeVirt null', () => {
    const e = evaluateMigratability(buildSubject({ vm: vm('vm1') }), okFacts);
    expect(e.kubevirt).toEqual({ liveMigratable: 'Unknown' });
    expect(e.agreesWithKubeVirt).toBeNull();
  });

  it('a rule whose need is unreadable is not run and is listed as unknown', () => {
    let ran = false;
    const needsNodes: MigratabilityRule = {
      id: 'node-pinned',
      severity: 'blocker',
      description: 'needs nodes',
      needs: ['nodes', 'pvcs'],
      kubevirt: { reasons: [], changesAt: [], reads: [] },
      evaluate: () => {
        ran = true;
        return { findings: [] };
      },
    };
    const e = evaluateMigratability(buildSubject({ vmi: vmi('vm1') }), { ...okFacts, nodes: forbidden<Node>('nodes') }, [needsNodes]);
    expect(ran).toBe(false);
    expect(e.unknown).toEqual([{ rule: 'node-pinned', missing: 'nodes: forbidden' }]);
  });

  it('rules report an unreadable collection only when the VM depends on it', () => {
    const facts = { ...okFacts, nodes: forbidden<Node>('nodes') };
    // host-model VMI: the CPU rule needs nodes and says so; the other node-reading rules do not apply.
    expect(evaluateMigratability(buildSubject({ vmi: vmi('vm1') }), facts).unknown).toEqual([
      { rule: 'cpu-host-model-unique', missing: 'nodes: forbidden' },
    ]);
    const named = vmi('vm1', { domain: { cpu: { model: 'EPYC-Rome' } } });
    expect(evaluateMigratability(buildSubject({ vmi: named }), facts)).toMatchObject({ unknown: [], verdict: 'migratable' });
  });

  it('a throwing rule becomes unknown instead of failing the report', () => {
    const broken: MigratabilityRule = {
      id: 'virtiofs',
      severity: 'warning',
      description: 'broken',
      needs: [],
      kubevirt: { reasons: [], changesAt: [], reads: [] },
      evaluate: () => {
        throw new Error('boom');
      },
    };
    const e = evaluateMigratability(buildSubject({ vmi: vmi('vm1') }), okFacts, [broken]);
    expect(e.unknown).toEqual([{ rule: 'virtiofs', missing: 'internal error: boom' }]);
  });
});

describe('a VM with several problems lists all of them (kubevirt/kubevirt#12404)', () => {
  it('reports every reason, not just the first, with one finding per offending object', () => {
    const v = vmi('vm1', {
      spec: {
        evictionStrategy: 'LiveMigrate',
        nodeSelector: { 'kubernetes.io/hostname': 'node-a' },
        volumes: [
          { name: 'disk-0', persistentVolumeClaim: { claimName: 'vm1-disk-0' } },
          { name: 'data', persistentVolumeClaim: { claimName: 'vm1-data' } },
          { name: 'root', containerDisk: { image: 'quay.io/containerdisks/fedora:40' } },
        ],
      },
      devices: {
        disks: [{ name: 'disk-0', disk: {} }, { name: 'data', disk: {} }, { name: 'root', disk: {} }],
        interfaces: [{ name: 'default', bridge: {} }],
        gpus: [{ name: 'gpu1', deviceName: 'nvidia.com/GA102GL_A10' }],
      },
      domain: { cpu: { model: 'host-passthrough' } },
      volumeStatus: [],
      liveMigratable: liveMigratable('False', 'InterfaceNotLiveMigratable', 'cannot migrate VMI which does not use masquerade or a migratable plugin to connect to the pod network'),
    });
    const facts = clusterFacts({
      nodes: [node('node-a'), node('node-b')],
      pvcs: [pvc('vm1-disk-0', { accessModes: ['ReadWriteOnce'] }), pvc('vm1-data', { accessModes: ['ReadWriteOnce'] })],
      pvs: [pv('pvc-vm1-disk-0'), pv('pvc-vm1-data')],
      storageClasses: [storageClass('longhorn')],
      kubevirt: [kubevirtCR({ version: 'v1.6.3' })],
    });
    const e = evaluateMigratability(buildSubject({ vmi: v }), facts);
    expect(rulesOf(e)).toEqual([
      'volume-not-shared/blocker',
      'volume-not-shared/blocker',
      'volume-containerdisk/warning',
      'host-device/blocker',
      'interface-not-migratable/blocker',
      'node-pinned/blocker',
      'cpu-host-passthrough/warning',
      'eviction-drain-blocker/warning',
    ]);
    expect(e.findings.filter((f) => f.rule === 'volume-not-shared').map((f) => f.args.claim)).toEqual(['vm1-disk-0', 'vm1-data']);
    expect(e.findings.find((f) => f.rule === 'eviction-drain-blocker')?.args.blockers).toEqual([
      'volume-not-shared',
      'host-device',
      'interface-not-migratable',
      'node-pinned',
    ]);
    expect(e).toMatchObject({ verdict: 'not-migratable', unknown: [], agreesWithKubeVirt: true });
    expect(e.kubevirt).toMatchObject({ liveMigratable: 'False', reason: 'InterfaceNotLiveMigratable' });
  });
});

describe('real objects', () => {
  it('OCP Virt 4.11 VMI with RWO disks: agrees with KubeVirt DisksNotLiveMigratable', () => {
    const v = loadRealOne<VirtualMachineInstance>('vmi-not-migratable-rwo-cnv4.11.yaml');
    const dv = loadRealOne<DataVolume>('datavolume-succeeded-cnv4.11.yaml');
    // Only the DataVolume was dumped: the PVC list is empty, so the cdrom PVC comes from volumeStatus.
    const facts = clusterFacts({ dataVolumes: [dv], nodes: forbidden('nodes') });
    const e = evaluateMigratability(buildSubject({ vmi: v }), facts);
    expect(rulesOf(e)).toEqual(['volume-not-shared/blocker', 'volume-not-shared/blocker', 'volume-cdrom/warning', 'eviction-drain-blocker/warning']);
    const [root, cdrom] = e.findings;
    expect(root?.args).toMatchObject({ volume: 'rootdisk', claim: 'cat8kv-01', source: 'dataVolume', accessModes: ['ReadWriteOnce'] });
    expect(cdrom?.args).toMatchObject({ volume: 'cdromdisk', claim: 'cat8kv-01-day0', accessModesFrom: 'vmi-volume-status' });
    expect(e.kubevirt).toEqual({
      liveMigratable: 'False',
      reason: 'DisksNotLiveMigratable',
      message: 'cannot migrate VMI: PVC cat8kv-01 is not shared, live migration requires that all PVCs must be shared (using ReadWriteMany access mode)',
    });
    expect(e.verdict).toBe('not-migratable');
    expect(e.agreesWithKubeVirt).toBe(true);
    // What the dump lacks is said, per rule, instead of guessed.
    expect(e.unknown).toEqual([
      { rule: 'volume-node-local', missing: 'StorageClass thick' },
      { rule: 'volume-node-local', missing: 'PersistentVolumeClaim default/cat8kv-01-day0' },
      { rule: 'volume-single-replica', missing: 'StorageClass thick' },
      { rule: 'volume-single-replica', missing: 'PersistentVolumeClaim default/cat8kv-01-day0' },
      { rule: 'cpu-host-model-unique', missing: 'nodes: forbidden' },
    ]);
  });

  it('Harvester 1.6.3 VMI on RWX Longhorn, one-node cluster: migratable, agrees with KubeVirt', () => {
    const v = loadRealOne<VirtualMachineInstance>('vmi-running-v1.6.3.yaml');
    const facts = clusterFacts({
      nodes: loadReal<Node>('node-labeller-v1.6.3.yaml'),
      pvcs: loadReal<PersistentVolumeClaim>('pvc-csi-bound-longhorn.yaml'),
      storageProfiles: loadReal<StorageProfile>('storageprofiles-cdi-1.62.yaml'),
      kubevirt: loadReal<KubeVirt>('kubevirt-cr-v1.6.3.yaml'),
      storageClasses: forbidden('storageclasses.storage.k8s.io'),
    });
    expect(facts.kubevirtVersion).toMatchObject({ major: 1, minor: 6, patch: 3 });
    const e = evaluateMigratability(buildSubject({ vmi: v }), facts);
    expect(rulesOf(e)).toEqual(['volume-block-migration/info']);
    expect(e.findings[0]?.args).toEqual({ volume: 'cloudinitdisk', source: 'cloudInitNoCloud' });
    expect(e).toMatchObject({ verdict: 'migratable', kubevirt: { liveMigratable: 'True' }, agreesWithKubeVirt: true });
    // StorageClasses were not readable: the rules that need them say so.
    expect(e.unknown).toEqual([
      // The bundle's PV list was not copied: an empty list, so the bound PV is an absent reference.
      { rule: 'volume-node-local', missing: 'PersistentVolume pvc-a30f7311-cc82-4e85-89d6-144156fce238' },
      { rule: 'volume-single-replica', missing: 'storageclasses.storage.k8s.io: forbidden' },
      { rule: 'volume-rwx-filesystem-share', missing: 'storageclasses.storage.k8s.io: forbidden' },
    ]);
  });
});
