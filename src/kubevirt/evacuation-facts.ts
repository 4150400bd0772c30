// Node evacuation, `kubectl drain`, KubeVirt's per-VMI PodDisruptionBudgets and the migration
// queue, per KubeVirt version: the names, annotations, messages and defaults a `why --node` /
// `list --watch` implementation reads. Data only; docs/kubevirt/evacuation-and-queue.md explains
// each fact. Read in kubevirt/kubevirt at v0.59.0, v1.0.0, v1.2.0, v1.4.0, v1.6.0, v1.7.0, v1.8.0,
// v1.9.0 and main (first versions checked tag by tag where a fact changes; patch releases not
// checked), in kubernetes/kubectl `pkg/drain` and kubernetes/kubernetes
// `pkg/registry/core/pod/storage/eviction.go`. Version bounds are release tags: `since` is the
// first tag with the fact, `until` the last.
//
// Already in ./constants.ts and not repeated here: ANNOTATION_EVACUATION_MIGRATION,
// ANNOTATION_WORKLOAD_UPDATE_MIGRATION, COND_EVICTION_REQUESTED, EVICTION_* strategies,
// DEFAULT_NODE_DRAIN_TAINT_KEY, DEFAULT_PARALLEL_*, LABEL_CREATED_BY, LABEL_APP, LABEL_VMI_NAME,
// LABEL_MIGRATION_JOB_UID, EVENT_SUCCESSFUL_CREATE / EVENT_FAILED_CREATE, EVENT_MIGRATION_BACKOFF,
// MSG_MIGRATION_BACKOFF, MSG_CREATED_EVACUATION_MIGRATION, MSG_ERROR_CREATING_MIGRATION,
// MSG_EVACUATION_NOT_MIGRATEABLE, MSG_CREATED_WORKLOAD_UPDATE_MIGRATION,
// MSG_EVICTION_NOT_MIGRATABLE, VMIM_COND_* and the migration-create webhook texts.

import { ANNOTATION_EVACUATION_MIGRATION, ANNOTATION_WORKLOAD_UPDATE_MIGRATION } from './constants.js';
import type { KubeVirtMinor } from './migratability-facts.js';

/** First and (optionally) last release tag in which a fact holds. */
export interface VersionRange {
  since: KubeVirtMinor;
  until?: KubeVirtMinor;
}

const v = (major: number, minor: number): KubeVirtMinor => ({ major, minor });
const ALL: VersionRange = { since: v(0, 59) };

// ---------------------------------------------------------------------------------------------
// How a node is marked for evacuation
// ---------------------------------------------------------------------------------------------

/**
 * VMI `status.evacuationNodeName`: the node a VMI must leave. There is no `spec` field of that
 * name. Written only by virt-api's eviction webhook (JSON patch `add`, value = the launcher pod's
 * node; skipped on dry-run). Cleared by the *target* virt-handler when the migration completes
 * (pkg/virt-handler/vm.go ≤v1.6, migration-target.go `ackMigrationCompletion` v1.7+), and by
 * `virtctl evacuate-cancel` (v1.7+). Uncordoning the node does NOT clear it.
 * staging/src/kubevirt.io/api/core/v1/types.go `EvacuationNodeName`, `IsMarkedForEviction`.
 */
export const VMI_STATUS_EVACUATION_NODE_NAME = 'evacuationNodeName';

/**
 * The deprecated marking: a node taint `<nodeDrainTaintKey>` (default in constants.ts) with this
 * effect makes the evacuation controller migrate every VMI on the node whose strategy migrates,
 * WITHOUT setting `evacuationNodeName`. Nothing in KubeVirt sets the taint.
 * pkg/virt-controller/watch/drain/evacuation/evacuation.go `nodeHasTaint` ("deprecated").
 */
export const DRAIN_TAINT_EFFECT = 'NoSchedule';
/** Kubernetes: `kubectl drain`/`cordon` sets `spec.unschedulable: true`; the node lifecycle controller adds this taint. */
export const K8S_TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** VMI condition `EvictionRequested` (type in constants.ts): reason and message, set by virt-controller while marked (pkg/virt-controller/watch/vmi/lifecycle.go). */
export const REASON_EVICTION_REQUESTED = 'EvictionRequested';
export const MSG_VMI_MARKED_FOR_EVICTION = 'VMI is marked for eviction';
export const EVICTION_REQUESTED_CONDITION: VersionRange = { since: v(1, 7) };

/**
 * VMI annotation set by the eviction webhook together with evacuationNodeName when the Eviction
 * came from the descheduler; removed by the target virt-handler after the migration. v1.7+
 * (types.go `EvictionSourceAnnotation`, pod-eviction-admitter.go `markVMI`).
 */
export const ANNOTATION_EVICTION_SOURCE = 'kubevirt.io/eviction-source';
export const EVICTION_SOURCE_DESCHEDULER = 'descheduler';
/** Annotation on the Eviction object (not the pod) that the webhook checks, v1.7+. */
export const EVICTION_REQUESTED_BY_ANNOTATION = 'requested-by';
export const EVICTION_REQUESTED_BY_DESCHEDULER = 'sigs.k8s.io/descheduler';

// ---------------------------------------------------------------------------------------------
// The pods/eviction webhooks (pkg/virt-api/webhooks/validating-webhook/admitters/pod-eviction-admitter.go,
// registered in pkg/virt-operator/resource/generate/components/webhooks.go, failurePolicy Fail)
// ---------------------------------------------------------------------------------------------

export const WEBHOOK_LAUNCHER_EVICTION = 'virt-launcher-eviction-interceptor.kubevirt.io';
/** v1.6+: the webhook only sees pods whose name starts with this (matchCondition `only-vms`). */
export const WEBHOOK_LAUNCHER_EVICTION_NAME_PREFIX = 'virt-launcher';
/** v1.7+: hotplug attachment pods (matchCondition `only-hotplug-pods`, name prefix `hp-volume-`). */
export const WEBHOOK_HOTPLUG_EVICTION = 'hotplug-pod-eviction-interceptor.kubevirt.io';
export const WEBHOOK_HOTPLUG_EVICTION_SINCE: VersionRange = { since: v(1, 7) };
/** failurePolicy of both (the code comment says the opposite; the value is Fail): webhook down ⇒ evictions of every pod fail. */
export const WEBHOOK_EVICTION_FAILURE_POLICY = 'Fail';

/**
 * What the launcher-pod webhook answers. Every denial is HTTP 429, so `kubectl drain` retries it
 * every 5 s forever. Go templates verbatim; `%s`/`%v` render the same text.
 */
export const EVICTION_WEBHOOK_TEXTS = {
  /** LiveMigrate and `LiveMigratable` not True (also: condition missing). The VMI is NOT marked. All versions. */
  notLiveMigratable: { text: 'VMI %s is configured with an eviction strategy but is not live-migratable', ...ALL },
  /** The eviction that marked the VMI. v1.3+; ≤v1.2 the webhook marked and ALLOWED the eviction (the PDB then answered). */
  triggered: { text: 'Eviction triggered evacuation of VMI "%s/%s"', since: v(1, 3) },
  /** Every later eviction of a marked VMI's launcher, v1.5+ (v1.3–v1.4: allowed through to the PDB). */
  inProgress: { text: 'Evacuation in progress: Eviction triggered evacuation of VMI "%s/%s"', since: v(1, 5) },
  /** The pod is not on the VMI's node (a migration target), v1.5+. */
  targetPod: { text: 'Eviction request for target Pod', since: v(1, 5) },
  markFailed: { text: 'kubevirt failed marking the vmi for eviction: %v', ...ALL },
  getVmiFailed: { text: 'kubevirt failed getting the vmi: %v', ...ALL },
  /** v1.7–v1.8 build the denial and drop it (the eviction goes on); returned from v1.9. */
  parseFailed: { text: 'failed to parse the eviction object: %v', since: v(1, 9) },
  /** Hotplug webhook: while the owning launcher pod is not completed and the VMI exists. v1.7+. */
  hotplugPod: { text: 'cannot evict hotplug pod: %s associated with running vmi: %s in namespace %s', since: v(1, 7) },
  hotplugOwner: { text: 'failed getting owner for hotplug pod: %v', since: v(1, 7) },
} as const;

/**
 * Who answers the evictions of a launcher pod whose VMI the webhook marks (LiveMigrate or
 * LiveMigrateIfPossible and migratable, or External). First eviction: ≤v1.2 the webhook marks and
 * allows, the PDB answers MSG_PDB_VIOLATION; v1.3+ the webhook denies (`triggered`). Later
 * evictions: ≤v1.4 the webhook allows, the PDB answers; v1.5+ the webhook denies (`inProgress`).
 * None, unset, and LiveMigrateIfPossible when not migratable: allowed, the pod goes (the VMI
 * shuts down).
 */
export const FIRST_EVICTION_DENIED_BY_WEBHOOK: VersionRange = { since: v(1, 3) };
export const REPEAT_EVICTION_DENIED_BY_WEBHOOK: VersionRange = { since: v(1, 5) };

/** kube-apiserver's wrapper around a webhook denial, as kubectl prints it (apiserver admission plugin). */
export const MSG_ADMISSION_DENIED = 'admission webhook "%s" denied the request: %s';

// ---------------------------------------------------------------------------------------------
// Kubernetes eviction API and kubectl drain (kubernetes/kubernetes pkg/registry/core/pod/storage/eviction.go;
// kubernetes/kubectl pkg/drain/drain.go, filters.go, pkg/cmd/drain/drain.go)
// ---------------------------------------------------------------------------------------------

/** 429 from the eviction API when a PDB allows no disruption (admission webhooks run before this check). */
export const MSG_PDB_VIOLATION = "Cannot evict pod as it would violate the pod's disruption budget.";
/** Its status cause (type `DisruptionBudget`). */
export const MSG_PDB_CAUSE = 'The disruption budget %s needs %d healthy pods and has %d currently';
/** 500 when two PDBs select the pod (e.g. a user PDB selecting launcher pods next to KubeVirt's). */
export const MSG_PDB_MULTIPLE = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/** kubectl drain: one line per 429, then sleeps `EvictErrorRetryDelay` (5 s) and tries again (kubectl ≥1.20). */
export const KUBECTL_EVICT_RETRY = 'error when evicting pods/%q -n %q (will retry after %v): %v';
/** kubectl ≤1.19 form of the same line. */
export const KUBECTL_EVICT_RETRY_OLD = 'error when evicting pod %q (will retry after 5s): %v';
export const KUBECTL_EVICT_RETRY_SECONDS = 5;
export const KUBECTL_EVICTING = 'evicting pod %s/%s';
/** Printed per pod once gone (`pod/<name> evicted`). */
export const KUBECTL_EVICTED = 'pod/%s evicted';
/** Any non-429 eviction error ends that pod's eviction for the rest of the run. */
export const KUBECTL_EVICT_ERROR = 'error when evicting pods/%q -n %q: %v';
export const KUBECTL_GLOBAL_TIMEOUT = 'error when evicting pods/%q -n %q: global timeout reached: %v';
export const KUBECTL_UNABLE_TO_DRAIN = 'error: unable to drain node %q due to error: %s, continuing command...';
export const KUBECTL_PENDING_NODES = 'There are pending nodes to be drained:';
/** Pods that make `kubectl drain` refuse to start evicting at all: `cannot delete <fatal>: ns/pod, …`. */
export const KUBECTL_CANNOT_DELETE = 'cannot delete %s: %s';
export const KUBECTL_FILTER_FATAL = {
  daemonSet: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)',
  /** Any emptyDir volume: virt-launcher pods AND hotplug attachment pods have one. */
  localStorage: 'Pods with local storage (use --delete-emptydir-data to override)',
  /** kubectl ≥1.30 (kubernetes/kubectl b7a900337). */
  unmanaged: 'Pods that declare no controller (use --force to override)',
  /** kubectl ≤1.29. */
  unmanagedOld: 'Pods declare no controller (use --force to override)',
} as const;
export const KUBECTL_FILTER_WARNING = {
  daemonSet: 'ignoring DaemonSet-managed Pods',
  localStorage: 'deleting Pods with local storage',
  unmanaged: 'deleting Pods that declare no controller',
} as const;

// ---------------------------------------------------------------------------------------------
// Evacuation controller (pkg/virt-controller/watch/drain/evacuation/evacuation.go)
// ---------------------------------------------------------------------------------------------

/** generateName of evacuation VMIMs; annotation ANNOTATION_EVACUATION_MIGRATION = the node name. All versions. */
export const GENERATE_NAME_EVACUATION = 'kubevirt-evacuation-';
/** Workload updater (pkg/virt-controller/watch/workload-updater/workload-updater.go); annotation value "". All versions. */
export const GENERATE_NAME_WORKLOAD_UPDATE = 'kubevirt-workload-update-';
/** `virtctl migrate` → virt-api MigrateVMRequestHandler (pkg/virt-api/rest/lifecycle.go). All versions. */
export const GENERATE_NAME_VIRTCTL_MIGRATE = 'kubevirt-migrate-vm-';
/** VMIM label of workload-update migrations for a volume update: VMI name, or UID when the name is > 63 chars (v1.3+). */
export const LABEL_VOLUME_UPDATE_MIGRATION = 'kubevirt.io/volume-update-migration';

/** Event `source.component` of the evacuation controller's `Created Migration %s` events: a copy-paste name ≤v1.2. */
export const EVACUATION_EVENT_COMPONENT = [
  { component: 'disruptionbudget-controller', since: v(0, 59), until: v(1, 2) },
  { component: 'evacuation-controller', since: v(1, 3) },
] as const;
/** Components of the other drain-related events (pkg/virt-controller/watch/application.go). */
export const EVENT_COMPONENT_MIGRATION_CONTROLLER = 'virtualmachine-controller';
export const EVENT_COMPONENT_DISRUPTION_BUDGET = 'disruptionbudget-controller';
export const EVENT_COMPONENT_WORKLOAD_UPDATE = 'workload-update-controller';

/** virt-controller Info log of each evacuation pass. */
export const LOG_EVACUATION_PASS = 'node: %v, migrations: %v, candidates: %v, selected: %v';

/**
 * Whether the evacuation controller creates VMIMs only for free slots (so marked VMIs wait with NO
 * VMIM) or for every candidate at once (the migration controller's queue then orders them):
 * throttled ≤v1.6 and in v1.7/v1.8 while the gate MigrationPriorityQueue is off; all at once in
 * v1.7/v1.8 with the gate and always from v1.9.
 */
export const EVACUATION_CREATES_ALL_AT_ONCE: VersionRange & { gatedUntil: KubeVirtMinor } = { since: v(1, 7), gatedUntil: v(1, 8) };
/** Throttled mode: re-check after this when no slot is free. */
export const EVACUATION_NO_SLOT_REQUEUE_SECONDS = 5;
/** Throttled mode: the `VirtualMachineInstance is not migrateable` event is repeated this often. v1.9 emits none. */
export const EVACUATION_NOT_MIGRATEABLE_EVENT_REPEAT_SECONDS = 60;
/**
 * Throttled mode: which VMIMs the free-slot count subtracts. v0.59–v1.0: every unfinished VMIM
 * (Pending included); v1.1+: only `IsRunning()` ones. The per-node count matches VMIMs to VMIs on
 * the node by `spec.vmiName` only (namespace ignored).
 */
export const EVACUATION_SLOTS_COUNT_RUNNING_ONLY: VersionRange = { since: v(1, 1) };

// ---------------------------------------------------------------------------------------------
// Origin of a VMIM (how KubeVirt marks who created it)
// ---------------------------------------------------------------------------------------------

/**
 * `unknown`: the VMIM bears the name KubeVirt's evacuation controller or workload updater gives
 * (GENERATE_NAME_EVACUATION, GENERATE_NAME_WORKLOAD_UPDATE) without the annotation they write
 * with it (a hand-made or trimmed dump): KubeVirt made it, but which controller, and so whether an
 * abort is undone, is not known.
 */
export type MigrationOrigin = 'evacuation' | 'descheduler' | 'workload-update' | 'user' | 'unknown';

/**
 * The markers, strongest first. Descheduler evictions are evacuations (same annotation and
 * generateName); they can be told apart only v1.7+: VMI annotation kubevirt.io/eviction-source
 * while marked (removed after the migration), and VMIM `spec.priority: system-maintenance` (v1.7
 * with the gate, v1.9 always). Anything without a marker was created by a user or another tool
 * (Harvester's "migrate" action uses generateName `<vm name>-`).
 */
export const ORIGIN_MARKERS = [
  { origin: 'descheduler', on: 'VirtualMachineInstanceMigration', field: 'spec.priority', value: 'system-maintenance', since: v(1, 7) },
  { origin: 'descheduler', on: 'VirtualMachineInstance', field: `metadata.annotations[${ANNOTATION_EVICTION_SOURCE}]`, value: EVICTION_SOURCE_DESCHEDULER, since: v(1, 7) },
  { origin: 'evacuation', on: 'VirtualMachineInstanceMigration', field: `metadata.annotations[${ANNOTATION_EVACUATION_MIGRATION}]`, value: '<node>', since: v(0, 59) },
  { origin: 'workload-update', on: 'VirtualMachineInstanceMigration', field: `metadata.annotations[${ANNOTATION_WORKLOAD_UPDATE_MIGRATION}]`, value: '', since: v(0, 59) },
  { origin: 'user', on: 'VirtualMachineInstanceMigration', field: 'metadata.generateName', value: GENERATE_NAME_VIRTCTL_MIGRATE, since: v(0, 59) },
] as const;

// ---------------------------------------------------------------------------------------------
// Per-VMI PodDisruptionBudgets (pkg/virt-controller/watch/drain/disruptionbudget/disruptionbudget.go;
// expansion in the migration controller)
// ---------------------------------------------------------------------------------------------

/** Created v0.59–v1.5 for LiveMigrate, External, and LiveMigrateIfPossible when migratable (v1.0+). v1.6+ only deletes them. */
export const PDB_CREATED: VersionRange = { since: v(0, 59), until: v(1, 5) };
export const PDB_GENERATE_NAME = 'kubevirt-disruption-budget-';
/** PDBs of the pre-v0.59 migration controller, deleted on sight. */
export const PDB_LEGACY_MIGRATION_PREFIX = 'kubevirt-migration-pdb-';
/** ownerReference controller = the VMI; selector matchLabels LABEL_CREATED_BY = VMI UID (matches source AND target pods). */
export const PDB_MIN_AVAILABLE = 1;
/** During a migration (VMIMigratableOnEviction VMIs only), set before the target pod is created. */
export const PDB_MIN_AVAILABLE_MIGRATING = 2;
/** PDB label added with the expansion and removed by the shrink: the VMIM name. */
export const LABEL_PDB_MIGRATION_NAME = 'kubevirt.io/migrationName';
/** VMI events (Go templates verbatim). Reasons: SuccessfulCreate/FailedCreate, SuccessfulUpdate/FailedUpdate, SuccessfulDelete/FailedDelete. */
export const PDB_EVENTS = {
  created: { reason: 'SuccessfulCreate', text: 'Created PodDisruptionBudget %s', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...PDB_CREATED },
  createFailed: { reason: 'FailedCreate', text: 'Error creating a PodDisruptionBudget: %v', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...PDB_CREATED },
  expanded: { reason: 'SuccessfulUpdate', text: 'Expanded PodDisruptionBudget %s', component: EVENT_COMPONENT_MIGRATION_CONTROLLER, ...PDB_CREATED },
  expandFailed: { reason: 'FailedUpdate', text: 'Error expanding the PodDisruptionBudget %s: %v', component: EVENT_COMPONENT_MIGRATION_CONTROLLER, ...PDB_CREATED },
  /** Lower-case "shrank", sic. After the VMIM is final and only one pod is active. */
  shrank: { reason: 'SuccessfulUpdate', text: 'shrank PodDisruptionBudget %s', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...PDB_CREATED },
  shrinkFailed: { reason: 'FailedUpdate', text: 'Error updating the PodDisruptionBudget %s: %v', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...PDB_CREATED },
  deleted: { reason: 'SuccessfulDelete', text: 'Deleted PodDisruptionBudget %s', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...ALL },
  deleteFailed: { reason: 'FailedDelete', text: 'Error deleting the PodDisruptionBudget %s: %v', component: EVENT_COMPONENT_DISRUPTION_BUDGET, ...ALL },
} as const;
/** Migration controller ≤v1.5: a LiveMigrate VMI without its PDB never gets a target pod (sync error, VMIM stays Pending). */
export const MSG_NO_PDB = 'Found no PDB protecting the vmi %s';
/** V(4) log while the expanded PDB is not yet observed (status.desiredHealthy 2, observedGeneration current). */
export const LOG_WAITING_FOR_PDB = 'Waiting for the pdb-controller to protect the migration pods, postponing migration start';

// ---------------------------------------------------------------------------------------------
// Hotplug volume attachment pods (pkg/virt-controller/services/template.go RenderHotplugAttachmentPodTemplate)
// ---------------------------------------------------------------------------------------------

export const HOTPLUG_POD_GENERATE_NAME = 'hp-volume-';
/** Value of LABEL_APP (`kubevirt.io`) on attachment pods; also the container name. No created-by label, so no KubeVirt PDB covers them. */
export const HOTPLUG_POD_APP_LABEL = 'hotplug-disk';
/** emptyDir volume of every attachment pod: `kubectl drain` refuses without --delete-emptydir-data. */
export const HOTPLUG_POD_EMPTYDIR_VOLUME = 'hotplug-disks';
/** ownerReference (controller: true) = the virt-launcher Pod, so kubectl's "no controller" filter passes it. */
export const HOTPLUG_POD_OWNER_KIND = 'Pod';

// ---------------------------------------------------------------------------------------------
// Descheduler annotations on virt-launcher pods (pkg/virt-controller/watch/descheduler/descheduler.go)
// ---------------------------------------------------------------------------------------------

/** Set "" on every launcher pod (template.go; v1.7+ also synced by the VMI controller on ready pods). v1.3+. */
export const ANNOTATION_DESCHEDULER_REQUEST_EVICT_ONLY = 'descheduler.alpha.kubernetes.io/request-evict-only';
/**
 * Value DESCHEDULER_EVICTION_IN_PROGRESS_VALUE while an eviction is being handled. v1.3–v1.6: set
 * on the source pod when the target pod of an evacuation VMIM is created, removed when the VMIM is
 * final. v1.7+: set while the VMI is marked (evacuationNodeName), removed when it no longer is.
 */
export const ANNOTATION_DESCHEDULER_EVICTION_IN_PROGRESS = 'descheduler.alpha.kubernetes.io/eviction-in-progress';
export const DESCHEDULER_EVICTION_IN_PROGRESS_VALUE = 'kubevirt';
export const DESCHEDULER_ANNOTATIONS_SINCE: VersionRange = { since: v(1, 3) };
/** VM/VMI annotations KubeVirt copies to the launcher pod for the descheduler (v1.6+; prefer-no-eviction v1.7+; beta `evict` only in v1.6). */
export const ANNOTATION_DESCHEDULER_EVICT = 'descheduler.alpha.kubernetes.io/evict';
export const ANNOTATION_DESCHEDULER_PREFER_NO_EVICTION = 'descheduler.alpha.kubernetes.io/prefer-no-eviction';

// ---------------------------------------------------------------------------------------------
// The migration queue (pkg/virt-controller/watch/migration/migration.go; pkg/util/migrations/migrations.go)
// ---------------------------------------------------------------------------------------------

export const FEATURE_GATE_MIGRATION_PRIORITY_QUEUE = 'MigrationPriorityQueue';
/**
 * Gate states (pkg/virt-config/featuregate): Alpha v1.7, Beta v1.8 — in v1.8 a Beta gate is still
 * OFF unless listed in developerConfiguration.featureGates (feature-gates.go isFeatureGateEnabled)
 * — GA v1.9 (always on, cannot be disabled).
 */
export const MIGRATION_PRIORITY_QUEUE_GATE = [
  { state: 'Alpha', defaultOn: false, since: v(1, 7), until: v(1, 7) },
  { state: 'Beta', defaultOn: false, since: v(1, 8), until: v(1, 8) },
  { state: 'GA', defaultOn: true, since: v(1, 9) },
] as const;

/** VMIM `spec.priority` values (v1.7+; only virt-controller may set it) and the queue priority each maps to. */
export const MIGRATION_PRIORITY = {
  'system-critical': 100,
  'user-triggered': 50,
  'system-maintenance': 20,
} as const;
export type MigrationPriority = keyof typeof MIGRATION_PRIORITY;
/** No spec.priority (virtctl, users, VMIMs created before the gate). */
export const QUEUE_PRIORITY_DEFAULT = 0;
/** Work-queue priority of Running VMIMs and of pod/PVC events (v1.6+). */
export const QUEUE_PRIORITY_RUNNING = 1000;
/** Priority of a VMIM re-queued at a limit: v1.6 (`lowPriority`), v1.7–v1.8 with the gate off (`QueuePriorityPending`). */
export const QUEUE_PRIORITY_PENDING_AT_LIMIT = -100;
/** Who sets spec.priority: evacuation → system-critical, or system-maintenance for descheduler evictions; workload updater → system-critical, user-triggered for CPU/memory hotplug and volume updates. */
export const PRIORITY_BY_CREATOR = {
  evacuation: 'system-critical',
  descheduler: 'system-maintenance',
  workloadUpdate: 'system-critical',
  workloadUpdateHotplugOrVolumes: 'user-triggered',
} as const satisfies Record<string, MigrationPriority>;
/** Re-check delay of a VMIM at a limit, by queue priority (`getRequeueDelayForPriority`, priority queue on); 5 s otherwise. */
export const REQUEUE_DELAY_SECONDS = [
  { minPriority: 100, seconds: 1 },
  { minPriority: 50, seconds: 3 },
  { minPriority: Number.NEGATIVE_INFINITY, seconds: 5 },
] as const;

/**
 * virt-controller Info log lines of a Pending VMIM that may not create its target pod yet (all
 * versions; the "target node" of the second means the source node). There is no event or
 * condition for these waits.
 */
export const LOG_WAITING_MULTIPLE_PODS = 'Waiting to schedule target pod for migration because there are already multiple pods running for vmi %s/%s';
export const LOG_WAITING_CLUSTER_LIMIT =
  'Waiting to schedule target pod for vmi [%s/%s] migration because total running parallel migration count [%d] is currently at the global cluster limit.';
export const LOG_WAITING_NODE_LIMIT =
  'Waiting to schedule target pod for vmi [%s/%s] migration because total running parallel outbound migrations on target node [%d] has hit outbound migrations per node limit.';
/** Outbound count per node also matches `migrationState.sourceNode` from v1.6 (≤v1.5 only VMI `status.nodeName`). */
export const OUTBOUND_COUNTS_SOURCE_NODE: VersionRange = { since: v(1, 6) };

// ---------------------------------------------------------------------------------------------
// Backoff of automatic migrations (`handleMigrationBackoff`)
// ---------------------------------------------------------------------------------------------

export const BACKOFF_FIRST_SECONDS = 20;
export const BACKOFF_FACTOR = 2;
/** Only 5 finalized VMIMs per VMI survive garbage collection, so at most 5 failures count: 20·2⁴ = 320 s (derived, no cap in code). */
export const FINALIZED_MIGRATIONS_KEPT = 5;
export const BACKOFF_MAX_SECONDS = BACKOFF_FIRST_SECONDS * BACKOFF_FACTOR ** (FINALIZED_MIGRATIONS_KEPT - 1);
/** Evacuation VMIMs back off in every version; workload-update VMIMs from v1.4. */
export const BACKOFF_WORKLOAD_UPDATE: VersionRange = { since: v(1, 4) };
/** virt-controller log (Error level) while backing off. */
export const LOG_BACKOFF = 'vmi in migration backoff, re-enqueueing after %v';
export const ANNOTATION_IGNORE_BACKOFF = 'kubevirt.io/func-test-ignore-migration-backoff';

// ---------------------------------------------------------------------------------------------
// Stopping an evacuation
// ---------------------------------------------------------------------------------------------

/**
 * `virtctl evacuate-cancel (vm|vmi) NAME [--dry-run]` — a top-level virtctl command (not `adm`),
 * v1.7+ (pkg/virtctl/vm/evacuate_cancel.go). It PUTs subresource `evacuate/cancel` of the VM or
 * VMI with body EvacuateCancelOptions{evacuationNodeName, dryRun}; virt-api
 * (pkg/virt-api/rest/evacuate_cancel.go) JSON-patches the VMI: `test` /status/evacuationNodeName
 * == body value, then `remove` it. Nothing else changes: running evacuation VMIMs keep running
 * and are not deleted. Refused while the node carries the drain taint. v1.7.0–v1.9.0 virtctl
 * sends an empty evacuationNodeName (fixed after v1.9.0, commit 990aae3514), so the `test` op can
 * only match a VMI that is not marked: by reading the code the command fails on a marked VMI in
 * those releases; not run on a cluster.
 */
export const VIRTCTL_EVACUATE_CANCEL = 'evacuate-cancel';
export const EVACUATE_CANCEL: VersionRange = { since: v(1, 7) };
export const SUBRESOURCE_EVACUATE_CANCEL = 'evacuate/cancel';
export const MSG_EVACUATE_CANCEL_TAINTED = 'Node %q has NodeDrainTaintKey %q';
export const MSG_EVACUATE_CANCEL_VMI_DONE = 'VMI %s/%s was canceled evacuation';
export const MSG_EVACUATE_CANCEL_VM_DONE = 'VM %s/%s was canceled evacuation';

// ---------------------------------------------------------------------------------------------
// Metric and alert for LiveMigrate VMIs that cannot migrate
// ---------------------------------------------------------------------------------------------

/** virt-controller gauge {node, namespace, name} = 1 when the strategy migrates but LiveMigratable is False or missing. v1.0+. */
export const METRIC_VMI_NON_EVICTABLE = 'kubevirt_vmi_non_evictable';
/** Alert on it (pkg/monitoring/rules/alerts/vms.go), for 1m. */
export const ALERT_VM_CANNOT_BE_EVICTED = 'VMCannotBeEvicted';

// ---------------------------------------------------------------------------------------------
// Why the workload updater re-creates its migration after an abort
// (pkg/virt-controller/watch/workload-updater/workload-updater.go getUpdateData)
// ---------------------------------------------------------------------------------------------

/**
 * VMI label (value "") virt-controller sets while the VMI's launcher image is not the current
 * virt-launcher image (`isOutdated`); the updater migrates such VMIs while the KubeVirt CR lists
 * WORKLOAD_UPDATE_METHOD_LIVE_MIGRATE. All versions (pkg/virt-controller/watch/vmi.go ≤v1.3,
 * vmi/lifecycle.go v1.4+; types.go `OutdatedLauncherImageLabel`).
 */
export const LABEL_OUTDATED_LAUNCHER_IMAGE = 'kubevirt.io/outdatedLauncherImage';
/** KubeVirt CR field the updater reads its methods from, and the method that migrates. */
export const CR_WORKLOAD_UPDATE_METHODS_FIELD = 'spec.workloadUpdateStrategy.workloadUpdateMethods';
export const WORKLOAD_UPDATE_METHOD_LIVE_MIGRATE = 'LiveMigrate';

/**
 * VMI conditions that make the updater migrate a VMI whose image is current (`isHotplugInProgress`,
 * `isVolumesUpdateInProgress`): HotVCPUChange present with any status (v1.0+), HotMemoryChange
 * True (v1.1+), VolumesChange True (v1.3+), MigrationRequired True (v1.6+). Tags checked: v0.59.0
 * (none), v1.0.0–v1.9.0.
 */
export const WORKLOAD_UPDATE_CONDITIONS = [
  { type: 'HotVCPUChange', anyStatus: true, since: v(1, 0) },
  { type: 'HotMemoryChange', anyStatus: false, since: v(1, 1) },
  { type: 'VolumesChange', anyStatus: false, since: v(1, 3) },
  { type: 'MigrationRequired', anyStatus: false, since: v(1, 6) },
] as const;
export type WorkloadUpdateCondition = (typeof WORKLOAD_UPDATE_CONDITIONS)[number]['type'];

/**
 * virtctl's `evacuate-cancel` sends EvacuateCancelOptions with only `dryRun`, so virt-api's JSON
 * patch `test /status/evacuationNodeName == ""` fails on a marked VMI (pkg/virtctl/vm/
 * evacuate_cancel.go Run; pkg/virt-api/rest/evacuate_cancel.go). v1.7.0–v1.9.0 (fixed on main
 * after v1.9.0, commit 990aae3514); read from the code, not run on a cluster.
 */
export const EVACUATE_CANCEL_SENDS_NO_NODE: VersionRange = { since: v(1, 7), until: v(1, 9) };
