// Everything `why --node NODE` reads, in a budget that grows with the cluster and the node only
// by the pages of its lists (the log tails are capped). Lists come in pages of the source's 500
// (kubectl's --chunk-size): a list of n objects costs max(1, ⌈n/500⌉) requests, and a page of 500
// large VMIs or pods stays far under the 64 MiB page cap, where one of 10,000 would not:
//   round 1 (12 lists, concurrent; P = the sum of their pages): nodes; VMIs (-A), kept as the
//     pages arrive when they are on the node or left it (KubeVirt's VMIs have no field selector
//     but metadata.*, and a label selector on kubevirt.io/nodeName would miss the VMIs that moved
//     away); VMIMs (-A); the pods on the node (fieldSelector spec.nodeName); target pods (-A,
//     kubevirt.io/migrationJobUID); PDBs (-A); events (-A); quotas (-A); PVCs (-A); PVs; the
//     KubeVirt CR; MigrationPolicies;
//   round 2 (≤2, concurrent): GET the node — only when the node list failed —, and the namespaces
//     — only when a MigrationPolicy selects namespaces or post-copy is allowed (its pages);
//   round 3 (≤NODE_LOG_TAILS, NODE_LOG_CONCURRENCY at a time): the source launcher's log tail of
//     each VMI whose migration copies, then of those whose last migration failed;
//   round 4 (≤1): virt-handler's /metrics on the node — only when a copying migration had no log
//     line (every migration leaving the node is on that one virt-handler).
// Worst case P + 2 + 16 + 1 requests: 31 where every list fits one page (P = 12).
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { isFatal, listKnown, missingReason } from '../../collect/gather.js';
import { readHandlerMetrics } from '../../collect/handler-metrics.js';
import { mapLimit } from '../../collect/snapshot/map-limit.js';
import { known, unknownList, type GatherError, type Known } from '../../kube/known.js';
import type {
  KubeEvent,
  KubeObject,
  KubeVirt,
  MigrationPolicy,
  Namespace,
  Node,
  PersistentVolume,
  PersistentVolumeClaim,
  Pod,
  PodDisruptionBudget,
  ResourceQuota,
  VirtualMachineInstance,
  VirtualMachineInstanceMigration,
} from '../../kube/types.js';
import { LABEL_MIGRATION_JOB_UID, LABEL_NODE_NAME } from '../../kubevirt/constants.js';
import type { LogTail } from '../../analyze/why/context.js';
import { deriveContext } from '../../analyze/why/derive.js';
import { copyState, logProgressSamples } from '../../analyze/why/progress.js';
import { policiesUseNamespaceLabels } from '../../analyze/policy/match-policy.js';
import { isFinal } from '../../analyze/migration/phase.js';
import { objectKey, type NodeEvacuationInputs } from '../../analyze/evacuation/inputs.js';
import { namespaceIndex, whyInputsFor } from '../../analyze/evacuation/vmi-inputs.js';
import { isOnNode } from '../../analyze/evacuation/diagnose-node.js';
import { readLogTail } from './gather.js';

/** Launcher log tails read per `why --node`, at most, and how many at a time. */
export const NODE_LOG_TAILS = 16;
export const NODE_LOG_CONCURRENCY = 4;

export interface NodeGathered {
  inputs: NodeEvacuationInputs;
  errors: GatherError[];
}

/** A VMI that is on the node, left it, or is marked to leave it. */
function concernsNode(vmi: VirtualMachineInstance, node: string): boolean {
  return isOnNode(vmi, node) || vmi.metadata.labels?.[LABEL_NODE_NAME] === node || vmi.status?.migrationState?.sourceNode === node || vmi.status?.evacuationNodeName === node;
}

export async function gatherForNode(source: ClusterSource, nodeName: string): Promise<NodeGathered> {
  const errors: GatherError[] = [];
  const keepVmi = (o: KubeObject) => (concernsNode(o as VirtualMachineInstance, nodeName) ? o : undefined);
  // Round 1.
  const [nodes, vmis, migrations, podsOnNode, targetPods, pdbs, events, quotas, pvcs, pvs, kubevirt, policies] = await Promise.all([
    listKnown<Node>(source, 'node', {}, errors),
    listKnown<VirtualMachineInstance>(source, 'vmi', { select: keepVmi }, errors),
    listKnown<VirtualMachineInstanceMigration>(source, 'vmim', {}, errors),
    listKnown<Pod>(source, 'pod', { fieldSelector: `spec.nodeName=${nodeName}` }, errors),
    listKnown<Pod>(source, 'pod', { labelSelector: LABEL_MIGRATION_JOB_UID }, errors),
    listKnown<PodDisruptionBudget>(source, 'pdb', {}, errors),
    listKnown<KubeEvent>(source, 'event', {}, errors),
    listKnown<ResourceQuota>(source, 'resourcequota', {}, errors),
    listKnown<PersistentVolumeClaim>(source, 'pvc', {}, errors),
    listKnown<PersistentVolume>(source, 'pv', {}, errors),
    listKnown<KubeVirt>(source, 'kubevirt', {}, errors),
    listKnown<MigrationPolicy>(source, 'migrationpolicy', {}, errors),
  ]);

  // Round 2: the node itself when the list failed (a 404 ends the command), and the namespaces.
  const [node, namespaces] = await Promise.all([
    nodes.ok ? Promise.resolve(nodeFromList(nodes, nodeName)) : getNode(source, nodeName, nodes.reason, errors),
    needsNamespaces(policies, kubevirt) ? listKnown<Namespace>(source, 'namespace', {}, errors) : Promise.resolve(unknownList<Namespace>('not read: no MigrationPolicy selects namespaces and post-copy is not allowed')),
  ]);

  const inputs: NodeEvacuationInputs = {
    now: source.now(),
    nodeName,
    node,
    nodes,
    vmis: vmis.ok ? known(vmis.items.filter((v) => concernsNode(v, nodeName))) : vmis,
    migrations,
    podsOnNode,
    targetPods,
    pdbs,
    events,
    quotas,
    pvcs,
    pvs,
    kubevirt,
    policies,
    namespaces,
    logs: new Map(),
  };

  // Round 3: the log tails, copying migrations first.
  const index = namespaceIndex(inputs);
  const contexts = (inputs.vmis.ok ? inputs.vmis.items : []).filter((v) => isOnNode(v, nodeName)).map((v) => deriveContext(whyInputsFor(inputs, index, v)));
  const copying = contexts.filter((c) => c.migration && copyState(c, c.migration).copying);
  const failed = contexts.filter((c) => c.migration && isFinal(c.migration.status?.phase) && c.migration.status?.phase === 'Failed');
  const wanted = [...copying, ...failed].filter((c) => c.sourcePod).slice(0, NODE_LOG_TAILS);
  const tails = await mapLimit(wanted, NODE_LOG_CONCURRENCY, (c) => readLogTail(source, c.namespace, c.sourcePod?.metadata.name, errors));
  const logs = new Map<string, LogTail>();
  wanted.forEach((c, i) => logs.set(objectKey(c.namespace, c.vmi?.metadata.name), tails[i]!));
  inputs.logs = logs;

  // Round 4: virt-handler's metrics, once, when a copying migration had no progress line.
  const withLogs = copying.map((c) => deriveContext(whyInputsFor(inputs, index, c.vmi!)));
  if (withLogs.some((c) => logProgressSamples(c).length === 0)) {
    const kvNamespace = kubevirt.ok ? kubevirt.items[0]?.metadata.namespace : undefined;
    inputs.handlerMetrics = await readHandlerMetrics(source, podsOnNode, nodeName, kvNamespace, errors);
  }
  return { inputs, errors };
}

function nodeFromList(nodes: Known<Node> & { ok: true }, name: string): Known<Node> {
  const node = nodes.items.find((n) => n.metadata.name === name);
  if (!node) throw notFound(name);
  return known([node]);
}

function notFound(name: string): SourceError {
  return new SourceError('NotFound', `Error from server (NotFound): nodes "${name}" not found`, 'nodes', 404);
}

async function getNode(source: ClusterSource, name: string, listReason: string, errors: GatherError[]): Promise<Known<Node>> {
  if (source.has && !source.has('node')) return unknownList(listReason);
  try {
    const node = await source.get<Node>('node', undefined, name);
    if (!node) throw notFound(name);
    return known([node]);
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError) || err.kindOf === 'NotFound') throw err;
    errors.push({ resource: 'nodes', message: err.message });
    return unknownList(missingReason('nodes', err));
  }
}

/** The namespaces' labels matter for policy matching (namespaceSelector) and post-copy (Pod Security). */
function needsNamespaces(policies: Known<MigrationPolicy>, kubevirt: Known<KubeVirt>): boolean {
  if (policies.ok && (policiesUseNamespaceLabels(policies.items) || policies.items.some((p) => p.spec?.allowPostCopy === true))) return true;
  return kubevirt.ok && kubevirt.items.some((k) => k.spec?.configuration?.migrations?.allowPostCopy === true);
}
