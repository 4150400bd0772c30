// `list`: kubectl-style table and the contract's MigrationList document (§4.3). A fleet's rows
// carry their cluster: the table starts with a CLUSTER column (as -A adds NAMESPACE), the
// document has a summary over the fleet and per cluster.
import type { GatherError } from '../kube/known.js';
import type { MigrationListRow } from '../analyze/list/row.js';
import { API_VERSION } from './document.js';
import type { ClusterReach } from './fleet.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { formatSeconds, NONE } from './format.js';

/** A row of a fleet's list carries the context of its cluster. */
export type FleetListRow = MigrationListRow & { cluster?: string };

/** A cluster's line of a fleet's `summary.clusters[]`: how many migrations it listed. */
export type ClusterListSummary = ClusterReach & { total: number };

export function listDocument(rows: FleetListRow[], errors: GatherError[], clusters?: readonly ClusterListSummary[]) {
  const summary = clusters ? { summary: { total: rows.length, clusters: [...clusters] } } : {};
  return { apiVersion: API_VERSION, kind: 'MigrationList' as const, ...summary, items: rows.map(listItemDocument), errors };
}

/** One row's entry of the MigrationList (what `--sort-by` reads). */
export function listItemDocument(r: FleetListRow) {
  return {
    ...(r.cluster !== undefined ? { cluster: r.cluster } : {}),
    namespace: r.namespace,
    vmi: r.vmi,
    migration: r.migration,
    uid: r.uid ?? null,
    creationTimestamp: r.creationTimestamp ?? null,
    startTimestamp: r.startTimestamp ?? null,
    phase: r.phase,
    sourceNode: r.sourceNode ?? null,
    targetNode: r.targetNode ?? null,
    age: r.ageSeconds ?? null,
    ...(r.progressPercent !== undefined ? { progressPercent: r.progressPercent } : {}),
    cause: r.cause,
    status: r.status,
  };
}

export function renderMigrationList(rows: FleetListRow[], style: Style, wide: boolean, allNamespaces: boolean, noHeaders = false): string {
  const fleet = rows.some((r) => r.cluster !== undefined);
  // Each context has its own namespace: a fleet's rows always say theirs.
  const namespaces = allNamespaces || fleet;
  const headers = [...(fleet ? ['CLUSTER'] : []), ...(namespaces ? ['NAMESPACE'] : []), 'NAME', 'VMI', 'PHASE', 'AGE', 'SOURCE → TARGET', 'PROGRESS', 'CAUSE'];
  if (wide) headers.push('STATUS');
  const body = rows.map((r) => {
    const row = [
      ...(fleet ? [r.cluster ?? ''] : []),
      ...(namespaces ? [r.namespace] : []),
      r.migration,
      r.vmi,
      phaseCell(r.phase || 'Pending', style),
      r.ageSeconds === undefined ? '<unknown>' : formatSeconds(r.ageSeconds),
      `${r.sourceNode ?? NONE} → ${r.targetNode ?? NONE}`,
      r.progressPercent === undefined ? NONE : `${Math.round(r.progressPercent)}%`,
      r.cause === 'none' ? style.ok(r.cause) : style.bad(r.cause),
    ];
    if (wide) row.push(r.status);
    return row;
  });
  return renderTable(headers, body, noHeaders);
}

function phaseCell(phase: string, style: Style): string {
  if (phase === 'Succeeded') return style.ok(phase);
  if (phase === 'Failed') return style.bad(phase);
  return style.info(phase);
}
