// Does a pod fit a node's allocatable resources, given the requests of the pods already there?
// This is the scheduler's NodeResourcesFit filter: requests (not limits, not usage) count, and
// an extended resource the node does not advertise (e.g. `devices.kubevirt.io/kvm`) is 0.
import { parseQuantity } from '../../kube/quantity.js';

export type ResourceList = Readonly<Record<string, string | undefined>>;

export interface ResourceShortfall {
  resource: string;
  /** What the new pod asks for (bytes, cores or a count). */
  requested: number;
  /** What the pods already on the node request in total. */
  used: number;
  allocatable: number;
  /** allocatable − used (may be negative on an overcommitted node). */
  free: number;
}

export interface ResourceFit {
  fits: boolean;
  shortfalls: ResourceShortfall[];
}

/** How a ResourceList becomes numbers: `quantitiesOf`, or a caller's index of its results. */
export type ParseResources = (list: ResourceList) => Readonly<Record<string, number>>;

/** A list's quantities (bytes, cores, counts); what does not parse is left out. */
export function quantitiesOf(list: ResourceList): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, q] of Object.entries(list)) {
    const v = parseQuantity(q);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** Sum of requests by resource name. */
export function sumRequests(lists: readonly ResourceList[], parse: ParseResources = quantitiesOf): Record<string, number> {
  const total: Record<string, number> = {};
  for (const list of lists) {
    for (const [name, v] of Object.entries(parse(list))) total[name] = (total[name] ?? 0) + v;
  }
  return total;
}

/**
 * `existing` holds one entry per pod already bound to the node (its summed container requests);
 * the `pods` resource is checked from their count when the node advertises it. `parse`: a caller
 * that places many target pods against the same pods and nodes (`list`) passes one that parses
 * each list once.
 */
export function resourceFit(allocatable: ResourceList, existing: readonly ResourceList[], request: ResourceList, parse: ParseResources = quantitiesOf): ResourceFit {
  const used = sumRequests(existing, parse);
  const wanted = sumRequests([request], parse);
  if (allocatable.pods !== undefined) {
    used.pods = existing.length;
    wanted.pods = 1;
  }
  const shortfalls: ResourceShortfall[] = [];
  for (const [resource, requested] of Object.entries(wanted)) {
    if (requested <= 0) continue;
    const alloc = parse(allocatable)[resource] ?? 0;
    const u = used[resource] ?? 0;
    const free = alloc - u;
    if (requested > free) shortfalls.push({ resource, requested, used: u, allocatable: alloc, free });
  }
  return { fits: shortfalls.length === 0, shortfalls };
}
