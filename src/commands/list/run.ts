// `list`: the migrations of a namespace (or all), each with phase, age, source → target, the
// percent copied where it is cheap to know, and the cause from the same engine as `why` (logs are
// not read). Percent: 100 for a succeeded migration; for one that is copying, from virt-handler's
// metrics read once per source node (at most LIST_METRICS_MAX_NODES nodes), or, with
// `--prometheus`, from one instant query instead; offline, only succeeded ones have a percent.
// At scale (10,000 VMs, 1,000 VMIMs): the VMIMs are read first, so that of the VMIs and launcher
// pods only what the engine reads is kept (`selection`), and the engine looks objects up in
// indexed lists (src/analyze/lookup.ts) rather than scanning them once per migration.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_OK, type ExitCode } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit } from '../../cmdutil/output.js';
import { listKnown } from '../../collect/gather.js';
import type { ClusterSource } from '../../collect/source.js';
import { readHandlerMetrics } from '../../collect/handler-metrics.js';
import { openPrometheus, type PrometheusApi } from '../../collect/prometheus.js';
import { known, type Known, type GatherError } from '../../kube/known.js';
import type { Container, KubeObject, KubeVirt, Namespace, Pod, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { ANNOTATION_DOMAIN } from '../../kubevirt/constants.js';
import { listOf } from '../../analyze/shape.js';
import { itemsWhere } from '../../analyze/lookup.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { readWhyLists, type ReadListsOptions } from '../why/gather.js';
import { newestFirst } from '../../kube/time.js';
import { listMigration, percentFromMetrics } from '../../analyze/list/row.js';
import { PERCENT_METRIC_NAMES, PROGRESS_METRIC_NAME_SET } from '../../kubevirt/metrics.js';
import { parsePrometheusText, type MetricPoint } from '../../analyze/progress/prometheus-text.js';
import { parsePrometheusResponse, progressQuery } from '../../analyze/progress/prometheus-api.js';
import { listDocument, listItemDocument, renderMigrationList } from '../../render/migration-list.js';
import { sortByJsonPath } from '../../render/sort-by.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import type { ListOptions } from './options.js';

/** virt-handler /metrics pages read per `list`, at most (one per source node of a copying migration). */
export const LIST_METRICS_MAX_NODES = 8;

export async function runList(g: GlobalOptions, o: ListOptions, io: Io): Promise<ExitCode> {
  const prometheus = await openPrometheus(o.prometheus, g, (line) => io.stderr(`${line}\n`));
  const { rows: found, errors } = await withSource(g, io, async (source) => {
    const errors: GatherError[] = [];
    const namespace = o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace());
    // The migrations first: what is kept of the other lists depends on them.
    const [allMigrations, namespaces] = await Promise.all([
      listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors, { required: true }),
      listKnown<Namespace>(source, 'namespace', {}, errors),
    ]);
    const vmimItems = allMigrations.ok ? allMigrations.items : [];
    const lists = await readWhyLists(source, namespace, errors, { migrations: allMigrations, keep: selection(vmimItems) });
    const { vmis, handlerPods, ...whyLists } = lists;
    const migrations = vmimItems.filter((m) => namespace === undefined || m.metadata.namespace === namespace);
    const now = source.now();
    const vmiItems = vmis.ok ? vmis.items : [];
    // Each migration sees the events of its namespace, as `why` reads them (events name their
    // object without its namespace, so those of a same-named VMI elsewhere must not count).
    const { events } = whyLists;
    const eventsOf = (ns: string) => (events.ok ? known([...itemsWhere(events.items, 'namespace', (e) => e.metadata.namespace ?? '', ns)]) : events);
    const listed = newestFirst(migrations).map((m) => {
      const ns = m.metadata.namespace ?? '';
      const vmiName = m.spec?.vmiName ?? '';
      const vmi = itemsWhere(vmiItems, 'namespace/name', (v) => `${v.metadata.namespace ?? ''}/${v.metadata.name ?? ''}`, `${ns}/${vmiName}`)[0];
      const { row, copying } = listMigration({
        ...whyLists,
        events: eventsOf(ns),
        now,
        namespace: ns,
        requested: { name: m.metadata.name ?? '', resolvedAs: 'VirtualMachineInstanceMigration' },
        vmi,
        namedMigration: m,
        namespaceObject: namespaces.ok ? known(namespaces.items.filter((n) => n.metadata.name === ns)) : namespaces,
        sourceLog: { ok: false, reason: 'list does not read launcher logs' },
      });
      return { row, m, vmi, copying };
    });
    const copying = listed.filter((x) => x.copying);
    if (copying.length > 0) {
      const points = await progressPoints(source, prometheus, copying.map((x) => x.row.sourceNode), handlerPods, lists.kubevirt, now, errors);
      const version = versionOfKubeVirtCR(lists.kubevirt.ok ? lists.kubevirt.items[0] : undefined);
      for (const x of copying) {
        const pct = percentFromMetrics(points, x.m, x.vmi, now, version);
        if (pct !== null) x.row.progressPercent = pct;
      }
    }
    return { rows: listed.map((x) => x.row), errors };
  });
  io.stderr(renderPartialErrors(errors, makeStyle(g.color)));
  const rows = o.sortBy ? sortByJsonPath(found, o.sortBy, listItemDocument) : found;
  emit(g, io.stdout, { document: () => listDocument(rows, errors), text: (style, wide, noHeaders) => renderMigrationList(rows, style, wide, o.allNamespaces, noHeaders) });
  return EXIT_OK;
}

/**
 * What `list` keeps of the big lists as their pages arrive: on a 10,000-VM cluster a few percent
 * of the VMs migrate, and every VMI and launcher pod in full would take most of the memory. Kept
 * whole: the VMIs the migrations (of any namespace: slots are counted cluster-wide) name, and
 * their launcher pods (annotation kubevirt.io/domain, on every launcher pod). Of the other pods,
 * what the `why` engine reads of them: the target placement's view, and the metrics proxy's.
 * Those two lists come in pages of SELECTED_PAGE_SIZE: each page is parsed whole first, and
 * pages of 500 launcher pods (~5 MB of JSON each) raised the peak RSS at 10,000 VMs by 50–80 MB.
 */
function selection(migrations: readonly VirtualMachineInstanceMigration[]): ReadListsOptions['keep'] {
  const named = new Set(migrations.map((m) => `${m.metadata.namespace ?? ''}/${m.spec?.vmiName ?? ''}`));
  const migrating = (o: KubeObject, vmiName: string | undefined) => vmiName !== undefined && named.has(`${o.metadata.namespace ?? ''}/${vmiName}`);
  return {
    vmi: { select: (v) => (migrating(v, v.metadata.name) ? v : undefined), pageSize: SELECTED_PAGE_SIZE },
    pod: { select: (p) => (migrating(p, p.metadata.annotations?.[ANNOTATION_DOMAIN]) ? p : placementView(p as Pod)), pageSize: SELECTED_PAGE_SIZE },
    handlerPod: { select: (p) => metricsView(p as Pod) },
  };
}
const SELECTED_PAGE_SIZE = 250;

type PodContainer = Container & { restartPolicy?: string };

/** A pod as target placement counts it (target-placement.ts): node, labels, requests, phase. */
function placementView(p: Pod): Pod {
  const requests = (c: PodContainer): PodContainer => ({ name: c.name, resources: c.resources, ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}) });
  return {
    apiVersion: p.apiVersion,
    kind: p.kind,
    metadata: p.metadata,
    spec: {
      nodeName: p.spec?.nodeName,
      containers: listOf(p.spec?.containers).map(requests),
      initContainers: listOf(p.spec?.initContainers).map(requests),
      overhead: p.spec?.overhead,
    },
    status: { phase: p.status?.phase },
  };
}

/** A virt-handler pod as the metrics proxy finds it (handler-metrics.ts): node, phase, metrics port. */
function metricsView(p: Pod): Pod {
  return {
    apiVersion: p.apiVersion,
    kind: p.kind,
    metadata: p.metadata,
    spec: { nodeName: p.spec?.nodeName, containers: listOf(p.spec?.containers).map((c) => ({ name: c.name, ports: c.ports })) },
    status: { phase: p.status?.phase },
  };
}

/** Metric points of the copying migrations: Prometheus (one query) or each source node's virt-handler once. */
async function progressPoints(
  source: ClusterSource,
  prometheus: PrometheusApi | undefined,
  nodes: (string | undefined)[],
  handlerPods: Known<Pod>,
  kubevirt: Known<KubeVirt>,
  now: Date,
  errors: GatherError[],
): Promise<MetricPoint[]> {
  if (prometheus) {
    try {
      const a = parsePrometheusResponse(await prometheus.instant(progressQuery(undefined, PERCENT_METRIC_NAMES), Math.floor(now.getTime() / 1000)));
      if (a.ok) return a.points;
      errors.push({ resource: 'prometheus', message: `${prometheus.url}: ${a.reason}` });
    } catch (err) {
      errors.push({ resource: 'prometheus', message: `${prometheus.url}: ${err instanceof Error ? err.message : String(err)}` });
    }
    return [];
  }
  if (!source.rawGet) return [];
  const kvNamespace = kubevirt.ok ? kubevirt.items[0]?.metadata.namespace : undefined;
  const unique = [...new Set(nodes.filter((n): n is string => Boolean(n)))].sort().slice(0, LIST_METRICS_MAX_NODES);
  const pages = await Promise.all(unique.map((node) => readHandlerMetrics(source, handlerPods, node, kvNamespace, errors)));
  const points: MetricPoint[] = [];
  for (const p of pages) {
    if (!p.ok) continue;
    const readAt = Date.parse(p.readAt);
    for (const point of parsePrometheusText(p.text, { names: PROGRESS_METRIC_NAME_SET })) points.push(point.timestampMs === undefined ? { ...point, timestampMs: readAt } : point);
  }
  return points;
}
