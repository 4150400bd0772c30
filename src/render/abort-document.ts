// `abort -o json|yaml`: the MigrationAbort document (docs/documents.md): the migration cancelled (name, uid,
// phase before), its mode, abortStatus, dryRun, `refused` when nothing was cancelled. Additive
// fields (docs/documents.md): target, action, stage, lastMigration, now, result, wait, evacuation,
// otherInFlight, warnings, warningIds; `origin` in `migration`.
import type { VirtualMachineInstanceMigration } from '../kube/types.js';
import { time } from '../kube/time.js';
import { API_VERSION } from './document.js';
import type { AbortReport, MigrationAbortDoc } from './abort-doc-types.js';
import { abortRefusalText, abortResultText, abortWarnings, evacuationHint } from './abort-text.js';

const ref = (m: VirtualMachineInstanceMigration) => ({ name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phase: m.status?.phase ?? '' });

export function abortDocument(r: AbortReport): MigrationAbortDoc {
  const { plan } = r;
  const m = plan.migration;
  const warnings = abortWarnings(r);
  const doc: MigrationAbortDoc = {
    apiVersion: API_VERSION,
    kind: 'MigrationAbort',
    target: { namespace: r.namespace, vmi: plan.vmiName, ...(r.vm ? { vm: r.vm } : {}) },
    migration: m ? { name: m.metadata.name ?? '', uid: m.metadata.uid ?? '', phaseBefore: m.status?.phase ?? '', origin: plan.origin ?? 'unknown' } : null,
    mode: plan.mode ?? null,
    dryRun: r.dryRun,
    action: r.action,
    warnings: warnings.map((w) => w.message),
    warningIds: warnings.map((w) => w.id),
  };
  const abortStatus = r.outcome?.abortStatus ?? plan.abortStatus;
  if (abortStatus) doc.abortStatus = abortStatus;
  if (plan.stage) doc.stage = plan.stage;
  const refusal = r.refusal;
  if (refusal) doc.refused = { cause: refusal, ...abortRefusalText(refusal, r) };
  if (plan.last) {
    const state = plan.lastState;
    const endTime = state?.endTimestamp;
    doc.lastMigration = {
      ...ref(plan.last),
      // Times in documents are RFC 3339 (docs/documents.md): a malformed one is left out.
      ...(endTime && time(endTime) > 0 ? { endTime } : {}),
      ...(state?.abortStatus ? { abortStatus: state.abortStatus } : {}),
      ...(state?.failureReason ? { failureReason: state.failureReason } : {}),
    };
  }
  if (r.changed) doc.now = r.changed.now ? ref(r.changed.now) : null;
  if (r.outcome) doc.result = { ...r.outcome, summary: abortResultText(r.outcome) };
  if (r.wait) doc.wait = r.wait;
  const evacuation = r.recreation?.id === 'evacuation-recreated' ? r.recreation : undefined;
  const hint = evacuationHint(r);
  if (evacuation && hint) doc.evacuation = { node: evacuation.node, hint };
  if (plan.otherInFlight.length > 0) doc.otherInFlight = plan.otherInFlight.map(ref);
  if (r.errors && r.errors.length > 0) doc.errors = r.errors;
  return doc;
}
