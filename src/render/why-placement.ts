// Prose for one per-node placement reason (docs/documents.md `placement.nodes[].reasons`), e.g.
// "missing label cpu-model-migration.node.kubevirt.io/Skylake-Client-IBRS",
// "insufficient memory: needs 17.4Gi, free 3.1Gi", "taint node-role.kubernetes.io/control-plane:NoSchedule".
import type { PlacementReason } from '../analyze/why/placement.js';
import { formatBytes, formatCpu } from '../kube/quantity.js';

/** A resource amount in the unit kubectl would print for it. */
export function formatResource(resource: string, amount: number): string {
  if (resource === 'cpu') return formatCpu(amount);
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) return formatBytes(amount);
  return String(Math.round(amount * 1000) / 1000);
}

export function placementReasonText(reason: PlacementReason): string {
  switch (reason.kind) {
    case 'source-node':
      return 'runs this VMI (source node)';
    case 'not-ready':
      return 'node is not Ready';
    case 'unschedulable':
      return 'node is cordoned (spec.unschedulable)';
    case 'missing-label':
      // Node-labeller labels are all "true": the key says everything. Other values are shown.
      return `missing label ${reason.key}${reason.value === 'true' ? '' : `=${reason.value}`}`;
    case 'affinity':
      return `does not satisfy required node affinity ${reason.expression}`;
    case 'taint':
      return `taint ${reason.key}${reason.value ? `=${reason.value}` : ''}:${reason.effect}`;
    case 'insufficient': {
      const free = formatResource(reason.resource, reason.free);
      return `insufficient ${reason.resource}: needs ${formatResource(reason.resource, reason.requested)}, free ${reason.estimated ? `at most ${free} (from the pods we can see)` : free}`;
    }
    case 'anti-affinity':
      return `already runs ${reason.pod} of this VMI (pod anti-affinity)`;
    case 'volume-affinity':
      return `cannot reach PersistentVolume ${reason.pv} (volume node affinity)`;
  }
}
