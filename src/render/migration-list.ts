// `list`: kubectl-style table and the MigrationList document (docs/documents.md). A fleet's rows
// carry their cluster: the table starts with a CLUSTER column (as -A adds NAMESPACE), the
// document has a summary over the fleet and per cluster. `-o wide` adds STATUS, MODE, ELAPSED,
// ORIGIN and ETA; `--watch` draws a bar (and the ETA) in the PROGRESS cell of a copying migration.
import type { GatherError } from '../kube/known.js';
import type { MigrationListRow } from '../analyze/list/row.js';
import { API_VERSION } from './document.js';
import type { ClusterReach } from './fleet.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { formatSeconds, NONE } from './format.js';
import { ORIGIN_TEXT } from './migration-origin.js';

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
    kind: r.kind,
    sourceNode: r.sourceNode ?? null,
    targetNode: r.targetNode ?? null,
    age: r.ageSeconds ?? null,
    origin: r.origin,
    ...(r.progressPercent !== undefined ? { progressPercent: r.progressPercent } : {}),
    ...(r.etaSeconds !== undefined ? { etaSeconds: r.etaSeconds } : {}),
    ...(r.elapsedSeconds !== undefined ? { elapsedSeconds: r.elapsedSeconds } : {}),
    ...(r.mode !== undefined ? { mode: r.mode } : {}),
    ...(r.progressSkipped !== undefined ? { progressSkipped: { ...r.progressSkipped } } : {}),
    cause: r.cause,
    status: r.status,
    ...(r.peer ? { peer: r.peer } : {}),
  };
}

/** `bars` (--watch): the PROGRESS cell of a copying migration is a bar, its percent and ETA. */
export function renderMigrationList(rows: FleetListRow[], style: Style, wide: boolean, allNamespaces: boolean, noHeaders = false, opts: { bars?: boolean } = {}): string {
  const fleet = rows.some((r) => r.cluster !== undefined);
  // Each context has its own namespace: a fleet's rows always say theirs.
  const namespaces = allNamespaces || fleet;
  const headers = [...(fleet ? ['CLUSTER'] : []), ...(namespaces ? ['NAMESPACE'] : []), 'NAME', 'VMI', 'PHASE', 'AGE', 'SOURCE → TARGET', 'PROGRESS', 'CAUSE'];
  if (wide) headers.push('KIND', 'STATUS', 'MODE', 'ELAPSED', 'ORIGIN', 'ETA');
  const body = rows.map((r) => {
    const row = [
      ...(fleet ? [r.cluster ?? ''] : []),
      ...(namespaces ? [r.namespace] : []),
      r.migration,
      r.vmi,
      phaseCell(r.phase || 'Pending', style),
      r.ageSeconds === undefined ? '<unknown>' : formatSeconds(r.ageSeconds),
      `${r.sourceNode ?? NONE} → ${r.targetNode ?? NONE}`,
      progressCell(r, style, opts.bars === true),
      r.cause === 'none' ? style.ok(r.cause) : style.bad(r.cause),
    ];
    if (wide) {
      row.push(
        r.kind,
        r.status,
        r.mode ?? NONE,
        r.elapsedSeconds === undefined ? NONE : formatSeconds(r.elapsedSeconds),
        ORIGIN_TEXT[r.origin],
        r.etaSeconds === undefined ? NONE : formatSeconds(r.etaSeconds),
      );
    }
    return row;
  });
  return renderTable(headers, body, noHeaders);
}

/** Cells of a progress bar. */
export const BAR_CELLS = 20;

function progressCell(r: FleetListRow, style: Style, bars: boolean): string {
  if (r.progressPercent === undefined) return r.progressSkipped ? style.dim(`not read (${r.progressSkipped.limit} logs max)`) : NONE;
  const percent = `${Math.round(r.progressPercent)}%`;
  // A bar while copying: a finished migration's 100 % needs none.
  if (!bars || r.phase === 'Succeeded' || r.phase === 'Failed') return percent;
  const full = Math.min(BAR_CELLS, Math.max(0, Math.round((r.progressPercent / 100) * BAR_CELLS)));
  const bar = style.ok('█'.repeat(full)) + style.dim('░'.repeat(BAR_CELLS - full));
  return `${bar} ${percent.padStart(4)}${r.etaSeconds !== undefined ? ` ETA ${formatSeconds(r.etaSeconds)}` : ''}`;
}

function phaseCell(phase: string, style: Style): string {
  if (phase === 'Succeeded') return style.ok(phase);
  if (phase === 'Failed') return style.bad(phase);
  return style.info(phase);
}
