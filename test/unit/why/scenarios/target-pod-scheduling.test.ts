// target-pod-scheduling: an unschedulable migration target pod, one scenario per cause, with the
// scheduler's real wordings and KubeVirt's unschedulable/host-model events
// (pkg/virt-controller/watch/migration/migration.go).
import { describe, expect, it } from 'vitest';
import { argsOf, checkOf, whyScenario } from './harness.js';
import { GENOA_FEATURES, pv, pvc } from '../../../fixtures/objects/index.js';
import { event, launcherPod, vmim } from '../../../fixtures/objects/migrations.js';
import { failedScheduling, goMap, kvNode, migrationScene, migrationTargetPod } from '../../../fixtures/objects/target-pods.js';
import type { KubeObject, Pod } from '../../../../src/kube/types.js';
import type { Diagnosis } from '../../../../src/analyze/why/diagnose.js';
import { diagnosisDocument, verdictDocument } from '../../../../src/render/why-document.js';

const CREATED = '2025-11-20T10:00:00Z';
const NOW = '2025-11-20T10:02:00Z';
const MIGRATION = vmim('Scheduling', { created: CREATED });
const MIGRATION_NAME = MIGRATION.metadata.name!;

const PREEMPTION_3 = ' preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.';
/** kubevirt/kubevirt#7780 wording (k8s 1.24+). */
const SELECTOR_3 = `0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match Pod's node affinity/selector.${PREEMPTION_3}`;
/** kubevirt/kubevirt#7779 wording. */
const KVM_2 =
  "0/2 nodes are available: 1 Insufficient devices.kubevirt.io/kvm, 1 Insufficient devices.kubevirt.io/tun, 1 Insufficient devices.kubevirt.io/vhost-net, 1 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.";
const MEMORY_2 =
  "0/2 nodes are available: 1 Insufficient memory, 1 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.";
const TAINTS_3 = `0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had untolerated taint {dedicated: gpu}, 1 node(s) were unschedulable.${PREEMPTION_3}`;
/** The same in the k8s 1.19–1.24 wording (no preemption tail). */
const TAINTS_3_OLD = "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 1 node(s) had taint {dedicated: gpu}, that the pod didn't tolerate, 1 node(s) were unschedulable.";
const ANTI_2 = "0/2 nodes are available: 2 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.";
const ANTI_1 = "0/1 nodes are available: 1 node(s) didn't match pod anti-affinity rules. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.";
/** kubevirt/kubevirt#8771 (hostpath-csi). */
const VOLUME_3 = `0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) had volume node affinity conflict.${PREEMPTION_3}`;
const UNBOUND_3 = `0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims.${PREEMPTION_3}`;

const UNSCHEDULABLE_EVENT = event('VirtualMachineInstanceMigration', MIGRATION_NAME, 'migrationTargetPodUnschedulable', 'Migration target pod for VMI [default/vm1] is currently unschedulable.', {
  time: '2025-11-20T10:01:50Z',
});

/** An unschedulable target pod with its FailedScheduling event and the VMIM event. */
function stuck(message: string, o: Parameters<typeof migrationTargetPod>[1] = {}): KubeObject[] {
  const pod = migrationTargetPod(MIGRATION, { ...o, unschedulable: message });
  return [MIGRATION, pod, failedScheduling(pod.metadata.name!, message, '2025-11-20T10:01:49Z', { count: 12 }), UNSCHEDULABLE_EVENT];
}

function reasonsOf(d: Diagnosis, node: string) {
  return d.placement?.nodes.find((n) => n.name === node)?.reasons ?? [];
}

function expectBlocked(d: Diagnosis, cause: string) {
  expect(d.verdict).toMatchObject({ status: 'blocked', cause, check: 'target-pod-scheduling' });
  const c = checkOf(d, 'target-pod-scheduling');
  expect(c.status).toBe('fail');
  expect(c.evidence[0]).toMatchObject({ kind: 'Pod', field: 'status.conditions[PodScheduled]' });
  // The document renders without throwing and names the cause's check first.
  expect(verdictDocument(d).summary).toContain("is unschedulable");
}

const hostModelSelector: Record<string, string> = { 'cpu-model-migration.node.kubevirt.io/EPYC-Genoa': 'true' };
for (const f of GENOA_FEATURES) hostModelSelector[`cpu-feature.node.kubevirt.io/${f}`] = 'true';
const NO_SUITABLE_NODES = event(
  'VirtualMachineInstance',
  'vm1',
  'NoSuitableNodesForHostModelMigration',
  `Migration cannot proceed since no node is suitable to run the required CPU model / required features: ${goMap(hostModelSelector)}`,
  { time: '2025-11-20T10:01:50Z' },
);
/** Older AMD hosts: EPYC-Rome host model, without some of Genoa's required features. */
const ROME = { hostModel: 'EPYC-Rome', requiredFeatures: ['cmp_legacy', 'ssbd', 'x2apic'] };

describe('target-unschedulable-cpu', () => {
  it('host-model: NoSuitableNodesForHostModelMigration, each other node misses the Genoa labels (harvester#3015/#2435)', async () => {
    const objs = [...migrationScene([kvNode('node-a'), kvNode('node-b', ROME), kvNode('node-c', ROME)]), ...stuck(SELECTOR_3), NO_SUITABLE_NODES];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-cpu');
    const c = checkOf(d, 'target-pod-scheduling');
    expect(c.args).toMatchObject({ sourceNode: 'node-a', perNode: true, cpu: { model: 'EPYC-Genoa', hostModel: true, hostModelEvent: true } });
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'Event', field: 'NoSuitableNodesForHostModelMigration' }));
    expect(c.evidence).toContainEqual(expect.objectContaining({ kind: 'Event', field: 'migrationTargetPodUnschedulable' }));
    // Per node: the source first, then which labels each candidate misses.
    expect(reasonsOf(d, 'node-a')).toEqual([{ kind: 'source-node' }]);
    const b = reasonsOf(d, 'node-b');
    expect(b).toContainEqual({ kind: 'missing-label', key: 'cpu-model-migration.node.kubevirt.io/EPYC-Genoa', value: 'true', cpu: true });
    expect(b.filter((r) => r.kind === 'missing-label').map((r) => (r.kind === 'missing-label' ? r.key : ''))).toEqual([
      'cpu-model-migration.node.kubevirt.io/EPYC-Genoa',
      'cpu-feature.node.kubevirt.io/arch-capabilities',
      'cpu-feature.node.kubevirt.io/stibp',
      'cpu-feature.node.kubevirt.io/tsc-deadline',
    ]);
    expect(d.placement?.nodes.every((n) => !n.fits)).toBe(true);
    // The hint can point at a model every node offers.
    expect(argsOf(c, 'unschedulable').cpu?.commonModels).toEqual(['EPYC', 'EPYC-Rome', 'Westmere']);
  });

  it('named model: no other node has cpu-model.node.kubevirt.io/Skylake-Client-IBRS', async () => {
    const intel = { vendor: 'Intel' as const, hostModel: 'Skylake-Client-IBRS', requiredFeatures: [], cpuModels: ['Skylake-Client-IBRS', 'Westmere'] };
    const vmiSpec = { domain: { cpu: { cores: 2, sockets: 1, threads: 1, model: 'Skylake-Client-IBRS' } } };
    const objs = [
      ...migrationScene([kvNode('node-a', intel), kvNode('node-b'), kvNode('node-c')], { vmi: vmiSpec }),
      ...stuck(SELECTOR_3, { cpuModel: 'Skylake-Client-IBRS' }),
    ];
    const d = await whyScenario(objs, { name: MIGRATION_NAME, now: NOW });
    expectBlocked(d, 'target-unschedulable-cpu');
    expect(reasonsOf(d, 'node-b')).toEqual([{ kind: 'missing-label', key: 'cpu-model.node.kubevirt.io/Skylake-Client-IBRS', value: 'true', cpu: true }]);
    expect(checkOf(d, 'target-pod-scheduling').args).toMatchObject({ cpu: { model: 'Skylake-Client-IBRS', hostModel: false, commonModels: ['Westmere'] } });
  });
});

describe('target-unschedulable-node-selector', () => {
  it('the VM nodeSelector pins it to the source node (kubevirt#5565, #7780)', async () => {
    const pin = { 'kubernetes.io/hostname': 'node-a' };
    const objs = [...migrationScene(undefined, { vmi: { spec: { nodeSelector: pin } } }), ...stuck(SELECTOR_3, { vmNodeSelector: pin })];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-node-selector');
    for (const n of ['node-b', 'node-c']) {
      expect(reasonsOf(d, n)).toEqual([{ kind: 'missing-label', key: 'kubernetes.io/hostname', value: 'node-a', cpu: false }]);
    }
    expect(d.placement?.nodeSelector).toMatchObject({ 'kubernetes.io/hostname': 'node-a', 'kubevirt.io/schedulable': 'true' });
    expect(verdictDocument(d).hint).toContain('kubernetes.io/hostname');
  });
});

describe('target-unschedulable-resources', () => {
  it('the other node advertises no devices.kubevirt.io/kvm (kubevirt#7779)', async () => {
    const noKvm = { allocatable: { cpu: '7020m', 'ephemeral-storage': '149527126718', memory: '18078808Ki', pods: '110' } };
    const objs = [...migrationScene([kvNode('node-a'), kvNode('node-b', noKvm)]), ...stuck(KVM_2)];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-resources');
    expect(reasonsOf(d, 'node-b')).toEqual([
      { kind: 'insufficient', resource: 'devices.kubevirt.io/kvm', requested: 1, free: 0 },
      { kind: 'insufficient', resource: 'devices.kubevirt.io/tun', requested: 1, free: 0 },
      { kind: 'insufficient', resource: 'devices.kubevirt.io/vhost-net', requested: 1, free: 0 },
    ]);
    expect(argsOf(checkOf(d, 'target-pod-scheduling'), 'unschedulable').resources).toEqual(['devices.kubevirt.io/kvm', 'devices.kubevirt.io/tun', 'devices.kubevirt.io/vhost-net']);
    expect(verdictDocument(d).hint).toContain('virt-handler');
  });

  it('insufficient memory, with the numbers from the pods we can see', async () => {
    // node-b: 31.3Gi allocatable, another VM's launcher requests 28.2Gi; the target needs 17.4Gi.
    const big = { allocatable: { cpu: '16', 'ephemeral-storage': '149527126718', 'devices.kubevirt.io/kvm': '1k', 'devices.kubevirt.io/tun': '1k', 'devices.kubevirt.io/vhost-net': '1k', memory: '32802740Ki', pods: '110' } };
    const other = launcherPod({ vmi: 'vm2', vmiUid: 'b1f0c2de-0000-4000-8000-00000000beef', uid: 'c0ffee00-0000-4000-8000-000000000002', node: 'node-b', name: 'virt-launcher-vm2-q8zt4', requests: { cpu: '500m', memory: '30261385626' } });
    const requests = { cpu: '125m', 'devices.kubevirt.io/kvm': '1', 'devices.kubevirt.io/tun': '1', 'devices.kubevirt.io/vhost-net': '1', 'ephemeral-storage': '50M', memory: '18683004518' };
    const objs = [...migrationScene([kvNode('node-a'), kvNode('node-b', big)]), other, ...stuck(MEMORY_2, { requests })];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-resources');
    const [r] = reasonsOf(d, 'node-b');
    expect(r).toMatchObject({ kind: 'insufficient', resource: 'memory', estimated: true });
    const doc = diagnosisDocument(d, d.errors);
    // requests include the 35M guest-console-log native sidecar.
    expect(doc.placement?.nodes.find((n) => n.name === 'node-b')?.reasons[0]).toBe('insufficient memory: needs 17.4Gi, free at most 3.1Gi (from the pods we can see)');
  });

  it('a GPU no other node offers: the args name it as unoffered and the fix says so, not "free it on a candidate node"', async () => {
    const gpu = 'nvidia.com/GA102GL_A10';
    const message = `0/2 nodes are available: 1 Insufficient ${gpu}, 1 node(s) didn't match pod anti-affinity rules. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.`;
    const requests = { cpu: '125m', 'devices.kubevirt.io/kvm': '1', 'devices.kubevirt.io/tun': '1', 'devices.kubevirt.io/vhost-net': '1', memory: '2Gi', [gpu]: '1' };
    const objs = [...migrationScene([kvNode('node-a', { allocatable: { cpu: '16', memory: '64Gi', pods: '110', 'devices.kubevirt.io/kvm': '1k', 'devices.kubevirt.io/tun': '1k', 'devices.kubevirt.io/vhost-net': '1k', [gpu]: '1' } }), kvNode('node-b')]), ...stuck(message, { requests })];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-resources');
    expect(argsOf(checkOf(d, 'target-pod-scheduling'), 'unschedulable')).toMatchObject({ resources: [gpu], unoffered: [gpu], sourceNode: 'node-a' });
    const hint = verdictDocument(d).hint ?? '';
    expect(hint).toContain(`no node other than node-a offers ${gpu}`);
    expect(hint).not.toContain('candidate node');
  });

  it('memory short on a node that has memory: not unoffered, the fix frees room', async () => {
    const d = await whyScenario([...migrationScene([kvNode('node-a'), kvNode('node-b')]), ...stuck(MEMORY_2)], { name: 'vm1', now: NOW });
    expect(argsOf(checkOf(d, 'target-pod-scheduling'), 'unschedulable').unoffered).toBeUndefined();
    expect(verdictDocument(d).hint).toContain('free memory on a candidate node');
  });
});

describe('target-unschedulable-taints', () => {
  const nodes = () => [
    kvNode('node-a'),
    kvNode('node-b', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }),
    kvNode('node-c', { unschedulable: true, taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }),
  ];
  it.each([
    ['k8s 1.25+', TAINTS_3],
    ['k8s 1.19–1.24', TAINTS_3_OLD],
  ])('a tainted node and a cordoned node (%s)', async (_era, message) => {
    const d = await whyScenario([...migrationScene(nodes()), ...stuck(message)], { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-taints');
    expect(reasonsOf(d, 'node-b')).toEqual([{ kind: 'taint', key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    expect(reasonsOf(d, 'node-c')).toEqual([{ kind: 'unschedulable' }]);
  });
});

describe('target-unschedulable-anti-affinity', () => {
  it('2-node cluster: the other node still runs a pod of this VMI', async () => {
    const old = vmim('Failed', { name: 'kubevirt-migrate-vm-old01', uid: '0ddba11e-0000-4000-8000-000000000001', created: '2025-11-20T09:30:00Z', failedFrom: 'Running' });
    // The previous target pod, left Running on node-b (e.g. stuck terminating).
    const leftover = launcherPod({ name: 'virt-launcher-vm1-old99', uid: 'f00dcafe-0000-4000-8000-000000000003', node: 'node-b', nodeLabel: 'node-a', labels: { 'kubevirt.io/migrationJobUID': old.metadata.uid! } });
    const objs = [...migrationScene([kvNode('node-a'), kvNode('node-b')]), old, leftover, ...stuck(ANTI_2)];
    const d = await whyScenario(objs, { name: MIGRATION_NAME, now: NOW });
    expectBlocked(d, 'target-unschedulable-anti-affinity');
    expect(reasonsOf(d, 'node-b')).toEqual([{ kind: 'anti-affinity', pod: 'virt-launcher-vm1-old99' }]);
    expect(verdictDocument(d).hint).toContain('kubectl delete pod -n default virt-launcher-vm1-old99');
  });

  it('single-node cluster: nowhere but the source', async () => {
    const d = await whyScenario([...migrationScene([kvNode('node-a')]), ...stuck(ANTI_1)], { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-anti-affinity');
    expect(checkOf(d, 'target-pod-scheduling').args).toMatchObject({ candidates: 0 });
  });
});

describe('target-unschedulable-storage', () => {
  it('the PV is pinned to the source node (hostpath-csi, kubevirt#8771)', async () => {
    const hostpath = (name: string) => kvNode(name, { labels: { 'topology.hostpath.csi/node': name } });
    const storage = [
      pvc('vm1-disk-0', { storageClassName: 'hostpath-csi', volumeMode: 'Filesystem' }),
      pv('pvc-vm1-disk-0', {
        claim: { name: 'vm1-disk-0' },
        storageClassName: 'hostpath-csi',
        csiDriver: 'kubevirt.io.hostpath-provisioner',
        nodeAffinity: { required: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'topology.hostpath.csi/node', operator: 'In', values: ['node-a'] }] }] } },
      }),
    ];
    const objs = [...migrationScene(['node-a', 'node-b', 'node-c'].map(hostpath), { storage }), ...stuck(VOLUME_3)];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-storage');
    expect(reasonsOf(d, 'node-b')).toEqual([{ kind: 'volume-affinity', pv: 'pvc-vm1-disk-0' }]);
    // storage-visibility agrees and names the PV and the only node that reaches it.
    const s = checkOf(d, 'storage-visibility');
    expect(s).toMatchObject({ status: 'fail', cause: 'target-unschedulable-storage', args: { kind: 'node-local', pvs: [{ pv: 'pvc-vm1-disk-0', nodes: ['node-a'] }] } });
    expect(s.evidence).toEqual([{ kind: 'PersistentVolume', name: 'pvc-vm1-disk-0', field: 'spec.nodeAffinity.required' }]);
  });

  it('an unbound PVC', async () => {
    const vmiOpts = {
      spec: {
        volumes: [
          { name: 'disk-0', persistentVolumeClaim: { claimName: 'vm1-disk-0' } },
          { name: 'data', dataVolume: { name: 'vm1-data' } },
        ],
      },
    };
    const storage = [pvc('vm1-disk-0'), pv('pvc-vm1-disk-0', { claim: { name: 'vm1-disk-0' } }), pvc('vm1-data', { phase: 'Pending' })];
    const d = await whyScenario([...migrationScene(undefined, { vmi: vmiOpts, storage }), ...stuck(UNBOUND_3)], { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-storage');
    const c = checkOf(d, 'target-pod-scheduling');
    expect(argsOf(c, 'unschedulable').unboundClaims).toEqual(['vm1-data']);
    expect(c.evidence).toContainEqual({ kind: 'PersistentVolumeClaim', namespace: 'default', name: 'vm1-data', field: 'status.phase', message: 'Pending' });
    expect(checkOf(d, 'storage-visibility')).toMatchObject({ status: 'fail', args: { kind: 'unbound', claims: ['vm1-data'] } });
  });
});

describe('the scheduler knows more than we do', () => {
  it('a node that fits by the pods we can see, but the scheduler says Insufficient memory: resources, node listed as unexplained', async () => {
    const d = await whyScenario([...migrationScene([kvNode('node-a'), kvNode('node-b')]), ...stuck(MEMORY_2)], { name: 'vm1', now: NOW });
    expectBlocked(d, 'target-unschedulable-resources');
    expect(checkOf(d, 'target-pod-scheduling').args).toMatchObject({ fitting: ['node-b'], resources: ['memory'] });
    expect(d.placement?.nodes.find((n) => n.name === 'node-b')).toMatchObject({ fits: true, reasons: [] });
  });

  it('a reason no cause covers (topology spread): fails with cause unknown, quoting the scheduler', async () => {
    const spread = "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match pod topology spread constraints.";
    const d = await whyScenario([...migrationScene(), ...stuck(spread)], { name: 'vm1', now: NOW });
    expect(d.verdict).toMatchObject({ status: 'unknown', cause: 'unknown', check: 'target-pod-scheduling' });
    expect(verdictDocument(d).summary).toContain(spread);
  });
});

describe('PVCs not readable (403)', () => {
  it('storage-visibility is unknown, the verdict still comes from scheduling', async () => {
    const pin = { 'kubernetes.io/hostname': 'node-a' };
    const objs = [...migrationScene(undefined, { vmi: { spec: { nodeSelector: pin } } }), ...stuck(SELECTOR_3, { vmNodeSelector: pin })];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW, forbidden: ['pvc'] });
    expectBlocked(d, 'target-unschedulable-node-selector');
    expect(checkOf(d, 'storage-visibility')).toMatchObject({ status: 'unknown', missing: expect.stringContaining('persistentvolumeclaims') });
    expect(argsOf(checkOf(d, 'target-pod-scheduling'), 'unschedulable').storageUnknown).toEqual(expect.stringContaining('persistentvolumeclaims'));
  });
});

describe('nodes not readable (403)', () => {
  it('host-model: decided from the message and the host-model event, no per-node placement', async () => {
    const objs = [...migrationScene([kvNode('node-a'), kvNode('node-b', ROME), kvNode('node-c', ROME)]), ...stuck(SELECTOR_3), NO_SUITABLE_NODES];
    const d = await whyScenario(objs, { name: 'vm1', now: NOW, forbidden: ['node'] });
    expectBlocked(d, 'target-unschedulable-cpu');
    expect(d.placement).toBeUndefined();
    expect(checkOf(d, 'target-pod-scheduling').args).toMatchObject({ perNode: false, nodesUnreadable: expect.stringContaining('nodes') });
    expect(d.errors.map((e) => e.resource)).toContain('nodes');
  });

  it.each([
    ['taints, k8s 1.25+', TAINTS_3, {}, 'target-unschedulable-taints'],
    ['taints, k8s 1.19–1.24', TAINTS_3_OLD, {}, 'target-unschedulable-taints'],
    ['devices (#7779)', KVM_2, {}, 'target-unschedulable-resources'],
    ['hostname pin on a host-model VM (#5565)', SELECTOR_3, { vmNodeSelector: { 'kubernetes.io/hostname': 'node-a' } }, 'target-unschedulable-node-selector'],
    ['volume node affinity (#8771)', VOLUME_3, {}, 'target-unschedulable-storage'],
  ])('%s', async (_name, message, podOpts, cause) => {
    const d = await whyScenario([...migrationScene(), ...stuck(message, podOpts)], { name: 'vm1', now: NOW, forbidden: ['node'] });
    expectBlocked(d, cause);
    expect(d.placement).toBeUndefined();
  });
});

describe('must not fire', () => {
  it('a target pod that was scheduled (Scheduling, still creating): pass, verdict progressing', async () => {
    const pod: Pod = migrationTargetPod(MIGRATION, { node: 'node-b' });
    const objs = [...migrationScene(), MIGRATION, pod, failedScheduling(pod.metadata.name!, SELECTOR_3, '2025-11-20T10:00:02Z')];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(checkOf(d, 'target-pod-scheduling')).toMatchObject({ status: 'pass', args: { kind: 'scheduled', node: 'node-b' } });
    expect(d.placement).toBeUndefined();
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });

  it('a succeeded migration: pass, nothing fails', async () => {
    const done = vmim('Succeeded', { created: CREATED });
    const pod = migrationTargetPod(done, { node: 'node-b', ready: true });
    const d = await whyScenario([...migrationScene(), done, pod], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'target-pod-scheduling').status).toBe('pass');
    for (const id of ['target-pod-scheduling', 'storage-visibility', 'target-pod-readiness', 'handoff'] as const) expect(checkOf(d, id).status).not.toBe('fail');
    expect(d.verdict.cause).toBe('none');
  });

  it('Pending without a target pod is not this check’s business', async () => {
    const d = await whyScenario([...migrationScene(), vmim('Pending', { created: CREATED })], { name: 'vm1', now: NOW });
    expect(checkOf(d, 'target-pod-scheduling')).toMatchObject({ status: 'skip', args: { kind: 'no-target-pod' } });
  });
});
