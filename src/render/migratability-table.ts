// `check-migratable` for a person: the kubectl-style table; with `details`, each VM's reasons
// with a fix under it; then the summary (with --node, one line to act on before `kubectl drain`).
// `noHeaders`: the table without its header line (`--no-headers`). A fleet's table starts with
// the CLUSTER column (as -A adds NAMESPACE) and ends with the counts of each cluster.
import type { MigratabilityItem, MigratabilitySummary } from '../analyze/migratability/report.js';
import type { ClusterSummary, ReportInput } from './migratability-document.js';
import type { RuleFinding } from '../analyze/migratability/rule.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { severityMark } from './marks.js';
import { NONE } from './format.js';

/** An empty report never reaches here as text: the command says kubectl's "No resources found" on stderr. */
export function renderMigratabilityTable(a: ReportInput, style: Style, wide: boolean, noHeaders = false, details = false): string {
  const drain = a.drainNode !== undefined;
  const fleet = a.clusters !== undefined;
  const headers = [...(fleet ? ['CLUSTER'] : []), 'NAMESPACE', 'NAME', 'VERDICT', 'BLOCKERS', 'WARNINGS'];
  if (drain) headers.push('STRATEGY', 'ON DRAIN');
  if (wide) headers.push('NODE', 'RULES');
  const rows = a.items.map((item) => {
    const { subject, evaluation } = item;
    const count = (s: RuleFinding['severity']) => String(evaluation.findings.filter((f) => f.severity === s).length);
    const row = [...(fleet ? [item.cluster ?? ''] : []), subject.namespace, subject.name, verdictCell(evaluation.verdict, style), count('blocker'), count('warning')];
    if (drain) row.push(item.drain?.evictionStrategy ?? NONE, item.drain ? outcomeCell(item.drain.outcome, style) + (item.drain.wait ? ` (${item.drain.wait.cause})` : '') : NONE);
    if (wide) row.push(subject.node ?? NONE, [...new Set(evaluation.findings.map((f) => f.rule))].join(',') || NONE);
    return row;
  });
  let out = renderTable(headers, rows, noHeaders);
  const explained = a.items.filter((i) => i.evaluation.findings.some((f) => wide || f.severity !== 'info') || i.evaluation.unknown.length > 0);
  if (details) for (const item of explained) out += '\n' + renderItemDetails(item, style, wide);
  const more = !details && explained.length > 0 ? `\n${style.dim('--details: the reasons and fixes for each VM.')}` : '';
  if (drain) out += '\n' + drainSummary(a, style) + more + '\n';
  else {
    out += `\n${countsLine(a.summary)}${more}\n`;
    for (const c of a.clusters ?? []) out += `  ${clusterLine(c)}\n`;
  }
  return out;
}

const countsLine = (s: MigratabilitySummary) => `${s.total} checked: ${s.migratable} migratable, ${s.risky} risky, ${s.notMigratable} not migratable.`;

const clusterLine = (c: ClusterSummary) => `${c.cluster}: ${c.reachable ? countsLine(c) : 'not read (see the warning above).'}`;

function renderItemDetails(item: MigratabilityItem & { cluster?: string }, style: Style, wide: boolean): string {
  const { subject, evaluation } = item;
  const where = item.cluster !== undefined ? `[${item.cluster}] ` : '';
  const lines = [`${where}${style.bold(`${subject.namespace}/${subject.name}`)} (${subject.kind}${subject.node ? ` on ${subject.node}` : ''})`];
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

function drainSummary(a: ReportInput, style: Style): string {
  const c = a.drainCounts;
  const node = a.drainNode ?? '';
  const blocking = a.items.filter((i) => i.drain?.outcome === 'block-drain');
  const shutdown = a.items.filter((i) => i.drain?.outcome === 'shutdown');
  const waiting = a.items.filter((i) => i.drain?.outcome === 'wait');
  const parts = [`${c.migrate} will migrate`, `${c.wait} will wait`, `${c.shutdown} will shut down`, `${c['block-drain']} will block the drain`];
  if (c.external > 0) parts.push(`${c.external} left to an external controller`);
  let line = nodeStateLine(a);
  line += `Drain preview for ${node}: ${a.items.length} VMIs: ${parts.join(', ')}.`;
  if (waiting.length > 0) {
    const names = waiting.map((i) => `${i.subject.namespace}/${i.subject.name} (${i.drain?.wait?.cause ?? ''})`).join(', ');
    line += `
${style.warn('Will wait:')} ${names}: start's pre-flight holds each back now (\`kubectl vmigrate start NAME --dry-run\` shows it, \`why NAME\` a migration in flight).`;
  }
  if (blocking.length > 0) {
    const names = blocking.map((i) => `${i.subject.namespace}/${i.subject.name}`).join(', ');
    line += `\n${style.bad('Before `kubectl drain ' + node + '`:')} fix or stop ${names}: with evictionStrategy LiveMigrate and no way to migrate, the drain waits forever.`;
  } else if (shutdown.length > 0) {
    line += `\n${style.warn('Note:')} \`kubectl drain ${node}\` will stop ${shutdown.map((i) => `${i.subject.namespace}/${i.subject.name}`).join(', ')}; they restart elsewhere only if their run strategy says so.`;
  } else if (waiting.length === 0) {
    line += `\n${style.ok('Safe to drain:')} every VMI on ${node} will live-migrate (or is handled externally).`;
  }
  return line;
}

/** `Node node-2 is cordoned and being drained, with 2 migrations in flight: …`, or nothing. */
function nodeStateLine(a: ReportInput): string {
  const st = a.drainState;
  if (!st) return '';
  const state = st.cordoned && st.draining ? 'is cordoned and being drained' : st.cordoned ? 'is cordoned' : st.draining ? 'is being drained' : '';
  const n = st.inFlight.length;
  const flights = st.inFlight.map((m) => `${m.namespace}/${m.name} (VMI ${m.vmi}, ${m.phase || 'no phase yet'})`).join(', ');
  const moving = n > 0 ? `${n} migration${n === 1 ? '' : 's'} in flight: ${flights}` : '';
  if (!state && !moving) return '';
  const text = state && moving ? `${state}, with ${moving}` : state || `has ${moving}`;
  return `Node ${a.drainNode ?? ''} ${text}.\n`;
}

function verdictCell(v: string, style: Style): string {
  return v === 'migratable' ? style.ok(v) : v === 'risky' ? style.warn(v) : style.bad(v);
}

function outcomeCell(o: string, style: Style): string {
  return o === 'migrate' ? style.ok(o) : o === 'block-drain' ? style.bad(o) : o === 'shutdown' || o === 'wait' ? style.warn(o) : o;
}
