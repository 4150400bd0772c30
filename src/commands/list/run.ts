// `list`: the migrations of a namespace (or all), each with phase, age, source → target, the
// percent copied where it is cheap to know, and the cause from the same engine as `why` (logs are
// not read). Percent: 100 for a succeeded migration; for one that is copying, from virt-handler's
// metrics read once per source node (at most LIST_METRICS_MAX_NODES nodes), or, with
// `--prometheus`, from one instant query instead; offline, only succeeded ones have a percent.
// What is read for each migration: gather.ts (the objects of the unfinished ones only).
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_OK, type ExitCode } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit } from '../../cmdutil/output.js';
import type { ClusterSource } from '../../collect/source.js';
import { readHandlerMetrics, readHandlerPods } from '../../collect/handler-metrics.js';
import type { PrometheusApi } from '../../collect/prometheus.js';
import type { Known, GatherError } from '../../kube/known.js';
import type { KubeVirt, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { versionOfKubeVirtCR, type KubeVirtVersion } from '../../kubevirt/version.js';
import { gatherForList } from './gather.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { newestFirst } from '../../kube/time.js';
import { diagnose } from '../../analyze/why/diagnose.js';
import { copyState } from '../../analyze/why/progress.js';
import { guestMemory } from '../../analyze/why/completion-budget.js';
import { percentDone } from '../../analyze/progress/forecast.js';
import { PERCENT_METRIC_NAMES, PROGRESS_METRIC_NAME_SET, samplesFromMetrics } from '../../analyze/progress/metric-samples.js';
import { parsePrometheusText, type MetricPoint } from '../../analyze/progress/prometheus-text.js';
import { parsePrometheusResponse, progressQuery } from '../../analyze/progress/prometheus-api.js';
import { listDocument, listItemDocument, renderMigrationList, type MigrationListRow } from '../../render/migration-list.js';
import type { JsonPath } from '../../render/jsonpath.js';
import { sortByJsonPath } from '../../render/sort-by.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import { ageSeconds } from '../../analyze/why/timeline.js';

/** virt-handler /metrics pages read per `list`, at most (one per source node of a copying migration). */
export const LIST_METRICS_MAX_NODES = 8;

export interface ListOptions {
  allNamespaces: boolean;
  /** `--prometheus URL`: percent from one instant query instead of the pod proxy. */
  prometheus?: PrometheusApi;
  /** `--sort-by`: kubectl's order of the items (default: newest first). */
  sortBy?: JsonPath;
}

export async function runList(g: GlobalOptions, o: ListOptions, io: Io): Promise<ExitCode> {
  const { rows: found, errors } = await withSource(g, io, async (source) => {
    const errors: GatherError[] = [];
    const namespace = o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace());
    const { items, kubevirt } = await gatherForList(source, namespace, errors);
    const now = source.now();
    const inputsOf = new Map(items.map((x) => [x.migration, x.inputs]));
    const listed = newestFirst(items.map((x) => x.migration)).map((m) => {
      const inputs = inputsOf.get(m)!;
      const ns = m.metadata.namespace ?? '';
      const vmiName = m.spec?.vmiName ?? '';
      const { vmi } = inputs;
      const ctx = deriveContext(inputs);
      const d = diagnose(ctx);
      const state = m.status?.migrationState ?? ctx.vmi?.status?.migrationState;
      const mine = state && state.migrationUid === m.metadata.uid ? state : undefined;
      const row: MigrationListRow = {
        namespace: ns,
        vmi: vmiName,
        migration: m.metadata.name ?? '',
        phase: m.status?.phase ?? '',
        sourceNode: mine?.sourceNode ?? ctx.sourcePod?.spec?.nodeName ?? vmi?.status?.nodeName,
        targetNode: mine?.targetNode ?? ctx.targetPod?.spec?.nodeName,
        ageSeconds: ageSeconds(m.metadata.creationTimestamp, now),
        cause: d.verdict.cause,
        status: d.verdict.status,
      };
      if (row.phase === 'Succeeded') row.progressPercent = 100;
      return { row, m, vmi, copying: copyState(ctx, m).copying };
    });
    const copying = listed.filter((x) => x.copying);
    if (copying.length > 0) {
      const points = await progressPoints(source, o, copying.map((x) => x.row.sourceNode), kubevirt, now, errors);
      const version = versionOfKubeVirtCR(kubevirt.ok ? kubevirt.items[0] : undefined);
      for (const x of copying) {
        const pct = percentOf(points, x.m, x.vmi, now, version);
        if (pct !== null) x.row.progressPercent = pct;
      }
    }
    return { rows: listed.map((x) => x.row), errors };
  });
  io.stderr(renderPartialErrors(errors, makeStyle(g.color)));
  const rows = o.sortBy ? sortByJsonPath(found, o.sortBy, listItemDocument) : found;
  await emit(g, io.stdout, { document: () => listDocument(rows, errors), text: (style, wide, noHeaders) => renderMigrationList(rows, style, wide, o.allNamespaces, noHeaders) });
  return EXIT_OK;
}

/** Metric points of the copying migrations: Prometheus (one query) or each source node's virt-handler once. */
async function progressPoints(
  source: ClusterSource,
  o: ListOptions,
  nodes: (string | undefined)[],
  kubevirt: Known<KubeVirt>,
  now: Date,
  errors: GatherError[],
): Promise<MetricPoint[]> {
  if (o.prometheus) {
    try {
      const a = parsePrometheusResponse(await o.prometheus.instant(progressQuery(undefined, PERCENT_METRIC_NAMES), Math.floor(now.getTime() / 1000)));
      if (a.ok) return a.points;
      errors.push({ resource: 'prometheus', message: `${o.prometheus.url}: ${a.reason}` });
    } catch (err) {
      errors.push({ resource: 'prometheus', message: `${o.prometheus.url}: ${err instanceof Error ? err.message : String(err)}` });
    }
    return [];
  }
  if (!source.rawGet) return [];
  const kvNamespace = kubevirt.ok ? kubevirt.items[0]?.metadata.namespace : undefined;
  const unique = [...new Set(nodes.filter((n): n is string => Boolean(n)))].sort().slice(0, LIST_METRICS_MAX_NODES);
  const pages = await Promise.all(unique.map(async (node) => readHandlerMetrics(source, await readHandlerPods(source, kvNamespace, node, errors), node, kvNamespace, errors)));
  const points: MetricPoint[] = [];
  for (const p of pages) {
    if (!p.ok) continue;
    const readAt = Date.parse(p.readAt);
    for (const point of parsePrometheusText(p.text, { names: PROGRESS_METRIC_NAME_SET })) points.push(point.timestampMs === undefined ? { ...point, timestampMs: readAt } : point);
  }
  return points;
}

function percentOf(points: MetricPoint[], m: VirtualMachineInstanceMigration, vmi: VirtualMachineInstance | undefined, now: Date, version?: KubeVirtVersion): number | null {
  const vmiSeries = { namespace: m.metadata.namespace ?? '', name: m.spec?.vmiName ?? '' };
  const samples = samplesFromMetrics(points, vmiSeries, { readAtMs: now.getTime(), ...(version ? { version } : {}) });
  return percentDone(samples.at(-1), guestMemory(vmi)?.memoryBytes);
}
