// `why --node NODE` for a person: the node, the verdict, one row per VMI (STATE, MIGRATION,
// CAUSE), the blockers and a fix per held-back VMI. Made from the document, so both say the same.
import type { NodeEvacuationDoc } from './node-evacuation-document.js';
import type { Style } from './style.js';
import { renderTable } from './table.js';
import { formatSeconds, indent } from './format.js';
import { verdictBadge } from './marks.js';
import { escapeForTerminal } from './terminal-text.js';

const STATE_STYLE: Record<string, (s: Style, t: string) => string> = {
  migrated: (s, t) => s.ok(t),
  migrating: (s, t) => s.info(t),
  waiting: (s, t) => s.warn(t),
  blocked: (s, t) => s.bad(t),
};

function nodeLine(d: NodeEvacuationDoc): string {
  const n = d.node;
  const ready = n.ready === null ? 'readiness unknown' : n.ready ? 'Ready' : 'NotReady';
  const cordon = n.unschedulable === null ? '' : n.unschedulable ? ', cordoned' : '';
  const taints = n.taints.length ? `; taints ${n.taints.map((t) => escapeForTerminal(`${t.key}:${t.effect}`)).join(', ')}` : '';
  return `Node ${escapeForTerminal(n.name)}: ${ready}${cordon}, ${n.evacuating ? 'being evacuated' : 'not being evacuated'}${taints}`;
}

function migrationCell(it: NodeEvacuationDoc['items'][number]): string {
  if (!it.migration) return '-';
  return `${it.migration.name} (${it.migration.phase || 'Pending'}, ${it.migration.origin})`;
}

function progressCell(it: NodeEvacuationDoc['items'][number], wide: boolean): string {
  const parts: string[] = [];
  if (it.percent !== undefined) parts.push(`${it.percent}%`);
  if (it.etaSeconds !== undefined) parts.push(`ETA ${formatSeconds(it.etaSeconds)}`);
  if (it.limit) parts.push(`${it.limit.running}/${it.limit.limit} ${it.limit.scope}`);
  return parts.length ? parts.join(wide ? ', ' : ' ') : '-';
}

export function renderNodeEvacuation(d: NodeEvacuationDoc, style: Style, wide: boolean, noHeaders = false): string {
  const out: string[] = [];
  out.push(nodeLine(d));
  out.push(`${verdictBadge(d.verdict.status, style)} ${d.verdict.cause}: ${d.verdict.summary}`);
  if (d.verdict.hint) out.push(`  fix: ${d.verdict.hint}`);
  if (d.items.length > 0) {
    const headers = ['NAMESPACE', 'VMI', 'STRATEGY', 'STATE', 'MIGRATION', 'PROGRESS', 'CAUSE', ...(wide ? ['OUTCOME'] : [])];
    const rows = d.items.map((it) => [
      it.namespace,
      it.vmi,
      it.evictionStrategy,
      (STATE_STYLE[it.state] ?? ((_s: Style, t: string) => t))(style, it.state),
      migrationCell(it),
      progressCell(it, wide),
      it.cause,
      ...(wide ? [it.outcome] : []),
    ]);
    out.push('', renderTable(headers, rows, noHeaders).replace(/\n$/, ''));
  }
  if (d.blockers.length > 0) {
    out.push('', 'Blockers:');
    for (const b of d.blockers) out.push(`  ${style.bad('✖')} ${b.reason}: ${b.kind} ${escapeForTerminal(b.namespace ? `${b.namespace}/${b.name}` : b.name)}: ${b.message}`);
  }
  const held = d.items.filter((it) => it.hint);
  if (held.length > 0) {
    out.push('', 'Per VMI:');
    for (const it of held) out.push(indent(`${escapeForTerminal(`${it.namespace}/${it.vmi}`)} (${it.state}, ${it.cause}): ${it.summary}\n  fix: ${it.hint}`));
  }
  if (d.unknown.length > 0) {
    out.push('', 'Not known:');
    for (const u of d.unknown) out.push(`  ${style.warn('?')} ${u.part}: ${escapeForTerminal(u.reason)}`);
  }
  const s = d.summary;
  out.push('', `${s.vmis} VMI${s.vmis === 1 ? '' : 's'}: ${s.migrated} migrated, ${s.migrating} migrating, ${s.waiting} waiting, ${s.blocked} blocked, ${s.shutdown} shut down, ${s.external} external${s.idle ? `, ${s.idle} not moving` : ''}${s.etaSeconds !== undefined ? `; ETA ${formatSeconds(s.etaSeconds)}` : ''}.`);
  return out.join('\n') + '\n';
}
