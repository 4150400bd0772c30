// `why` for a person: the verdict first, then the checklist (✔ ✖ ! ?), the placement table when
// the target cannot be scheduled, and the timeline (`noHeaders`: those two tables without their
// header line).
import type { MigrationDiagnosisDoc } from './why-document.js';
import { renderTable } from './table.js';
import { progressLines } from './why-progress.js';
import type { Style } from './style.js';
import { formatSeconds, indent, NONE } from './format.js';
import { severityMark, statusMark, verdictBadge } from './marks.js';

export function renderChecklist(doc: MigrationDiagnosisDoc, style: Style, wide: boolean, noHeaders = false): string {
  const { target, verdict } = doc;
  const lines: string[] = [];
  const subject = `${target.namespace}/${target.vmi}`;
  // A user's migration is the plain case; any other origin is said, as an abort of it may be undone.
  const m = target.migration;
  const origin = m && m.origin !== 'user' ? `, ${m.origin}` : '';
  const migration = m ? `migration ${m.name} (${m.phase || 'Pending'}${origin})` : 'no migration';
  lines.push(`${style.bold(subject)}: ${migration}`);
  const badge = verdictBadge(verdict.status, style);
  lines.push(`${badge} ${style.bold(verdict.cause)}: ${verdict.summary}`);
  if (verdict.hint) lines.push(`  ${style.dim('fix:')} ${verdict.hint}`);
  lines.push('', style.bold('Checks:'));
  for (const c of doc.checks) {
    if (!wide && c.status === 'skip') continue;
    const mark = statusMark(c.status, style);
    lines.push(`  ${mark} ${c.title}: ${c.summary}`);
    if (c.hint && c.status !== 'pass' && c.id !== verdict.check) lines.push(`      ${style.dim('fix:')} ${c.hint}`);
    // The decisive evidence (what the cluster wrote, verbatim, under the check that named the
    // cause) always; every check's evidence with -o wide.
    const shown = wide ? c.evidence : c.id === verdict.check ? c.evidence.filter((e) => e.message) : [];
    for (const e of shown) lines.push(`      ${style.dim(`${e.kind} ${e.namespace ? e.namespace + '/' : ''}${e.name}${e.field ? ` ${e.field}` : ''}`)}${e.message ? `: ${e.message}` : ''}`);
  }
  if (doc.peer?.verdict && doc.peer.migration) {
    // The other cluster's half, diagnosed by the same checks (its checks are in -o json's peer.checks).
    const p = doc.peer;
    lines.push('', style.bold(`Other half: ${p.migration?.namespace}/${p.migration?.name} in ${p.cluster ?? ''} (${p.migration?.phase || 'Pending'})`));
    lines.push(`  ${verdictBadge(p.verdict!.status, style)} ${style.bold(p.verdict!.cause)}: ${p.verdict!.summary}`);
    if (p.verdict!.hint) lines.push(`  ${style.dim('fix:')} ${p.verdict!.hint}`);
  }
  if (doc.progress) lines.push('', ...progressLines(doc.progress, style, formatSeconds));
  if (doc.migratability) {
    lines.push('', style.bold(`Migratability: ${doc.migratability.verdict}`));
    for (const f of doc.migratability.findings) {
      if (f.severity === 'info' && !wide) continue;
      lines.push(`  ${severityMark(f.severity, style)} ${f.rule}: ${f.message}`);
    }
    if (doc.migratability.findings.length === 0) lines.push(`  ${style.ok('✔')} no rule found a reason it cannot migrate`);
    const unknown = [...new Set(doc.migratability.unknown.map((u) => u.rule))];
    if (unknown.length > 0) lines.push(`  ${style.warn('?')} not evaluated here: ${unknown.join(', ')} (kubectl vmigrate check-migratable ${target.vmi} -n ${target.namespace} reads more)`);
  }
  if (doc.placement && doc.placement.nodes.length > 0) {
    lines.push('', style.bold(`Placement${doc.placement.pod ? ` of target pod ${doc.placement.pod}` : ''}:`));
    const rows = doc.placement.nodes.map((n) => [n.name, n.fits ? style.ok('yes') : style.bad('no'), n.reasons.join('; ') || NONE]);
    lines.push(indent(renderTable(['NODE', 'FITS', 'WHY NOT'], rows, noHeaders)));
  }
  if (doc.timeline.length > 0) {
    lines.push('', style.bold('Timeline:'));
    const rows = doc.timeline.map((t) => [t.phase, t.time, t.durationSeconds === undefined ? '' : formatSeconds(t.durationSeconds)]);
    lines.push(indent(renderTable(['PHASE', 'SINCE', 'FOR'], rows, noHeaders)));
  }
  return lines.join('\n').replace(/\n+$/, '') + '\n';
}
