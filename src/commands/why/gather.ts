// Everything `why` reads, in a few rounds of concurrent requests and at most 15 API requests
// (lists in pages of WHY_PAGE_SIZE: one request each up to 10,000 objects):
//   round 1 (12, concurrent): the namespace's VMIs (resolves NAME and a VMIM's spec.vmiName),
//     VMIMs (-A), launcher pods (ns), target pods (-A, kubevirt.io/migrationJobUID), virt-handler
//     pods (-A, kubevirt.io=virt-handler), events (ns), nodes, quotas (ns), PVCs (ns), PVs, the
//     KubeVirt CR, MigrationPolicies;
//   round 2 (≤1): GET the VM — only when no VMI has the name, or the VMI has no migration (its
//     migratability is judged on the VM too);
//   round 3 (≤3, concurrent): GET the namespace — only when a MigrationPolicy selects namespaces
//     or post-copy is allowed (its Pod Security label) —, the bounded log tail of the source
//     launcher — only when there is a migration —, the target launcher's — only when its
//     container started (a copying migration keeps one request for round 4) —, and the
//     StorageClasses — only for a failed migration or no migration of a VMI with claims;
//   round 4 (≤1, copying only): virt-handler's /metrics on the source node through the pod proxy
//     — only when a VMI exists and the log had no progress line for it —, else the target log
//     round 3 had no room for.
// Every read after round 1 asks the RequestBudget (optional-reads.ts), so the total never passes
// WHY_REQUEST_BUDGET (15): a read it cannot afford is `unknown` with the reason. A snapshot's
// component logs (virt-controller, virt-handler, CNI daemons) cost no request.
// `--prometheus` queries go to the user's Prometheus, not the API server: asked only when the log
// and the metrics gave no sample.
import { SourceError, type ClusterSource, type ListOptions } from '../../collect/source.js';
import { isFatal, listKnown, missingReason } from '../../collect/gather.js';
import { readHandlerMetrics } from '../../collect/handler-metrics.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import { known, unknownList, type Known, type GatherError } from '../../kube/known.js';
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
import { deriveContext, sameMigrationState } from '../../analyze/why/derive.js';
import { policiesUseNamespaceLabels } from '../../analyze/policy/match-policy.js';
import { resolveMigrationConfig } from '../../analyze/why/migration-config.js';
import { copyState, logProgressSamples } from '../../analyze/why/progress.js';
import { progressQuery } from '../../analyze/progress/prometheus-api.js';
import { RequestBudget, readComponentLogs, readPodLog, readStorageClasses, readTargetLog } from './optional-reads.js';

/** Round 1's lists: every `why` makes these (readWhyLists). */
const FIRST_ROUND_REQUESTS = 12;

/** Lines of a launcher's compute log to read: enough for ~10 minutes of progress lines. */
export const LOG_TAIL_LINES = 400;
const LOG_LIMIT_BYTES = 512 * 1024;
const LOG_TAIL = { tailLines: LOG_TAIL_LINES, limitBytes: LOG_LIMIT_BYTES };
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
  const budget = new RequestBudget();
  // Round 1 (and the snapshot's component logs, which cost no request).
  budget.spend(FIRST_ROUND_REQUESTS);
  const [{ vmis, handlerPods, ...lists }, componentLogs] = await Promise.all([
    readWhyLists(source, namespace, errors, { required: ['vmi', 'vmim'], pageSize: WHY_PAGE_SIZE }),
    readComponentLogs(source),
  ]);
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
    ...(componentLogs.length > 0 ? { componentLogs } : {}),
  };
  let ctx = deriveContext(inputs);

  // Round 2: the VM, when NAME matched nothing else or there is no migration to explain.
  // No owner references at all (or not a list): maybe a VM's, worth one GET to find out.
  const refs = vmi?.metadata.ownerReferences;
  const ownedByVm = !vmi || !Array.isArray(refs) || refs.some((o) => o.kind === 'VirtualMachine');
  if (((!namedMigration && !vmi) || (!ctx.migration && ownedByVm)) && budget.take()) {
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

  // Round 3: the namespace (when it can change the answer), both launcher log tails and the
  // StorageClasses (a failure or no migration). A copying migration keeps one request for
  // round 4's metrics: its target log waits for round 4 when the budget has no room for both.
  const sourcePod = ctx.sourcePod?.metadata.name;
  const copying = ctx.migration !== undefined && copyState(ctx, ctx.migration).copying;
  const namespaceRead = needsNamespace(ctx) && budget.take() ? getKnown<Namespace>(source, 'namespace', namespace, errors) : Promise.resolve(inputs.namespaceObject);
  const sourceLogRead = !ctx.migration
    ? Promise.resolve(inputs.sourceLog)
    : !sourcePod
      ? Promise.resolve<LogTail>({ ok: false, reason: 'no source launcher pod found' })
      : budget.take()
        ? readPodLog(source, namespace, sourcePod, errors, LOG_TAIL)
        : Promise.resolve<LogTail>({ ok: false, reason: `not read: the request budget of why is spent` });
  const targetNow = ctx.migration !== undefined && (!copying || budget.left > 1);
  const [namespaceObject, sourceLog, targetLog, storageClasses] = await Promise.all([
    namespaceRead,
    sourceLogRead,
    targetNow ? readTargetLog(source, ctx, budget, errors, LOG_TAIL) : Promise.resolve(undefined),
    readStorageClasses(source, ctx, budget, errors),
  ]);
  inputs.namespaceObject = namespaceObject;
  inputs.sourceLog = sourceLog;
  if (targetLog) inputs.targetLog = targetLog;
  if (storageClasses) inputs.storageClasses = storageClasses;
  ctx = deriveContext(inputs);

  // Round 4 (copying only): virt-handler's metrics when the log had no progress line, else the
  // target log round 3 left out.
  const m = ctx.migration;
  if (!m || !copying) return { inputs, errors };
  const wantsMetrics = ctx.vmi !== undefined && logProgressSamples(ctx).length === 0;
  if (wantsMetrics && budget.take()) await readMetrics(source, ctx, handlerPods, inputs, errors, opts);
  else if (!targetNow) {
    const late = await readTargetLog(source, ctx, budget, errors, LOG_TAIL);
    if (late) inputs.targetLog = late;
  }
  return { inputs, errors };
}

/** Progress sources 2 and 3: virt-handler's metrics (one request), then Prometheus (not the API server) when asked for. */
async function readMetrics(source: ClusterSource, ctx: WhyContext, handlerPods: Known<Pod>, inputs: WhyInputs, errors: GatherError[], opts: WhyGatherOptions): Promise<void> {
  const m = ctx.migration;
  if (!m || !ctx.vmi) return;
  const node = sameMigrationState(ctx, m)?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? ctx.vmi.status?.nodeName;
  inputs.handlerMetrics = await readHandlerMetrics(source, handlerPods, node, ctx.kubevirtCR?.metadata.namespace, errors);
  if (!inputs.handlerMetrics.ok || !hasVmiSeries(inputs.handlerMetrics.text, ctx)) {
    if (opts.prometheus) inputs.prometheus = await queryPrometheus(opts.prometheus, ctx, errors);
  }
}

/** The namespace's labels matter for policy matching (namespaceSelector) and post-copy (Pod Security). */
function needsNamespace(ctx: WhyContext): boolean {
  if (ctx.policies.ok && policiesUseNamespaceLabels(ctx.policies.items)) return true;
  return resolveMigrationConfig(ctx).effective.config.allowPostCopy === true;
}

/** Cheap pre-check that the page mentions the VMI at all (the real parse is the analysis's). */
function hasVmiSeries(text: string, ctx: WhyContext): boolean {
  const name = ctx.vmi?.metadata.name ?? '';
  return /kubevirt_(vmi_migration|migrate_vmi)_data_(remaining|processed)_bytes/.test(text) && text.includes(`name="${name}"`);
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

async function getOptional<T extends VirtualMachineInstance | VirtualMachine>(
  source: ClusterSource,
  resource: 'vmi' | 'vm',
  namespace: string,
  name: string,
): Promise<T | undefined> {
  try {
    return await source.get<T>(resource, namespace, name);
  } catch (err) {
    // A missing CRD answers 404 on the list path: the same as "no such object".
    if (err instanceof SourceError && err.kindOf === 'NotFound') return undefined;
    throw err;
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

