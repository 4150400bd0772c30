// The prose of `abort`: refusals, warnings (evacuation, post-copy, other migrations), what the
// cancel does at each stage (as in analyze/abort/decide.ts), the result after --wait, and the whole
// result for a person.
import type { AbortOutcome, AbortRefusalId } from '../analyze/abort/outcome.js';
import type { AbortReport, AbortWarningId, MigrationAbortDoc } from './abort-doc-types.js';
import type { Style } from './style.js';
import { formatSeconds } from './format.js';
import { time } from '../kube/time.js';
import { evacuationStopText, recreationWarningText } from './abort-recreation-text.js';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

export function abortRefusalText(cause: AbortRefusalId, r: AbortReport): { summary: string; hint?: string } {
  const { plan, namespace } = r;
  const m = plan.migration;
  switch (cause) {
    case 'no-migration': {
      const last = plan.last;
      if (!last) return { summary: `Nothing to abort: VMI ${namespace}/${plan.vmiName} has no migration.` };
      const name = last.metadata.name ?? '';
      const phase = last.status?.phase ?? '';
      // The end time lastMigration.endTime gives: this migration's own, and only a real time.
      const end = plan.lastState?.endTimestamp;
      return {
        summary: `Nothing to abort: no migration of VMI ${namespace}/${plan.vmiName} is in flight; the last one, ${name}, ended ${phase}${end && time(end) > 0 ? ` at ${end}` : ''}.`,
        hint: `see how it ended: kubectl vmigrate why ${name} -n ${namespace}`,
      };
    }
    case 'post-copy': {
      const name = m?.metadata.name ?? '';
      const target = plan.state?.targetNode;
      return {
        summary:
          `Migration ${name} is in post-copy: the guest already runs on the target${target ? ` (${target})` : ''} and pulls its remaining memory from the source. ` +
          'A post-copy migration cannot be cancelled: KubeVirt has no special case for it and libvirt refuses a plain abort of a post-copy job, so the request would fail (abortStatus Failed) while the transfer goes on.',
        hint: `let it finish (kubectl vmigrate why ${name} -n ${namespace}); --force sends the cancel anyway`,
      };
    }
    case 'migration-changed': {
      const name = m?.metadata.name ?? '';
      const now = r.changed?.now;
      const what = now ? `a migration ${name} now exists with uid ${str(now.metadata.uid)}, phase ${now.status?.phase || 'Pending'}` : `${name} no longer exists`;
      return {
        summary: `Migration ${name} changed between reading and deleting it: the one inspected (uid ${str(m?.metadata.uid)}) is gone and ${what}. Nothing was deleted (the delete carried the inspected uid as a precondition).`,
        hint: `look again and decide: kubectl vmigrate abort ${name} -n ${namespace} --dry-run`,
      };
    }
  }
}

/** How to stop the evacuation that re-creates the migration (MigrationAbort `evacuation.hint`). */
export function evacuationHint(r: AbortReport): string | undefined {
  const w = r.recreation;
  return w?.id === 'evacuation-recreated' ? evacuationStopText(w, subjectOf(r)) : undefined;
}

function subjectOf(r: AbortReport) {
  return { namespace: r.namespace, vmi: r.plan.vmiName, migration: r.plan.migration?.metadata.name ?? '' };
}

/** Lines for stderr (and `warnings[]`, ids in `warningIds[]`): what this cancel does not stop, and risks. */
export function abortWarnings(r: AbortReport): { id: AbortWarningId; message: string }[] {
  const out: { id: AbortWarningId; message: string }[] = [];
  const { plan, namespace } = r;
  if (r.recreation) out.push({ id: r.recreation.id, message: recreationWarningText(r.recreation, subjectOf(r)) });
  if (plan.forcedPostCopy) {
    out.push({ id: 'post-copy-forced', message: `--force: cancelling a post-copy migration; libvirt is expected to refuse (abortStatus Failed) and the guest already runs on ${plan.state?.targetNode || 'the target'}` });
  }
  for (const o of plan.otherInFlight) {
    out.push({
      id: 'other-in-flight',
      message: `migration ${o.metadata.name ?? ''} (${o.status?.phase || 'Pending'}) of the same VMI stays in flight: cancel it with kubectl vmigrate abort ${o.metadata.name ?? ''} -n ${namespace}`,
    });
  }
  return out;
}

const STAGE: Record<string, string> = {
  'before-handoff': 'before hand-off, KubeVirt marks it Failed at once and deletes the target pod; the VM never leaves its node',
  'handed-off': 'it is handed off but not transferring yet: the cancel is recorded (condition migrationAbortRequested) and takes effect when the transfer starts',
  running: 'virt-handler cancels the transfer (abortStatus Aborting, then Succeeded); the guest stays on the source node',
};

export function abortActionText(doc: MigrationAbortDoc): string {
  const m = doc.migration;
  if (!m) return '';
  const what = `migration ${doc.target.namespace}/${m.name} (${m.phaseBefore || 'no phase yet'}${doc.mode ? `, ${doc.mode}` : ''})`;
  const stage = doc.stage ? STAGE[doc.stage] : undefined;
  switch (doc.action) {
    case 'deleted':
      return `Cancelled ${what}: ${stage ?? 'the VMIM was deleted'}. The VMIM stays until it is final (finalizer kubevirt.io/migrationJobFinalize).`;
    case 'dry-run':
      return `Dry run: would cancel ${what}; the API server accepted the delete. Nothing was changed.`;
    case 'already-requested':
      return `${what[0]!.toUpperCase()}${what.slice(1)} is already being cancelled (deletion requested); nothing more was sent.`;
    default:
      return '';
  }
}

export function abortResultText(o: AbortOutcome): string {
  const status = o.abortStatus ? ` (abortStatus ${o.abortStatus})` : '';
  const reason = o.failureReason ? `: ${o.failureReason.trim()}` : '';
  switch (o.kind) {
    case 'aborted':
      return `Cancelled${status}: the migration ended ${o.phase || 'and was removed'}${reason}; the guest stays on the source node.`;
    case 'completed':
      return `The migration completed before the cancel took effect${status}: the guest now runs on the target node.`;
    case 'abort-failed':
      return `The cancel failed${status}${reason}: libvirt did not abort the job and the migration goes on.`;
    case 'pending':
      return `Not finished yet (phase ${o.phase || 'Pending'}${status}).`;
  }
}

export function renderAbortText(doc: MigrationAbortDoc, style: Style): string {
  const lines: string[] = [];
  const subject = `${doc.target.namespace}/${doc.target.vmi}`;
  if (doc.refused) {
    lines.push(`${style.bold(subject)}: ${style.bad('NOT CANCELLED')} ${style.bold(doc.refused.cause)}`);
    lines.push(`  ${doc.refused.summary}`);
    if (doc.refused.hint) lines.push(`  ${style.dim('fix:')} ${doc.refused.hint}`);
  } else {
    lines.push(`${style.bold(subject)}: ${abortActionText(doc)}`);
  }
  if (doc.result) {
    const ok = doc.result.kind === 'aborted';
    lines.push(`${ok ? style.ok('ABORTED') : doc.result.kind === 'pending' ? style.warn('PENDING') : style.bad(doc.result.kind.toUpperCase())} ${doc.result.summary}`);
  }
  if (doc.wait && doc.wait.outcome !== 'final' && doc.wait.outcome !== 'gone') {
    lines.push(`Stopped waiting after ${formatSeconds(doc.wait.seconds)} (${doc.wait.outcome === 'timeout' ? '--timeout' : 'interrupted'}); the cancel goes on in the cluster.`);
  }
  return lines.join('\n') + '\n';
}
