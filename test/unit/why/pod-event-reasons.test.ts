import { describe, expect, it } from 'vitest';
import { POD_EVENT_REASONS, type PodEventReason } from '../../../src/kube/pod-event-reasons.js';
import { classifyPodReason } from '../../../src/analyze/why/parse/pod-event.js';

const SANDBOX_HEAD = 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "4a1f0c9e2b7d": ';

/** A message of the entry's pattern with its verbs filled, wrapped as the kubelet wraps a CNI text. */
function instance(e: PodEventReason): string {
  const text = (e.pattern ?? '').replace(/%([qsvd])/g, (_, verb: string) => (verb === 'q' ? '"disk-0"' : verb === 'd' ? '2' : 'x'));
  return e.match === 'contains' ? `${SANDBOX_HEAD}${text}: more detail` : text;
}

/** The reason a `reasonPrefix` entry stands for in a sample. */
const reasonOf = (e: PodEventReason) => (e.reasonPrefix ? `${e.reason}cpu` : e.reason);

describe('POD_EVENT_REASONS', () => {
  it('ids are unique; every entry has a class and a source', () => {
    const ids = POD_EVENT_REASONS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of POD_EVENT_REASONS) {
      expect(['network', 'storage', 'image', 'resources', 'other']).toContain(e.class);
      expect(e.source.length, e.id).toBeGreaterThan(0);
    }
  });

  it.each(POD_EVENT_REASONS.filter((e) => e.pattern !== undefined).map((e) => [e.id, e] as const))('%s: its own text is classified as it', (id, e) => {
    expect(classifyPodReason(e.site, reasonOf(e), instance(e))?.id).toBe(id);
  });

  it.each(POD_EVENT_REASONS.filter((e) => e.pattern === undefined).map((e) => [e.id, e] as const))('%s: any other text of its reason', (id, e) => {
    expect(classifyPodReason(e.site, reasonOf(e), 'a text no entry knows')?.id).toBe(id);
  });

  it('an unknown reason, or a known reason with an unknown text and no catch-all, is not classified', () => {
    expect(classifyPodReason('event', 'Scheduled', 'Successfully assigned default/virt-launcher-vm1-x to node-b')).toBeUndefined();
    expect(classifyPodReason('event', 'NetworkNotReady', 'something else')).toBeUndefined();
    expect(classifyPodReason('event', undefined, 'x')).toBeUndefined();
  });
});

describe('classifyPodReason: texts as clusters write them', () => {
  it('CNI plugins inside FailedCreatePodSandBox, with the plugin type and network they name', () => {
    const cases: [string, string, string, string | undefined][] = [
      [
        `${SANDBOX_HEAD}plugin type="multus-shim" name="multus-cni-network" failed (add): CmdAdd (shim): CNI request failed with status 400: 'ContainerID:"4a1f0c9e2b7d" Netns:"/var/run/netns/cni-1b2c" IfName:"eth0" Args:"K8S_POD_NAMESPACE=vms;K8S_POD_NAME=virt-launcher-db-7xk2p" Path:"" ERRORED: error configuring pod [vms/virt-launcher-db-7xk2p] networking: Multus: [vms/virt-launcher-db-7xk2p/0e9d8c7b-6a5f-4e3d-2c1b-0a9f8e7d6c5b]: error waiting for pod: pod "virt-launcher-db-7xk2p" not found'`,
        'multus-thick-cni-request',
        'multus',
        'multus-shim',
      ],
      [
        `${SANDBOX_HEAD}plugin type="multus" name="multus-cni-network" failed (add): [vms/virt-launcher-db-7xk2p/0e9d8c7b:storage-net]: error adding container to network "storage-net": failed to delegate add: failed to find plugin "macvlan" in path [/opt/cni/bin]`,
        'multus-delegate-failed',
        'multus',
        'multus',
      ],
      [
        `${SANDBOX_HEAD}plugin type="ovn-k8s-cni-overlay" name="ovn-kubernetes" failed (add): CNI request failed with status 400: '[vms/virt-launcher-db-7xk2p 4a1f0c9e2b7d] [vms/virt-launcher-db-7xk2p 4a1f0c9e2b7d] failed to configure pod interface: timed out waiting for OVS port binding (ovn-installed) for 0a:58:0a:81:02:1f [10.129.2.31/23]`,
        'ovn-port-binding-timeout',
        'ovn-kubernetes',
        'ovn-k8s-cni-overlay',
      ],
      [`${SANDBOX_HEAD}plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized`, 'calico-unauthorized', 'calico', 'calico'],
      [
        `${SANDBOX_HEAD}plugin type="cilium-cni" failed (add): unable to connect to Cilium agent: failed to create cilium agent client after 30.000000 seconds timeout: Get "http://localhost/v1/config": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory`,
        'cilium-agent-unreachable',
        'cilium',
        'cilium-cni',
      ],
      [
        `${SANDBOX_HEAD}plugin type="kube-ovn" failed (add): RPC failed; request ip return 500 no address allocated to pod vms/virt-launcher-db-7xk2p provider ovn, please see kube-ovn-controller logs to find errors`,
        'kube-ovn-no-address',
        'kube-ovn',
        'kube-ovn',
      ],
      [`${SANDBOX_HEAD}plugin type="bridge" failed (add): failed to set bridge addr: could not add IP address to "cni0": permission denied`, 'sandbox-failed', '', 'bridge'],
    ];
    for (const [message, id, cni, type] of cases) {
      const p = classifyPodReason('event', 'FailedCreatePodSandBox', message)!;
      expect(p, id).toMatchObject({ id, class: 'network' });
      expect(p.cni ?? '').toBe(cni);
      expect(p.cniType).toBe(type);
    }
    expect(classifyPodReason('event', 'FailedCreatePodSandBox', cases[1]![0])?.network).toBe('storage-net');
    expect(
      classifyPodReason('event', 'NoNetworkFound', 'cannot find a network-attachment-definition (storage-net) in namespace (vms): network-attachment-definitions.k8s.cni.cncf.io "storage-net" not found'),
    ).toMatchObject({ id: 'multus-no-network-found', cni: 'multus', network: 'storage-net' });
    expect(
      classifyPodReason('event', 'NetworkNotReady', 'network is not ready: container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized'),
    ).toMatchObject({ id: 'network-not-ready', class: 'network' });
  });

  it('volumes: Multi-Attach (both forms), attach and mount waits of both eras, block devices', () => {
    const v = (reason: string, m: string) => classifyPodReason('event', reason, m)?.id;
    expect(v('FailedAttachVolume', 'Multi-Attach error for volume "pvc-3e1c7f0a-9b2d-4c5e-8f61-7a2b3c4d5e6f" Volume is already used by pod(s) virt-launcher-db-9qz4m')).toBe('multi-attach-used-by');
    expect(v('FailedAttachVolume', 'Multi-Attach error for volume "pvc-3e1c7f0a-9b2d-4c5e-8f61-7a2b3c4d5e6f" Volume is already exclusively attached to one node and can\'t be attached to another')).toBe(
      'multi-attach-exclusive',
    );
    expect(v('FailedAttachVolume', 'Multi-Attach error for volume "pvc-3e1c7f0a" Volume is already used by pod(s) virt-launcher-db-9qz4m and 1 pod(s) in different namespaces')).toBe('multi-attach-used-by');
    expect(v('FailedAttachVolume', 'AttachVolume.Attach failed for volume "pvc-3e1c7f0a" : rpc error: code = DeadlineExceeded desc = context deadline exceeded')).toBe('attach-failed');
    expect(v('FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[rootdisk], unattached volumes=[rootdisk private public]: timed out waiting for the condition')).toBe('mount-wait-v1.26');
    expect(v('FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[rootdisk], unattached volumes=[], failed to process volumes=[]: context deadline exceeded')).toBe('mount-wait');
    expect(v('FailedMount', 'MountVolume.MountDevice failed for volume "pvc-3e1c7f0a" : rpc error: code = Internal desc = mount failed: exit status 32')).toBe('mount-device');
    expect(v('FailedMapVolume', 'MapVolume.SetUpDevice failed for volume "pvc-3e1c7f0a" : kubernetes.io/csi: blockMapper.SetUpDevice failed to get CSI client: driver name rbd.csi.ceph.com not found in the list of registered CSI drivers')).toBe(
      'map-setup-device',
    );
    expect(classifyPodReason('event', 'FailedMount', 'MountVolume.SetUp failed for volume "cloudinit" : secret "vm1-userdata" not found')?.class).toBe('storage');
  });

  it('image pulls and the `Failed`/`BackOff` reasons they share with containers', () => {
    const img = 'registry.example.com/kubevirt/virt-launcher:v1.6.3';
    expect(classifyPodReason('event', 'Failed', `Failed to pull image "${img}": rpc error: code = NotFound desc = failed to pull and unpack image "${img}": not found`)).toMatchObject({
      id: 'pull-failed',
      class: 'image',
    });
    expect(classifyPodReason('event', 'Failed', 'Error: ImagePullBackOff')?.class).toBe('image');
    expect(classifyPodReason('event', 'Failed', 'Error: secret "vm1-sysprep" not found')).toMatchObject({ id: 'container-error', class: 'other' });
    // 1.32+ append the previous pull error.
    expect(classifyPodReason('event', 'BackOff', `Back-off pulling image "${img}": ErrImagePull: failed to pull and unpack image`)?.id).toBe('pull-backoff');
    expect(classifyPodReason('event', 'BackOff', 'Back-off restarting failed container compute in pod virt-launcher-vm1-x_default(0e9d8c7b)')).toMatchObject({ id: 'restart-backoff', class: 'other' });
    expect(classifyPodReason('waiting', 'ImagePullBackOff')?.class).toBe('image');
    expect(classifyPodReason('waiting', 'CreateContainerConfigError')?.class).toBe('other');
  });

  it('resources: kubelet admission before and after 1.26, eviction, OOM', () => {
    const kvm = 'Allocate failed due to requested number of devices unavailable for devices.kubevirt.io/kvm. Requested: 1, Available: 0, which is unexpected';
    expect(classifyPodReason('pod-status', 'UnexpectedAdmissionError', `Pod was rejected: ${kvm}`)).toMatchObject({ id: 'pod-devices-unavailable', class: 'resources' });
    expect(classifyPodReason('pod-status', 'UnexpectedAdmissionError', `Pod ${kvm}`)?.id).toBe('pod-devices-unavailable');
    expect(classifyPodReason('pod-status', 'UnexpectedAdmissionError', 'Pod was rejected: Update plugin resources failed due to x, which is unexpected.')).toMatchObject({ class: 'other' });
    expect(classifyPodReason('pod-status', 'OutOfmemory', "Pod was rejected: Node didn't have enough resource: memory, requested: 8589934592, used: 60129542144, capacity: 67108864000")?.id).toBe(
      'pod-out-of-resource',
    );
    expect(classifyPodReason('pod-status', 'OutOfdevices.kubevirt.io/kvm', '')?.class).toBe('resources');
    expect(classifyPodReason('event', 'Evicted', 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 88204Ki. Container compute was using 4194304Ki, request is 2Gi, has larger consumption of memory. ')?.id).toBe(
      'evicted-low-resource',
    );
    expect(classifyPodReason('terminated', 'OOMKilled')?.class).toBe('resources');
    expect(classifyPodReason('event', 'OOMKilling', 'Memory cgroup out of memory: Killed process 4711 (qemu-kvm) total-vm:9053980kB, anon-rss:8290312kB, file-rss:20340kB')?.class).toBe('resources');
  });
});
