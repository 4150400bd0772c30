// Server-side printing (meta.k8s.io/v1 Table), the format kubectl's default `get` output asks for.
// Columns follow the real printers (pkg/printers/internalversion and KubeVirt's CRD
// additionalPrinterColumns) closely enough for humans; tests should assert on -o json instead.

import type { ResourceId, ResourceType } from '../../src/kube/resources.js';
import type { AnyObject } from './types.js';

interface Column {
  name: string;
  type: 'string' | 'integer' | 'date';
  format?: string;
  priority?: number;
  cell: (o: AnyObject, now: Date) => string | number;
}

type Obj = Record<string, unknown>;

function at(o: unknown, ...path: (string | number)[]): unknown {
  let cur = o;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}
function str(v: unknown, dflt = ''): string {
  return v === undefined || v === null ? dflt : String(v);
}
function condition(o: AnyObject, type: string): string {
  const conds = at(o, 'status', 'conditions');
  if (!Array.isArray(conds)) return '';
  const c = conds.find((x: Obj) => x?.type === type) as Obj | undefined;
  return str(c?.status);
}

/** kubectl's duration.HumanDuration: 45s, 3m20s, 7h, 12d, 2y30d. */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365;
    return days === 0 ? `${Math.floor(hours / 24 / 365)}y` : `${Math.floor(hours / 24 / 365)}y${days}d`;
  }
  return `${Math.floor(hours / 24 / 365)}y`;
}

function age(ts: unknown, now: Date): string {
  if (typeof ts !== 'string' || Number.isNaN(Date.parse(ts))) return '<unknown>';
  return humanDuration(now.getTime() - Date.parse(ts));
}

const AGE: Column = { name: 'Age', type: 'date', cell: (o, now) => age(o.metadata.creationTimestamp, now) };
const NAME: Column = { name: 'Name', type: 'string', format: 'name', cell: (o) => str(o.metadata.name) };

const ACCESS_MODE: Record<string, string> = { ReadWriteOnce: 'RWO', ReadOnlyMany: 'ROX', ReadWriteMany: 'RWX', ReadWriteOncePod: 'RWOP' };
function accessModes(v: unknown): string {
  return Array.isArray(v) ? v.map((m) => ACCESS_MODE[String(m)] ?? String(m)).join(',') : '';
}

function podStatus(o: AnyObject): string {
  if (o.metadata.deletionTimestamp) return 'Terminating';
  const statuses = at(o, 'status', 'containerStatuses');
  if (Array.isArray(statuses)) {
    for (const s of statuses as Obj[]) {
      const waiting = str(at(s, 'state', 'waiting', 'reason'));
      if (waiting) return waiting;
      const terminated = str(at(s, 'state', 'terminated', 'reason'));
      if (terminated) return terminated;
    }
  }
  return str(at(o, 'status', 'reason')) || str(at(o, 'status', 'phase'));
}

function podReady(o: AnyObject): string {
  const containers = at(o, 'spec', 'containers');
  const total = Array.isArray(containers) ? containers.length : 0;
  const statuses = at(o, 'status', 'containerStatuses');
  const ready = Array.isArray(statuses) ? statuses.filter((s: Obj) => s?.ready === true).length : 0;
  return `${ready}/${total}`;
}

function podRestarts(o: AnyObject): number {
  const statuses = at(o, 'status', 'containerStatuses');
  return Array.isArray(statuses) ? statuses.reduce((n: number, s: Obj) => n + (Number(s?.restartCount) || 0), 0) : 0;
}

function nodeStatus(o: AnyObject): string {
  const ready = condition(o, 'Ready');
  const parts = [ready === 'True' ? 'Ready' : ready === '' ? 'Unknown' : 'NotReady'];
  if (at(o, 'spec', 'unschedulable') === true) parts.push('SchedulingDisabled');
  return parts.join(',');
}

function nodeRoles(o: AnyObject): string {
  const roles = Object.keys(o.metadata.labels ?? {})
    .filter((k) => k.startsWith('node-role.kubernetes.io/'))
    .map((k) => k.slice('node-role.kubernetes.io/'.length));
  return roles.length ? roles.sort().join(',') : '<none>';
}

const COLUMNS: Partial<Record<ResourceId, Column[]>> = {
  vmi: [
    NAME,
    AGE,
    { name: 'Phase', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) },
    { name: 'IP', type: 'string', cell: (o) => str(at(o, 'status', 'interfaces', 0, 'ipAddress')) },
    { name: 'NodeName', type: 'string', cell: (o) => str(at(o, 'status', 'nodeName')) },
    { name: 'Ready', type: 'string', cell: (o) => condition(o, 'Ready') },
    { name: 'Live-Migratable', type: 'string', priority: 1, cell: (o) => condition(o, 'LiveMigratable') },
  ],
  vm: [
    NAME,
    AGE,
    { name: 'Status', type: 'string', cell: (o) => str(at(o, 'status', 'printableStatus')) },
    { name: 'Ready', type: 'string', cell: (o) => condition(o, 'Ready') },
  ],
  // KubeVirt's VMIM CRD prints Phase and VMI, and no Age.
  vmim: [
    NAME,
    { name: 'Phase', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) },
    { name: 'VMI', type: 'string', cell: (o) => str(at(o, 'spec', 'vmiName')) },
  ],
  kubevirt: [NAME, AGE, { name: 'Phase', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) }],
  datavolume: [
    NAME,
    { name: 'Phase', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) },
    { name: 'Progress', type: 'string', cell: (o) => str(at(o, 'status', 'progress')) },
    { name: 'Restarts', type: 'integer', cell: (o) => Number(at(o, 'status', 'restartCount') ?? 0) },
    AGE,
  ],
  pod: [
    NAME,
    { name: 'Ready', type: 'string', cell: podReady },
    { name: 'Status', type: 'string', cell: podStatus },
    { name: 'Restarts', type: 'string', cell: (o) => String(podRestarts(o)) },
    AGE,
    { name: 'IP', type: 'string', priority: 1, cell: (o) => str(at(o, 'status', 'podIP'), '<none>') },
    { name: 'Node', type: 'string', priority: 1, cell: (o) => str(at(o, 'spec', 'nodeName'), '<none>') },
  ],
  node: [
    NAME,
    { name: 'Status', type: 'string', cell: nodeStatus },
    { name: 'Roles', type: 'string', cell: nodeRoles },
    AGE,
    { name: 'Version', type: 'string', cell: (o) => str(at(o, 'status', 'nodeInfo', 'kubeletVersion')) },
  ],
  pvc: [
    NAME,
    { name: 'Status', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) },
    { name: 'Volume', type: 'string', cell: (o) => str(at(o, 'spec', 'volumeName')) },
    { name: 'Capacity', type: 'string', cell: (o) => str(at(o, 'status', 'capacity', 'storage')) },
    { name: 'Access Modes', type: 'string', cell: (o) => accessModes(at(o, 'status', 'accessModes')) },
    { name: 'StorageClass', type: 'string', cell: (o) => str(at(o, 'spec', 'storageClassName')) },
    AGE,
  ],
  pv: [
    NAME,
    { name: 'Capacity', type: 'string', cell: (o) => str(at(o, 'spec', 'capacity', 'storage')) },
    { name: 'Access Modes', type: 'string', cell: (o) => accessModes(at(o, 'spec', 'accessModes')) },
    { name: 'Reclaim Policy', type: 'string', cell: (o) => str(at(o, 'spec', 'persistentVolumeReclaimPolicy')) },
    { name: 'Status', type: 'string', cell: (o) => str(at(o, 'status', 'phase')) },
    {
      name: 'Claim',
      type: 'string',
      cell: (o) => {
        const ns = str(at(o, 'spec', 'claimRef', 'namespace'));
        const n = str(at(o, 'spec', 'claimRef', 'name'));
        return n ? `${ns}/${n}` : '';
      },
    },
    { name: 'StorageClass', type: 'string', cell: (o) => str(at(o, 'spec', 'storageClassName')) },
    AGE,
  ],
  storageclass: [
    NAME,
    { name: 'Provisioner', type: 'string', cell: (o) => str(o.provisioner) },
    { name: 'ReclaimPolicy', type: 'string', cell: (o) => str(o.reclaimPolicy, 'Delete') },
    { name: 'VolumeBindingMode', type: 'string', cell: (o) => str(o.volumeBindingMode, 'Immediate') },
    { name: 'AllowVolumeExpansion', type: 'string', cell: (o) => str(o.allowVolumeExpansion, 'false') },
    AGE,
  ],
  namespace: [NAME, { name: 'Status', type: 'string', cell: (o) => str(at(o, 'status', 'phase'), 'Active') }, AGE],
  event: [
    {
      name: 'Last Seen',
      type: 'string',
      cell: (o, now) => age(o.lastTimestamp ?? o.eventTime ?? at(o, 'series', 'lastObservedTime') ?? o.metadata.creationTimestamp, now),
    },
    { name: 'Type', type: 'string', cell: (o) => str(o.type) },
    { name: 'Reason', type: 'string', cell: (o) => str(o.reason) },
    {
      name: 'Object',
      type: 'string',
      cell: (o) => `${str(at(o, 'involvedObject', 'kind')).toLowerCase()}/${str(at(o, 'involvedObject', 'name'))}`,
    },
    { name: 'Message', type: 'string', cell: (o) => str(o.message ?? o.note) },
  ],
};

function columnsFor(r: ResourceType): Column[] {
  return COLUMNS[r.id] ?? [NAME, AGE];
}

export type IncludeObject = 'None' | 'Metadata' | 'Object';

/** Does an Accept header ask for server-side printing? */
export function wantsTable(accept: string | undefined): boolean {
  return !!accept && /as=Table/.test(accept) && /g=meta\.k8s\.io/.test(accept);
}

function rowObject(o: AnyObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return o;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata };
}

export function toTable(
  r: ResourceType,
  objects: AnyObject[],
  listMeta: Record<string, unknown>,
  now: Date,
  include: IncludeObject = 'Metadata',
): Record<string, unknown> {
  const cols = columnsFor(r);
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: listMeta,
    columnDefinitions: cols.map((c) => ({
      name: c.name,
      type: c.type,
      format: c.format ?? '',
      description: c.name === 'Name' ? 'Name must be unique within a namespace.' : '',
      priority: c.priority ?? 0,
    })),
    rows: objects.map((o) => {
      const row: Record<string, unknown> = { cells: cols.map((c) => c.cell(o, now)) };
      const obj = rowObject(o, include);
      if (obj !== undefined) row.object = obj;
      return row;
    }),
  };
}
