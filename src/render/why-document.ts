// `why -o json|yaml`: the MigrationDiagnosis document (docs/documents.md).
import type { Diagnosis } from '../analyze/why/diagnose.js';
import type { EvidenceRef } from '../analyze/findings.js';
import type { Placement } from '../analyze/why/placement.js';
import type { TimelineEntry } from '../analyze/why/timeline.js';
import type { PolicyOutput } from '../analyze/why/policy-output.js';
import type { PeerOutput } from '../analyze/decentralized/peer-output.js';
import { checkHint, checkSummary, checkTitle } from './why-text/index.js';
import { verdictHint, verdictSummary } from './why-text/verdict.js';
import { placementReasonText } from './why-placement.js';
import { API_VERSION } from './document.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import { progressDocument, type ProgressDoc } from './why-progress.js';
import { queueDocument, type QueueDoc } from './queue-position.js';
import { time } from '../kube/time.js';
import type { GatherError } from '../kube/known.js';
import type { MigrationKind } from '../kubevirt/migration-kinds.js';
import type { MigrationOrigin } from '../kubevirt/evacuation-facts.js';

export interface MigrationDiagnosisDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigrationDiagnosis';
  target: { namespace: string; vmi: string; vm?: string; migration?: { name: string; uid: string; phase: string; created: string; kind: MigrationKind; origin: MigrationOrigin } };
  verdict: { status: string; cause: string; summary: string; hint: string; check?: string };
  checks: { id: string; title: string; status: string; summary: string; evidence: EvidenceRef[]; hint?: string; missing?: string }[];
  timeline: TimelineEntry[];
  placement?: { pod?: string; nodeSelector: Record<string, string>; nodes: { name: string; fits: boolean; reasons: string[] }[] };
  policy?: PolicyOutput;
  migratability?: { verdict: string; findings: { rule: string; severity: string; message: string; hint: string }[]; unknown: { rule: string; missing: string }[] };
  progress?: ProgressDoc;
  /** A cross-cluster (decentralized) half: the pairing and, with the other cluster read, its half. */
  peer?: PeerDoc;
  /** A Pending migration waiting behind a parallel limit: the limit and its place in KubeVirt's queue. */
  queue?: QueueDoc & { scope: 'cluster' | 'node'; running: number; limit: number };
  errors: { resource: string; message: string }[];
}

export type PeerDoc = Omit<PeerOutput<unknown>, 'diagnosis'> & {
  /** The other half's diagnosis by the same checks (with --peer-context / --peer-from). */
  verdict?: MigrationDiagnosisDoc['verdict'];
  checks?: MigrationDiagnosisDoc['checks'];
};

export function diagnosisDocument(d: Diagnosis, errors: readonly GatherError[]): MigrationDiagnosisDoc {
  const { ctx } = d;
  const m = ctx.migration;
  return {
    apiVersion: API_VERSION,
    kind: 'MigrationDiagnosis',
    target: {
      namespace: ctx.namespace,
      vmi: ctx.vmi?.metadata.name ?? m?.spec?.vmiName ?? ctx.requested.name,
      ...(ctx.vmName ? { vm: ctx.vmName } : {}),
      ...(m
        ? {
            migration: {
              name: m.metadata.name ?? '',
              uid: m.metadata.uid ?? '',
              phase: m.status?.phase ?? '',
              created: knownTime(m.metadata.creationTimestamp),
              kind: ctx.kind,
              origin: d.origin ?? 'unknown',
            },
          }
        : {}),
    },
    verdict: verdictDocument(d),
    checks: checksDocument(d),
    timeline: d.timeline,
    ...(d.placement ? { placement: placementDoc(d.placement) } : {}),
    ...(d.policy ? { policy: d.policy } : {}),
    ...(d.migratability
      ? {
          migratability: {
            verdict: d.migratability.verdict,
            findings: d.migratability.findings.map((f) => ({ rule: f.rule, severity: f.severity, message: ruleMessage(f), hint: ruleHint(f) })),
            unknown: d.migratability.unknown,
          },
        }
      : {}),
    ...(d.progress ? { progress: progressDocument(d.progress) } : {}),
    ...(d.peer ? { peer: peerDocument(d.peer) } : {}),
    ...queueOf(d),
    errors: [...errors],
  };
}

function checksDocument(d: Diagnosis): MigrationDiagnosisDoc['checks'] {
  return d.checks.map((c) => {
    const hint = c.status === 'fail' || c.status === 'warn' ? checkHint(c) : undefined;
    return {
      id: c.id,
      title: checkTitle(c.id),
      status: c.status,
      summary: checkSummary(c),
      evidence: c.evidence,
      ...(hint ? { hint } : {}),
      ...(c.missing ? { missing: c.missing } : {}),
    };
  });
}

function peerDocument(p: PeerOutput<Diagnosis>): PeerDoc {
  const { diagnosis, ...facts } = p;
  // The other half's checks that judge the pairing say "judged from the other cluster": left out.
  return diagnosis ? { ...facts, verdict: verdictDocument(diagnosis), checks: checksDocument(diagnosis).filter((c) => c.status !== 'skip') } : facts;
}

function queueOf(d: Diagnosis): Pick<MigrationDiagnosisDoc, 'queue'> {
  const c = d.checks.find((r) => r.id === 'migration-slots');
  if (c?.id !== 'migration-slots' || c.args.kind !== 'full') return {};
  return { queue: { scope: c.args.scope, running: c.args.running, limit: c.args.limit, ...queueDocument(c.args.queue) } };
}

/** The document's `verdict` (also `start --wait`'s). */
export function verdictDocument(d: Diagnosis): MigrationDiagnosisDoc['verdict'] {
  return {
    status: d.verdict.status,
    cause: d.verdict.cause,
    summary: verdictSummary(d),
    hint: verdictHint(d),
    ...(d.verdict.check ? { check: d.verdict.check } : {}),
  };
}

function placementDoc(p: Placement): NonNullable<MigrationDiagnosisDoc['placement']> {
  return {
    ...(p.pod ? { pod: p.pod } : {}),
    nodeSelector: p.nodeSelector,
    nodes: p.nodes.map((n) => ({ name: n.name, fits: n.fits, reasons: n.reasons.map(placementReasonText) })),
  };
}

/** Times in documents are RFC 3339 (docs/documents.md): a malformed one in the object is "not known". */
function knownTime(t: string | undefined): string {
  return t !== undefined && time(t) > 0 ? t : '';
}
