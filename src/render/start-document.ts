// `start -o json|yaml`: the MigrationStart document (docs/documents.md): `preflight` is a MigratabilityReport
// item plus the capacity checks, `migration` what was created (null when nothing was), `dryRun`,
// `refused` when pre-flight or the server said no. Additive fields are listed in docs/documents.md.
import type { MigrationOrigin } from '../kubevirt/evacuation-facts.js';
import type { Diagnosis } from '../analyze/why/diagnose.js';
import type { Preflight, PreflightCheck } from '../analyze/start/preflight.js';
import type { GoneVerdict, ServerRefusal } from '../analyze/start/outcome.js';
import type { GatherError } from '../kube/known.js';
import { migratabilityItemDocument } from './migratability-document.js';
import type { CapacityCheckDoc, MigrationStartDoc, WaitOutcome } from './start-doc-types.js';
import { API_VERSION } from './document.js';
import { verdictDocument } from './why-document.js';
import { placementReasonText } from './why-placement.js';
import { preflightCheckText, refusalText } from './start-text.js';

export interface StartReport {
  namespace: string;
  vmi: string;
  vm?: string;
  preflight: Preflight;
  /** What the server answered to the create (dry run included); undefined = nothing was sent or created. */
  migration?: { name: string; uid: string; phase: string; origin: MigrationOrigin };
  dryRun: boolean;
  /** The server refused the create (admission webhook): the cause and its verbatim message. */
  serverRefusal?: ServerRefusal;
  wait?: { outcome: WaitOutcome; seconds: number };
  /** `why` on the migration at the end of --wait (final or timed out). */
  diagnosis?: Diagnosis;
  /** --wait saw the migration deleted before it finished. */
  gone?: GoneVerdict;
  errors: GatherError[];
}

export function startDocument(r: StartReport): MigrationStartDoc {
  const pf = r.preflight;
  // Exactly check-migratable's item for this VM, from the evaluation the pre-flight made.
  const base = migratabilityItemDocument(pf);
  const capacity = pf.checks.map(capacityDoc);
  const doc: MigrationStartDoc = {
    apiVersion: API_VERSION,
    kind: 'MigrationStart',
    target: { namespace: r.namespace, vmi: r.vmi, ...(r.vm ? { vm: r.vm } : {}) },
    preflight: {
      ...base,
      capacity,
      ...(pf.placement
        ? {
            placement: {
              ...(pf.placement.pod ? { pod: pf.placement.pod } : {}),
              nodeSelector: pf.placement.nodeSelector,
              nodes: pf.placement.nodes.map((n) => ({ name: n.name, fits: n.fits, reasons: n.reasons.map(placementReasonText) })),
            },
          }
        : {}),
      ...(pf.nodeSelector ? { nodeSelector: pf.nodeSelector } : {}),
    },
    migration: r.migration ?? null,
    dryRun: r.dryRun,
  } as MigrationStartDoc;
  if (r.serverRefusal) {
    doc.refused = { cause: r.serverRefusal.cause, summary: `the API server refused the migration: ${r.serverRefusal.message}` };
  } else if (pf.refused) {
    doc.refused = refusalText(pf.refused, pf, capacity);
  }
  if (pf.forced.length > 0) doc.forced = pf.forced.map((f) => ({ cause: f.cause, summary: refusalText(f, pf, capacity).summary }));
  if (r.wait) doc.wait = r.wait;
  if (r.diagnosis) doc.verdict = verdictDocument(r.diagnosis);
  else if (r.gone && r.migration) {
    doc.verdict = {
      status: r.gone.status,
      cause: r.gone.cause,
      summary: `Migration ${r.migration.name} was deleted before it finished (phase ${r.gone.phase || 'Pending'} when last seen): it was cancelled.`,
      hint: `see what happened to the VMI: kubectl vmigrate why ${r.vmi} -n ${r.namespace}`,
    };
  }
  doc.errors = r.errors;
  return doc;
}

function capacityDoc(c: PreflightCheck): CapacityCheckDoc {
  const t = preflightCheckText(c);
  return {
    id: c.id,
    title: t.title,
    status: c.status,
    summary: t.summary,
    ...(c.cause ? { cause: c.cause } : {}),
    ...(t.hint && (c.status === 'fail' || c.status === 'warn') ? { hint: t.hint } : {}),
    evidence: c.evidence,
    ...(c.missing ? { missing: c.missing } : {}),
  };
}
