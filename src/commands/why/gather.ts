// Everything `why` reads, in a few rounds of concurrent requests and at most 15 API requests
// (lists in pages of WHY_PAGE_SIZE: one request each up to 10,000 objects):
//   round 1 (12, concurrent): the namespace's VMIs (resolves NAME and a VMIM's spec.vmiName),
//     VMIMs (-A), launcher pods (ns), target pods (-A, kubevirt.io/migrationJobUID), virt-handler
//     pods (-A, kubevirt.io=virt-handler), events (ns), nodes, quotas (ns), PVCs (ns), PVs, the
//     KubeVirt CR, MigrationPolicies;
//   round 2 (≤1): GET the VM — only when no VMI has the name, or the VMI has no migration (its
//     migratability is judged on the VM too);
//   round 3 (≤2, concurrent): GET the namespace — only when a MigrationPolicy selects namespaces
//     or post-copy is allowed (its Pod Security label) —, and the bounded log tail of the source
//     launcher — only when there is a migration;
//   round 4 (≤1): virt-handler's /metrics on the source node through the pod proxy — only while
//     the migration copies, a VMI exists, and the log had no progress line for it.
// Worst case 12 + 1 + 2 = 15 without a VMI (no metrics then), 12 + 0 + 2 + 1 = 15 with one.
// `--prometheus` queries go to the user's Prometheus, not the API server: asked only when the log
// and the metrics gave no sample.
import { SourceError, type ClusterSource, type ListOptions } from '../../collect/source.js';
import { getOptional, isFatal, listKnown, missingReason } from '../../collect/gather.js';
import { readHandlerMetrics } from '../../collect/handler-metrics.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import { known, unknownList, type Known, type GatherError } from '../../kube/known.js';
import { vmOwnerOf } from '../../kube/owners.js';
import type {
  KubeEvent,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  ResourceQuota,
  VirtualMachine,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import { LABEL_APP, LABEL_APP_HANDLER, LABEL_APP_LAUNCHER, LABEL_MIGRATION_JOB_UID } from '../../kubevirt/constants.js';
import type { LogTail, PrometheusRead, WhyContext, WhyInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { stateOf } from '../../analyze/migration/state.js';
import { policiesUseNamespaceLabels } from '../../analyze/policy/match-policy.js';
import { resolveMigrationConfig } from '../../analyze/why/migration-config.js';
import { copyState, logProgressSamples } from '../../analyze/why/progress.js';
import { progressQuery } from '../../analyze/progress/prometheus-api.js';
import { hasProgressSeries } from '../../analyze/progress/metric-samples.js';

/** Lines of the source launcher's compute log to read: enough for ~10 minutes of progress lines. */
export const LOG_TAIL_LINES = 400;
const LOG_LIMIT_BYTES = 512 * 1024;
/** `--prometheus`: the range query for the trend covers the last … seconds, one point per step. */
export const PROMETHEUS_RANGE_SECONDS = 300;
export const PROMETHEUS_STEP_SECONDS = 15;

export interface WhyGathered {
  inputs: WhyInputs;
  errors: GatherError[];
}

export interface WhyGatherOptions {
  /** `--prometheus URL`: progress source 3. */
  prometheus?: PrometheusApi;
}

/** The lists `why` (one namespace) and `list` (one namespace or all) read in one round. */
export interface WhyLists {
  vmis: Known<VirtualMachineInstance>;
  migrations: Known<VirtualMachineInstanceMigration>;
  pods: Known<Pod>;
  /** virt-handler pods of every node (for the metrics proxy). */
  handlerPods: Known<Pod>;
  events: Known<KubeEvent>;
  nodes: Known<Node>;
  quotas: Known<ResourceQuota>;
  pvcs: Known<PersistentVolumeClaim>;
  pvs: Known<PersistentVolume>;
  kubevirt: Known<KubeVirt>;
  policies: Known<MigrationPolicy>;
}

type Keep = Pick<ListOptions, 'select' | 'pageSize'>;

export interface ReadListsOptions {
  /**
   * Lists whose failure is fatal. `why` cannot resolve NAME without the VMIs, and neither `why`
   * nor `list` can say anything about migrations it could not list: an empty answer would read
   * as "no migration".
   */
  required?: readonly ('vmi' | 'vmim')[];
  /** `list`: the VMIMs, read first (what it keeps of the other lists depends on them). */
  migrations?: Known<VirtualMachineInstanceMigration>;
  /** Per list, what to keep of each item as it arrives, and the page size (ListOptions). */
  keep?: { vmi?: Keep; pod?: Keep; handlerPod?: Keep };
  /** Page size of every list unless `keep` sets one; default the source's (500, as kubectl). */
  pageSize?: number;
}

/**
 * `why` lists in pages of this many: one request per list up to 10,000 objects keeps it within
 * its 15-request budget on a 10,000-VM cluster (10,000 PVs, 2,000 virt-handler pods), where pages
 * of 500 took 42 requests. One such page of PVs or pods is a few tens of MB: fine for one VM's
 * diagnosis, unlike `list -A`, which reads the same lists smaller.
 */
export const WHY_PAGE_SIZE = 10_000;

/** `namespace` undefined = every namespace (then the target pods are among the launcher pods). 12 requests, 11 with -A. */
export async function readWhyLists(source: ClusterSource, namespace: string | undefined, errors: GatherError[], opts: ReadListsOptions = {}): Promise<WhyLists> {
  const paged = opts.pageSize === undefined ? {} : { pageSize: opts.pageSize };
  const ns = { namespace, ...paged };
  const required = (r: 'vmi' | 'vmim') => ({ required: opts.required?.includes(r) ?? false });
  const [vmis, migrations, launcherPods, targetPods, handlerPods, events, nodes, quotas, pvcs, pvs, kubevirt, policies] = await Promise.all([
    listKnown<VirtualMachineInstance>(source, 'vmi', { ...ns, ...opts.keep?.vmi }, errors, required('vmi')),
    opts.migrations ?? listKnown<VirtualMachineInstanceMigration>(source, 'vmim', paged, errors, required('vmim')),
    listKnown<Pod>(source, 'pod', { ...ns, labelSelector: `${LABEL_APP}=${LABEL_APP_LAUNCHER}`, ...opts.keep?.pod }, errors),
    // Target pods cluster-wide (small): their kubevirt.io/nodeName label names the source node,
    // which is how outbound migration slots per node are counted.
    namespace === undefined ? Promise.resolve(known<Pod>([])) : listKnown<Pod>(source, 'pod', { ...paged, labelSelector: LABEL_MIGRATION_JOB_UID, ...opts.keep?.pod }, errors),
    listKnown<Pod>(source, 'pod', { ...paged, labelSelector: `${LABEL_APP}=${LABEL_APP_HANDLER}`, ...opts.keep?.handlerPod }, errors),
    listKnown<KubeEvent>(source, 'event', ns, errors),
    listKnown<Node>(source, 'node', paged, errors),
    listKnown<ResourceQuota>(source, 'resourcequota', ns, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', ns, errors),
    listKnown<PersistentVolume>(source, 'pv', paged, errors),
    listKnown<KubeVirt>(source, 'kubevirt', paged, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', paged, errors),
  ]);
  return { vmis, migrations, pods: mergePods(launcherPods, targetPods), handlerPods, events, nodes, quotas, pvcs, pvs, kubevirt, policies };
}

export async function gatherForWhy(source: ClusterSource, namespace: string, name: string, opts: WhyGatherOptions = {}): Promise<WhyGathered> {
  const errors: GatherError[] = [];
  // Round 1.
  const { vmis, handlerPods, ...lists } = await readWhyLists(source, namespace, errors, { required: ['vmi', 'vmim'], pageSize: WHY_PAGE_SIZE });
  const { migrations } = lists;

  // NAME resolution (contract §2): a VMIM name, else a VMI name, else a VM name.
  const namedMigration = migrations.ok
    ? migrations.items.find((m) => m.metadata.namespace === namespace && m.metadata.name === name)
    : undefined;
  const vmiName = namedMigration?.spec?.vmiName || name;
  const vmiItems = vmis.ok ? vmis.items : [];
  const vmi = vmiItems.find((v) => v.metadata.name === vmiName && (v.metadata.namespace ?? namespace) === namespace);
  let resolvedAs: WhyInputs['requested']['resolvedAs'] = namedMigration ? 'VirtualMachineInstanceMigration' : vmi ? 'VirtualMachineInstance' : 'none';

  const inputs: WhyInputs = {
    ...lists,
    now: source.now(),
    namespace,
    requested: { name, resolvedAs },
    vmi,
    namedMigration,
    namespaceObject: unknownList('not read: no MigrationPolicy selects namespaces and post-copy is not allowed'),
    sourceLog: { ok: false, reason: 'no migration: the launcher log was not read' },
  };
  let ctx = deriveContext(inputs);

  // Round 2: the VM, when NAME matched nothing else or there is no migration to explain.
  // No owner references at all (or not a list): maybe a VM's, worth one GET to find out.
  const ownedByVm = !vmi || !Array.isArray(vmi.metadata.ownerReferences) || vmOwnerOf(vmi) !== undefined;
  if ((!namedMigration && !vmi) || (!ctx.migration && ownedByVm)) {
    const vm = await getOptional<VirtualMachine>(source, 'vm', namespace, vmiName);
    if (vm) inputs.vm = vm;
    if (!namedMigration && !vmi) {
      if (!vm) {
        const what = migrations.ok ? 'virtualmachineinstancemigrations, virtualmachineinstances or virtualmachines' : 'virtualmachineinstances or virtualmachines';
        throw new SourceError('NotFound', `Error from server (NotFound): no ${what} named "${name}" in namespace "${namespace}"`, 'virtualmachineinstances.kubevirt.io', 404);
      }
      resolvedAs = 'VirtualMachine';
      inputs.requested = { name, resolvedAs };
    }
  }

  // Round 3: the namespace (when it can change the answer) and the source launcher's log tail.
  const sourcePod = ctx.sourcePod?.metadata.name;
  const [namespaceObject, sourceLog] = await Promise.all([
    needsNamespace(ctx) ? getKnown<Namespace>(source, 'namespace', namespace, errors) : Promise.resolve(inputs.namespaceObject),
    ctx.migration ? readLogTail(source, namespace, sourcePod, errors) : Promise.resolve(inputs.sourceLog),
  ]);
  inputs.namespaceObject = namespaceObject;
  inputs.sourceLog = sourceLog;
  ctx = deriveContext(inputs);

  // Round 4: virt-handler's metrics, only while copying and when the log had no progress line.
  const m = ctx.migration;
  if (m && ctx.vmi && copyState(ctx, m).copying && logProgressSamples(ctx).length === 0) {
    const node = stateOf(m, ctx.vmi)?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? ctx.vmi.status?.nodeName;
    inputs.handlerMetrics = await readHandlerMetrics(source, handlerPods, node, ctx.kubevirtCR?.metadata.namespace, errors);
    if (!inputs.handlerMetrics.ok || !hasProgressSeries(inputs.handlerMetrics.text, { namespace: ctx.namespace, name: ctx.vmi.metadata.name ?? '' }, ctx.version)) {
      // Source 3: Prometheus, when asked for.
      if (opts.prometheus) inputs.prometheus = await queryPrometheus(opts.prometheus, ctx, errors);
    }
  }
  return { inputs, errors };
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

async function getKnown<T extends Namespace>(source: ClusterSource, resource: 'namespace', name: string, errors: GatherError[]): Promise<Known<T>> {
  if (source.has && !source.has(resource)) return unknownList(`no namespaces in the snapshot`);
  try {
    const obj = await source.get<T>(resource, undefined, name);
    return known(obj ? [obj] : []);
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'namespaces', message: err.message });
    return unknownList(missingReason('namespaces', err));
  }
}

function mergePods(a: Known<Pod>, b: Known<Pod>): Known<Pod> {
  if (!a.ok) return a;
  const seen = new Set(a.items.map((p) => p.metadata.uid ?? `${p.metadata.namespace}/${p.metadata.name}`));
  return known([...a.items, ...(b.ok ? b.items.filter((p) => !seen.has(p.metadata.uid ?? `${p.metadata.namespace}/${p.metadata.name}`)) : [])]);
}

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
