// What a scheduled pod that never starts (or dies early) shows: kubelet, attach-detach, CNI and
// node-problem-detector events, container waiting/terminated reasons and pod status reasons, with
// the problem class each stands for. Kubernetes texts were read at the release tags 1.25–1.34
// (k8s.io/kubernetes v1.25.0 … v1.34.1), files under pkg/: kubelet/events/event.go (reasons),
// kubelet/kuberuntime/kuberuntime_manager.go + kuberuntime_container.go, kubelet/images/image_manager.go
// + types.go, kubelet/kubelet.go + errors.go, kubelet/volumemanager/volume_manager.go,
// volume/util/operationexecutor/operation_generator.go + operation_executor.go (`<Op> failed for volume
// "<name>" : <error>`), controller/volume/attachdetach/reconciler/reconciler.go (Multi-Attach),
// kubelet/lifecycle/predicate.go + cm/admission/errors.go + cm/devicemanager/manager.go (admission),
// kubelet/eviction/helpers.go, kubelet/oom/oom_watcher_linux.go, kubelet/container/sync_result.go,
// kubelet/pod_workers.go. The CNI texts inside FailedCreatePodSandBox are the plugins' own, as users
// post them (multus-cni#1223, #1361; ovn-kubernetes#3115, okd#1109; calico#8379, #6309; cilium#40345,
// #9322; kube-ovn#2186, #3170), and multus's own NoNetworkFound event.
// `pattern` is the message's Go format (or, for a plugin's text, the fixed part it always has);
// `match` says where it must occur (default `prefix`); an entry without a pattern takes any message of
// its reason, `reasonPrefix` any reason that starts with `reason` (`OutOfcpu`, `OutOfdevices.kubevirt.io/kvm`).
// Pod-status patterns omit the rejection prefix (REJECTED_PREFIXES). Entries of one reason are ordered
// most specific first.

import type { VersionRange } from './scheduler-reasons.js';

export type PodProblemClass = 'network' | 'storage' | 'image' | 'resources' | 'other';

/** Where the reason is read: an Event, a container's waiting/terminated state, or the pod's status. */
export type PodReasonSite = 'event' | 'waiting' | 'terminated' | 'pod-status';

export interface PodEventReason {
  readonly id: string;
  readonly site: PodReasonSite;
  readonly reason: string;
  readonly pattern?: string;
  readonly match?: 'exact' | 'prefix' | 'contains';
  readonly class: PodProblemClass;
  readonly source: string;
  readonly versions?: VersionRange;
  readonly cni?: string;
  readonly reasonPrefix?: true;
}

const SANDBOX = 'FailedCreatePodSandBox';
const KUBELET_EVENTS = 'pkg/kubelet/events/event.go';
const OPERATION_GENERATOR = 'pkg/volume/util/operationexecutor/operation_generator.go';
const RECONCILER = 'pkg/controller/volume/attachdetach/reconciler/reconciler.go';
const IMAGE_MANAGER = 'pkg/kubelet/images/image_manager.go';
const KUBERUNTIME_CONTAINER = 'pkg/kubelet/kuberuntime/kuberuntime_container.go';
const PREDICATE = 'pkg/kubelet/lifecycle/predicate.go';

export const POD_EVENT_REASONS: readonly PodEventReason[] = [
  { id: 'multus-thick-cni-request', site: 'event', reason: SANDBOX, pattern: 'plugin type="multus-shim" name="multus-cni-network" failed (add): CmdAdd (shim): CNI request failed with status 400', match: 'contains', class: 'network', source: 'k8snetworkplumbingwg/multus-cni (thick plugin)', cni: 'multus' },
  { id: 'multus-pod-not-found', site: 'event', reason: SANDBOX, pattern: 'Multus: [%s]: error waiting for pod: pod %q not found', match: 'contains', class: 'network', source: 'k8snetworkplumbingwg/multus-cni', cni: 'multus' },
  { id: 'multus-network-attachment-missing', site: 'event', reason: SANDBOX, pattern: 'cannot find a network-attachment-definition (%s) in namespace (%s)', match: 'contains', class: 'network', source: 'k8snetworkplumbingwg/multus-cni pkg/k8sclient', cni: 'multus' },
  { id: 'ovn-port-binding-timeout', site: 'event', reason: SANDBOX, pattern: 'failed to configure pod interface: timed out waiting for OVS port binding (ovn-installed)', match: 'contains', class: 'network', source: 'ovn-kubernetes/ovn-kubernetes (CNI shim)', cni: 'ovn-kubernetes' },
  { id: 'ovn-pod-annotation-timeout', site: 'event', reason: SANDBOX, pattern: 'failed to get pod annotation: timed out waiting for', match: 'contains', class: 'network', source: 'ovn-kubernetes/ovn-kubernetes (CNI shim)', cni: 'ovn-kubernetes' },
  { id: 'calico-unauthorized', site: 'event', reason: SANDBOX, pattern: 'error getting ClusterInformation: connection is unauthorized: Unauthorized', match: 'contains', class: 'network', source: 'projectcalico/calico (CNI plugin)', cni: 'calico' },
  { id: 'calico-node-not-running', site: 'event', reason: SANDBOX, pattern: 'stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/', match: 'contains', class: 'network', source: 'projectcalico/calico (CNI plugin)', cni: 'calico' },
  { id: 'cilium-agent-unreachable', site: 'event', reason: SANDBOX, pattern: 'unable to connect to Cilium agent: ', match: 'contains', class: 'network', source: 'cilium/cilium plugins/cilium-cni', cni: 'cilium' },
  { id: 'cilium-daemon-unreachable', site: 'event', reason: SANDBOX, pattern: 'unable to connect to Cilium daemon: ', match: 'contains', class: 'network', source: 'cilium/cilium plugins/cilium-cni', cni: 'cilium' },
  { id: 'kube-ovn-no-address', site: 'event', reason: SANDBOX, pattern: 'request ip return 500 no address allocated to pod %s provider %s, please see kube-ovn-controller logs to find errors', match: 'contains', class: 'network', source: 'kubeovn/kube-ovn cmd/cni', cni: 'kube-ovn' },
  { id: 'kube-ovn-configure-nic', site: 'event', reason: SANDBOX, pattern: 'request ip return 500 configure nic failed', match: 'contains', class: 'network', source: 'kubeovn/kube-ovn cmd/cni', cni: 'kube-ovn' },
  { id: 'multus-delegate-failed', site: 'event', reason: SANDBOX, pattern: 'error adding container to network %q', match: 'contains', class: 'network', source: 'k8snetworkplumbingwg/multus-cni', cni: 'multus' },
  { id: 'cni-plugin-binary-missing', site: 'event', reason: SANDBOX, pattern: 'failed to find plugin %q in path [%s]', match: 'contains', class: 'network', source: 'containernetworking/cni libcni' },
  { id: 'sandbox-multus', site: 'event', reason: SANDBOX, pattern: 'plugin type="multus', match: 'contains', class: 'network', source: 'k8snetworkplumbingwg/multus-cni', cni: 'multus' },
  { id: 'sandbox-ovn-kubernetes', site: 'event', reason: SANDBOX, pattern: 'plugin type="ovn-k8s-cni-overlay"', match: 'contains', class: 'network', source: 'ovn-kubernetes/ovn-kubernetes', cni: 'ovn-kubernetes' },
  { id: 'sandbox-calico', site: 'event', reason: SANDBOX, pattern: 'plugin type="calico"', match: 'contains', class: 'network', source: 'projectcalico/calico', cni: 'calico' },
  { id: 'sandbox-cilium', site: 'event', reason: SANDBOX, pattern: 'plugin type="cilium-cni"', match: 'contains', class: 'network', source: 'cilium/cilium', cni: 'cilium' },
  { id: 'sandbox-kube-ovn', site: 'event', reason: SANDBOX, pattern: 'plugin type="kube-ovn"', match: 'contains', class: 'network', source: 'kubeovn/kube-ovn', cni: 'kube-ovn' },
  { id: 'sandbox-failed', site: 'event', reason: SANDBOX, pattern: 'Failed to create pod sandbox: %v', class: 'network', source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go' },
  { id: 'multus-no-network-found', site: 'event', reason: 'NoNetworkFound', pattern: 'cannot find a network-attachment-definition (%s) in namespace (%s): %v', class: 'network', source: 'k8snetworkplumbingwg/multus-cni pkg/k8sclient', cni: 'multus' },
  { id: 'network-not-ready', site: 'event', reason: 'NetworkNotReady', pattern: 'network is not ready: %v', class: 'network', source: 'pkg/kubelet/kubelet.go, pkg/kubelet/errors.go' },
  { id: 'multi-attach-exclusive', site: 'event', reason: 'FailedAttachVolume', pattern: "Multi-Attach error for volume %q Volume is already exclusively attached to one node and can't be attached to another", match: 'exact', class: 'storage', source: RECONCILER },
  { id: 'multi-attach-other-namespaces', site: 'event', reason: 'FailedAttachVolume', pattern: 'Multi-Attach error for volume %q Volume is already used by %d pod(s) in different namespaces', match: 'exact', class: 'storage', source: RECONCILER },
  { id: 'multi-attach-used-by', site: 'event', reason: 'FailedAttachVolume', pattern: 'Multi-Attach error for volume %q Volume is already used by pod(s) %s', class: 'storage', source: RECONCILER },
  { id: 'attach-failed', site: 'event', reason: 'FailedAttachVolume', pattern: 'AttachVolume.Attach failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'attach', site: 'event', reason: 'FailedAttachVolume', class: 'storage', source: KUBELET_EVENTS },
  { id: 'mount-wait', site: 'event', reason: 'FailedMount', pattern: 'Unable to attach or mount volumes: unmounted volumes=%v, unattached volumes=%v, failed to process volumes=%v: %v', class: 'storage', source: 'pkg/kubelet/volumemanager/volume_manager.go, pkg/kubelet/kubelet.go', versions: { from: '1.27' } },
  { id: 'mount-wait-v1.26', site: 'event', reason: 'FailedMount', pattern: 'Unable to attach or mount volumes: unmounted volumes=%v, unattached volumes=%v: %v', class: 'storage', source: 'pkg/kubelet/volumemanager/volume_manager.go, pkg/kubelet/kubelet.go', versions: { from: '1.25', to: '1.26' } },
  { id: 'mount-setup', site: 'event', reason: 'FailedMount', pattern: 'MountVolume.SetUp failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'mount-device', site: 'event', reason: 'FailedMount', pattern: 'MountVolume.MountDevice failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'mount-wait-for-attach', site: 'event', reason: 'FailedMount', pattern: 'MountVolume.WaitForAttach failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'mount', site: 'event', reason: 'FailedMount', class: 'storage', source: KUBELET_EVENTS },
  { id: 'map-setup-device', site: 'event', reason: 'FailedMapVolume', pattern: 'MapVolume.SetUpDevice failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'map-pod-device', site: 'event', reason: 'FailedMapVolume', pattern: 'MapVolume.MapPodDevice failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'map-wait-for-attach', site: 'event', reason: 'FailedMapVolume', pattern: 'MapVolume.WaitForAttach failed for volume %q : %v', class: 'storage', source: OPERATION_GENERATOR },
  { id: 'map', site: 'event', reason: 'FailedMapVolume', class: 'storage', source: KUBELET_EVENTS },
  { id: 'volume-attach-limit', site: 'event', reason: 'VolumeAttachmentLimitExceeded', pattern: 'Node has reached its volume attachment limit, rejecting pod. unmounted volumes=%v, unattached volumes=%v, failed to process volumes=%v: %v', class: 'storage', source: 'pkg/kubelet/volumemanager/volume_manager.go, pkg/kubelet/kubelet.go', versions: { from: '1.34' } },
  { id: 'pull-failed', site: 'event', reason: 'Failed', pattern: 'Failed to pull image %q: %v', class: 'image', source: IMAGE_MANAGER },
  { id: 'pull-error', site: 'event', reason: 'Failed', pattern: 'Error: ErrImagePull', match: 'exact', class: 'image', source: KUBERUNTIME_CONTAINER },
  { id: 'pull-backoff-error', site: 'event', reason: 'Failed', pattern: 'Error: ImagePullBackOff', match: 'exact', class: 'image', source: KUBERUNTIME_CONTAINER },
  { id: 'never-pull-error', site: 'event', reason: 'Failed', pattern: 'Error: ErrImageNeverPull', match: 'exact', class: 'image', source: KUBERUNTIME_CONTAINER },
  { id: 'invalid-image-error', site: 'event', reason: 'Failed', pattern: 'Error: InvalidImageName', match: 'exact', class: 'image', source: KUBERUNTIME_CONTAINER },
  { id: 'inspect-error', site: 'event', reason: 'Failed', pattern: 'Error: ImageInspectError', match: 'exact', class: 'image', source: KUBERUNTIME_CONTAINER },
  { id: 'data-directories', site: 'event', reason: 'Failed', pattern: 'error making pod data directories: %v', class: 'other', source: 'pkg/kubelet/kubelet.go' },
  { id: 'container-error', site: 'event', reason: 'Failed', pattern: 'Error: %v', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'pull-backoff', site: 'event', reason: 'BackOff', pattern: 'Back-off pulling image %q', class: 'image', source: IMAGE_MANAGER },
  { id: 'restart-backoff', site: 'event', reason: 'BackOff', pattern: 'Back-off restarting failed container', class: 'other', source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go' },
  { id: 'inspect-failed', site: 'event', reason: 'InspectFailed', pattern: 'Failed to inspect image %q: %v', class: 'image', source: IMAGE_MANAGER },
  { id: 'never-pull', site: 'event', reason: 'ErrImageNeverPull', pattern: 'Container image %q is not present with pull policy of Never', class: 'image', source: IMAGE_MANAGER },
  { id: 'post-start-hook', site: 'event', reason: 'FailedPostStartHook', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'failed-sync', site: 'event', reason: 'FailedSync', pattern: 'error determining status: %v', class: 'other', source: 'pkg/kubelet/pod_workers.go' },
  { id: 'pod-cgroup', site: 'event', reason: 'FailedCreatePodContainer', pattern: 'unable to ensure pod container exists: %v', class: 'resources', source: 'pkg/kubelet/kubelet.go' },
  { id: 'prepare-dynamic-resources', site: 'event', reason: 'FailedPrepareDynamicResources', pattern: 'Failed to prepare dynamic resources: %v', class: 'resources', source: 'pkg/kubelet/kuberuntime/kuberuntime_manager.go', versions: { from: '1.28' } },
  { id: 'evicted-low-resource', site: 'event', reason: 'Evicted', pattern: 'The node was low on resource: %v.', class: 'resources', source: 'pkg/kubelet/eviction/helpers.go' },
  { id: 'evicted-condition', site: 'event', reason: 'Evicted', pattern: 'The node had condition: %v.', class: 'resources', source: 'pkg/kubelet/eviction/helpers.go' },
  { id: 'system-oom', site: 'event', reason: 'SystemOOM', pattern: 'System OOM encountered', class: 'resources', source: 'pkg/kubelet/oom/oom_watcher_linux.go' },
  { id: 'oom-killing', site: 'event', reason: 'OOMKilling', class: 'resources', source: 'kubernetes/node-problem-detector config/kernel-monitor.json' },
  { id: 'waiting-pull', site: 'waiting', reason: 'ErrImagePull', class: 'image', source: 'pkg/kubelet/images/types.go' },
  { id: 'waiting-pull-backoff', site: 'waiting', reason: 'ImagePullBackOff', class: 'image', source: 'pkg/kubelet/images/types.go' },
  { id: 'waiting-never-pull', site: 'waiting', reason: 'ErrImageNeverPull', class: 'image', source: 'pkg/kubelet/images/types.go' },
  { id: 'waiting-invalid-image', site: 'waiting', reason: 'InvalidImageName', class: 'image', source: 'pkg/kubelet/images/types.go' },
  { id: 'waiting-inspect', site: 'waiting', reason: 'ImageInspectError', class: 'image', source: 'pkg/kubelet/images/types.go' },
  { id: 'waiting-registry-unavailable', site: 'waiting', reason: 'RegistryUnavailable', class: 'image', source: 'pkg/kubelet/images/types.go', versions: { from: '1.25', to: '1.27' } },
  { id: 'waiting-config', site: 'waiting', reason: 'CreateContainerConfigError', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'waiting-create', site: 'waiting', reason: 'CreateContainerError', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'waiting-pre-start-hook', site: 'waiting', reason: 'PreStartHookError', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'waiting-post-start-hook', site: 'waiting', reason: 'PostStartHookError', class: 'other', source: KUBERUNTIME_CONTAINER },
  { id: 'waiting-run', site: 'waiting', reason: 'RunContainerError', class: 'other', source: 'pkg/kubelet/container/sync_result.go' },
  { id: 'waiting-crash-loop', site: 'waiting', reason: 'CrashLoopBackOff', class: 'other', source: 'pkg/kubelet/container/sync_result.go' },
  { id: 'terminated-oom', site: 'terminated', reason: 'OOMKilled', class: 'resources', source: 'pkg/kubelet/kuberuntime/helpers.go (the runtime reports it)' },
  { id: 'pod-evicted', site: 'pod-status', reason: 'Evicted', class: 'resources', source: 'pkg/kubelet/eviction/helpers.go' },
  { id: 'pod-devices-unavailable', site: 'pod-status', reason: 'UnexpectedAdmissionError', pattern: 'Allocate failed due to requested number of devices unavailable for %s. Requested: %d, Available: %d, which is unexpected', class: 'resources', source: 'pkg/kubelet/cm/admission/errors.go, pkg/kubelet/cm/devicemanager/manager.go' },
  { id: 'pod-admission-unexpected', site: 'pod-status', reason: 'UnexpectedAdmissionError', class: 'other', source: PREDICATE },
  { id: 'pod-out-of-resource', site: 'pod-status', reason: 'OutOf', reasonPrefix: true, pattern: "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", class: 'resources', source: PREDICATE },
  { id: 'pod-out-of', site: 'pod-status', reason: 'OutOf', reasonPrefix: true, class: 'resources', source: PREDICATE },
  { id: 'pod-node-affinity', site: 'pod-status', reason: 'NodeAffinity', pattern: 'Predicate NodeAffinity failed', class: 'other', source: PREDICATE },
  { id: 'pod-volume-attach-limit', site: 'pod-status', reason: 'VolumeAttachmentLimitExceeded', class: 'storage', source: 'pkg/kubelet/kubelet.go', versions: { from: '1.34' } },
];

/**
 * Kubelet admission rejections before 1.26 put `Pod ` instead of `Pod was rejected: ` before the
 * message (`Pod Node didn't have enough resource: cpu, …`; rejectPod, pkg/kubelet/kubelet.go).
 */
export const REJECTED_PREFIXES = ['Pod was rejected: ', 'Pod '] as const;
