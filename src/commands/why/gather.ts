// Everything `why` reads about one VM, by name and by selector, so that a diagnosis costs the
// same on a 100-VM lab and on a 100,000-VM fleet. In rounds of concurrent requests:
//   1. GET the VMIM named NAME; the KubeVirt CR and the MigrationPolicies (a handful each)  3
//   2. GET the VMI (NAME, or the VMIM's spec.vmiName); the VM when neither exists           1–2
//   3. the VMI's VMIMs (label kubevirt.io/vmi-name), its launcher pods (label
//      kubevirt.io/created-by = its UID) and its Events (involvedObject field selector)      3
//   4. by stage (below): the migration's Events, the target pod's, the source node (and the
//      target node of a failed migration), the VMI's PVCs, the quotas, the VM, the namespace,
//      the source launcher's log tail                                                       ≤ 6 + claims
//   5. the PVs of those PVCs (by spec.volumeName); a second target pod's Events            claims (+1)
//   6. while copying with no progress line in the log: the source node's virt-handler pod
//      (spec.nodeName) and its /metrics through the pod proxy                               2
// A running, succeeded or failed migration of a VM with one claim: 12 requests (13 with the
// namespace, 14–15 with the metrics; a failed one adds the target node and the target pod's
// Events instead of the metrics), whatever the cluster's size. WHY_REQUEST_BUDGET is 15;
// issue #12's reads of the target launcher's log and of a running target pod's Events fit the
// failed and running stages only without the metrics round: round 4 reads the target log of the
// usual copying migration (room beside the metrics), any other reads it last, only while the
// requests counted so far are under the budget.
// A snapshot's component logs (virt-controller, CNI daemons) cost no request.
//
// Cluster-wide reads, each only in the stage that needs it (and said in -v):
//   - Pending, waiting for its target pod: every unfinished VMIM and every target pod (label
//     kubevirt.io/migrationJobUID), to count migration slots as virt-controller does;
//   - the target pod waits for a node: every node (the placement table), the namespace's
//     launcher pods and every target pod (what holds resources on the nodes);
//   - no migration: every node (the migratability verdict judges the VM against each);
//   - a PV pinned by node affinity: AFFINITY_PROBE_LIMIT nodes per affinity term, and every
//     node only when none but the source reaches the volume (affine-nodes.ts);
//   - no VMI UID to select by: the namespace's launcher pods (kubevirt.io/domain annotation);
//     VMIMs without the kubevirt.io/vmi-name label (every version v0.59–v1.9 sets it at
//     creation): the namespace's VMIMs.
// `--prometheus` queries go to the user's Prometheus, not the API server: asked only when the log
// and the metrics gave no sample.
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { getEach, getOptional, initialErrors, isFatal, listKnown, mergeKnown, missingReason, recordError } from '../../collect/gather.js';
import { notFoundError } from '../../collect/not-found.js';
import { readHandlerMetrics, readHandlerPods } from '../../collect/handler-metrics.js';
import { placementView } from './pod-views.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import { known, unknownList, type Known, type GatherError } from '../../kube/known.js';
import type {
  DataVolume,
  KubeEvent,
  KubeObject,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  StorageClass,
  StorageProfile,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import {
  ANNOTATION_DOMAIN,
  LABEL_APP,
  LABEL_APP_LAUNCHER,
  LABEL_CREATED_BY,
  LABEL_MIGRATION_JOB_UID,
  LABEL_VMI_NAME,
} from '../../kubevirt/constants.js';
import type { LogTail, PrometheusRead, WhyContext, WhyInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { ObjectIndex } from '../../analyze/object-index.js';
import { awaitingTargetPod } from '../../analyze/why/migration-state.js';
import { isFinal } from '../../analyze/migration/phase.js';
import { liveStateOf, recordedStateOf, stateOf } from '../../analyze/migration/state.js';
import { hasProgressSeries } from '../../analyze/progress/metric-samples.js';
import { eventsOfMigration, isPodScheduled, sourceNodeOf } from '../../analyze/why/target-pod-state.js';
import { recognizeControllerEvent } from '../../analyze/why/parse/controller-events.js';
import { claimVolumes } from '../../analyze/migratability/rules/_claims.js';
import { buildSubject } from '../../analyze/migratability/subject.js';
import { policiesUseNamespaceLabels } from '../../analyze/policy/match-policy.js';
import { resolveMigrationConfig } from '../../analyze/why/migration-config.js';
import { copyState, logProgressSamples } from '../../analyze/why/progress.js';
import { progressQuery } from '../../analyze/progress/prometheus-api.js';
import { affinePvs, probeAffineNodes } from './affine-nodes.js';
import { isLabelValue } from '../../kube/labels.js';
import { vmOwnerOf } from '../../kube/owners.js';
import { countingSource, readComponentLogs, targetLogReadable } from './optional-reads.js';

/** Lines of the source launcher's compute log to read: enough for ~10 minutes of progress lines. */
export const LOG_TAIL_LINES = 400;
const LOG_LIMIT_BYTES = 512 * 1024;
/** `--prometheus`: the range query for the trend covers the last … seconds, one point per step. */
export const PROMETHEUS_RANGE_SECONDS = 300;
export const PROMETHEUS_STEP_SECONDS = 15;
/** At most this many API requests for a migration past Pending whose target pod is not waiting for a node. */
export const WHY_REQUEST_BUDGET = 15;

export interface WhyGathered {
  inputs: WhyInputs;
  errors: GatherError[];
}

export interface WhyGatherOptions {
  /** `--prometheus URL`: progress source 3. */
  prometheus?: PrometheusApi;
  /** -v: one line per read beyond the VM's own objects, saying why it was needed. */
  log?: (line: string) => void;
  /** `list`: what it read once for every migration (then not read again per migration). */
  shared?: SharedReads;
  /**
   * `list`: no launcher log, no metrics and nothing cluster-wide: the slots are counted over
   * what the list gathered, and a target pod waiting for a node is judged from the scheduler's
   * message (the per-node table is `why`'s).
   */
  lean?: boolean;
}

export interface SharedReads {
  /** Every VMIM the command read (NAME and each VMI's migrations are found among them). */
  migrations: Known<VirtualMachineInstanceMigration>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
  namespaces: Known<Namespace>;
  /** One index for every migration's diagnosis (else each would index the shared lists again). */
  index: ObjectIndex;
}

export async function gatherForWhy(cluster: ClusterSource, namespace: string, name: string, opts: WhyGatherOptions = {}): Promise<WhyGathered> {
  // The snapshot's skipped files, once per command: `list` (shared lists) has them already.
  const errors: GatherError[] = opts.shared ? [] : initialErrors(cluster);
  const counter = countingSource(cluster);
  const source = counter.source;
  const say = (line: string) => opts.log?.(`why: ${line}`);

  // Round 1: NAME as a VMIM and as a VMI (docs/output.md: a VMIM name, else a VMI name, else a VM
  // name), and the cluster's configuration.
  const { shared } = opts;
  const sharedNamed = shared?.migrations.ok ? shared.migrations.items.find((m) => m.metadata.namespace === namespace && m.metadata.name === name) : undefined;
  const [namedMigration, vmiByName, kubevirt, policies, componentLogs] = await Promise.all([
    shared ? Promise.resolve(sharedNamed) : source.has && !source.has('vmim') ? Promise.resolve(undefined) : getOptional<VirtualMachineInstanceMigration>(source, 'vmim', namespace, name),
    // Known to be the VMIM's: its VMI is asked for by its own name below.
    sharedNamed?.spec?.vmiName && sharedNamed.spec.vmiName !== name ? Promise.resolve(undefined) : getOptional<VirtualMachineInstance>(source, 'vmi', namespace, name),
    shared ? Promise.resolve(shared.kubevirt) : listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    shared ? Promise.resolve(shared.policies) : listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
    // A snapshot's virt-controller and CNI daemon logs: no request (a live source has none).
    opts.lean ? Promise.resolve([]) : readComponentLogs(source),
  ]);
  // Round 2, only when NAME was a VMIM of another name's VMI, or named nothing else: the VMI, the VM.
  const vmiName = namedMigration?.spec?.vmiName || name;
  // `list` answers for a migration whose VMI it cannot read (a partial result); `why` does not.
  const vmi = vmiName === name ? vmiByName : opts.lean ? await getTolerated(source, namespace, vmiName, errors) : await getOptional<VirtualMachineInstance>(source, 'vmi', namespace, vmiName);
  let resolvedAs: WhyInputs['requested']['resolvedAs'] = namedMigration ? 'VirtualMachineInstanceMigration' : vmi ? 'VirtualMachineInstance' : 'none';
  let vm: VirtualMachine | undefined;
  if (!namedMigration && !vmi) {
    vm = await getOptional<VirtualMachine>(source, 'vm', namespace, vmiName);
    if (!vm) {
      const withMigrations = !(source.has && !source.has('vmim'));
      const what = withMigrations ? 'virtualmachineinstancemigrations, virtualmachineinstances or virtualmachines' : 'virtualmachineinstances or virtualmachines';
      throw await notFoundError(source, {
        resources: withMigrations ? ['vmim', 'vmi', 'vm'] : ['vmi', 'vm'],
        name,
        namespace,
        liveLine: `Error from server (NotFound): no ${what} named "${name}" in namespace "${namespace}"`,
        resource: 'virtualmachineinstances.kubevirt.io',
      });
    }
    resolvedAs = 'VirtualMachine';
  }

  // Round 3: the VMI's migrations, launcher pods, events, claims and node.
  const [migrations, pods, vmiEvents, pvcs, vmiNode] = await Promise.all([
    shared ? Promise.resolve(migrationsAmong(shared.migrations, namespace, vmiName)) : readVmiMigrations(source, namespace, vmiName, { named: namedMigration, vmi }, errors, say),
    readLauncherPods(source, namespace, vmi, vmiName, errors, say),
    readEventsAbout(source, namespace, 'VirtualMachineInstance', vmiName, errors),
    getEach<PersistentVolumeClaim>(source, 'pvc', namespace, claimNames(vm, vmi), errors),
    getEach<Node>(source, 'node', undefined, vmi?.status?.nodeName ? [vmi.status.nodeName] : [], errors),
  ]);

  const inputs: WhyInputs = {
    now: source.now(),
    namespace,
    requested: { name, resolvedAs },
    vmi,
    namedMigration,
    migrations,
    pods,
    events: vmiEvents,
    nodes: vmiNode,
    quotas: unknownList('not read: the migration is past its target pod\'s creation'),
    pvcs,
    pvs: known([]),
    kubevirt,
    policies,
    namespaceObject: unknownList('not read: no MigrationPolicy selects namespaces and post-copy is not allowed'),
    sourceLog: { ok: false, reason: 'no migration: the launcher log was not read' },
    ...(componentLogs.length > 0 ? { componentLogs } : {}),
    index: opts.shared?.index ?? new ObjectIndex(),
  };
  if (vm) inputs.vm = vm;
  let ctx = deriveContext(inputs);
  const m = ctx.migration;
  const stage = stageOf(ctx, opts.lean === true);

  // Round 4, by stage.
  // No owner references at all (or not a list): maybe a VM's, worth one GET to find out.
  const ownedByVm = !vmi || !Array.isArray(vmi.metadata.ownerReferences) || vmOwnerOf(vmi) !== undefined;
  // A volume migration's VM holds its record and conditions (RestartRequired, ManualRecoveryRequired).
  const needsVm = !vm && (!m || ctx.kind === 'volume') && ownedByVm;
  const everyNode = stage.everyNode;
  if (everyNode) say(`read every node: ${everyNode}`);
  const moreNodes = nodeNames(ctx).filter((n) => n !== vmi?.status?.nodeName);
  const copying = m !== undefined && copyState(ctx, m).copying;
  // The usual copying migration (no namespace read, one claim) has room for its target log beside
  // round 6's metrics: read it now; any other reads it last, while the count is under the budget.
  const targetLogNow = !opts.lean && copying && !needsNamespace(ctx) && claimNames(vm, vmi).length <= 1 && targetLogReadable(ctx.targetPod);
  const [vmRead, migrationEvents, targetPodEvents, nodes, quotas, pvs, namespaceObject, sourceLog, wider, targetLog, storage] = await Promise.all([
    needsVm ? getOptional<VirtualMachine>(source, 'vm', namespace, vmiName) : Promise.resolve(undefined),
    m?.metadata.name ? readEventsAbout(source, namespace, 'VirtualMachineInstanceMigration', m.metadata.name, errors) : Promise.resolve(known<KubeEvent>([])),
    stage.targetPodEvents && ctx.targetPod?.metadata.name ? readEventsAbout(source, namespace, 'Pod', ctx.targetPod.metadata.name, errors) : Promise.resolve(known<KubeEvent>([])),
    everyNode ? listKnown<Node>(source, 'node', {}, errors) : moreNodes.length > 0 ? getEach<Node>(source, 'node', undefined, moreNodes, errors) : Promise.resolve(known<Node>([])),
    stage.quotas ? listKnown<ResourceQuota>(source, 'resourcequota', { namespace }, errors) : Promise.resolve(inputs.quotas),
    getEach<PersistentVolume>(source, 'pv', undefined, volumeNames(pvcs), errors),
    !needsNamespace(ctx)
      ? Promise.resolve(inputs.namespaceObject)
      : shared
        ? Promise.resolve(shared.namespaces.ok ? known(shared.namespaces.items.filter((n) => n.metadata.name === namespace)) : shared.namespaces)
        : getEach<Namespace>(source, 'namespace', undefined, [namespace], errors),
    !m ? Promise.resolve(inputs.sourceLog) : opts.lean ? Promise.resolve<LogTail>({ ok: false, reason: 'list does not read launcher logs' }) : readLogTail(source, namespace, ctx.sourcePod?.metadata.name, errors),
    readWiderScope(source, namespace, stage, m, errors, say),
    targetLogNow ? readLogTail(source, namespace, ctx.targetPod?.metadata.name, errors) : Promise.resolve(undefined),
    // No migration: the VM is judged as check-migratable judges it, with the same storage reads.
    !m && (vm || vmi) ? readStorage(source, namespace, vm, vmi, errors) : Promise.resolve(undefined),
  ]);
  if (vmRead) inputs.vm = vmRead;
  if (storage) inputs.storage = storage;
  if (targetLog) inputs.targetLog = targetLog;
  Object.assign(inputs, { quotas, pvs, namespaceObject, sourceLog });
  inputs.nodes = everyNode ? nodes : mergeKnown(vmiNode, nodes);
  inputs.migrations = mergeKnown(migrations, wider.migrations);
  inputs.pods = mergeKnown(pods, wider.pods);
  inputs.events = mergeKnown(vmiEvents, migrationEvents, targetPodEvents);
  ctx = deriveContext(inputs);

  // Round 5, rarely: the Events of a target pod the migration's Events say timed out (and was
  // deleted); for a PV pinned by node affinity, whether another node reaches it, else every node.
  const timedOut = timedOutTargetPod(ctx, migrationEvents, stage.targetPodEvents ? ctx.targetPod?.metadata.name : undefined);
  const pinned = vmi && !everyNode && inputs.nodes.ok ? affinePvs(pvs) : [];
  const [timedOutEvents, probed] = await Promise.all([
    timedOut ? readEventsAbout(source, namespace, 'Pod', timedOut, errors) : Promise.resolve(known<KubeEvent>([])),
    pinned.length > 0 ? probeAffineNodes(source, pinned, sourceNodeOf(ctx), errors) : Promise.resolve(undefined),
  ]);
  if (timedOut) inputs.events = mergeKnown(inputs.events, timedOutEvents);
  if (probed?.everyNode) {
    say(`read every node: ${probed.everyNode}`);
    inputs.nodes = await listKnown<Node>(source, 'node', {}, errors);
  } else if (probed) inputs.nodes = mergeKnown(inputs.nodes, probed.nodes);
  if (timedOut || probed) ctx = deriveContext(inputs);

  // Round 6: virt-handler's metrics, only while copying and when the log had no progress line.
  if (!opts.lean && m && ctx.vmi && copying && logProgressSamples(ctx).length === 0) {
    const node = stateOf(m, ctx.vmi)?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? ctx.vmi.status?.nodeName;
    const kvNamespace = ctx.kubevirtCR?.metadata.namespace;
    // Without the pod proxy (a snapshot) there is nothing to read it through.
    const handlerPods = source.rawGet && node ? await readHandlerPods(source, kvNamespace, node, errors) : known<Pod>([]);
    inputs.handlerMetrics = await readHandlerMetrics(source, handlerPods, node, kvNamespace, errors);
    if (!inputs.handlerMetrics.ok || !hasProgressSeries(inputs.handlerMetrics.text, { namespace: ctx.namespace, name: ctx.vmi.metadata.name ?? '' }, ctx.version)) {
      // Source 3: Prometheus, when asked for.
      if (opts.prometheus) inputs.prometheus = await queryPrometheus(opts.prometheus, ctx, errors);
    }
  }
  // Last (issue #12): the target launcher's log, once its container started and while a request is left.
  if (!opts.lean && m && !targetLogNow && targetLogReadable(ctx.targetPod)) {
    inputs.targetLog = counter.count() < WHY_REQUEST_BUDGET ? await readLogTail(source, namespace, ctx.targetPod.metadata.name, errors) : { ok: false, reason: `not read: the ${WHY_REQUEST_BUDGET}-request budget of why is spent` };
  }
  return { inputs, errors };
}

/** What the stage of the migration makes `why` read beyond the VMI's own objects. */
interface Stage {
  /** Why every node is read, if it is. */
  everyNode?: string;
  /** Pending, waiting for its target pod: count the slots. */
  slots: boolean;
  /** The target pod waits for a node: what holds resources on the nodes. */
  placement: boolean;
  targetPodEvents: boolean;
  quotas: boolean;
}

function stageOf(ctx: WhyContext, lean: boolean): Stage {
  const m = ctx.migration;
  const phase = m?.status?.phase ?? '';
  const waiting = m !== undefined && awaitingTargetPod(ctx);
  const beforeScheduled = m !== undefined && (phase === '' || phase === 'Pending' || phase === 'Scheduling');
  const placement = beforeScheduled && ctx.targetPod !== undefined && !isPodScheduled(ctx.targetPod);
  const stage: Stage = {
    slots: !lean && waiting && phase === 'Pending',
    placement: !lean && placement,
    targetPodEvents: beforeScheduled && ctx.targetPod !== undefined,
    // A quota refuses the target pod's creation (or, without a migration, would).
    quotas: !m || waiting,
  };
  if (lean) return stage;
  if (!m && (ctx.vm || ctx.vmi)) stage.everyNode = 'no migration: the VM is judged against every node, as check-migratable does';
  else if (placement) stage.everyNode = 'the target pod waits for a node: each node is judged for it';
  return stage;
}

/** The nodes the checks look up by name: the VMI's, and both ends of a failed migration. */
function nodeNames(ctx: WhyContext): string[] {
  const m = ctx.migration;
  const live = liveStateOf(m, ctx.vmi);
  const recorded = recordedStateOf(m);
  const names = [ctx.vmi?.status?.nodeName];
  if (m && (m.status?.phase === 'Failed' || live?.failed === true)) {
    // failure-reason compares the CPU features of the two (the VMIM's record first, as it reads them).
    names.push(recorded?.sourceNode ?? live?.sourceNode, recorded?.targetNode ?? live?.targetNode ?? ctx.targetPod?.spec?.nodeName);
  }
  return [...new Set(names.filter((n): n is string => Boolean(n)))];
}

/** Claims of the VMI (else of the VM's template): PVC and DataVolume volumes. */
function claimNames(vm: VirtualMachine | undefined, vmi: VirtualMachineInstance | undefined): string[] {
  if (!vm && !vmi) return [];
  return [...new Set(claimVolumes(buildSubject({ vm, vmi })).map((c) => c.claim))];
}

/**
 * The storage the migratability rules read: every StorageClass and StorageProfile (cluster-scoped
 * and few, one request each, whatever the number of VMs), and the VM's DataVolumes by name.
 */
async function readStorage(source: ClusterSource, namespace: string, vm: VirtualMachine | undefined, vmi: VirtualMachineInstance | undefined, errors: GatherError[]) {
  const dataVolumeNames = claimVolumes(buildSubject({ vm, vmi }))
    .filter((c) => c.source === 'dataVolume')
    .map((c) => c.claim);
  const [storageClasses, storageProfiles, dataVolumes] = await Promise.all([
    listKnown<StorageClass>(source, 'storageclass', {}, errors),
    listKnown<StorageProfile>(source, 'storageprofile', {}, errors),
    getEach<DataVolume>(source, 'datavolume', namespace, dataVolumeNames, errors),
  ]);
  return { storageClasses, storageProfiles, dataVolumes };
}

function volumeNames(pvcs: Known<PersistentVolumeClaim>): string[] {
  return pvcs.ok ? pvcs.items.map((c) => c.spec?.volumeName).filter((n): n is string => Boolean(n)) : [];
}

/**
 * The target pod whose scheduler message target-pod-readiness quotes when the migration's Events
 * say its target pod timed out (and was deleted): the same choice as that check's, when it is not
 * the pod whose Events were read already.
 */
function timedOutTargetPod(ctx: WhyContext, events: Known<KubeEvent>, alreadyRead: string | undefined): string | undefined {
  const m = ctx.migration;
  let timedOut: { pod?: string } | undefined;
  let created: string | undefined;
  for (const e of eventsOfMigration(events.ok ? events.items : [], m)) {
    const rec = recognizeControllerEvent(e);
    if (rec?.kind === 'pending-timeout') timedOut = rec.args.pod ? { pod: rec.args.pod } : {};
    if (rec?.kind === 'target-pod-created') created = rec.args.pod;
  }
  if (!timedOut) return undefined;
  const pod = timedOut.pod ?? created ?? stateOf(m, ctx.vmi)?.targetPod;
  return pod === alreadyRead ? undefined : pod;
}

/** The VMI's VMIMs by label; the namespace's when one of them lacks the label. */
async function readVmiMigrations(
  source: ClusterSource,
  namespace: string,
  vmiName: string,
  known_: { named?: VirtualMachineInstanceMigration; vmi?: VirtualMachineInstance },
  errors: GatherError[],
  say: (line: string) => void,
): Promise<Known<VirtualMachineInstanceMigration>> {
  const byLabel = isLabelValue(vmiName)
    ? await listKnown<VirtualMachineInstanceMigration>(source, 'vmim', { namespace, labelSelector: `${LABEL_VMI_NAME}=${vmiName}` }, errors, { required: true })
    : undefined;
  if (byLabel && !byLabel.ok) return byLabel;
  const stateUid = known_.vmi?.status?.migrationState?.migrationUid;
  // KubeVirt's mutating webhook labels every VMIM (v0.59–v1.9); objects made without it (or
  // hand-written ones) may lack the label: then, or when none has it, the namespace's are read.
  const unlabelled =
    byLabel === undefined ||
    byLabel.items.length === 0 ||
    (known_.named !== undefined && known_.named.metadata.labels?.[LABEL_VMI_NAME] !== vmiName) ||
    (stateUid !== undefined && !byLabel.items.some((m) => m.metadata.uid === stateUid));
  if (!unlabelled) return byLabel;
  say(`read the VMIMs of namespace ${namespace}: none of ${vmiName}'s carries the ${LABEL_VMI_NAME} label, or one may lack it`);
  return listKnown<VirtualMachineInstanceMigration>(
    source,
    'vmim',
    { namespace, select: (m) => (migrationOf(m as VirtualMachineInstanceMigration) === vmiName ? m : undefined) },
    errors,
    { required: true },
  );
}

/** The VMI's VMIMs among those read already (label kubevirt.io/vmi-name, else spec.vmiName). */
function migrationsAmong(all: Known<VirtualMachineInstanceMigration>, namespace: string, vmiName: string): Known<VirtualMachineInstanceMigration> {
  return all.ok ? known(all.items.filter((m) => m.metadata.namespace === namespace && migrationOf(m) === vmiName)) : all;
}

function migrationOf(m: VirtualMachineInstanceMigration): string | undefined {
  return m.metadata.labels?.[LABEL_VMI_NAME] ?? m.spec?.vmiName;
}

/** The VMI's launcher pods by its UID; without one, the namespace's with its name in kubevirt.io/domain. */
async function readLauncherPods(
  source: ClusterSource,
  namespace: string,
  vmi: VirtualMachineInstance | undefined,
  vmiName: string,
  errors: GatherError[],
  say: (line: string) => void,
): Promise<Known<Pod>> {
  const launchers = `${LABEL_APP}=${LABEL_APP_LAUNCHER}`;
  const uid = vmi?.metadata.uid;
  if (uid && isLabelValue(uid)) return listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${launchers},${LABEL_CREATED_BY}=${uid}` }, errors);
  say(`read the launcher pods of namespace ${namespace}: no VMI UID to select ${vmiName}'s by`);
  return listKnown<Pod>(source, 'pod', { namespace, labelSelector: launchers, select: (p) => (p.metadata.annotations?.[ANNOTATION_DOMAIN] === vmiName ? p : undefined) }, errors);
}

function readEventsAbout(source: ClusterSource, namespace: string, kind: string, name: string, errors: GatherError[]): Promise<Known<KubeEvent>> {
  return listKnown<KubeEvent>(source, 'event', { namespace, fieldSelector: `involvedObject.kind=${kind},involvedObject.name=${name}` }, errors);
}

/** The stage's cluster-wide reads: migrations and pods beyond the VMI's own. */
async function readWiderScope(
  source: ClusterSource,
  namespace: string,
  stage: Stage,
  m: VirtualMachineInstanceMigration | undefined,
  errors: GatherError[],
  say: (line: string) => void,
): Promise<{ migrations: Known<VirtualMachineInstanceMigration>; pods: Known<Pod> }> {
  const none = { migrations: known<VirtualMachineInstanceMigration>([]), pods: known<Pod>([]) };
  if (stage.slots) {
    say('read every unfinished VMIM and every target pod: a Pending migration waits for a free slot (parallelMigrationsPerCluster, parallelOutboundMigrationsPerNode)');
    const unfinished = (o: KubeObject) => (isFinal((o as VirtualMachineInstanceMigration).status?.phase) && o.metadata.uid !== m?.metadata.uid ? undefined : o);
    const [migrations, targetPods] = await Promise.all([
      listKnown<VirtualMachineInstanceMigration>(source, 'vmim', { select: unfinished }, errors, { required: true }),
      listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID, select: (p) => placementView(p as Pod) }, errors),
    ]);
    return { migrations, pods: targetPods };
  }
  if (stage.placement) {
    say(`read the launcher pods of namespace ${namespace} and every target pod: what holds resources on the nodes the target pod could go to`);
    const view = { select: (p: KubeObject) => placementView(p as Pod) };
    const [launchers, targetPods] = await Promise.all([
      listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}`, ...view }, errors),
      listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID, ...view }, errors),
    ]);
    return { migrations: none.migrations, pods: mergeKnown(launchers, targetPods) };
  }
  return none;
}


/** The namespace's labels matter for policy matching (namespaceSelector) and post-copy (Pod Security). */
function needsNamespace(ctx: WhyContext): boolean {
  if (ctx.policies.ok && policiesUseNamespaceLabels(ctx.policies.items)) return true;
  return resolveMigrationConfig(ctx).effective.config.allowPostCopy === true;
}

async function queryPrometheus(api: PrometheusApi, ctx: WhyContext, errors: GatherError[]): Promise<PrometheusRead> {
  const vmiName = ctx.vmi?.metadata.name ?? ctx.migration?.spec?.vmiName ?? '';
  const query = progressQuery(vmiName);
  const end = Math.floor(ctx.now.getTime() / 1000);
  try {
    const [instant, range] = await Promise.all([
      api.instant(query, end),
      api.range(query, end - PROMETHEUS_RANGE_SECONDS, end, PROMETHEUS_STEP_SECONDS),
    ]);
    return { ok: true, url: api.url, query, instant, range };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    errors.push({ resource: 'prometheus', message: `${api.url}: ${message}` });
    return { ok: false, url: api.url, reason: `${api.url}: ${message}` };
  }
}

/** The VMI, or undefined with an errors[] entry when reading it failed short of a fatal error. */
async function getTolerated(source: ClusterSource, namespace: string, name: string, errors: GatherError[]): Promise<VirtualMachineInstance | undefined> {
  try {
    return await getOptional<VirtualMachineInstance>(source, 'vmi', namespace, name);
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    recordError(errors, { resource: 'virtualmachineinstances.kubevirt.io', message: err.message });
    return undefined;
  }
}

/** A launcher's bounded `compute` log tail (the source's, or the target's once it started). */
export async function readLogTail(source: ClusterSource, namespace: string, pod: string | undefined, errors: GatherError[]): Promise<LogTail> {
  if (!pod) return { ok: false, reason: 'no source launcher pod found' };
  try {
    const text = await source.podLog(namespace, pod, { container: 'compute', tailLines: LOG_TAIL_LINES, limitBytes: LOG_LIMIT_BYTES });
    return text === undefined ? { ok: false, reason: `no log for pod ${pod}` } : { ok: true, pod, text };
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'pods/log', message: err.message });
    return { ok: false, reason: missingReason('pods/log', err) };
  }
}
