// The API resources the plugin reads or writes, keyed by a short id. One table serves the live
// source (REST paths), the snapshot source (kind/group matching) and the fake API server.

export interface ResourceType {
  id: ResourceId;
  group: string; // '' for core
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export type ResourceId =
  | 'vmi'
  | 'vm'
  | 'vmim'
  | 'kubevirt'
  | 'migrationpolicy'
  | 'datavolume'
  | 'storageprofile'
  | 'pod'
  | 'node'
  | 'pvc'
  | 'pv'
  | 'storageclass'
  | 'namespace'
  | 'resourcequota'
  | 'event'
  | 'nad'
  | 'pdb';

const table: ResourceType[] = [
  { id: 'vmi', group: 'kubevirt.io', version: 'v1', kind: 'VirtualMachineInstance', plural: 'virtualmachineinstances', namespaced: true },
  { id: 'vm', group: 'kubevirt.io', version: 'v1', kind: 'VirtualMachine', plural: 'virtualmachines', namespaced: true },
  { id: 'vmim', group: 'kubevirt.io', version: 'v1', kind: 'VirtualMachineInstanceMigration', plural: 'virtualmachineinstancemigrations', namespaced: true },
  { id: 'kubevirt', group: 'kubevirt.io', version: 'v1', kind: 'KubeVirt', plural: 'kubevirts', namespaced: true },
  { id: 'migrationpolicy', group: 'migrations.kubevirt.io', version: 'v1alpha1', kind: 'MigrationPolicy', plural: 'migrationpolicies', namespaced: false },
  { id: 'datavolume', group: 'cdi.kubevirt.io', version: 'v1beta1', kind: 'DataVolume', plural: 'datavolumes', namespaced: true },
  { id: 'storageprofile', group: 'cdi.kubevirt.io', version: 'v1beta1', kind: 'StorageProfile', plural: 'storageprofiles', namespaced: false },
  { id: 'pod', group: '', version: 'v1', kind: 'Pod', plural: 'pods', namespaced: true },
  { id: 'node', group: '', version: 'v1', kind: 'Node', plural: 'nodes', namespaced: false },
  { id: 'pvc', group: '', version: 'v1', kind: 'PersistentVolumeClaim', plural: 'persistentvolumeclaims', namespaced: true },
  { id: 'pv', group: '', version: 'v1', kind: 'PersistentVolume', plural: 'persistentvolumes', namespaced: false },
  { id: 'storageclass', group: 'storage.k8s.io', version: 'v1', kind: 'StorageClass', plural: 'storageclasses', namespaced: false },
  { id: 'namespace', group: '', version: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { id: 'resourcequota', group: '', version: 'v1', kind: 'ResourceQuota', plural: 'resourcequotas', namespaced: true },
  { id: 'event', group: '', version: 'v1', kind: 'Event', plural: 'events', namespaced: true },
  { id: 'nad', group: 'k8s.cni.cncf.io', version: 'v1', kind: 'NetworkAttachmentDefinition', plural: 'network-attachment-definitions', namespaced: true },
  { id: 'pdb', group: 'policy', version: 'v1', kind: 'PodDisruptionBudget', plural: 'poddisruptionbudgets', namespaced: true },
];

export const RESOURCES: Readonly<Record<ResourceId, ResourceType>> = Object.fromEntries(
  table.map((r) => [r.id, r]),
) as Record<ResourceId, ResourceType>;

export const ALL_RESOURCES: readonly ResourceType[] = table;

/** `group/version`, or `version` for the core group: the apiVersion field of an object. */
export function apiVersionOf(r: ResourceType): string {
  return r.group ? `${r.group}/${r.version}` : r.version;
}

/** kubectl's name for a resource in messages: `virtualmachineinstances.kubevirt.io`, `pods`. */
export function qualifiedName(r: ResourceType): string {
  return r.group ? `${r.plural}.${r.group}` : r.plural;
}

/** The resource an object belongs to, by kind and API group (version-agnostic). */
export function resourceForObject(apiVersion: string | undefined, kind: string | undefined): ResourceType | undefined {
  if (!kind) return undefined;
  const group = apiVersion && apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  return table.find((r) => r.kind === kind && (apiVersion === undefined || r.group === group || (r.kind === 'Event' && group === 'events.k8s.io')));
}
