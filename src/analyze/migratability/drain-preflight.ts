// The drain preview's promise (docs/documents.md `--node`): a VMI whose drain outcome is `migrate` is
// promised a migration only where `start`'s pre-flight for it passes on the same objects (no
// migration in flight, a free slot, quota room for a second launcher pod, a node that fits the
// target pod); otherwise it will `wait`, with the pre-flight's cause. One implementation: the
// pre-flight of ../start/preflight.ts, run on a planned migration of each VMI.
// Also what the node already is: cordoned, being drained, the migrations leaving it.
import type { Known } from '../../kube/known.js';
import { known, unknownList } from '../../kube/known.js';
import type { Node, Pod, ResourceQuota, VirtualMachineInstance, VirtualMachineInstanceMigration } from '../../kube/types.js';
import { DEFAULT_NODE_DRAIN_TAINT_KEY } from '../../kubevirt/constants.js';
import { DRAIN_TAINT_EFFECT } from '../../kubevirt/evacuation-facts.js';
import { decidePreflight, preflightContext, type PreflightCheckId, type Refusal, type StartCause } from '../start/preflight.js';
import type { DrainPrediction } from './drain.js';
import { isFinal } from '../migration/phase.js';
import type { MigratabilityEvaluation } from './evaluate.js';
import type { ClusterFacts, Subject } from './rule.js';

/** What the pre-flight reads beyond check-migratable's facts; gathered only with `--node`. */
export interface DrainInputs {
  now: Date;
  /** Every VMIM in the cluster (conflicts and slots). */
  migrations: Known<VirtualMachineInstanceMigration>;
  /** The launcher pods on the node and every migration target pod (slots per source node). */
  pods: Known<Pod>;
  quotas: Known<ResourceQuota>;
}

/** A drain prediction; with `wait`, the pre-flight's cause and the gate that gave it. */
export type DrainPreview = DrainPrediction & { wait?: { cause: StartCause; check: PreflightCheckId | 'migratability' } };

/** The first pre-flight gate that holds the VMI back (`--force` is never assumed), or undefined. */
export function drainRefusal(subject: Subject, evaluation: MigratabilityEvaluation, facts: ClusterFacts, d: DrainInputs): Refusal | undefined {
  const vmi = subject.vmi;
  if (!vmi) return undefined;
  const ctx = preflightContext(
    {
      now: d.now,
      namespace: subject.namespace,
      requested: { name: subject.name, resolvedAs: 'VirtualMachineInstance' },
      vmi,
      ...(subject.vm ? { vm: subject.vm } : {}),
      migrations: d.migrations,
      pods: d.pods,
      // The planned migration has no events yet: the checks read only events since it was created.
      events: known([]),
      nodes: facts.nodes,
      quotas: d.quotas,
      pvcs: facts.pvcs,
      pvs: facts.pvs,
      kubevirt: facts.kubevirt,
      policies: unknownList('not read by check-migratable'),
      namespaceObject: unknownList('not read by check-migratable'),
      sourceLog: { ok: false, reason: 'not read by check-migratable' },
      // The analysis's index: every VMI of the node looks up the same VMIMs, pods and nodes.
      index: facts.index,
    },
    {},
  );
  return decidePreflight({ ctx, facts, addedNodeSelector: {}, force: false, evaluation }).refused;
}

export interface DrainNodeState {
  /** `spec.unschedulable` (kubectl cordon / drain). */
  cordoned: boolean;
  /**
   * KubeVirt is evacuating it: a VMI on it carries `status.evacuationNodeName` = the node (an
   * eviction was requested), or the node has the KubeVirt CR's drain taint.
   */
  draining: boolean;
  /** The migrations not finished whose VMI runs on the node, oldest first. */
  inFlight: { namespace: string; name: string; vmi: string; phase: string }[];
}

export function drainNodeState(nodeName: string, nodes: Known<Node>, vmisOnNode: readonly VirtualMachineInstance[], facts: ClusterFacts, migrations: Known<VirtualMachineInstanceMigration>): DrainNodeState {
  const node = nodes.ok ? nodes.items.find((n) => n.metadata.name === nodeName) : undefined;
  const kubevirt = facts.kubevirt.ok ? facts.kubevirt.items[0] : undefined;
  const taintKey = kubevirt?.spec?.configuration?.migrations?.nodeDrainTaintKey ?? DEFAULT_NODE_DRAIN_TAINT_KEY;
  const tainted = (node?.spec?.taints ?? []).some((t) => t.key === taintKey && t.effect === DRAIN_TAINT_EFFECT);
  const evacuating = vmisOnNode.some((v) => v.status?.evacuationNodeName === nodeName);
  const onNode = new Set(vmisOnNode.map((v) => `${v.metadata.namespace ?? ''}/${v.metadata.name ?? ''}`));
  const inFlight = (migrations.ok ? migrations.items : [])
    .filter((m) => !isFinal(m.status?.phase))
    .filter((m) => m.status?.migrationState?.sourceNode === nodeName || onNode.has(`${m.metadata.namespace ?? ''}/${m.spec?.vmiName ?? ''}`))
    .sort((a, b) => (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? ''))
    .map((m) => ({ namespace: m.metadata.namespace ?? '', name: m.metadata.name ?? '', vmi: m.spec?.vmiName ?? '', phase: m.status?.phase ?? '' }));
  return { cordoned: node?.spec?.unschedulable === true, draining: tainted || evacuating, inFlight };
}
