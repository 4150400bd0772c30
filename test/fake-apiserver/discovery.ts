// Legacy (unaggregated) discovery documents: /version, /api, /api/v1, /apis, /apis/G, /apis/G/V.
// kubectl asks for aggregated discovery first but falls back to these when the response
// Content-Type is plain application/json, so we never implement apidiscovery.k8s.io/v2.

import type { ResourceId, ResourceType } from '../../src/kube/resources.js';
import { resourcesIn, servedGroupVersions } from './paths.js';

const SHORT_NAMES: Partial<Record<ResourceId, string[]>> = {
  vmi: ['vmi', 'vmis'],
  vm: ['vm', 'vms'],
  vmim: ['vmim', 'vmims'],
  kubevirt: ['kv', 'kvs'],
  datavolume: ['dv', 'dvs'],
  pod: ['po'],
  node: ['no'],
  pvc: ['pvc'],
  pv: ['pv'],
  storageclass: ['sc'],
  namespace: ['ns'],
  resourcequota: ['quota'],
  event: ['ev'],
  nad: ['net-attach-def'],
};

const SINGULAR: Partial<Record<ResourceId, string>> = { nad: 'network-attachment-definition' };

// Resources that are part of `kubectl get all` (category "all"), as on a real KubeVirt cluster.
const CATEGORY_ALL: ReadonlySet<ResourceId> = new Set<ResourceId>(['vmi', 'vm', 'vmim', 'datavolume', 'pod']);

const WITHOUT_STATUS: ReadonlySet<ResourceId> = new Set<ResourceId>(['event', 'storageclass', 'nad', 'migrationpolicy']);

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function apiResource(r: ResourceType): Record<string, unknown> {
  const res: Record<string, unknown> = {
    name: r.plural,
    singularName: SINGULAR[r.id] ?? r.kind.toLowerCase(),
    namespaced: r.namespaced,
    kind: r.kind,
    verbs: ALL_VERBS,
  };
  const short = SHORT_NAMES[r.id];
  if (short) res.shortNames = short;
  if (CATEGORY_ALL.has(r.id)) res.categories = ['all'];
  return res;
}

function subresource(r: ResourceType, sub: string, verbs: string[]): Record<string, unknown> {
  return { name: `${r.plural}/${sub}`, singularName: '', namespaced: r.namespaced, kind: r.kind, verbs };
}

export function apiResourceList(group: string, version: string): Record<string, unknown> | undefined {
  const rs = resourcesIn(group, version);
  if (rs.length === 0) return undefined;
  const resources: Record<string, unknown>[] = [];
  for (const r of rs) {
    resources.push(apiResource(r));
    if (!WITHOUT_STATUS.has(r.id)) resources.push(subresource(r, 'status', ['get', 'patch', 'update']));
    if (r.id === 'pod') {
      resources.push(subresource(r, 'log', ['get']));
      resources.push(subresource(r, 'proxy', ['create', 'delete', 'get', 'patch', 'update']));
    }
  }
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources,
  };
}

export function apiVersions(serverAddress: string): Record<string, unknown> {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function apiGroup(group: string): Record<string, unknown> {
  const versions = servedGroupVersions()
    .filter((gv) => gv.group === group)
    .map((gv) => ({ groupVersion: `${group}/${gv.version}`, version: gv.version }));
  return { name: group, versions, preferredVersion: versions[0] };
}

export function apiGroupList(): Record<string, unknown> {
  const groups = [...new Set(servedGroupVersions().map((gv) => gv.group))].filter((g) => g !== '');
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: groups.map(apiGroup) };
}

export function apiGroupDocument(group: string): Record<string, unknown> | undefined {
  if (!servedGroupVersions().some((gv) => gv.group === group && group !== '')) return undefined;
  return { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(group) };
}

export function versionInfo(gitVersion: string): Record<string, string> {
  const m = /^v(\d+)\.(\d+)/.exec(gitVersion);
  return {
    major: m?.[1] ?? '1',
    minor: m?.[2] ?? '32',
    gitVersion,
    gitCommit: '0000000000000000000000000000000000000000',
    gitTreeState: 'clean',
    buildDate: '2025-04-22T15:56:22Z',
    goVersion: 'go1.23.6',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
