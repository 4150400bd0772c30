// `why --node NODE` (docs/documents.md): every VMI of the node and every VMI that left it in this
// evacuation, what holds the drain back, the node's verdict and the ETA of the whole evacuation.
// Each VMI still on the node is diagnosed by `why` itself. Pure.
import type { Node, Taint, VirtualMachineInstance } from '../../kube/types.js';
import { vmNameOf } from '../../kube/owners.js';
import { LABEL_NODE_NAME } from '../../kubevirt/constants.js';
import { versionOfKubeVirtCR, type KubeVirtVersion } from '../../kubevirt/version.js';
import { deriveContext } from '../why/derive.js';
import { diagnose, type Diagnosis } from '../why/diagnose.js';
import { migrationsOfVmi } from '../migration/history.js';
import { isFinal } from '../migration/phase.js';
import { holdsSlot, withQueues } from './queue.js';
import { stateOf } from '../migration/state.js';
import { effectiveMigrationConfig } from '../policy/effective-config.js';
import { isNodeReady } from '../scheduling/readiness.js';
import { listOf } from '../shape.js';
import type { NodeEvacuationInputs } from './inputs.js';
import { namespaceIndex, whyInputsFor } from './vmi-inputs.js';
import { isEvacuating, isEvacuationOf, nodeMarkers, type NodeMarkers } from './marking.js';
import { refusingPdbs } from './pdbs.js';
import { itemOnNode, migratedItem, type EvacuationItem, type ItemState, type SlotLimit } from './item.js';
import { findBlockers, type Blocker } from './blockers.js';
import { evacuationEta, slotSeconds } from './eta.js';
import { nodeVerdict, type NodeVerdict, type UnknownPart } from './verdict.js';

export interface NodeEvacuation {
  now: Date;
  nodeName: string;
  /** undefined when the node could not be read. */
  node?: { ready: boolean; unschedulable: boolean; taints: Pick<Taint, 'key' | 'effect'>[] };
  markers: NodeMarkers;
  evacuating: boolean;
  version?: KubeVirtVersion;
  items: EvacuationItem[];
  blockers: Blocker[];
  summary: Record<Exclude<ItemState, 'idle'>, number> & { vmis: number; idle: number; etaSeconds?: number };
  verdict: NodeVerdict;
  /** The parallel limits the ETA and the queue are counted against. */
  limits: { perNode: number; perCluster: number; running: number; outbound: number };
}

/** On the node: `status.nodeName`, else the `kubevirt.io/nodeName` label (what the list selected on). */
export function isOnNode(vmi: VirtualMachineInstance, node: string): boolean {
  return (vmi.status?.nodeName ?? vmi.metadata.labels?.[LABEL_NODE_NAME]) === node;
}

export function diagnoseNode(inputs: NodeEvacuationInputs): NodeEvacuation {
  const { nodeName } = inputs;
  const node: Node | undefined = inputs.node.ok ? inputs.node.items[0] : undefined;
  const vmis = inputs.vmis.ok ? inputs.vmis.items : [];
  const migrations = inputs.migrations.ok ? inputs.migrations.items : [];
  const kubevirtCR = inputs.kubevirt.ok ? inputs.kubevirt.items[0] : undefined;
  const version = versionOfKubeVirtCR(kubevirtCR);
  const markers = nodeMarkers(nodeName, node, vmis, migrations, kubevirtCR);
  const evacuating = isEvacuating(markers);

  const onNode = vmis.filter((v) => isOnNode(v, nodeName));
  const index = namespaceIndex(inputs);
  const diagnoses: Diagnosis[] = onNode.map((vmi) => diagnose(deriveContext(whyInputsFor(inputs, index, vmi))));
  const left = vmis.flatMap((vmi) => {
    if (isOnNode(vmi, nodeName)) return [];
    const latest = migrationsOfVmi(index.objects, migrations, vmi.metadata.namespace ?? '', vmi.metadata.name ?? '')[0];
    const moved = latest?.status?.phase === 'Succeeded' && isEvacuationOf(latest, nodeName) && (stateOf(latest, vmi)?.sourceNode ?? nodeName) === nodeName;
    return moved ? [{ vmi, m: latest }] : [];
  });

  const cfg = effectiveMigrationConfig({ version, cluster: kubevirtCR?.spec?.configuration?.migrations }).config;
  const perNode = cfg.parallelOutboundMigrationsPerNode ?? 0;
  const perCluster = cfg.parallelMigrationsPerCluster ?? 0;
  const clusterHolders = migrations.filter(holdsSlot);
  const nodeHolders = diagnoses.flatMap((d) => (holdsSlot(d.ctx.migration) ? [d.ctx.migration] : []));
  const running = clusterHolders.length;
  const outbound = nodeHolders.length;
  const full: SlotLimit | undefined = running >= perCluster ? { scope: 'cluster', running, limit: perCluster } : outbound >= perNode ? { scope: 'node', running: outbound, limit: perNode } : undefined;

  const podsOnNode = inputs.podsOnNode.ok ? inputs.podsOnNode.items : [];
  const refusing = refusingPdbs(podsOnNode, inputs.pdbs.ok ? inputs.pdbs.items : []);
  const ctx = { nodeName, evacuating, kubevirt: kubevirtCR, refusing, slots: full ? { full } : {} };
  const items = withQueues(
    [...left.map(({ vmi, m }) => migratedItem(vmi, m, kubevirtCR, vmNameOf(vmi))), ...diagnoses.map((d) => itemOnNode(d, ctx))].sort(
      (a, b) => a.namespace.localeCompare(b.namespace) || a.vmi.localeCompare(b.vmi),
    ),
    { cluster: clusterHolders, node: nodeHolders },
  );

  const inFlight = items.some((i) => i.migration !== undefined && !isFinal(i.migration.phase) && i.state !== 'migrated');
  const active = evacuating || inFlight;
  const blockers = findBlockers({ items, podsOnNode, refusing, version, evacuating: active });
  const verdict = nodeVerdict(items, blockers, active, unknownParts(inputs));
  const finished = left.flatMap(({ m }) => {
    const s = slotSeconds(m);
    return s === undefined ? [] : [s];
  });
  const eta = active ? evacuationEta(items, Math.max(1, Math.min(perNode, perCluster)), finished) : undefined;

  return {
    now: inputs.now,
    nodeName,
    ...(node
      ? { node: { ready: isNodeReady(node), unschedulable: node.spec?.unschedulable === true, taints: listOf(node.spec?.taints).map((t) => ({ key: t.key, effect: t.effect })) } }
      : {}),
    markers,
    evacuating,
    ...(version ? { version } : {}),
    items,
    blockers,
    summary: { ...countStates(items), ...(eta !== undefined && verdict.status !== 'succeeded' ? { etaSeconds: eta } : {}) },
    verdict,
    limits: { perNode, perCluster, running, outbound },
  };
}

function countStates(items: readonly EvacuationItem[]): NodeEvacuation['summary'] {
  const n = (s: ItemState) => items.filter((i) => i.state === s).length;
  return {
    vmis: items.length,
    migrated: n('migrated'),
    migrating: n('migrating'),
    waiting: n('waiting'),
    blocked: n('blocked'),
    shutdown: n('shutdown'),
    external: n('external'),
    idle: n('idle'),
  };
}

function unknownParts(inputs: NodeEvacuationInputs): UnknownPart[] {
  const parts: [UnknownPart['part'], { ok: boolean; reason?: string }][] = [
    ['node', inputs.node],
    ['vmis', inputs.vmis],
    ['migrations', inputs.migrations],
    ['pods', inputs.podsOnNode],
    ['disruption-budgets', inputs.pdbs],
    ['kubevirt', inputs.kubevirt],
  ];
  return parts.flatMap(([part, k]) => (k.ok ? [] : [{ part, reason: k.reason ?? '' }]));
}
