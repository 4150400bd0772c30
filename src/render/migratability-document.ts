// `check-migratable -o json|yaml`: the contract's MigratabilityReport (§4.2), with prose for
// each finding made here from its rule id and args.
import type { MigratabilityAnalysis, MigratabilitySummary, DrainCounts } from '../analyze/migratability/report.js';
import { summarize, drainCounts } from '../analyze/migratability/report.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import type { EvidenceRef } from '../analyze/findings.js';

export const API_VERSION = 'vmigrate/v1';

export interface MigratabilityReportDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigratabilityReport';
  summary: MigratabilitySummary & { drain?: { node: string } & DrainCounts };
  items: {
    namespace: string;
    name: string;
    kind: string;
    node?: string;
    verdict: string;
    findings: { rule: string; severity: string; message: string; path?: string; hint?: string; evidence: EvidenceRef[] }[];
    unknown: { rule: string; missing: string }[];
    kubevirt: { liveMigratable: string; reason?: string; message?: string };
    agreesWithKubeVirt: boolean | null;
    drain?: { evictionStrategy: string; strategySource: string; outcome: string };
  }[];
  errors: { resource: string; message: string }[];
}

export function migratabilityDocument(a: MigratabilityAnalysis): MigratabilityReportDoc {
  const summary: MigratabilityReportDoc['summary'] = summarize(a);
  if (a.drainNode !== undefined) summary.drain = { node: a.drainNode, ...drainCounts(a) };
  return {
    apiVersion: API_VERSION,
    kind: 'MigratabilityReport',
    summary,
    items: a.items.map(({ subject, evaluation, drain }) => ({
      namespace: subject.namespace,
      name: subject.name,
      kind: subject.kind,
      ...(subject.node ? { node: subject.node } : {}),
      verdict: evaluation.verdict,
      findings: evaluation.findings.map((f) => ({
        rule: f.rule,
        severity: f.severity,
        message: ruleMessage(f),
        ...(f.path ? { path: f.path } : {}),
        hint: ruleHint(f),
        evidence: f.evidence,
      })),
      unknown: evaluation.unknown,
      kubevirt: evaluation.kubevirt,
      agreesWithKubeVirt: evaluation.agreesWithKubeVirt,
      ...(drain ? { drain } : {}),
    })),
    errors: a.errors,
  };
}
