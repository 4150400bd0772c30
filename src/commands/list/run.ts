// `list`: the migrations of a namespace (or all; `-l`, `--node`), each with phase, age, source →
// target, origin, and what `why` says of it: the cause from the same engine, and for a copying
// migration the percent, ETA and mode from the same sources (the source launcher's log first,
// bounded per refresh: progress-reads.ts). Percent: 100 for a succeeded migration; offline, a
// copying one's percent comes from the snapshot's launcher logs. What is read for each migration:
// gather.ts. `--watch`: the list again every `--interval` (why's watch loop), redrawn in place on
// a terminal with a bar per copying migration, one NDJSON document per refresh with `-o json`.
import type { GlobalOptions } from '../../cmdutil/global-options.js';
import type { Io } from '../../cmdutil/io.js';
import { EXIT_FAILURE, EXIT_OK, type ExitCode } from '../../cmdutil/exit-codes.js';
import { withSource } from '../../cmdutil/open-source.js';
import { emit, type CommandOutput } from '../../cmdutil/output.js';
import { openPrometheus, type PrometheusApi } from '../../collect/prometheus.js';
import type { GatherError, Known } from '../../kube/known.js';
import { listMigration } from '../../analyze/list/row.js';
import { LIST_LOG_TAILS } from './progress-reads.js';
import { watchLoop } from '../why/watch.js';
import { initialErrors } from '../../collect/gather.js';
import type { ClusterSource } from '../../collect/source.js';
import { gatherForList } from './gather.js';
import { newestFirst } from '../../kube/time.js';
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

export async function runList(g: GlobalOptions, o: ListOptions, io: Io): Promise<ExitCode> {
  const prometheus = await openPrometheus(o.prometheus, g, (line) => io.stderr(`${line}\n`));
  if (o.fleet) return runListFleet(g, o, o.fleet, io);
  if (o.watch) return watchList(g, o, o.watch.intervalMs, io, prometheus);
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
): Promise<Listed> {
  const errors = initialErrors(source);
  const namespace = o.allNamespaces ? undefined : (g.namespace ?? source.defaultNamespace());
  const { items, logNotRead } = await gatherForList(source, { namespace, ...(o.selector !== undefined ? { selector: o.selector } : {}), ...(o.node !== undefined ? { node: o.node } : {}), ...(prometheus ? { prometheus } : {}) }, errors);
  const inputsOf = new Map(items.map((x) => [x.migration, x.inputs]));
  const peerMigrations = peer ? (await peer.read).migrations : undefined;
  const rows = newestFirst(items.map((x) => x.migration)).flatMap((m) => {
    const inputs = inputsOf.get(m)!;
    const { row } = listMigration({ ...inputs, namedMigration: m });
    const paired = peer && peerMigrations ? peerOfRow(m, peer.name, peerMigrations) : undefined;
    if (paired) row.peer = paired;
    if (o.node !== undefined && row.sourceNode !== o.node && row.targetNode !== o.node) return [];
    if (logNotRead.has(inputs) && row.progressPercent === undefined) row.progressSkipped = { reason: 'log-tail-limit', limit: LIST_LOG_TAILS };
    return [row];
  });
  return { rows, errors, namespace };
}

interface Listed {
  rows: FleetListRow[];
  errors: GatherError[];
  /** What was listed (undefined: every namespace). */
  namespace: string | undefined;
}

/** The output of one refresh: the table with a bar per copying migration, or kubectl's line when empty. */
function watchOutput(o: ListOptions, l: Listed): CommandOutput {
  const rows = o.sortBy ? sortByJsonPath(l.rows, o.sortBy, listItemDocument) : l.rows;
  return {
    document: () => listDocument(rows, l.errors),
    text: (style, wide, noHeaders) => (rows.length === 0 ? noResourcesLine(l.namespace) : renderMigrationList(rows, style, wide, o.allNamespaces, noHeaders, { bars: true })),
  };
}

/** `--watch`: until Ctrl-C (exit 0), as `kubectl get -w`; a migration that ends stays in the table. */
function watchList(g: GlobalOptions, o: ListOptions, intervalMs: number, io: Io, prometheus: PrometheusApi | undefined, signal?: AbortSignal): Promise<ExitCode> {
  const flags = [...(o.node !== undefined ? [` --node ${o.node}`] : []), ...(o.selector !== undefined ? [` -l ${o.selector}`] : [])].join('');
  return watchLoop<Listed & { now: Date }>(g, { intervalMs }, io, {
    once: async (source) => ({ ...(await listCluster(source, g, o, prometheus)), now: source.now() }),
    output: (l) => watchOutput(o, l),
    title: (l) => `kubectl vmigrate list ${l.namespace === undefined ? '-A' : `-n ${l.namespace}`}${flags} · ${l.now.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    exitCode: () => EXIT_OK,
    goesOn: () => true,
    inPlace: true,
  }, signal);
}
