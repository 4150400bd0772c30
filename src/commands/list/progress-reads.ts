// The progress of `list`'s copying migrations, from the sources `why` reads and in its order, so
// that PROGRESS and CAUSE say what `why` says: (1) the source launcher's log tail — at most
// LIST_LOG_TAILS per refresh, LIST_LOG_CONCURRENCY at a time, the migrations that have copied
// longest first (the likeliest to be stuck); (2) for a copying migration without a progress line
// (its log had none, or was beyond the limit), virt-handler's /metrics of its source node, each
// node read once, at most LIST_METRICS_MAX_NODES nodes; or, with `--prometheus`, one instant query
// for all of them instead. What was not read is said in the inputs (`why` reads it).
import type { ClusterSource } from '../../collect/source.js';
import { readHandlerMetrics, readHandlerPods } from '../../collect/handler-metrics.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import { mapLimit } from '../../collect/snapshot/map-limit.js';
import type { GatherError, HandlerMetrics, Known } from '../../kube/known.js';
import type { KubeVirt, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { time } from '../../kube/time.js';
import { PERCENT_METRIC_NAMES } from '../../kubevirt/metrics.js';
import type { PrometheusRead, WhyInputs } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { copyState, logProgressSamples } from '../../analyze/why/progress.js';
import { progressQuery } from '../../analyze/progress/prometheus-api.js';
import { stateOf } from '../../analyze/migration/state.js';
import { readLogTail } from '../why/gather.js';

/** Source launcher log tails read per `list` (per refresh with --watch), at most, and how many at a time. */
export const LIST_LOG_TAILS = 16;
export const LIST_LOG_CONCURRENCY = 4;
/** virt-handler /metrics pages read per `list`, at most (one per source node of a copying migration without a log line). */
export const LIST_METRICS_MAX_NODES = 8;

export interface ProgressItem {
  migration: VirtualMachineInstanceMigration;
  inputs: WhyInputs;
}

/** Fills in each copying migration's progress sources; returns the inputs whose log the limit left unread. */
export async function readListProgress(
  source: ClusterSource,
  items: readonly ProgressItem[],
  kubevirt: Known<KubeVirt>,
  prometheus: PrometheusApi | undefined,
  errors: GatherError[],
): Promise<Set<WhyInputs>> {
  const copying = items
    .map((x) => ({ ...x, ctx: deriveContext(x.inputs) }))
    .map((x) => ({ ...x, state: copyState(x.ctx, x.migration) }))
    .filter((x) => x.state.copying)
    .sort((a, b) => (time(a.state.startedAt) || Infinity) - (time(b.state.startedAt) || Infinity) || key(a.migration).localeCompare(key(b.migration)));
  const read = copying.slice(0, LIST_LOG_TAILS);
  const limited = new Set(copying.slice(LIST_LOG_TAILS).map((x) => x.inputs));
  const tails = await mapLimit(read, LIST_LOG_CONCURRENCY, (x) => readLogTail(source, x.inputs.namespace, x.ctx.sourcePod?.metadata.name, errors));
  read.forEach((x, i) => (x.inputs.sourceLog = tails[i]!));
  for (const inputs of limited) inputs.sourceLog = { ok: false, reason: `not read: list reads at most ${LIST_LOG_TAILS} launcher logs per refresh (the longest-copying first); why NAME reads it` };

  const lineless = copying.filter((x) => logProgressSamples(deriveContext(x.inputs)).length === 0);
  if (lineless.length === 0) return limited;
  if (prometheus) {
    const read = await queryOnce(prometheus, source.now(), errors);
    for (const x of lineless) x.inputs.prometheus = read;
    return limited;
  }
  // A snapshot has no pod proxy: nothing to read metrics through.
  if (!source.rawGet) return limited;
  const kvNamespace = kubevirt.ok ? kubevirt.items[0]?.metadata.namespace : undefined;
  const nodeOf = (x: (typeof lineless)[number]) => stateOf(x.migration, x.ctx.vmi)?.sourceNode ?? x.ctx.sourcePod?.spec?.nodeName ?? x.ctx.vmi?.status?.nodeName;
  const nodes = [...new Set(lineless.map(nodeOf).filter((n): n is string => Boolean(n)))].sort().slice(0, LIST_METRICS_MAX_NODES);
  const pages = await Promise.all(nodes.map(async (node) => readHandlerMetrics(source, await readHandlerPods(source, kvNamespace, node, errors), node, kvNamespace, errors)));
  const byNode = new Map<string, HandlerMetrics>(nodes.map((n, i) => [n, pages[i]!]));
  for (const x of lineless) {
    const node = nodeOf(x);
    x.inputs.handlerMetrics = (node && byNode.get(node)) || { ok: false, reason: `virt-handler metrics: not read: list reads the metrics of at most ${LIST_METRICS_MAX_NODES} nodes` };
  }
  return limited;
}

const key = (m: VirtualMachineInstanceMigration) => `${m.metadata.namespace ?? ''}/${m.metadata.name ?? ''}`;

/** One instant query for every copying migration (why asks a range per migration). */
async function queryOnce(prometheus: PrometheusApi, now: Date, errors: GatherError[]): Promise<PrometheusRead> {
  const query = progressQuery(undefined, PERCENT_METRIC_NAMES);
  try {
    return { ok: true, url: prometheus.url, query, instant: await prometheus.instant(query, Math.floor(now.getTime() / 1000)), range: undefined };
  } catch (err) {
    const message = `${prometheus.url}: ${err instanceof Error ? err.message : String(err)}`;
    errors.push({ resource: 'prometheus', message });
    return { ok: false, url: prometheus.url, reason: message };
  }
}
