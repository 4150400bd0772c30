// Where a VM with passed-through devices can run at all: the launcher pod requests one unit of
// each GPU's and host device's `deviceName` per device of that name (virt-controller
// services/renderresources.go requestResource, v0.59–v1.9), so only a node whose allocatable
// (capacity when it reports none) holds that many can take it. A device given by a DRA claim
// (`claimRequest`, no deviceName, v1.6+) requests no such resource: nodes cannot tell.
// Allocatable is what a node offers, not what is free: other pods' use is not read here.
import type { Node, VmiSpec } from '../../kube/types.js';
import type { Known } from '../../kube/known.js';
import { parseQuantity } from '../../kube/quantity.js';
import { listOf } from '../shape.js';
import { isKubeVirtSchedulable } from './placement.js';

/** How a VM that cannot live-migrate because of its devices can still leave its node. */
export type DeviceMove =
  /** Other KubeVirt nodes offer every device resource: stop the VM and start it there. */
  | { kind: 'restart-elsewhere'; resources: string[]; nodes: string[] }
  /** No other KubeVirt node offers them (`nodes`: the ones that do, its own at most). */
  | { kind: 'no-other-node'; resources: string[]; nodes: string[] }
  /** The nodes could not be read, or a device has no deviceName: where it can run is not known. */
  | { kind: 'nodes-unknown'; resources: string[] };

/** The device-plugin resources the launcher pod requests, with how many units of each. */
export function deviceRequests(spec: VmiSpec): { resources: Map<string, number>; unnamed: boolean } {
  const devices = spec.domain?.devices;
  const resources = new Map<string, number>();
  let unnamed = false;
  for (const d of [...listOf(devices?.hostDevices), ...listOf(devices?.gpus)]) {
    if (typeof d.deviceName === 'string' && d.deviceName !== '') resources.set(d.deviceName, (resources.get(d.deviceName) ?? 0) + 1);
    else unnamed = true;
  }
  return { resources, unnamed };
}

function offers(node: Node, resource: string, count: number): boolean {
  const q = node.status?.allocatable?.[resource] ?? node.status?.capacity?.[resource];
  const v = parseQuantity(q);
  return v !== undefined && v >= count;
}

/**
 * Where the VM of `spec` (running on `currentNode`, if it runs) could be started instead. Only
 * KubeVirt nodes (`kubevirt.io/schedulable=true`) count: every launcher pod selects on it.
 */
export function deviceMove(spec: VmiSpec, nodes: Known<Node>, currentNode: string | undefined): DeviceMove {
  const { resources, unnamed } = deviceRequests(spec);
  const names = [...resources.keys()];
  if (!nodes.ok || unnamed || names.length === 0) return { kind: 'nodes-unknown', resources: names };
  const offering = nodes.items
    .filter((n) => isKubeVirtSchedulable(n) && names.every((r) => offers(n, r, resources.get(r) ?? 1)))
    .map((n) => n.metadata.name ?? '');
  const others = offering.filter((n) => n !== currentNode);
  return others.length > 0 ? { kind: 'restart-elsewhere', resources: names, nodes: others } : { kind: 'no-other-node', resources: names, nodes: offering };
}
