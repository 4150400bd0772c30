// target-pod-readiness: the pending/unschedulable timeout (`handlePendingPodTimeout`, each era's
// SuccessfulDelete text), a scheduled target pod that cannot start (image, volume, init), and a
// target pod that failed before the hand-off.
import { describe, expect, it } from 'vitest';
import { argsOf, checkOf, whyScenario } from './harness.js';
import { GENOA_FEATURES } from '../../../fixtures/objects/index.js';
import { event, vmim } from '../../../fixtures/objects/migrations.js';
import { failedScheduling, goMap, kubeletEvent, kvNode, migrationScene, migrationTargetPod } from '../../../fixtures/objects/target-pods.js';
import type { KubeObject } from '../../../../src/kube/types.js';
import { diagnosisDocument, verdictDocument } from '../../../../src/render/why-document.js';

const CREATED = '2025-11-20T10:00:00Z';
const POD = 'virt-launcher-vm1-tg7m2';
const SELECTOR_3 =
  "0/3 nodes are available: 1 node(s) didn't match pod anti-affinity rules, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
const ROME = { hostModel: 'EPYC-Rome', requiredFeatures: ['cmp_legacy', 'ssbd', 'x2apic'] };
const IMAGE = 'registry.example.com/kubevirt/virt-launcher:v1.6.3';

type Era = 'v0.59' | 'v1.2' | 'v1.9';
const VERSION: Record<Era, string> = { 'v0.59': 'v0.59.0', 'v1.2': 'v1.2.2', 'v1.9': 'v1.9.0' };

/** The SuccessfulDelete text of each era: v1.3+ names the pod; ≤v1.2 has Go's EXTRA suffix. */
function deleteText(era: Era, timeout: 'unschedulable' | 'pending'): string {
  return era === 'v1.9' ? `${timeout} pod default/${POD} timeout period exceeded` : `${timeout} pod timeout period exceeded%!(EXTRA string=${POD})`;
}

/** A migration that failed after virt-controller deleted its Pending target pod on the timeout. */
function timedOut(era: Era, timeout: 'unschedulable' | 'pending', o: { annotations?: Record<string, string>; podEvents?: KubeObject[]; deleteAt?: string } = {}): KubeObject[] {
  const deleteAt = o.deleteAt ?? '2025-11-20T10:05:02Z';
  const m = vmim('Failed', {
    created: CREATED,
    era: era === 'v0.59' ? 'v0.5x' : 'v1.x',
    ...(o.annotations ? { annotations: o.annotations } : {}),
    transitions: [
      { phase: 'Pending', time: CREATED },
      { phase: 'Scheduling', time: '2025-11-20T10:00:01Z' },
      { phase: 'Failed', time: '2025-11-20T10:05:03Z' },
    ],
  });
  const name = m.metadata.name!;
  return [
    m,
    event('VirtualMachineInstanceMigration', name, 'SuccessfulCreate', `Created migration target pod ${POD}`, { type: 'Normal', time: '2025-11-20T10:00:01Z' }),
    event('VirtualMachineInstanceMigration', name, 'SuccessfulDelete', deleteText(era, timeout), { type: 'Normal', time: deleteAt }),
    event('VirtualMachineInstanceMigration', name, 'FailedMigration', 'Migration target pod was removed during active migration.', { time: '2025-11-20T10:05:03Z' }),
    ...(o.podEvents ?? []),
  ];
}

const hostModelSelector: Record<string, string> = { 'cpu-model-migration.node.kubevirt.io/EPYC-Genoa': 'true' };
for (const f of GENOA_FEATURES) hostModelSelector[`cpu-feature.node.kubevirt.io/${f}`] = 'true';

describe('target-pod-timeout', () => {
  it.each<Era>(['v0.59', 'v1.2', 'v1.9'])('unschedulable timeout, %s texts: wins over target-pod-lost and keeps the scheduler message', async (era) => {
    const objs = [
      ...migrationScene([kvNode('node-a'), kvNode('node-b', ROME), kvNode('node-c', ROME)], { kubevirtVersion: VERSION[era] }),
      ...timedOut(era, 'unschedulable', {
        podEvents: [
          failedScheduling(POD, SELECTOR_3, '2025-11-20T10:04:49Z', { count: 40 }),
          event('VirtualMachineInstanceMigration', 'kubevirt-migrate-vm-x7k2q', 'migrationTargetPodUnschedulable', 'Migration target pod for VMI [default/vm1] is currently unschedulable.', { time: '2025-11-20T10:04:50Z', count: 30 }),
          event('VirtualMachineInstance', 'vm1', 'NoSuitableNodesForHostModelMigration', `Migration cannot proceed since no node is suitable to run the required CPU model / required features: ${goMap(hostModelSelector)}`, { time: '2025-11-20T10:04:50Z' }),
        ],
      }),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:10:00Z' });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'target-pod-timeout', check: 'target-pod-readiness' });
    const c = checkOf(d, 'target-pod-readiness');
    expect(c.args).toMatchObject({
      kind: 'timeout',
      timeout: 'unschedulable',
      seconds: 300,
      overridden: false,
      pod: POD,
      lastSchedulerMessage: SELECTOR_3,
      placementCause: 'target-unschedulable-cpu',
    });
    expect(c.evidence[0]).toMatchObject({ kind: 'Event', field: 'SuccessfulDelete', message: deleteText(era, 'unschedulable') });
    expect(c.evidence).toContainEqual(expect.objectContaining({ field: 'FailedMigration', message: 'Migration target pod was removed during active migration.' }));
    expect(c.evidence).toContainEqual(expect.objectContaining({ field: 'FailedScheduling', message: SELECTOR_3 }));
    // The scheduling check does not fail a migration that is already over.
    expect(checkOf(d, 'target-pod-scheduling').status).not.toBe('fail');
    expect(verdictDocument(d).summary).toContain('stayed unschedulable for more than 300s');
  });

  it('pending timeout with the per-VMIM override, the last pod event quoted', async () => {
    const mount = kubeletEvent(
      POD,
      'FailedMount',
      'MountVolume.MountDevice failed for volume "pvc-vm1-disk-0" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name driver.longhorn.io not found in the list of registered CSI drivers',
      '2025-11-20T10:01:50Z',
      { count: 3 },
    );
    const objs = [...migrationScene(), ...timedOut('v1.9', 'pending', { annotations: { 'kubevirt.io/migrationPendingPodTimeoutSeconds': '120' }, podEvents: [mount], deleteAt: '2025-11-20T10:02:02Z' })];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:10:00Z' });
    expect(d.verdict).toMatchObject({ status: 'failed', cause: 'target-pod-timeout' });
    expect(checkOf(d, 'target-pod-readiness').args).toMatchObject({ timeout: 'pending', seconds: 120, overridden: true, lastPodEvent: { reason: 'FailedMount' } });
  });

  it('a stale timeout event of an older VMIM with the same name does not count', async () => {
    const objs = [...migrationScene(), ...timedOut('v1.9', 'unschedulable', { deleteAt: '2025-11-20T09:00:00Z' })].filter(
      (o) => !(o.kind === 'Event' && (o as { reason?: string }).reason === 'FailedMigration'),
    );
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:10:00Z' });
    expect(checkOf(d, 'target-pod-readiness').status).not.toBe('fail');
  });
});

const MIGRATION = vmim('Scheduling', { created: CREATED });

describe('target-pod-not-ready', () => {
  it('image pull: the runtime error is quoted', async () => {
    const pullError = `Failed to pull image "${IMAGE}": rpc error: code = Unknown desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": unexpected status from HEAD request to https://registry.example.com/v2/kubevirt/virt-launcher/manifests/v1.6.3: 401 Unauthorized`;
    const pod = migrationTargetPod(MIGRATION, {
      node: 'node-b',
      containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff', message: `Back-off pulling image "${IMAGE}"` } } }],
    });
    const objs = [
      ...migrationScene(),
      MIGRATION,
      pod,
      kubeletEvent(POD, 'Pulling', `Pulling image "${IMAGE}"`, '2025-11-20T10:00:03Z', { type: 'Normal' }),
      kubeletEvent(POD, 'Failed', pullError, '2025-11-20T10:00:05Z'),
      kubeletEvent(POD, 'Failed', 'Error: ErrImagePull', '2025-11-20T10:00:05Z'),
      kubeletEvent(POD, 'BackOff', `Back-off pulling image "${IMAGE}"`, '2025-11-20T10:01:40Z', { type: 'Normal' }),
      kubeletEvent(POD, 'Failed', 'Error: ImagePullBackOff', '2025-11-20T10:01:40Z'),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:02:00Z' });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'target-pod-not-ready', check: 'target-pod-readiness' });
    const c = checkOf(d, 'target-pod-readiness');
    expect(c.args).toMatchObject({ kind: 'image', node: 'node-b', reason: 'Failed', message: pullError, container: 'compute', waitingReason: 'ImagePullBackOff' });
    expect(c.evidence[0]).toMatchObject({ kind: 'Event', field: 'Failed', message: pullError });
    expect(c.evidence[1]).toMatchObject({ kind: 'Pod', field: 'status.containerStatuses[compute].state.waiting' });
    // The pending deadline is part of the answer.
    expect(c.args).toMatchObject({ deadline: { timeout: 'pending', seconds: 900, left: 781 } });
  });

  it('stuck in Init on a volume mount (kubevirt#8455)', async () => {
    const driverGone =
      'MountVolume.MountDevice failed for volume "pvc-vm1-disk-0" : kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name driver.longhorn.io not found in the list of registered CSI drivers';
    const pod = migrationTargetPod(MIGRATION, {
      node: 'node-b',
      initContainerStatuses: [{ name: 'guest-console-log', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
      containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }],
    });
    const objs = [
      ...migrationScene(),
      MIGRATION,
      pod,
      kubeletEvent(POD, 'FailedMount', driverGone, '2025-11-20T10:00:40Z', { count: 6 }),
      kubeletEvent(POD, 'FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[disk-0], unattached volumes=[private public sockets disk-0 hotplug-disks]: timed out waiting for the condition', '2025-11-20T10:02:03Z'),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:03:00Z' });
    expect(d.verdict).toMatchObject({ status: 'blocked', cause: 'target-pod-not-ready' });
    const c = checkOf(d, 'target-pod-readiness');
    expect(c.args).toMatchObject({ kind: 'volume', reason: 'FailedMount', message: driverGone });
    expect(c.args).not.toHaveProperty('waiting');
  });

  it('sandbox: multus cannot add the secondary network on the target node', async () => {
    const multus =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "3b4c9e0f1d2a": plugin type="multus" name="multus-cni-network" failed (add): [default/virt-launcher-vm1-tg7m2/1f0c2e3d-4b5a-4c6d-8e7f-9a0b1c2d3e4f:vlan100]: error adding container to network "vlan100": failed to find plugin "bridge" in path [/opt/cni/bin]';
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod, kubeletEvent(POD, 'FailedCreatePodSandBox', multus, '2025-11-20T10:00:20Z', { count: 9 })], { name: 'vm1', now: '2025-11-20T10:01:00Z' });
    expect(d.verdict).toMatchObject({ cause: 'target-pod-not-ready', check: 'target-pod-readiness' });
    expect(checkOf(d, 'target-pod-readiness').args).toMatchObject({ kind: 'sandbox', reason: 'FailedCreatePodSandBox', message: multus, cni: 'multus', network: 'vlan100' });
  });

  it('sandbox: multus NoNetworkFound names the missing NetworkAttachmentDefinition before the sandbox error', async () => {
    const missing = 'cannot find a network-attachment-definition (vlan100) in namespace (default): network-attachment-definitions.k8s.cni.cncf.io "vlan100" not found';
    const sandbox =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "9d8e7f6a5b4c": plugin type="multus-shim" name="multus-cni-network" failed (add): CmdAdd (shim): CNI request failed with status 400: \'ERRORED: error configuring pod [default/virt-launcher-vm1-tg7m2] networking: Multus: [default/virt-launcher-vm1-tg7m2/1f0c2e3d-4b5a-4c6d-8e7f-9a0b1c2d3e4f]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: ' +
      missing +
      "\n'";
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    const events = [
      kubeletEvent(POD, 'NoNetworkFound', missing, '2025-11-20T10:00:19Z', { component: 'multus' }),
      kubeletEvent(POD, 'FailedCreatePodSandBox', sandbox, '2025-11-20T10:00:20Z', { count: 4 }),
    ];
    const d = await whyScenario([...migrationScene(), MIGRATION, pod, ...events], { name: 'vm1', now: '2025-11-20T10:01:00Z' });
    expect(d.verdict.cause).toBe('target-pod-not-ready');
    const c = checkOf(d, 'target-pod-readiness');
    expect(c.args).toMatchObject({ kind: 'sandbox', reason: 'NoNetworkFound', message: missing, cni: 'multus', network: 'vlan100' });
    expect(diagnosisDocument(d, d.errors).checks.find((x) => x.id === 'target-pod-readiness')?.hint).toContain('the multus CNI plugin could not set up the pod on node-b (network vlan100)');
  });

  it('sandbox: calico is named in the hint', async () => {
    const calico =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "5e6f7a8b9c0d": plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/';
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod, kubeletEvent(POD, 'FailedCreatePodSandBox', calico, '2025-11-20T10:00:20Z', { count: 3 })], { name: 'vm1', now: '2025-11-20T10:01:00Z' });
    const c = checkOf(d, 'target-pod-readiness');
    expect(c.args).toMatchObject({ kind: 'sandbox', cni: 'calico' });
    expect(argsOf(c, 'sandbox').network).toBeUndefined();
    expect(diagnosisDocument(d, d.errors).checks.find((x) => x.id === 'target-pod-readiness')?.hint).toContain('the calico CNI plugin could not set up the pod on node-b:');
  });

  it('a container config error reported as `Failed` is no image problem', async () => {
    const pod = migrationTargetPod(MIGRATION, {
      node: 'node-b',
      containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'CreateContainerConfigError', message: 'secret "vm1-sysprep" not found' } } }],
    });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod, kubeletEvent(POD, 'Failed', 'Error: secret "vm1-sysprep" not found', '2025-11-20T10:00:20Z', { count: 5 })], {
      name: 'vm1',
      now: '2025-11-20T10:01:00Z',
    });
    expect(checkOf(d, 'target-pod-readiness').args).toMatchObject({ kind: 'config', reason: 'Failed', waitingReason: 'CreateContainerConfigError' });
  });

  it('creating for minutes without an error event', async () => {
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod], { name: 'vm1', now: '2025-11-20T10:05:00Z' });
    expect(d.verdict.cause).toBe('target-pod-not-ready');
    expect(checkOf(d, 'target-pod-readiness').args).toMatchObject({ kind: 'slow', seconds: 299, waiting: [{ container: 'compute', reason: 'ContainerCreating', init: false }] });
  });
});

describe('near the unschedulable timeout', () => {
  it('warns with the seconds left; the verdict stays with the scheduling cause', async () => {
    const pin = { 'kubernetes.io/hostname': 'node-a' };
    const pod = migrationTargetPod(MIGRATION, { vmNodeSelector: pin, unschedulable: SELECTOR_3 });
    const d = await whyScenario([...migrationScene(undefined, { vmi: { spec: { nodeSelector: pin } } }), MIGRATION, pod], { name: 'vm1', now: '2025-11-20T10:04:01Z' });
    expect(d.verdict.cause).toBe('target-unschedulable-node-selector');
    expect(checkOf(d, 'target-pod-readiness')).toMatchObject({ status: 'warn', args: { kind: 'not-scheduled', deadline: { timeout: 'unschedulable', seconds: 300, left: 60 } } });
    expect(checkOf(d, 'target-pod-readiness').cause).toBeUndefined();
  });
});

describe('target pod failed before the hand-off', () => {
  it('target-pod-lost', async () => {
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', phase: 'Failed', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error' } } }] });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod], { name: 'vm1', now: '2025-11-20T10:01:00Z' });
    expect(d.verdict).toMatchObject({ cause: 'target-pod-lost', check: 'target-pod-readiness' });
    expect(checkOf(d, 'target-pod-readiness').evidence[0]).toMatchObject({ kind: 'Pod', field: 'status.phase', message: 'Failed' });
  });
});

describe('must not fire', () => {
  it('a target pod starting normally', async () => {
    const pod = migrationTargetPod(MIGRATION, { node: 'node-b', containerStatuses: [{ name: 'compute', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] });
    const pulled = kubeletEvent(POD, 'Pulled', `Container image "${IMAGE}" already present on machine`, '2025-11-20T10:00:04Z', { type: 'Normal' });
    const d = await whyScenario([...migrationScene(), MIGRATION, pod, pulled], { name: 'vm1', now: '2025-11-20T10:00:30Z' });
    expect(checkOf(d, 'target-pod-readiness')).toMatchObject({ status: 'info', args: { kind: 'starting' } });
    expect(d.verdict).toMatchObject({ status: 'progressing', cause: 'none' });
  });

  it('a canceled migration: no timeout, nothing fails here', async () => {
    const m = vmim('Failed', { created: CREATED, failedFrom: 'Scheduling' });
    const objs = [
      ...migrationScene(),
      m,
      event('VirtualMachineInstanceMigration', m.metadata.name!, 'SuccessfulDelete', `migration canceled and pod default/${POD} is deleted`, { type: 'Normal', time: '2025-11-20T10:01:00Z' }),
      event('VirtualMachineInstanceMigration', m.metadata.name!, 'FailedMigration', 'Migration failed due to being canceled', { time: '2025-11-20T10:01:00Z' }),
    ];
    const d = await whyScenario(objs, { name: 'vm1', now: '2025-11-20T10:10:00Z' });
    for (const id of ['target-pod-scheduling', 'storage-visibility', 'target-pod-readiness', 'handoff'] as const) expect(checkOf(d, id).status).not.toBe('fail');
    expect(d.verdict.cause).not.toBe('target-pod-timeout');
  });
});
