// `check-migratable -o json|yaml`: the MigratabilityReport document (docs/documents.md), with prose for
// each finding made here from its rule id and args.
import type { MigratabilityAnalysis, MigratabilityItem, MigratabilitySummary, DrainCounts } from '../analyze/migratability/report.js';
import type { DrainNodeState, DrainPreview } from '../analyze/migratability/drain-preflight.js';
import { ruleHint, ruleMessage } from './migratability-text.js';
import type { EvidenceRef } from '../analyze/findings.js';
import type { GatherError } from '../kube/known.js';
import { API_VERSION } from './document.js';
import type { ClusterReach } from './fleet.js';

/** A cluster's counts in a fleet's `summary.clusters[]` (all 0 when it could not be read). */
export type ClusterSummary = ClusterReach & MigratabilitySummary;

/**
 * What the report is made of: one cluster's analysis, or a fleet's: its items tagged with their
 * cluster, the counts over every cluster, and each cluster's own.
 */
export type ReportInput = Omit<MigratabilityAnalysis, 'items'> & {
  items: readonly (MigratabilityItem & { cluster?: string })[];
  clusters?: readonly ClusterSummary[];
};
import { spanText } from '../kubevirt/releases.js';

export interface MigratabilityReportDoc {
  apiVersion: typeof API_VERSION;
  kind: 'MigratabilityReport';
  summary: MigratabilitySummary & { drain?: { node: string } & DrainCounts & Partial<DrainNodeState>; clusters?: ClusterSummary[] };
  items: {
    cluster?: string;
    namespace: string;
    name: string;
    kind: string;
    node?: string;
    verdict: string;
    findings: {
      rule: string;
      severity: string;
      message: string;
      path?: string;
      hint?: string;
      /** The LiveMigratable reason KubeVirt gives for it. */
      kubevirtReason?: string;
      /** With the cluster's version unknown: the releases that refuse it (`v0.59–v1.4`). */
      blocksOn?: string[];
      evidence: EvidenceRef[];
    }[];
    unknown: { rule: string; missing: string }[];
    kubevirt: { liveMigratable: string; reason?: string; message?: string };
    agreesWithKubeVirt: boolean | null;
    /** With the cluster's version known: what that release sets on LiveMigratable, reasons in its check order. */
    predicted?: { kubevirtVersion: string; liveMigratable: string; reasons: string[] };
    drain?: { evictionStrategy: string; strategySource: string; outcome: string; cause?: string; check?: string };
  }[];
  errors: { cluster?: string; resource: string; message: string }[];
}

type ItemDoc = MigratabilityReportDoc['items'][number];

export function migratabilityDocument(a: ReportInput, errors: readonly GatherError[]): MigratabilityReportDoc {
  return { ...documentShell(a), items: a.items.map(migratabilityItemDocument), errors: [...errors] };
}

/** Everything but `items`, in document key order (with `items` where it belongs). */
function documentShell(a: ReportInput): Omit<MigratabilityReportDoc, 'items' | 'errors'> {
  const summary: MigratabilityReportDoc['summary'] = { ...a.summary };
  if (a.drainNode !== undefined) summary.drain = { node: a.drainNode, ...a.drainCounts, ...a.drainState };
  if (a.clusters) summary.clusters = [...a.clusters];
  return { apiVersion: API_VERSION, kind: 'MigratabilityReport', summary };
}

/** One VM's entry of the report (also `start`'s pre-flight, from the evaluation it made). */
export function migratabilityItemDocument({
  cluster,
  subject,
  evaluation,
  drain,
}: Pick<MigratabilityItem, 'subject' | 'evaluation'> & Partial<Pick<MigratabilityItem, 'drain'>> & { cluster?: string }): ItemDoc {
  return {
    ...(cluster !== undefined ? { cluster } : {}),
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
      ...(f.kubevirtReason ? { kubevirtReason: f.kubevirtReason } : {}),
      ...(f.blocksOn ? { blocksOn: f.blocksOn.map(spanText) } : {}),
      evidence: f.evidence,
    })),
    unknown: evaluation.unknown,
    kubevirt: evaluation.kubevirt,
    agreesWithKubeVirt: evaluation.agreesWithKubeVirt,
    ...(evaluation.predicted
      ? { predicted: { kubevirtVersion: evaluation.predicted.version, liveMigratable: evaluation.predicted.liveMigratable, reasons: evaluation.predicted.reasons } }
      : {}),
    ...(drain ? { drain: drainDocument(drain) } : {}),
  };
}

/** The drain prediction; a `wait` says the pre-flight's cause and the gate that gave it. */
function drainDocument(d: DrainPreview): NonNullable<ItemDoc['drain']> {
  const out: NonNullable<ItemDoc['drain']> = { evictionStrategy: d.evictionStrategy, strategySource: d.strategySource, outcome: d.outcome };
  if (d.wait) {
    out.cause = d.wait.cause;
    out.check = d.wait.check;
  }
  return out;
}

/**
 * `-o json`: exactly `renderJsonDocument(migratabilityDocument(a, errors))`, in pieces of about
 * `chunkChars` characters, each made when asked for. Each item is built, serialised and dropped in
 * turn, so a report on 10,000 VMs never holds the whole document, nor the whole text, in memory at
 * once, as long as the writer waits for each piece to be taken (stdout's backpressure).
 */
export function* migratabilityJsonChunks(a: ReportInput, errors: readonly GatherError[], chunkChars = 1 << 20): Generator<string> {
  // The document without its items, with a placeholder where they go. `summary` (numbers, node
  // and cluster names) comes before it and cannot hold a line that starts `  "items": ` (JSON
  // escapes a newline inside a string), so the first match is it.
  const placeholder = '\u0000items\u0000';
  const shell = JSON.stringify({ ...documentShell(a), items: placeholder, errors }, null, 2);
  const at = shell.indexOf(`\n  "items": ${JSON.stringify(placeholder)}`) + '\n  "items": '.length;
  const head = shell.slice(0, at);
  const tail = shell.slice(at + JSON.stringify(placeholder).length) + '\n';
  if (a.items.length === 0) {
    yield `${head}[]${tail}`;
    return;
  }
  // An array element at depth 1 of a 2-space JSON document: its own 2-space text, every line
  // indented by 4 (strings never hold a raw newline: JSON escapes it).
  let text = `${head}[\n`;
  for (const [i, item] of a.items.entries()) {
    text += `    ${JSON.stringify(migratabilityItemDocument(item), null, 2).replaceAll('\n', '\n    ')}${i < a.items.length - 1 ? ',' : ''}\n`;
    if (text.length >= chunkChars) {
      yield text;
      text = '';
    }
  }
  yield `${text}  ]${tail}`;
}
