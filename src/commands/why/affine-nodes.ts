// storage-visibility asks whether any node besides the source can reach each PersistentVolume
// that `spec.nodeAffinity.required` pins (a zone, a host). On a large cluster that is a question
// for the API server, not a reason to read every node: each term of the affinity becomes a label
// (and field) selector and at most AFFINITY_PROBE_LIMIT nodes are asked for. Every node is read
// only when no other node answers (the volume really is local to the source: the finding then
// names every node it excludes), or when a term has no selector form (Gt, Lt, matchFields other
// than one name).
import { listKnown, mergeKnown } from '../../collect/gather.js';
import type { ClusterSource } from '../../collect/source.js';
import { known, type GatherError, type Known } from '../../kube/known.js';
import { listOf } from '../../analyze/shape.js';
import { matchesRequiredNodeAffinity } from '../../analyze/scheduling/node-affinity.js';
import type { Node, NodeSelectorRequirement, NodeSelectorTerm, PersistentVolume } from '../../kube/types.js';
import { isLabelValue } from '../../kube/labels.js';

/** Nodes asked for per affinity term: two, so that one besides the source always fits. */
export const AFFINITY_PROBE_LIMIT = 2;
/** More terms than this (over all pinned PVs) and one list of every node is cheaper. */
export const MAX_AFFINITY_PROBES = 3;

export interface AffineNodes {
  /** Nodes found by the probes, besides the source (to join the nodes `why` read by name). */
  nodes: Known<Node>;
  /** Set when every node must be read, saying why. */
  everyNode?: string;
}

/** The PVs pinned by a required node affinity. */
export function affinePvs(pvs: Known<PersistentVolume>): PersistentVolume[] {
  return pvs.ok ? pvs.items.filter((pv) => pv.spec?.nodeAffinity?.required) : [];
}

export async function probeAffineNodes(
  source: ClusterSource,
  pvs: readonly PersistentVolume[],
  sourceNode: string | undefined,
  errors: GatherError[],
): Promise<AffineNodes> {
  const probes: { pv: PersistentVolume; selectors: Selectors[] }[] = [];
  for (const pv of pvs) {
    // An empty term matches no node: it adds nothing to ask.
    const terms = listOf(pv.spec?.nodeAffinity?.required?.nodeSelectorTerms).filter((t) => listOf(t.matchExpressions).length + listOf(t.matchFields).length > 0);
    const selectors = terms.map(termSelectors);
    if (selectors.some((s) => s === undefined)) return { nodes: known([]), everyNode: `the node affinity of PersistentVolume ${pv.metadata.name ?? ''} has no selector form` };
    probes.push({ pv, selectors: selectors as Selectors[] });
  }
  if (probes.reduce((n, p) => n + p.selectors.length, 0) > MAX_AFFINITY_PROBES) {
    return { nodes: known([]), everyNode: 'the PersistentVolumes have more node affinity terms than probes are worth' };
  }
  const answers = await Promise.all(
    probes.map(async ({ pv, selectors }) => {
      const lists = await Promise.all(selectors.map((s) => listKnown<Node>(source, 'node', { ...s, limit: AFFINITY_PROBE_LIMIT }, errors)));
      const found = mergeKnown(...lists);
      // The analysis' own matcher decides, as it will on these nodes.
      const elsewhere = found.ok ? found.items.filter((n) => n.metadata.name !== sourceNode && matchesRequiredNodeAffinity(n, pv.spec?.nodeAffinity?.required)) : [];
      return { pv, found, elsewhere };
    }),
  );
  const failed = answers.find((a) => !a.found.ok);
  if (failed) return { nodes: failed.found };
  const local = answers.find((a) => a.elsewhere.length === 0);
  if (local) return { nodes: known([]), everyNode: `no node besides the source matches the node affinity of PersistentVolume ${local.pv.metadata.name ?? ''}` };
  return { nodes: mergeKnown(...answers.map((a) => known(a.elsewhere))) };
}

interface Selectors {
  labelSelector?: string;
  fieldSelector?: string;
}

/** A node selector term as list selectors (ANDed requirements); undefined when it has no such form. */
export function termSelectors(term: NodeSelectorTerm): Selectors | undefined {
  const labels: string[] = [];
  for (const r of listOf(term.matchExpressions)) {
    const s = labelRequirement(r);
    if (s === undefined) return undefined;
    labels.push(s);
  }
  const fields: string[] = [];
  for (const r of listOf(term.matchFields)) {
    const values = listOf(r.values);
    // Only metadata.name is a node field selector, and it takes one value.
    if (r.key !== 'metadata.name' || values.length !== 1 || !isLabelValue(values[0] ?? '') || (r.operator !== 'In' && r.operator !== 'NotIn')) return undefined;
    fields.push(`metadata.name${r.operator === 'In' ? '=' : '!='}${values[0]}`);
  }
  return {
    ...(labels.length > 0 ? { labelSelector: labels.join(',') } : {}),
    ...(fields.length > 0 ? { fieldSelector: fields.join(',') } : {}),
  };
}

function labelRequirement(r: NodeSelectorRequirement): string | undefined {
  const values = listOf(r.values);
  if (!values.every((v) => typeof v === 'string' && isLabelValue(v))) return undefined;
  switch (r.operator) {
    case 'In':
      return values.length > 0 ? `${r.key} in (${values.join(',')})` : undefined;
    case 'NotIn':
      return values.length > 0 ? `${r.key} notin (${values.join(',')})` : undefined;
    case 'Exists':
      return r.key;
    case 'DoesNotExist':
      return `!${r.key}`;
    default:
      return undefined;
  }
}
