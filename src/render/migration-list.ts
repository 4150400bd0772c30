// `list`: kubectl-style table and the contract's MigrationList document (§4.3).
import type { GatherError } from '../kube/known.js';
import { API_VERSION } from './document.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { formatSeconds } from './format.js';

export interface MigrationListRow {
  namespace: string;
  vmi: string;
  migration: string;
  phase: string;
  sourceNode?: string;
  targetNode?: string;
  ageSeconds?: number;
  progressPercent?: number;
  cause: string;
  status: string;
}

export function listDocument(rows: MigrationListRow[], errors: GatherError[]) {
  return { apiVersion: API_VERSION, kind: 'MigrationList' as const, items: rows.map(listItemDocument), errors };
}

/** One row's entry of the MigrationList (what `--sort-by` reads). */
export function listItemDocument(r: MigrationListRow) {
  return {
    namespace: r.namespace,
    vmi: r.vmi,
    migration: r.migration,
    phase: r.phase,
    sourceNode: r.sourceNode ?? null,
    targetNode: r.targetNode ?? null,
    age: r.ageSeconds ?? null,
    ...(r.progressPercent !== undefined ? { progressPercent: r.progressPercent } : {}),
    cause: r.cause,
    status: r.status,
  };
}

export function renderMigrationList(rows: MigrationListRow[], style: Style, wide: boolean, allNamespaces: boolean, noHeaders = false): string {
  if (rows.length === 0) return 'No migrations found.\n';
  const headers = [...(allNamespaces ? ['NAMESPACE'] : []), 'NAME', 'VMI', 'PHASE', 'AGE', 'SOURCE → TARGET', 'PROGRESS', 'CAUSE'];
  if (wide) headers.push('STATUS');
  const body = rows.map((r) => {
    const row = [
      ...(allNamespaces ? [r.namespace] : []),
      r.migration,
      r.vmi,
      phaseCell(r.phase || 'Pending', style),
      r.ageSeconds === undefined ? '<unknown>' : formatSeconds(r.ageSeconds),
      `${r.sourceNode ?? '?'} → ${r.targetNode ?? '?'}`,
      r.progressPercent === undefined ? '-' : `${Math.round(r.progressPercent)}%`,
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
