// What `list` reads. Every VMIM first (cluster-wide: the slots are counted over all of them);
// in scope: the namespace (or -A), `-l` on the VMIMs' labels, and `--node` (a VMIM whose own
// status names both nodes, neither NODE, is not read further; run.ts keeps the rows whose source
// or target is NODE). Then, for each unfinished migration in scope, and each that failed within the last
// RECENT_FAILURE_MS (while its Events still exist: they name most failures), what `why` reads
// about its VM — by name and selector, without the launcher log, the metrics or anything
// cluster-wide — through a source that asks each shared question (a node, a PV, a namespace's
// quotas) once. Any other finished migration is told from its VMIM alone (its status keeps the
// nodes and, v1.3+, the failure reason); `why NAME` reads the rest. So the cost follows the
// migrations, not the cluster: no per-migration pass over a list of every VMI, pod or event.
// Cluster-wide, once for the whole list and only when some migration needs it: every node and
// launcher pod for a target pod waiting for a node (the per-node placement decides its cause),
// and the target pods of unfinished migrations out of scope for a Pending one's slots.
// Last, the progress of the copying ones, from the sources `why` reads (progress-reads.ts).
import type { ClusterSource } from '../../collect/source.js';
import { listKnown, mergeKnown, recordError } from '../../collect/gather.js';
import { memoizedSource } from '../../collect/memo-source.js';
import { mapLimit } from '../../collect/snapshot/map-limit.js';
import { known, unknownList, type GatherError, type Known } from '../../kube/known.js';
import type { KubeObject, KubeVirt, MigrationPolicy, Namespace, Node, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { LABEL_APP, LABEL_APP_LAUNCHER, LABEL_MIGRATION_JOB_UID, LABEL_VMI_NAME } from '../../kubevirt/constants.js';
import { placementView } from '../why/pod-views.js';
import { listOf } from '../../analyze/shape.js';
import { time } from '../../kube/time.js';
import { isPodScheduled } from '../../analyze/why/target-pod-state.js';
import type { WhyInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { ObjectIndex } from '../../analyze/object-index.js';
import { awaitingTargetPod } from '../../analyze/why/migration-state.js';
import { isFinal } from '../../analyze/migration/phase.js';
import { gatherForWhy, type SharedReads } from '../why/gather.js';
import { parseLabelSelector } from '../../kube/labels.js';
import { matchesLabels } from '../../collect/snapshot/selectors.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import { readListProgress } from './progress-reads.js';

/** Migrations gathered at once (each a few requests; the live client bounds its own). */
export const LIST_GATHER_CONCURRENCY = 8;
/**
 * A failure this recent is read like an unfinished migration: kube-apiserver keeps Events an
 * hour by default (--event-ttl), and they hold the cause of the failures whose VMIM does not.
 */
export const RECENT_FAILURE_MS = 2 * 3600_000;
/** UIDs per `kubevirt.io/migrationJobUID in (…)` selector: a URL well under any server's limit. */
const UIDS_PER_SELECTOR = 50;

export interface ListGathered {
  /** The migrations in scope, each with what the `why` engine reads about it. */
  items: { migration: VirtualMachineInstanceMigration; inputs: WhyInputs }[];
  kubevirt: Known<KubeVirt>;
  /** Copying migrations whose launcher log the per-refresh limit left unread. */
  logNotRead: ReadonlySet<WhyInputs>;
}

export interface ListScope {
  /** undefined: every namespace. */
  namespace: string | undefined;
  /** `-l`, validated already. */
  selector?: string;
  /** `--node`. */
  node?: string;
  prometheus?: PrometheusApi;
}

export async function gatherForList(source: ClusterSource, scope: ListScope, errors: GatherError[]): Promise<ListGathered> {
  const { namespace } = scope;
  const [migrations, namespaces, kubevirt, policies] = await Promise.all([
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors, { required: true }),
    listKnown<Namespace>(source, 'namespace', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
  ]);
  const all = migrations.ok ? migrations.items : [];
  const labels = scope.selector !== undefined ? parseLabelSelector(scope.selector) : [];
  const inScope = all.filter((m) => (namespace === undefined || m.metadata.namespace === namespace) && matchesLabels(labels, m.metadata.labels) && mayConcern(m, scope.node));
  const shared: SharedReads = { migrations, kubevirt, policies, namespaces, index: new ObjectIndex() };
  const now = source.now();

  const memo = memoizedSource(source, ['node', 'pv', 'pvc', 'resourcequota']);
  const read = inScope.filter((m) => !isFinal(m.status?.phase) || failedRecently(m, now));
  const gathered = await mapLimit(read, LIST_GATHER_CONCURRENCY, async (m) => {
    const g = await gatherForWhy(memo, m.metadata.namespace ?? '', m.metadata.name ?? '', { shared, lean: true });
    for (const e of g.errors) recordError(errors, e);
    return g.inputs;
  });
  await countSlotsOverAll(source, gathered, all, inScope, errors);
  await judgePlacementOverAll(source, gathered, namespace, errors);

  const byMigration = new Map(read.map((m, i) => [m, gathered[i]!]));
  const items = inScope.map((m) => ({ migration: m, inputs: byMigration.get(m) ?? finishedInputs(m, shared, now) }));
  const logNotRead = await readListProgress(source, items, kubevirt, scope.prometheus, errors);
  return { items, kubevirt, logNotRead };
}

/** With --node: false only when the VMIM's own status names both nodes and neither is NODE. */
function mayConcern(m: VirtualMachineInstanceMigration, node: string | undefined): boolean {
  if (node === undefined) return true;
  const s = m.status?.migrationState;
  if (!s?.sourceNode || !s.targetNode) return true;
  return s.sourceNode === node || s.targetNode === node;
}

/**
 * A Pending migration waiting for its target pod counts the slots over every unfinished VMIM and
 * their target pods: the VMIMs were read, the pods of those in scope were gathered; the target
 * pods of those out of scope (`list -n`) are read by their job UIDs.
 */
async function countSlotsOverAll(
  source: ClusterSource,
  gathered: WhyInputs[],
  all: readonly VirtualMachineInstanceMigration[],
  inScope: readonly VirtualMachineInstanceMigration[],
  errors: GatherError[],
): Promise<void> {
  const waiting = gathered.filter((inputs) => {
    const ctx = deriveContext(inputs);
    return ctx.migration !== undefined && awaitingTargetPod(ctx) && ctx.migration.status?.phase === 'Pending';
  });
  if (waiting.length === 0) return;
  const scoped = new Set(inScope);
  const outside = all.filter((m) => !scoped.has(m) && !isFinal(m.status?.phase) && m.metadata.uid).map((m) => m.metadata.uid!);
  const chunks: string[][] = [];
  for (let i = 0; i < outside.length; i += UIDS_PER_SELECTOR) chunks.push(outside.slice(i, i + UIDS_PER_SELECTOR));
  const targetPods = await Promise.all(chunks.map((uids) => listKnown<Pod>(source, 'pod', { labelSelector: `${LABEL_MIGRATION_JOB_UID} in (${uids.join(',')})` }, errors)));
  const pods = mergeKnown(...gathered.map((g) => g.pods), ...targetPods);
  const everyMigration = known([...all]);
  for (const inputs of waiting) {
    inputs.migrations = everyMigration;
    inputs.pods = mergeKnown(inputs.pods, pods);
  }
}

function failedRecently(m: VirtualMachineInstanceMigration, now: Date): boolean {
  if (m.status?.phase !== 'Failed') return false;
  const failedAt = listOf(m.status.phaseTransitionTimestamps).find((t) => t.phase === 'Failed')?.phaseTransitionTimestamp;
  const at = time(failedAt) || time(m.metadata.creationTimestamp);
  return at === 0 || now.getTime() - at <= RECENT_FAILURE_MS;
}

/**
 * A target pod waiting for a node is judged against every node, with what holds resources on
 * them (launcher pods, target pods among them with -A): read once for the whole list, and only
 * when some migration needs it. Of the pods, only what placement counts is kept.
 */
async function judgePlacementOverAll(source: ClusterSource, gathered: WhyInputs[], namespace: string | undefined, errors: GatherError[]): Promise<void> {
  const waiting = gathered.filter((inputs) => {
    const ctx = deriveContext(inputs);
    const phase = ctx.migration?.status?.phase ?? '';
    return ctx.targetPod !== undefined && !isPodScheduled(ctx.targetPod) && (phase === '' || phase === 'Pending' || phase === 'Scheduling');
  });
  if (waiting.length === 0) return;
  const view = (p: KubeObject) => placementView(p as Pod);
  const [nodes, launchers, targetPods] = await Promise.all([
    listKnown<Node>(source, 'node', {}, errors),
    listKnown<Pod>(source, 'pod', { namespace, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}`, select: view }, errors),
    namespace === undefined ? Promise.resolve(known<Pod>([])) : listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID, select: view }, errors),
  ]);
  const pods = mergeKnown(launchers, targetPods);
  for (const inputs of waiting) {
    inputs.nodes = nodes;
    // The migration's own pods first: whole, as gathered.
    inputs.pods = mergeKnown(inputs.pods, pods);
  }
}

/** A finished migration as its VMIM tells it: nothing else is read for it. */
function finishedInputs(m: VirtualMachineInstanceMigration, shared: SharedReads, now: Date): WhyInputs {
  const namespace = m.metadata.namespace ?? '';
  const vmiName = m.metadata.labels?.[LABEL_VMI_NAME] ?? m.spec?.vmiName ?? '';
  const notRead = unknownList<never>('list reads only the objects of unfinished migrations: `why NAME` reads the rest');
  const own = shared.migrations.ok
    ? known(shared.migrations.items.filter((x) => x.metadata.namespace === namespace && (x.metadata.labels?.[LABEL_VMI_NAME] ?? x.spec?.vmiName) === vmiName))
    : shared.migrations;
  return {
    now,
    namespace,
    requested: { name: m.metadata.name ?? '', resolvedAs: 'VirtualMachineInstanceMigration' },
    namedMigration: m,
    migrations: own,
    pods: notRead,
    events: notRead,
    nodes: notRead,
    quotas: notRead,
    pvcs: notRead,
    pvs: notRead,
    kubevirt: shared.kubevirt,
    policies: shared.policies,
    namespaceObject: shared.namespaces.ok ? known(shared.namespaces.items.filter((n) => n.metadata.name === namespace)) : shared.namespaces,
    sourceLog: { ok: false, reason: 'list does not read launcher logs' },
    index: shared.index,
  };
}
