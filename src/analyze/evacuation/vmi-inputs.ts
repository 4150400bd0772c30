// One VMI's `why` inputs cut from the node-wide lists, so that `why --node` names each VMI's cause
// with `why`'s own checks (analyze/why/diagnose.ts) instead of a second copy of them. Namespaced
// lists are cut to the VMI's namespace: why's lookups match events and pods by name only. Pure.
import { known, unknownList, type Known } from '../../kube/known.js';
import type { KubeObject, Pod, VirtualMachineInstance } from '../../kube/types.js';
import type { LogTail, WhyInputs } from '../why/context.js';
import { ObjectIndex } from '../object-index.js';
import { objectKey, type NodeEvacuationInputs } from './inputs.js';

/** The namespaced lists by namespace, built once for every VMI of the node. */
export interface NamespaceIndex {
  pods: Known<Pod>;
  /** The one index every VMI's diagnosis shares. */
  objects: ObjectIndex;
  byNamespace<T extends KubeObject>(list: Known<T>, namespace: string): Known<T>;
}

export function namespaceIndex(inputs: NodeEvacuationInputs): NamespaceIndex {
  const cache = new Map<object, Map<string, KubeObject[]>>();
  const byNamespace = <T extends KubeObject>(list: Known<T>, namespace: string): Known<T> => {
    if (!list.ok) return list;
    let index = cache.get(list);
    if (!index) {
      index = new Map();
      for (const o of list.items) {
        const ns = o.metadata.namespace ?? '';
        const bucket = index.get(ns);
        if (bucket) bucket.push(o);
        else index.set(ns, [o]);
      }
      cache.set(list, index);
    }
    return known((index.get(namespace) ?? []) as T[]);
  };
  return { pods: mergePods(inputs.podsOnNode, inputs.targetPods), objects: new ObjectIndex(), byNamespace };
}

/** Launcher pods on the node and target pods elsewhere, once each. */
function mergePods(onNode: Known<Pod>, targets: Known<Pod>): Known<Pod> {
  if (!onNode.ok) return onNode;
  const seen = new Set(onNode.items.map((p) => p.metadata.uid ?? objectKey(p.metadata.namespace, p.metadata.name)));
  const extra = targets.ok ? targets.items.filter((p) => !seen.has(p.metadata.uid ?? objectKey(p.metadata.namespace, p.metadata.name))) : [];
  return known([...onNode.items, ...extra]);
}

export function whyInputsFor(inputs: NodeEvacuationInputs, index: NamespaceIndex, vmi: VirtualMachineInstance): WhyInputs {
  const namespace = vmi.metadata.namespace ?? '';
  const namespaceObject = inputs.namespaces.ok
    ? known(inputs.namespaces.items.filter((n) => n.metadata.name === namespace))
    : unknownList<never>(inputs.namespaces.reason);
  const log: LogTail = inputs.logs.get(objectKey(namespace, vmi.metadata.name)) || { ok: false, reason: 'the launcher log was not read' };
  const handlerMetrics = inputs.handlerMetrics;
  return {
    now: inputs.now,
    namespace,
    requested: { name: vmi.metadata.name ?? '', resolvedAs: 'VirtualMachineInstance' },
    vmi,
    migrations: inputs.migrations,
    pods: index.byNamespace(index.pods, namespace),
    events: index.byNamespace(inputs.events, namespace),
    nodes: inputs.nodes,
    quotas: index.byNamespace(inputs.quotas, namespace),
    pvcs: index.byNamespace(inputs.pvcs, namespace),
    pvs: inputs.pvs,
    kubevirt: inputs.kubevirt,
    policies: inputs.policies,
    namespaceObject,
    sourceLog: log,
    index: index.objects,
    ...(handlerMetrics ? { handlerMetrics } : {}),
  };
}
