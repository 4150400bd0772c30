// Every reason phrase kube-scheduler writes into a FailedScheduling event and the PodScheduled=False
// condition, Kubernetes 1.25–1.34, with the wordings of older releases that users still post. Read
// from the scheduler source at the release tags (k8s.io/kubernetes v1.25.0, v1.26.0, v1.27.1, v1.28.0,
// v1.29.0, v1.30.0, v1.31.0, v1.32.0, v1.33.1, v1.34.1; older spans from v1.12–v1.24), files under
// pkg/scheduler/:
//   framework/plugins/nodeaffinity/node_affinity.go, nodename/node_name.go, nodeports/node_ports.go,
//   noderesources/fit.go, nodeunschedulable/node_unschedulable.go, tainttoleration/taint_toleration.go,
//   interpodaffinity/filtering.go, podtopologyspread/plugin.go + filtering.go,
//   volumebinding/binder.go + volume_binding.go, volumerestrictions/volume_restrictions.go,
//   volumezone/volume_zone.go, nodevolumelimits/csi.go + non_csi.go, dynamicresources/dynamicresources.go,
//   defaultpreemption/default_preemption.go, framework/preemption/preemption.go;
//   framework/types.go (FitError.Error, the `0/N nodes are available` joiner),
//   framework/runtime/framework.go (PreFilter results, `running PreBind plugin …`),
//   schedule_one.go (the event, the condition, absent-node statuses), scheduler.go (no nodes);
//   before v1.18 the predicates of pkg/scheduler/algorithm/predicates/error.go.
// `pattern` is the Go format as the source writes it (match it with a Go-format matcher); `versions`
// spans the tags whose source emits it (a `from` of 1.25 means "at least since 1.25": older tags were
// not read for that text). `category` is the cause the phrase implies (`target-unschedulable-<category>`),
// `none` when it implies no cause. `selectorLabels` marks the phrases about the pod's own nodeSelector /
// required node-affinity label terms, the terms KubeVirt fills with its CPU labels: the text cannot name
// the failing key, so a caller turns `node-selector` into `cpu` when the pod's selector or node-affinity
// keys are KubeVirt CPU labels (and, with nodes readable, when those are the keys no node matches).
// `scope` says whether the scheduler counts the phrase per node (`3 node(s) …`) or writes it once for the
// pod (a PreFilter verdict: counted as `N <text>` only in 1.25, uncounted from 1.26).

/** A Kubernetes minor version, `1.25`. */
export type KubeMinor = `1.${number}`;

/** Release tags whose source emits a text; `to` absent: still emitted at 1.34. */
export interface VersionRange {
  readonly from: KubeMinor;
  readonly to?: KubeMinor;
}

/** The cause suffix a phrase implies (`target-unschedulable-<category>`), or `none`. */
export type SchedulerReasonCategory = 'node-selector' | 'resources' | 'taints' | 'anti-affinity' | 'storage' | 'none';

/** Coarse kind of a reason, as the parse result has always reported it. */
export type SchedulerReasonKind =
  | 'selector'
  | 'resources'
  | 'taint'
  | 'anti-affinity'
  | 'affinity'
  | 'storage'
  | 'unschedulable'
  | 'not-ready'
  | 'ports'
  | 'other';

export interface SchedulerReasonPhrase {
  readonly id: string;
  readonly pattern: string;
  readonly plugin: string;
  readonly versions: VersionRange;
  readonly category: SchedulerReasonCategory;
  readonly scope: 'node' | 'pod';
  readonly kind: SchedulerReasonKind;
  readonly selectorLabels?: true;
  readonly schedulerError?: true;
}

// Order matters where one pattern is a prefix of another: the more specific comes first.
export const SCHEDULER_REASON_PHRASES: readonly SchedulerReasonPhrase[] = [
  { id: 'node-affinity', pattern: "node(s) didn't match Pod's node affinity/selector", plugin: 'NodeAffinity', versions: { from: '1.21' }, category: 'node-selector', scope: 'node', kind: 'selector', selectorLabels: true },
  { id: 'node-affinity-enforced', pattern: "node(s) didn't match scheduler-enforced node affinity", plugin: 'NodeAffinity', versions: { from: '1.20' }, category: 'node-selector', scope: 'node', kind: 'selector' },
  { id: 'node-affinity-terms-conflict', pattern: 'pod affinity terms conflict', plugin: 'NodeAffinity', versions: { from: '1.25' }, category: 'node-selector', scope: 'pod', kind: 'selector' },
  { id: 'node-affinity-v1.20', pattern: "node(s) didn't match Pod's node affinity", plugin: 'NodeAffinity', versions: { from: '1.20', to: '1.20' }, category: 'node-selector', scope: 'node', kind: 'selector', selectorLabels: true },
  { id: 'node-selector-predicate', pattern: "node(s) didn't match node selector", plugin: 'NodeAffinity', versions: { from: '1.12', to: '1.19' }, category: 'node-selector', scope: 'node', kind: 'selector', selectorLabels: true },
  { id: 'node-name', pattern: "node(s) didn't match the requested node name", plugin: 'NodeName', versions: { from: '1.21' }, category: 'node-selector', scope: 'node', kind: 'other' },
  { id: 'node-name-predicate', pattern: "node(s) didn't match the requested hostname", plugin: 'NodeName', versions: { from: '1.12', to: '1.20' }, category: 'node-selector', scope: 'node', kind: 'other' },
  { id: 'node-ports', pattern: "node(s) didn't have free ports for the requested pod ports", plugin: 'NodePorts', versions: { from: '1.12' }, category: 'resources', scope: 'node', kind: 'ports' },
  { id: 'too-many-pods', pattern: 'Too many pods', plugin: 'NodeResourcesFit', versions: { from: '1.12' }, category: 'resources', scope: 'node', kind: 'resources' },
  { id: 'insufficient-resource', pattern: 'Insufficient %v', plugin: 'NodeResourcesFit', versions: { from: '1.12' }, category: 'resources', scope: 'node', kind: 'resources' },
  { id: 'sidecar-containers-disabled', pattern: 'Pod has a restartable init container and the SidecarContainers feature is disabled', plugin: 'NodeResourcesFit', versions: { from: '1.28' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'node-unschedulable', pattern: 'node(s) were unschedulable', plugin: 'NodeUnschedulable', versions: { from: '1.12' }, category: 'taints', scope: 'node', kind: 'unschedulable' },
  { id: 'node-unknown-conditions', pattern: 'node(s) had unknown conditions', plugin: 'NodeUnschedulable', versions: { from: '1.12', to: '1.27' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-not-ready-predicate', pattern: 'node(s) were not ready', plugin: 'NodeCondition', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-network-unavailable-predicate', pattern: 'node(s) had unavailable network', plugin: 'NodeCondition', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-memory-pressure-predicate', pattern: 'node(s) had memory pressure', plugin: 'CheckNodeMemoryPressure', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-disk-pressure-predicate', pattern: 'node(s) had disk pressure', plugin: 'CheckNodeDiskPressure', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-pid-pressure-predicate', pattern: 'node(s) had pid pressure', plugin: 'CheckNodePIDPressure', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'node-out-of-disk-predicate', pattern: 'node(s) were out of disk space', plugin: 'NodeCondition', versions: { from: '1.12', to: '1.13' }, category: 'taints', scope: 'node', kind: 'not-ready' },
  { id: 'untolerated-taint', pattern: 'node(s) had untolerated taint {%s: %s}', plugin: 'TaintToleration', versions: { from: '1.24' }, category: 'taints', scope: 'node', kind: 'taint' },
  { id: 'taint-not-tolerated', pattern: "node(s) had taint {%s: %s}, that the pod didn't tolerate", plugin: 'TaintToleration', versions: { from: '1.18', to: '1.23' }, category: 'taints', scope: 'node', kind: 'taint' },
  { id: 'taints-not-tolerated-predicate', pattern: "node(s) had taints that the pod didn't tolerate", plugin: 'TaintToleration', versions: { from: '1.12', to: '1.17' }, category: 'taints', scope: 'node', kind: 'taint' },
  { id: 'pod-anti-affinity', pattern: "node(s) didn't match pod anti-affinity rules", plugin: 'InterPodAffinity', versions: { from: '1.12' }, category: 'anti-affinity', scope: 'node', kind: 'anti-affinity' },
  { id: 'existing-pods-anti-affinity', pattern: "node(s) didn't satisfy existing pods anti-affinity rules", plugin: 'InterPodAffinity', versions: { from: '1.12' }, category: 'anti-affinity', scope: 'node', kind: 'anti-affinity' },
  { id: 'pod-affinity', pattern: "node(s) didn't match pod affinity rules", plugin: 'InterPodAffinity', versions: { from: '1.12' }, category: 'anti-affinity', scope: 'node', kind: 'affinity' },
  { id: 'pod-affinity-anti-affinity-rules', pattern: "node(s) didn't match pod affinity/anti-affinity rules", plugin: 'InterPodAffinity', versions: { from: '1.21', to: '1.21' }, category: 'anti-affinity', scope: 'node', kind: 'anti-affinity' },
  { id: 'pod-affinity-anti-affinity-predicate', pattern: "node(s) didn't match pod affinity/anti-affinity", plugin: 'InterPodAffinity', versions: { from: '1.12', to: '1.20' }, category: 'anti-affinity', scope: 'node', kind: 'anti-affinity' },
  { id: 'topology-spread-missing-label', pattern: "node(s) didn't match pod topology spread constraints (missing required label)", plugin: 'PodTopologySpread', versions: { from: '1.19' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'topology-spread', pattern: "node(s) didn't match pod topology spread constraints", plugin: 'PodTopologySpread', versions: { from: '1.16' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'volume-node-affinity-conflict', pattern: 'node(s) had volume node affinity conflict', plugin: 'VolumeBinding', versions: { from: '1.12', to: '1.32' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-node-affinity-mismatch', pattern: "node(s) didn't match PersistentVolume's node affinity", plugin: 'VolumeBinding', versions: { from: '1.33' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-bind-conflict', pattern: "node(s) didn't find available persistent volumes to bind", plugin: 'VolumeBinding', versions: { from: '1.12' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-not-enough-space', pattern: 'node(s) did not have enough free storage', plugin: 'VolumeBinding', versions: { from: '1.19' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-pv-not-exist', pattern: 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)', plugin: 'VolumeBinding', versions: { from: '1.23' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'unbound-immediate-pvc', pattern: 'pod has unbound immediate PersistentVolumeClaims', plugin: 'VolumeBinding', versions: { from: '1.12' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'pvc-not-found', pattern: 'persistentvolumeclaim %q not found', plugin: 'VolumeBinding', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'pvc-being-deleted', pattern: 'persistentvolumeclaim %q is being deleted', plugin: 'VolumeBinding', versions: { from: '1.20' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'pvc-bound-to-missing-pv', pattern: 'persistentvolumeclaim %q bound to non-existent persistentvolume %q', plugin: 'VolumeBinding', versions: { from: '1.23' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'ephemeral-pvc-not-created', pattern: 'waiting for ephemeral volume controller to create the persistentvolumeclaim %q', plugin: 'VolumeBinding', versions: { from: '1.23' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'bind-volumes-timeout', pattern: 'running PreBind plugin %q: binding volumes: timed out waiting for the condition', plugin: 'VolumeBinding', versions: { from: '1.25', to: '1.28' }, category: 'storage', scope: 'pod', kind: 'storage', schedulerError: true },
  { id: 'bind-volumes-deadline', pattern: 'running PreBind plugin %q: binding volumes: context deadline exceeded', plugin: 'VolumeBinding', versions: { from: '1.29' }, category: 'storage', scope: 'pod', kind: 'storage', schedulerError: true },
  { id: 'bind-volumes-failed', pattern: 'running PreBind plugin %q: binding volumes: %v', plugin: 'VolumeBinding', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage', schedulerError: true },
  { id: 'disk-conflict', pattern: 'node(s) had no available disk', plugin: 'VolumeRestrictions', versions: { from: '1.12' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'read-write-once-pod-conflict', pattern: 'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode', plugin: 'VolumeRestrictions', versions: { from: '1.22', to: '1.33' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'read-write-once-pod-in-use', pattern: 'node(s) unavailable due to PersistentVolumeClaim with ReadWriteOncePod access mode already in-use by another pod', plugin: 'VolumeRestrictions', versions: { from: '1.34' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-zone-conflict', pattern: 'node(s) had no available volume zone', plugin: 'VolumeZone', versions: { from: '1.12' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'volume-zone-pvc-no-name', pattern: 'PersistentVolumeClaim had no name', plugin: 'VolumeZone', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'volume-zone-pvc-no-pv-no-class', pattern: 'PersistentVolumeClaim had no pv name and storageClass name', plugin: 'VolumeZone', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'volume-zone-no-binding-mode', pattern: 'VolumeBindingMode not set for StorageClass %q', plugin: 'VolumeZone', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'volume-zone-pv-no-name', pattern: 'PersistentVolume had no name', plugin: 'VolumeZone', versions: { from: '1.25' }, category: 'storage', scope: 'pod', kind: 'storage' },
  { id: 'max-volume-count', pattern: 'node(s) exceed max volume count', plugin: 'NodeVolumeLimits', versions: { from: '1.12' }, category: 'storage', scope: 'node', kind: 'storage' },
  { id: 'dra-claim-not-on-node', pattern: 'resourceclaim not available on the node', plugin: 'DynamicResources', versions: { from: '1.26' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-cannot-allocate', pattern: 'cannot allocate all claims', plugin: 'DynamicResources', versions: { from: '1.31' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-claim-unsuitable', pattern: 'resourceclaim cannot be allocated for the node (unsuitable)', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.31' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-claim-reallocate', pattern: 'resourceclaim must be reallocated', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.31' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-resource-class-filter', pattern: 'excluded by resource class node filter', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.30' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-device-class-filter', pattern: 'excluded by device class node filter', plugin: 'DynamicResources', versions: { from: '1.31', to: '1.31' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-extended-resource-fit', pattern: 'cannot fit resource', plugin: 'DynamicResources', versions: { from: '1.34' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-extended-resource-claim', pattern: 'cannot schedule extended resource claim', plugin: 'DynamicResources', versions: { from: '1.34' }, category: 'resources', scope: 'node', kind: 'other' },
  { id: 'dra-allocation-timeout', pattern: 'timed out trying to allocate devices', plugin: 'DynamicResources', versions: { from: '1.34' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'dra-claim-in-use', pattern: 'resourceclaim in use', plugin: 'DynamicResources', versions: { from: '1.26' }, category: 'resources', scope: 'pod', kind: 'other' },
  { id: 'dra-unallocated-immediate', pattern: 'unallocated immediate resourceclaim', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.30' }, category: 'resources', scope: 'pod', kind: 'other' },
  { id: 'dra-waiting-allocation', pattern: 'waiting for resource driver to allocate resource', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.29' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'dra-waiting-information', pattern: 'waiting for resource driver to provide information', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.31' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-waiting-driver', pattern: 'waiting for resource driver', plugin: 'DynamicResources', versions: { from: '1.30', to: '1.31' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-waiting-external', pattern: 'pod waiting for external component', plugin: 'DynamicResources', versions: { from: '1.29', to: '1.31' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-claim-not-created', pattern: 'waiting for dynamic resource controller to create the resourceclaim %q', plugin: 'DynamicResources', versions: { from: '1.26', to: '1.27' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-claim-not-created-yet', pattern: 'pod "%s/%s": ResourceClaim not created yet', plugin: 'DynamicResources', versions: { from: '1.28' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-claim-being-deleted', pattern: 'resourceclaim %q is being deleted', plugin: 'DynamicResources', versions: { from: '1.26' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-claim-being-allocated', pattern: 'resource claim %s is in the process of being allocated', plugin: 'DynamicResources', versions: { from: '1.30' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-resource-class-missing', pattern: 'resource class %s does not exist', plugin: 'DynamicResources', versions: { from: '1.29', to: '1.30' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-device-class-missing', pattern: 'request %s: device class %s does not exist', plugin: 'DynamicResources', versions: { from: '1.31' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-claim-parameters-missing', pattern: 'claim parameters %s not found', plugin: 'DynamicResources', versions: { from: '1.30', to: '1.30' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-class-parameters-missing', pattern: 'class parameters %s not found', plugin: 'DynamicResources', versions: { from: '1.30', to: '1.30' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-structured-parameters-failed', pattern: 'checking structured parameters failed: %v', plugin: 'DynamicResources', versions: { from: '1.30', to: '1.30' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'dra-control-plane-disabled', pattern: 'resourceclaim depends on disabled DRAControlPlaneController feature', plugin: 'DynamicResources', versions: { from: '1.31', to: '1.31' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-prioritized-list-disabled', pattern: 'resource claim %s, request %s: has subrequests, but the DRAPrioritizedList feature is disabled', plugin: 'DynamicResources', versions: { from: '1.33' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'dra-unknown-request-type', pattern: 'resource claim %s, request %s: unknown request type', plugin: 'DynamicResources', versions: { from: '1.34' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'prefilter-plugins', pattern: "node(s) didn't satisfy plugin(s) %v simultaneously", plugin: 'framework', versions: { from: '1.24' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'prefilter-result', pattern: "node(s) didn't satisfy plugin(s) %v", plugin: 'framework', versions: { from: '1.32' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'prefilter-plugin', pattern: "node(s) didn't satisfy plugin %v", plugin: 'framework', versions: { from: '1.24' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'prefilter-result-filtered', pattern: 'node is filtered out by the prefilter result', plugin: 'framework', versions: { from: '1.30', to: '1.30' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'no-nodes-registered', pattern: 'no nodes available to schedule pods', plugin: 'framework', versions: { from: '1.12' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'preemption-not-helpful', pattern: 'Preemption is not helpful for scheduling', plugin: 'DefaultPreemption', versions: { from: '1.21' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'preemption-no-victims', pattern: 'No preemption victims found for incoming pod', plugin: 'DefaultPreemption', versions: { from: '1.25' }, category: 'none', scope: 'node', kind: 'other' },
  { id: 'preemption-policy-never', pattern: 'not eligible due to preemptionPolicy=Never.', plugin: 'DefaultPreemption', versions: { from: '1.25' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'preemption-terminating-pod', pattern: 'not eligible due to a terminating pod on the nominated node.', plugin: 'DefaultPreemption', versions: { from: '1.25' }, category: 'none', scope: 'pod', kind: 'other' },
  { id: 'preemption-no-candidate', pattern: 'no candidate node for preemption', plugin: 'DefaultPreemption', versions: { from: '1.25' }, category: 'none', scope: 'pod', kind: 'other' },
];

/**
 * How FitError.Error (framework/types.go) joins the phrases, by version: `head` with the node count,
 * then the PreFilter message, then the per-node phrases as `<count> <phrase>` sorted as strings (so
 * `10 …` sorts before `2 …`) and joined with `, `, then the PostFilter (`preemption: …`) message,
 * itself a FitError of the dry run (empty `postFilter`: none before 1.24). A node can carry several
 * phrases, so the counts may add up to more than N. Up to 1.25 a PreFilter rejection is copied to every
 * node and counted like a filter phrase; 1.26–1.28 end a PostFilter message with `..`.
 */
export interface FitErrorFormat {
  readonly versions: VersionRange;
  readonly head: string;
  readonly joiner: string;
  readonly count: string;
  readonly preFilter?: string;
  readonly filter: string;
  readonly postFilter: string;
}

export const FIT_ERROR_FORMATS: readonly FitErrorFormat[] = [
  { versions: { from: '1.22', to: '1.23' }, head: '0/%v nodes are available', joiner: ', ', count: '%v %v', filter: ': %v.', postFilter: '' },
  { versions: { from: '1.24', to: '1.25' }, head: '0/%v nodes are available', joiner: ', ', count: '%v %v', filter: ': %v.', postFilter: ' %v' },
  { versions: { from: '1.26', to: '1.28' }, head: '0/%v nodes are available:', joiner: ', ', count: '%v %v', preFilter: ' %v.', filter: ' %v.', postFilter: ' %v.' },
  { versions: { from: '1.29' }, head: '0/%v nodes are available:', joiner: ', ', count: '%v %v', preFilter: ' %v.', filter: ' %v.', postFilter: ' %v' },
];

/** PostFilter prefix the DefaultPreemption plugin puts before its dry run's FitError (1.24+). */
export const PREEMPTION_PREFIX = 'preemption: ';

/**
 * Event reason of both the unschedulable verdict and a scheduling-cycle error (schedule_one.go). The
 * event, not the condition, is cut to the API's note limit: its first 1020 bytes and ` ...`
 * (truncateMessage; NoteLengthLimit 1024, pkg/apis/core/validation/events.go).
 */
export const EVENT_FAILED_SCHEDULING = 'FailedScheduling';
export const COND_POD_SCHEDULED = 'PodScheduled';
/** PodScheduled=False reasons: no node fits / the scheduling cycle failed (e.g. PreBind volume binding). */
export const REASON_UNSCHEDULABLE = 'Unschedulable';
export const REASON_SCHEDULER_ERROR = 'SchedulerError';
function minorNumber(v: KubeMinor): number {
  return Number(v.slice(2));
}

/** True when the phrase is emitted by Kubernetes `minor`. */
export function emittedIn(versions: VersionRange, minor: KubeMinor): boolean {
  const m = minorNumber(minor);
  return m >= minorNumber(versions.from) && (versions.to === undefined || m <= minorNumber(versions.to));
}

/**
 * The category of a plugin named in `node(s) didn't satisfy plugin(s) [A B]`: the one category of
 * that plugin's own phrases, `none` when they imply several or none.
 */
export function categoryOfPlugin(plugin: string): SchedulerReasonCategory {
  const cats = new Set(SCHEDULER_REASON_PHRASES.filter((p) => p.plugin === plugin && p.category !== 'none').map((p) => p.category));
  return cats.size === 1 ? [...cats][0]! : 'none';
}
