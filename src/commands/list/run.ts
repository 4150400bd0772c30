// `list`: the migrations of a namespace (or all), each with phase, age, source → target, the
// percent copied where it is cheap to know, and the cause from the same engine as `why` (logs are
// not read). Percent: 100 for a succeeded migration; for one that is copying, from virt-handler's
// metrics read once per source node (at most LIST_METRICS_MAX_NODES nodes), or, with
// `--prometheus`, from one instant query instead; offline, only succeeded ones have a percent.
// What is read for each migration: gather.ts (the objects of the unfinished ones only).
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, EXIT_OK, type ExitCode } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit } from '../../cmdutil/output.js';
import { initialErrors } from '../../collect/gather.js';
import type { ClusterSource } from '../../collect/source.js';
import { readHandlerMetrics, readHandlerPods } from '../../collect/handler-metrics.js';
import { openPrometheus, type PrometheusApi } from '../../collect/prometheus.js';
import type { Known, GatherError } from '../../kube/known.js';
import type { KubeVirt } from '../../kube/types.js';
import { versionOfKubeVirtCR } from '../../kubevirt/version.js';
import { gatherForList } from './gather.js';
import { newestFirst } from '../../kube/time.js';
import { listMigration, percentFromMetrics } from '../../analyze/list/row.js';
import { PERCENT_METRIC_NAMES, PROGRESS_METRIC_NAME_SET } from '../../kubevirt/metrics.js';
import { parsePrometheusText, type MetricPoint } from '../../analyze/progress/prometheus-text.js';
import { parsePrometheusResponse, progressQuery } from '../../analyze/progress/prometheus-api.js';
import { listDocument, listItemDocument, renderMigrationList, type ClusterListSummary, type FleetListRow } from '../../render/migration-list.js';
import { unreachableError } from '../../render/fleet.js';
import { noResourcesLine } from '../../render/no-resources.js';
import { isDocumentFormat } from '../../cmdutil/output-format.js';
import { readFleet } from '../fleet/read.js';
import type { FleetFlags } from '../fleet/flags.js';
import { sortByJsonPath } from '../../render/sort-by.js';
import { renderPartialErrors } from '../../render/partial-errors.js';
import { makeStyle } from '../../render/style.js';
import type { ListOptions } from './options.js';
import type { ListPeer } from '../../analyze/list/row.js';
import { pairAcross } from '../../analyze/decentralized/half.js';
import { listKnown } from '../../collect/gather.js';
import { SourceError } from '../../collect/source.js';
import { unknownList } from '../../kube/known.js';
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import { openPeer, type OpenedPeer } from '../peer/open.js';

/** virt-handler /metrics pages read per `list`, at most (one per source node of a copying migration). */
export const LIST_METRICS_MAX_NODES = 8;

export async function runList(g: GlobalOptions, o: ListOptions, io: Io): Promise<ExitCode> {
  const prometheus = await openPrometheus(o.prometheus, g, (line) => io.stderr(`${line}\n`));
  if (o.fleet) return runListFleet(g, o, o.fleet, io);
  const { rows, errors, namespace } = await withSource(g, io, async (source) => {
    if (!o.peer) return listCluster(source, g, o, prometheus);
    const peer = await openPeer(g, io, o.peer, source.now());
    try {
      // The other cluster's VMIMs are listed while this one is read.
      const peerMigrations = readPeerMigrations(peer);
      const listed = await listCluster(source, g, o, prometheus, { name: peer.name, read: peerMigrations });
      return { ...listed, errors: [...listed.errors, ...(await peerMigrations).errors] };
    } finally {
      await peer.source.close();
    }
  });
  await printList(g, o, io, rows, errors, namespace);
  return EXIT_OK;
}

/**
 * A fleet's migrations: each cluster listed on its own, exactly as one cluster is, its rows and
 * errors tagged with it, cluster after cluster in the fleet's order. Exit 3 only when no cluster
 * answered. (`--prometheus` is refused with a fleet: one Prometheus is one cluster's series.)
 */
async function runListFleet(g: GlobalOptions, o: ListOptions, fleet: FleetFlags, io: Io): Promise<ExitCode> {
  const members = await readFleet(g, io, fleet, (source) => listCluster(source, g, o, undefined));
  const rows: FleetListRow[] = [];
  const errors: GatherError[] = [];
  const clusters: ClusterListSummary[] = [];
  for (const m of members) {
    if (!m.ok) {
      clusters.push({ cluster: m.cluster, reachable: false, total: 0 });
      errors.push(unreachableError(m.cluster, m.message));
      continue;
    }
    clusters.push({ cluster: m.cluster, reachable: true, total: m.result.rows.length });
    for (const r of m.result.rows) rows.push({ cluster: m.cluster, ...r });
    for (const e of m.result.errors) errors.push({ cluster: m.cluster, ...e });
  }
  await printList(g, o, io, rows, errors, o.allNamespaces ? undefined : g.namespace, clusters);
  return members.some((m) => m.ok) ? EXIT_OK : EXIT_FAILURE;
}

/** `namespace`: what was listed (undefined: every namespace), for kubectl's line when a table would be empty. */
async function printList(g: GlobalOptions, o: ListOptions, io: Io, found: FleetListRow[], errors: GatherError[], namespace: string | undefined, clusters?: ClusterListSummary[]): Promise<void> {
  io.stderr(renderPartialErrors(errors, makeStyle(g.color)));
  const rows = o.sortBy ? sortByJsonPath(found, o.sortBy, listItemDocument) : found;
  // kubectl get: an empty table is a line on stderr, so that stdout stays empty for a script.
  if (rows.length === 0 && !isDocumentFormat(g.output)) {
    io.stderr(noResourcesLine(namespace));
    return;
  }
  await emit(g, io.stdout, {
    document: () => listDocument(rows, errors, clusters),
    text: (style, wide, noHeaders) => renderMigrationList(rows, style, wide, o.allNamespaces, noHeaders),
  });
}

/** Every VMIM of the other cluster (one LIST), or why they could not be read (an errors[] entry). */
async function readPeerMigrations(peer: OpenedPeer): Promise<{ migrations: Known<VirtualMachineInstanceMigration>; errors: GatherError[] }> {
  const errors: GatherError[] = [];
  try {
    const migrations = await listKnown<VirtualMachineInstanceMigration>(peer.source, 'vmim', {}, errors);
    return { migrations, errors: errors.map((e) => ({ ...e, cluster: peer.name })) };
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    return { migrations: unknownList(err.message), errors: [unreachableError(peer.name, (err.message.split('\n')[0] ?? '').replace(/^error: /, ''))] };
  }
}

/** `peer` on a cross-cluster half: its partner there, or (the other cluster read) none; undefined otherwise. */
function peerOfRow(m: VirtualMachineInstanceMigration, cluster: string, others: Known<VirtualMachineInstanceMigration>): ListPeer | undefined {
  if (!others.ok) return undefined;
  const paired = pairAcross(m, others.items);
  if (paired === undefined) return undefined;
  return paired ? { cluster, namespace: paired.metadata.namespace ?? '', migration: paired.metadata.name ?? '', phase: paired.status?.phase ?? '' } : { cluster };
}

/** One cluster's rows, newest first, and what could not be read. */
async function listCluster(
  source: ClusterSource,
  g: GlobalOptions,
  o: ListOptions,
  prometheus: PrometheusApi | undefined,
  peer?: { name: string; read: Promise<{ migrations: Known<VirtualMachineInstanceMigration> }> },
): Promise<{ rows: FleetListRow[]; errors: GatherError[]; namespace: string | undefined }> {
  const errors = initialErrors(source);
  const namespace = o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace());
  const { items, kubevirt } = await gatherForList(source, namespace, errors);
  const now = source.now();
  const inputsOf = new Map(items.map((x) => [x.migration, x.inputs]));
  const listed = newestFirst(items.map((x) => x.migration)).map((m) => {
    const inputs = inputsOf.get(m)!;
    return { ...listMigration({ ...inputs, namedMigration: m }), m, vmi: inputs.vmi };
  });
  const copying = listed.filter((x) => x.copying);
  if (copying.length > 0) {
    const points = await progressPoints(source, prometheus, copying.map((x) => x.row.sourceNode), kubevirt, now, errors);
    const version = versionOfKubeVirtCR(kubevirt.ok ? kubevirt.items[0] : undefined);
    for (const x of copying) {
      const pct = percentFromMetrics(points, x.m, x.vmi, now, version);
      if (pct !== null) x.row.progressPercent = pct;
    }
  }
  if (peer) {
    const { migrations } = await peer.read;
    for (const x of listed) {
      const p = peerOfRow(x.m, peer.name, migrations);
      if (p) x.row.peer = p;
    }
  }
  return { rows: listed.map((x) => x.row), errors, namespace };
}

/** Metric points of the copying migrations: Prometheus (one query) or each source node's virt-handler once. */
async function progressPoints(
  source: ClusterSource,
  prometheus: PrometheusApi | undefined,
  nodes: (string | undefined)[],
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
  const pages = await Promise.all(unique.map(async (node) => readHandlerMetrics(source, await readHandlerPods(source, kvNamespace, node, errors), node, kvNamespace, errors)));
  const points: MetricPoint[] = [];
  for (const p of pages) {
    if (!p.ok) continue;
    const readAt = Date.parse(p.readAt);
    for (const point of parsePrometheusText(p.text, { names: PROGRESS_METRIC_NAME_SET })) points.push(point.timestampMs === undefined ? { ...point, timestampMs: readAt } : point);
  }
  return points;
}
