// `check-migratable` for a person: the kubectl-style table, then each VM's reasons with a fix,
// then (with --node) one line to act on before `kubectl drain`. `noHeaders`: the table without
// its header line (`--no-headers`).
import type { MigratabilityAnalysis, MigratabilityItem } from '../analyze/migratability/report.js';
import type { RuleFinding } from '../analyze/migratability/rule.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { severityMark } from './marks.js';

export function renderMigratabilityTable(a: MigratabilityAnalysis, style: Style, wide: boolean, noHeaders = false): string {
  if (a.items.length === 0) {
    return a.drainNode !== undefined ? `No VirtualMachineInstances run on node ${a.drainNode}.\n` : 'No VirtualMachines or VirtualMachineInstances found.\n';
  }
  const drain = a.drainNode !== undefined;
  const headers = ['NAMESPACE', 'NAME', 'VERDICT', 'BLOCKERS', 'WARNINGS'];
  if (drain) headers.push('STRATEGY', 'ON DRAIN');
  if (wide) headers.push('NODE', 'RULES');
  const rows = a.items.map((item) => {
    const { subject, evaluation } = item;
    const count = (s: RuleFinding['severity']) => String(evaluation.findings.filter((f) => f.severity === s).length);
    const row = [subject.namespace, subject.name, verdictCell(evaluation.verdict, style), count('blocker'), count('warning')];
    if (drain) row.push(item.drain?.evictionStrategy ?? '-', item.drain ? outcomeCell(item.drain.outcome, style) : '-');
    if (wide) row.push(subject.node ?? '<none>', [...new Set(evaluation.findings.map((f) => f.rule))].join(',') || '-');
    return row;
  });
  let out = renderTable(headers, rows, noHeaders);
  const details = a.items.filter((i) => i.evaluation.findings.some((f) => wide || f.severity !== 'info') || i.evaluation.unknown.length > 0);
  for (const item of details) out += '\n' + renderItemDetails(item, style, wide);
  if (drain) out += '\n' + drainSummary(a, style) + '\n';
  else {
    const s = a.summary;
    out += `\n${s.total} checked: ${s.migratable} migratable, ${s.risky} risky, ${s.notMigratable} not migratable.\n`;
  }
  return out;
}

function renderItemDetails(item: MigratabilityItem, style: Style, wide: boolean): string {
  const { subject, evaluation } = item;
  const lines = [`${style.bold(`${subject.namespace}/${subject.name}`)} (${subject.kind}${subject.node ? ` on ${subject.node}` : ''})`];
  for (const f of evaluation.findings) {
    if (f.severity === 'info' && !wide) continue;
    lines.push(`  ${severityMark(f.severity, style)} ${style.bold(f.rule)}: ${ruleMessage(f)}`);
    lines.push(`    ${style.dim('fix:')} ${ruleHint(f)}`);
  }
  for (const u of evaluation.unknown) lines.push(`  ${style.dim('?')} ${u.rule}: not evaluated, ${u.missing}`);
  const kv = evaluation.kubevirt;
  if (kv.liveMigratable === 'False') {
    lines.push(`  ${style.dim('KubeVirt says:')} LiveMigratable=False ${kv.reason ?? ''}${kv.message ? `: ${kv.message}` : ''}`);
  }
  return lines.join('\n') + '\n';
}

function drainSummary(a: MigratabilityAnalysis, style: Style): string {
  const c = a.drainCounts;
  const node = a.drainNode ?? '';
  const blocking = a.items.filter((i) => i.drain?.outcome === 'block-drain');
  const shutdown = a.items.filter((i) => i.drain?.outcome === 'shutdown');
  const parts = [`${c.migrate} will migrate`, `${c.shutdown} will shut down`, `${c['block-drain']} will block the drain`];
  if (c.external > 0) parts.push(`${c.external} left to an external controller`);
  let line = `Drain preview for ${node}: ${a.items.length} VMIs: ${parts.join(', ')}.`;
  if (blocking.length > 0) {
    const names = blocking.map((i) => `${i.subject.namespace}/${i.subject.name}`).join(', ');
    line += `\n${style.bad('Before `kubectl drain ' + node + '`:')} fix or stop ${names}: with evictionStrategy LiveMigrate and no way to migrate, the drain waits forever.`;
  } else if (shutdown.length > 0) {
    line += `\n${style.warn('Note:')} \`kubectl drain ${node}\` will stop ${shutdown.map((i) => `${i.subject.namespace}/${i.subject.name}`).join(', ')}; they restart elsewhere only if their run strategy says so.`;
  } else {
    line += `\n${style.ok('Safe to drain:')} every VMI on ${node} will live-migrate (or is handled externally).`;
  }
  return line;
}

function verdictCell(v: string, style: Style): string {
  return v === 'migratable' ? style.ok(v) : v === 'risky' ? style.warn(v) : style.bad(v);
}

function outcomeCell(o: string, style: Style): string {
  return o === 'migrate' ? style.ok(o) : o === 'block-drain' ? style.bad(o) : o === 'shutdown' ? style.warn(o) : o;
}
