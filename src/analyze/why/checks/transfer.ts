// transfer: once libvirt is copying (Running, or TargetReady with migrationState.startTimestamp),
// is the copy converging, and how long has it left before KubeVirt steps in? Reads the mode and
// abort state from the VMI's migrationState and everything else from the progress model
// (../progress.ts: samples from the launcher log, virt-handler metrics or Prometheus, and the
// forecast of src/analyze/progress). Warns `not-converging` (verdict at-risk) only while the
// migration is in flight — the forecast says `not-converging` (the guest dirties memory as fast as
// it is sent, DataRemaining stalls or does not shrink) or `at-risk` (the budget is spent, or will
// be before the copy ends, and KubeVirt will abort); a finished migration is failure-reason's.
import type { EvidenceRef } from '../../findings.js';
import type { MigrationState, VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { ABORT_STATUS_FAILED, MIGRATION_MODE_POST_COPY, VMIM_COND_ABORT_REQUESTED } from '../../../kubevirt/constants.js';
import { result, type CheckResult, type WhyCheck } from '../check.js';
import type { TransferClock, TransferOutlook, TransferArgs } from '../check-args/transfer.js';
import type { WhyContext } from '../context.js';
import { copyState, migrationProgress, type MigrationProgress } from '../progress.js';
import { SAMPLE_FIELDS, type TransferSample } from '../../progress/sample.js';
import { finiteNumber as finite, listOf } from '../../shape.js';

const ID = 'transfer';

export const transfer: WhyCheck<'transfer'> = {
  id: ID,
  run(ctx) {
    const m = ctx.migration;
    if (!m) return result(ID, 'skip', { kind: 'no-migration' });
    const phase = m.status?.phase ?? '';
    const cs = copyState(ctx, m);
    if (cs.finished) return result(ID, 'skip', { kind: 'finished', phase });
    const p = cs.started ? migrationProgress(ctx) : undefined;
    if (!p) return result(ID, 'skip', { kind: 'not-started', phase });
    const state = cs.state;
    const f = p.forecast;

    const vmiName = ctx.vmi?.metadata.name ?? m.spec?.vmiName ?? '';
    const evidence: EvidenceRef[] = [];
    if (state?.mode) evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.migrationState.mode', message: state.mode });
    if (cs.startedAt) evidence.push({ kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: vmiName, field: 'status.migrationState.startTimestamp', message: cs.startedAt });
    const args: TransferClock = {
      namespace: ctx.namespace,
      vmi: vmiName,
      pod: ctx.sourcePod?.metadata.name ?? null,
      mode: p.mode,
      source: p.source,
      elapsedSeconds: finite(f.elapsedSeconds),
      budgetSeconds: finite(f.budgetSeconds),
      budgetRemainingSeconds: finite(f.budgetRemainingSeconds),
      budgetLowerBound: f.budgetLowerBound,
      memoryBytes: finite(p.budget?.memoryBytes),
      sizeGB: finite(f.sizeGB),
      completionTimeoutPerGiB: finite(p.config.completionTimeoutPerGiB),
      configOrigin: p.configOrigin,
      disruptionAllowed: f.onBudgetExpiry === 'post-copy' || f.onBudgetExpiry === 'pause',
      onBudgetExpiry: f.onBudgetExpiry,
      percent: finite(f.percent),
      etaSeconds: finite(f.etaSeconds),
      progressTimeout: finite(f.progressTimeout),
    };

    // An abort in flight: the launcher is cancelling; failure-reason explains the end.
    const abort = abortInFlight(ctx, m, state);
    if (abort) return result(ID, 'info', { ...args, kind: abort.kind, abortStatus: state?.abortStatus ?? null }, [...evidence, abort.evidence]);
    // Post-copy always finishes: KubeVirt stops checking progress and budget (§5.2).
    if (p.mode === MIGRATION_MODE_POST_COPY) return result(ID, 'pass', { ...args, kind: 'post-copy' }, evidence);

    const latest = p.samples.at(-1);
    if (latest) {
      args.latest = sampleArgs(latest);
      args.samples = p.samples.length;
      if (p.evidence) evidence.push(p.evidence);
    }
    const outlook: TransferOutlook = { forecast: f.verdict, recommendation: f.recommendation, recommendations: f.recommendations };
    const warn = (a: TransferArgs): CheckResult<'transfer'> => result(ID, 'warn', a, evidence, 'not-converging');

    if (f.reason === 'budget-exceeded') return warn({ ...args, ...outlook, kind: 'budget-exceeded' });
    if (!latest) return noSource(ctx, m, p, args, evidence);
    switch (f.reason) {
      case 'dirty-rate':
        return warn({ ...args, ...outlook, kind: 'dirty-rate', dirtyRate: finite(f.dirtyRate), transferRate: finite(f.transferRate), window: f.rateSamples });
      case 'stalled':
        return warn({
          ...args,
          ...outlook,
          kind: 'stalled',
          stalledSeconds: finite(f.sinceMinimumSeconds),
          stall: f.stall,
          minRemaining: finite(f.minimumRemaining),
          minAt: f.minimumAt,
        });
      case 'not-shrinking':
        return warn({ ...args, ...outlook, kind: 'not-shrinking', slope: finite(f.slope), windowSeconds: finite(f.trendSpanSeconds), window: f.trendSamples });
      case 'eta-beyond-budget':
        return warn({ ...args, ...outlook, kind: 'eta-beyond-budget' });
      default:
        return result(ID, 'pass', { ...args, kind: 'progressing', forecast: f.verdict, slope: finite(f.slope), budgetExceeded: f.budgetExceeded }, evidence);
    }
  },
};

/** No sample from any source: say why each gave nothing and how to get one (info: not a cause). */
function noSource(ctx: WhyContext, m: VirtualMachineInstanceMigration, p: MigrationProgress, args: TransferClock, evidence: EvidenceRef[]): CheckResult<'transfer'> {
  const r = result(
    ID,
    'info',
    {
      ...args,
      kind: 'no-progress-source',
      budgetExceeded: p.forecast.budgetExceeded,
      migrationUid: m.metadata.uid ?? '',
      unavailable: p.unavailable.map((u) => ({ source: u.source, reason: u.reason })),
      prometheusAsked: ctx.prometheus !== undefined,
      ...(p.needsLogVerbosity !== undefined ? { needsLogVerbosity: p.needsLogVerbosity } : {}),
    },
    evidence,
  );
  r.missing = p.unavailable.map((u) => u.reason).join('; ') || 'no progress source';
  return r;
}

/**
 * The user deleted the VMIM (condition migrationAbortRequested) or the controller asked the source
 * to cancel (migrationState.abortRequested / abortStatus, §6). abortStatus Failed: libvirt refused
 * the abort (e.g. in post-copy) and the copy goes on.
 */
function abortInFlight(
  ctx: WhyContext,
  m: VirtualMachineInstanceMigration,
  state: MigrationState | undefined,
): { kind: 'aborting' | 'abort-failed'; evidence: EvidenceRef } | undefined {
  const condition = listOf(m.status?.conditions).some((c) => c.type === VMIM_COND_ABORT_REQUESTED && c.status === 'True');
  if (!state?.abortRequested && !state?.abortStatus && !condition) return undefined;
  const kind = state?.abortStatus === ABORT_STATUS_FAILED ? 'abort-failed' : 'aborting';
  const evidence: EvidenceRef = state?.abortStatus
    ? { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.abortStatus', message: state.abortStatus }
    : condition
      ? { kind: 'VirtualMachineInstanceMigration', namespace: ctx.namespace, name: m.metadata.name ?? '', field: `status.conditions[${VMIM_COND_ABORT_REQUESTED}]`, message: 'True' }
      : { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name: ctx.vmi?.metadata.name ?? '', field: 'status.migrationState.abortRequested', message: 'true' };
  return { kind, evidence };
}

function sampleArgs(s: TransferSample): TransferSample {
  const out: TransferSample = { time: s.time };
  for (const k of SAMPLE_FIELDS) {
    const v = finite(s[k]);
    if (v !== null) out[k] = v;
  }
  return out;
}
