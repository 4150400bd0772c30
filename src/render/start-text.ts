// The prose of `start`: each pre-flight check's title, summary and fix, the refusal, the
// progress line of --wait, and the whole result for a person (table/wide output). Where a why
// check's own sentence already fits a planned migration (VMI running, active pods, quota
// headroom, free slots) it is reused, so both commands say the same thing the same way.
import type { UnschedulableCause } from '../analyze/why/parse/scheduler-message.js';
import type { Preflight, PreflightCheck, Refusal } from '../analyze/start/preflight.js';
import type { FollowStatus } from '../analyze/migration/follow-status.js';
import { checkHint, checkSummary, checkTitle } from './why-text/index.js';
import { assertNever } from './assert-never.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import type { CapacityCheckDoc, MigrationStartDoc } from './start-doc-types.js';
import { renderTable } from './table.js';
import type { Style } from './style.js';
import { formatSeconds, indent, NONE } from './format.js';
import { severityMark, statusMark, verdictBadge } from './marks.js';

export interface PreflightText {
  title: string;
  summary: string;
  hint?: string;
}

function joinShort(names: string[], max = 6): string {
  return names.length > max ? `${names.slice(0, max).join(', ')}, +${names.length - max} more` : names.join(', ');
}

export function preflightCheckText(c: PreflightCheck): PreflightText {
  switch (c.id) {
    case 'vmi-running':
    case 'active-pods':
    case 'resource-quota': {
      const hint = c.status === 'fail' || c.status === 'warn' ? checkHint(c) : undefined;
      const summary = c.status === 'unknown' && c.missing ? `${checkSummary(c)} (${c.missing})` : checkSummary(c);
      return { title: checkTitle(c.id), summary, ...(hint ? { hint } : {}) };
    }
    case 'migration-conflict': {
      const title = 'No other migration in flight';
      const a = c.args;
      if (c.status === 'fail' && (a.kind === 'not-eligible' || a.kind === 'in-flight') && a.other) {
        const { namespace: ns, other: o } = a;
        const { name } = o;
        return {
          title,
          summary: `Migration ${name} (${o.phase || 'Pending'}, uid ${o.uid}) is already in flight for this VMI: KubeVirt runs one migration per VMI and refuses a second.`,
          hint: `wait for it (kubectl vmigrate why ${name} -n ${ns}) or cancel it (kubectl vmigrate abort ${name} -n ${ns}), then start again`,
        };
      }
      if (c.status === 'unknown') return { title, summary: `Other migrations of the VMI could not be read${c.missing ? ` (${c.missing})` : ''}.` };
      return { title, summary: 'No other migration of this VMI is in flight.' };
    }
    case 'node-selector': {
      const title = '--node-selector supported';
      const a = c.args;
      const sel = a.selector.join(', ');
      const overText = a.overridden.length > 0 ? ` The VM's own nodeSelector sets ${a.overridden.join(', ')} to another value and wins (KubeVirt: the added selector can only restrict).` : '';
      switch (a.kind) {
        case 'unsupported':
          return {
            title,
            summary: `--node-selector needs KubeVirt v1.6 or later (spec.addedNodeSelector); this cluster runs ${a.version}, which would create the migration without it.`,
            hint: 'migrate without --node-selector, or constrain the VM itself (spec.template.spec.nodeSelector) before migrating',
          };
        case 'version-unknown':
          return {
            title,
            summary: `The KubeVirt version could not be read${c.missing ? ` (${c.missing})` : ''}: --node-selector (${sel}) only works from v1.6; older versions drop it silently.${overText}`,
            hint: 'check the version first: kubectl get kubevirt -A -o jsonpath={.items[0].status.observedKubeVirtVersion}',
          };
        case 'supported':
          return { title, summary: `The target is restricted to nodes with ${sel} (KubeVirt ${a.version}).${overText}` };
        default:
          return assertNever(a);
      }
    }
    case 'migration-slots': {
      const title = 'Migration slot free';
      const a = c.args;
      if (a.kind === 'full') {
        const what =
          a.scope === 'cluster'
            ? `${a.running}/${a.limit} migrations run cluster-wide (parallelMigrationsPerCluster)`
            : `${a.running}/${a.limit} outbound migrations leave source node ${a.node ?? ''} (parallelOutboundMigrationsPerNode)`;
        const field = a.scope === 'cluster' ? 'parallelMigrationsPerCluster' : 'parallelOutboundMigrationsPerNode';
        const assumed = a.limitAssumed ? '; the limit is the KubeVirt default (the KubeVirt CR could not be read)' : '';
        return {
          title,
          summary: `No migration slot is free: ${what}: ${joinShort(a.runningMigrations)}${assumed}. A new migration would wait in Pending, with no event saying why.`,
          hint: `start it when one of them has finished, or raise ${field} in the KubeVirt CR (spec.configuration.migrations); --force creates it now and it queues`,
        };
      }
      const summary = c.status === 'unknown' ? `Running migrations could not be counted${c.missing ? ` (${c.missing})` : ''}.` : checkSummary(c);
      return { title, summary };
    }
    case 'target-placement':
      return placementText(c);
    default:
      return assertNever(c);
  }
}

const PLACEMENT_CAUSE: Record<UnschedulableCause, { what: string; hint: string }> = {
  'target-unschedulable-node-selector': {
    what: 'its nodeSelector / required node affinity matches no other node',
    hint: 'relax the VM\'s nodeSelector or affinity (or --node-selector), or label another node to match',
  },
  'target-unschedulable-cpu': {
    what: 'no other node offers the CPU model and features it requires',
    hint: 'add a node with the same CPU model, or give the VM a CPU model every node offers (spec.template.spec.domain.cpu.model)',
  },
  'target-unschedulable-resources': {
    what: 'no other node has the free cpu, memory or devices a second launcher pod needs',
    hint: 'free capacity on another node (or add one): the target pod needs as much as the source pod',
  },
  'target-unschedulable-taints': {
    what: 'every other node is cordoned, NotReady or tainted against it',
    hint: 'uncordon a node (kubectl uncordon NODE) or add the matching toleration to the VM',
  },
  'target-unschedulable-anti-affinity': {
    what: 'pod (anti-)affinity leaves no node: the target cannot share a node with the source',
    hint: 'live migration needs a second node the VM may run on',
  },
  'target-unschedulable-storage': {
    what: 'its volumes cannot be reached from any other node',
    hint: 'move the disks to storage every node reaches (RWX, no node affinity)',
  },
};

function placementText(c: Extract<PreflightCheck, { id: 'target-placement' }>): PreflightText {
  const title = 'A node other than the source fits the target pod';
  const a = c.args;
  switch (a.kind) {
    case 'nodes-unreadable':
    case 'no-source-pod':
    case 'undecided':
      return { title, summary: `Target placement could not be judged${c.missing ? `: ${c.missing}` : ''}.` };
    case 'fits':
      return { title, summary: `${a.fitting.length} of ${a.candidates} other nodes fit the target pod: ${joinShort(a.fitting)}${a.storageUnknown ? ` (volume reachability not checked: ${a.storageUnknown})` : ''}.` };
    case 'none-fits': {
      const cause = PLACEMENT_CAUSE[a.cause];
      const what = a.candidates === 0 ? 'there is no other node' : cause.what;
      return {
        title,
        summary: `No node other than the source can take the target pod: ${what} (${a.candidates} candidate node${a.candidates === 1 ? '' : 's'}, see the placement).`,
        hint: cause.hint,
      };
    }
    default:
      return assertNever(a);
  }
}

/** `refused` / `forced[]`: the cause, one sentence and the fix. */
export function refusalText(r: Refusal, pf: Preflight, capacity: readonly CapacityCheckDoc[]): { cause: string; summary: string; hint?: string } {
  if (r.from === 'migratability') {
    const blockers = pf.evaluation.findings.filter((f) => f.severity === 'blocker');
    const rules = [...new Set(blockers.map((f) => f.rule))];
    const first = blockers[0];
    const summary = `${blockers.length} blocker${blockers.length === 1 ? '' : 's'} (${rules.join(', ')})${first ? `: ${ruleMessage(first)}` : ''}`;
    const hint = first ? ruleHint(first) : undefined;
    return { cause: r.cause, summary, ...(hint ? { hint } : {}) };
  }
  const c = capacity.find((x) => x.id === r.from);
  return { cause: r.cause, summary: c?.summary ?? r.cause, ...(c?.hint ? { hint: c.hint } : {}) };
}

// ---- --wait progress line ----

/** `migrating prod/db-primary: Running 42%, PreCopy, node-2 → node-1 (35s)`. */
/** Lines for stderr: what the start does that the user may not expect. */
export function startWarnings(pf: Preflight, namespace: string): string[] {
  const out: string[] = [];
  const sel = pf.checks.find((c) => c.id === 'node-selector');
  if (sel?.args.kind === 'version-unknown') out.push('the KubeVirt version is unknown: --node-selector (spec.addedNodeSelector) needs v1.6+ and older versions ignore it silently');
  const over = pf.nodeSelector?.overridden ?? [];
  if (over.length > 0) out.push(`--node-selector ${over.join(', ')}: the VM's own nodeSelector sets ${over.length === 1 ? 'this key' : 'these keys'} and wins`);
  for (const f of pf.forced) out.push(`--force: starting despite ${f.cause} (${f.from === 'migratability' ? 'check-migratable blockers' : f.from}) in namespace ${namespace}`);
  return out;
}

export function renderFollowLine(label: string, s: FollowStatus): string {
  const parts = [s.phase || 'Pending'];
  if (s.percent !== undefined) parts[0] += ` ${Math.floor(s.percent)}%`;
  if (s.mode) parts.push(s.mode);
  if (s.sourceNode && s.targetNode) parts.push(`${s.sourceNode} → ${s.targetNode}`);
  if (s.deleting) parts.push('deletion requested');
  if (s.abortStatus) parts.push(`abortStatus ${s.abortStatus}`);
  return `${label}: ${parts.join(', ')} (${formatSeconds(s.seconds)})`;
}

// ---- the result for a person ----

export function renderStartText(doc: MigrationStartDoc, style: Style, wide: boolean): string {
  const { target, preflight: pf } = doc;
  const lines: string[] = [];
  const subject = `${target.namespace}/${target.vmi}`;
  const where = `${pf.kind}${pf.node ? ` on ${pf.node}` : ''}`;
  const verdict = doc.refused && !doc.migration ? style.bad('REFUSED') : doc.forced ? style.warn('FORCED') : style.ok('PASSED');
  lines.push(`${style.bold(subject)} (${where}): pre-flight ${verdict}${doc.refused && !doc.migration ? ` ${style.bold(doc.refused.cause)}` : ''}`);
  if (doc.refused) {
    lines.push(`  ${doc.refused.summary}`);
    if (doc.refused.hint) lines.push(`  ${style.dim('fix:')} ${doc.refused.hint}`);
  }
  for (const f of doc.forced ?? []) lines.push(`  ${style.warn('!')} --force overrides ${style.bold(f.cause)}: ${f.summary}`);

  lines.push('', style.bold(`Migratability: ${pf.verdict}`));
  for (const f of pf.findings) {
    if (f.severity === 'info' && !wide) continue;
    lines.push(`  ${severityMark(f.severity, style)} ${f.rule}: ${f.message}`);
    if (f.hint && f.severity === 'blocker' && wide) lines.push(`      ${style.dim('fix:')} ${f.hint}`);
  }
  if (!pf.findings.some((f) => f.severity !== 'info')) lines.push(`  ${style.ok('✔')} no rule found a reason it cannot migrate`);
  const unknown = [...new Set(pf.unknown.map((u) => u.rule))];
  if (unknown.length > 0) lines.push(`  ${style.warn('?')} not evaluated: ${unknown.join(', ')}`);
  if (pf.kubevirt.liveMigratable !== 'Unknown') {
    lines.push(`  ${style.dim(`KubeVirt says: LiveMigratable=${pf.kubevirt.liveMigratable}${pf.kubevirt.reason ? ` ${pf.kubevirt.reason}` : ''}`)}`);
  }

  lines.push('', style.bold('Checks:'));
  for (const c of pf.capacity) {
    if (!wide && c.status === 'skip') continue;
    lines.push(`  ${statusMark(c.status, style)} ${c.title}: ${c.summary}`);
    if (c.hint && c.status !== 'pass' && c.cause !== doc.refused?.cause) lines.push(`      ${style.dim('fix:')} ${c.hint}`);
  }
  const blockedPlacement = pf.capacity.some((c) => c.id === 'target-placement' && c.status === 'fail');
  if (pf.placement && pf.placement.nodes.length > 0 && (wide || blockedPlacement)) {
    lines.push('', style.bold('Placement of the target pod:'));
    const rows = pf.placement.nodes.map((n) => [n.name, n.fits ? style.ok('yes') : style.bad('no'), n.reasons.join('; ') || NONE]);
    lines.push(indent(renderTable(['NODE', 'FITS', 'WHY NOT'], rows)));
  }

  lines.push('');
  const m = doc.migration;
  if (!m) {
    lines.push(doc.refused ? 'Nothing was created.' : 'No migration was created.');
  } else if (doc.dryRun) {
    lines.push(`Dry run: the API server accepted migration ${target.namespace}/${m.name || '(generated name)'}; nothing was created.`);
  } else {
    lines.push(`Created migration ${style.bold(`${target.namespace}/${m.name}`)} (uid ${m.uid}).`);
    if (!doc.wait) {
      lines.push(`  follow: kubectl vmigrate why ${m.name} -n ${target.namespace}`);
      lines.push(`  cancel: kubectl vmigrate abort ${m.name} -n ${target.namespace}`);
    }
  }
  if (doc.wait && m) {
    const how: Record<string, string> = {
      final: `ended ${m.phase}`,
      gone: 'was deleted before it finished',
      timeout: `is still ${m.phase || 'Pending'}: stopped waiting at --timeout`,
      interrupted: `is still ${m.phase || 'Pending'}: stopped waiting (interrupted); it continues in the cluster`,
    };
    lines.push(`After ${formatSeconds(doc.wait.seconds)} the migration ${how[doc.wait.outcome] ?? doc.wait.outcome}.`);
  }
  if (doc.verdict) {
    lines.push(`${verdictBadge(doc.verdict.status, style)} ${style.bold(doc.verdict.cause)}: ${doc.verdict.summary}`);
    if (doc.verdict.hint) lines.push(`  ${style.dim('fix:')} ${doc.verdict.hint}`);
  }
  return lines.join('\n').replace(/\n+$/, '') + '\n';
}

