// `check-migratable -f`: judge manifests that are not applied yet. The files may carry their
// own context (PVCs, PVs, StorageClasses, Nodes…); a kind they lack comes from `--from` when
// given, else it is unknown, and the rules that need it say so instead of guessing.
import type { KubeObject, VirtualMachine, VirtualMachineInstance } from '../../kube/types.js';
import { RESOURCES, resourceForObject, type ResourceId } from '../../kube/resources.js';
import { known, unknownList, type Known } from '../../kube/known.js';
import { clusterFacts } from '../../analyze/migratability/cluster-facts.js';
import type { GatheredForCheck } from './gather.js';

export function gatherFromObjects(
  objects: KubeObject[],
  defaultNamespace: string,
  context: GatheredForCheck | undefined,
): GatheredForCheck {
  const byResource = new Map<ResourceId, KubeObject[]>();
  for (const o of objects) {
    const r = resourceForObject(o.apiVersion, o.kind);
    if (!r) continue;
    // Manifests often omit the namespace: it is the one `kubectl apply -n` would use.
    const obj = r.namespaced && !o.metadata.namespace ? { ...o, metadata: { ...o.metadata, namespace: defaultNamespace } } : o;
    byResource.set(r.id, [...(byResource.get(r.id) ?? []), obj]);
  }
  function pick<T>(id: ResourceId, fromContext: Known<T> | undefined): Known<T> {
    const own = (byResource.get(id) ?? []) as T[];
    if (fromContext?.ok) return known([...own, ...fromContext.items]);
    if (own.length > 0) return known(own);
    return fromContext ?? unknownList(`no ${RESOURCES[id].kind} in the -f files`);
  }
  const c = context?.facts;
  const facts = clusterFacts({
    nodes: pick('node', c?.nodes),
    pvcs: pick('pvc', c?.pvcs),
    pvs: pick('pv', c?.pvs),
    storageClasses: pick('storageclass', c?.storageClasses),
    dataVolumes: pick('datavolume', c?.dataVolumes),
    storageProfiles: pick('storageprofile', c?.storageProfiles),
    kubevirt: pick('kubevirt', c?.kubevirt),
  });
  return {
    vms: (byResource.get('vm') ?? []) as VirtualMachine[],
    vmis: (byResource.get('vmi') ?? []) as VirtualMachineInstance[],
    facts,
    errors: context?.errors ?? [],
  };
}
