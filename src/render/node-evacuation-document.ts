// `why --node NODE -o json|yaml`: the NodeEvacuationDiagnosis document (docs/documents.md), plus `hint` and
// `limit` per item, `reason` per blocker, `idle` in the summary, the parallel `limits` and the
// parts that could not be read (`unknown`).
import type { NodeEvacuation } from '../analyze/evacuation/diagnose-node.js';
import type { GatherError } from '../kube/known.js';
import { API_VERSION } from './document.js';
import { queueDocument, type QueueDoc } from './queue-position.js';
import { blockerMessage, itemHint, itemSummary, nodeVerdictHint, nodeVerdictSummary } from './node-evacuation-text.js';

export interface NodeEvacuationDoc {
  apiVersion: typeof API_VERSION;
  kind: 'NodeEvacuationDiagnosis';
  node: { name: string; ready: boolean | null; unschedulable: boolean | null; taints: { key: string; effect: string }[]; evacuating: boolean };
  verdict: { status: string; cause: string; summary: string; hint: string };
  summary: NodeEvacuation['summary'];
  items: {
    namespace: string;
    vmi: string;
    vm?: string;
    evictionStrategy: string;
    outcome: string;
    state: string;
    migration?: { name: string; uid: string; phase: string; origin: string };
    cause: string;
    summary: string;
    hint?: string;
    percent?: number;
    etaSeconds?: number;
    limit?: { scope: string; running: number; limit: number };
    queue?: QueueDoc;
  }[];
  blockers: { kind: string; namespace?: string; name: string; reason: string; message: string; vmi?: string; pod?: string }[];
  limits: { parallelOutboundMigrationsPerNode: number; parallelMigrationsPerCluster: number; running: number; outbound: number };
  unknown: { part: string; reason: string }[];
  errors: { resource: string; message: string }[];
}

export function nodeEvacuationDocument(n: NodeEvacuation, errors: readonly GatherError[]): NodeEvacuationDoc {
  return {
    apiVersion: API_VERSION,
    kind: 'NodeEvacuationDiagnosis',
    node: {
      name: n.nodeName,
      ready: n.node ? n.node.ready : null,
      unschedulable: n.node ? n.node.unschedulable : null,
      taints: (n.node?.taints ?? []).map((t) => ({ key: t.key ?? '', effect: t.effect ?? '' })),
      evacuating: n.evacuating,
    },
    verdict: { status: n.verdict.status, cause: n.verdict.cause, summary: nodeVerdictSummary(n), hint: nodeVerdictHint(n) },
    summary: n.summary,
    items: n.items.map((it) => {
      const hint = itemHint(it);
      const m = it.migration;
      return {
        namespace: it.namespace,
        vmi: it.vmi,
        ...(it.vm ? { vm: it.vm } : {}),
        evictionStrategy: it.evictionStrategy,
        outcome: it.outcome,
        state: it.state,
        ...(m ? { migration: { name: m.name, uid: m.uid, phase: m.phase, origin: m.origin } } : {}),
        cause: it.cause,
        summary: itemSummary(it, n.nodeName),
        ...(hint ? { hint } : {}),
        ...(it.percent !== undefined ? { percent: it.percent } : {}),
        ...(it.etaSeconds !== undefined ? { etaSeconds: it.etaSeconds } : {}),
        ...(it.limit ? { limit: { ...it.limit } } : {}),
        ...(it.queue ? { queue: queueDocument(it.queue) } : {}),
      };
    }),
    blockers: n.blockers.map((b) => ({
      kind: b.kind,
      ...(b.namespace !== undefined ? { namespace: b.namespace } : {}),
      name: b.name,
      reason: b.reason,
      message: blockerMessage(b),
      ...(b.vmi ? { vmi: b.vmi } : {}),
      ...(b.pod ? { pod: b.pod } : {}),
    })),
    limits: { parallelOutboundMigrationsPerNode: n.limits.perNode, parallelMigrationsPerCluster: n.limits.perCluster, running: n.limits.running, outbound: n.limits.outbound },
    unknown: n.verdict.unknown.map((u) => ({ ...u })),
    errors: [...errors],
  };
}
