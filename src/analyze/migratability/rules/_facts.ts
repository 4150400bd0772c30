// Lookups into ClusterFacts shared by the rules (not a rule: the `_` prefix keeps it out of the
// one-rule-per-file listing). A rule that finds a collection unreadable, or a named object
// absent, reports it in `unresolved` with these spellings instead of guessing.
import type { EvidenceRef } from '../../findings.js';
import type { Known } from '../../../kube/known.js';
import type { KubeObject, KubeVirt, Node } from '../../../kube/types.js';
import type { ClusterFacts } from '../rule.js';

/**
 * The first object of that name (in that namespace, when one is given), as `items.find` would
 * return it, from an index built once per list: check-migratable -A resolves every volume of
 * every VM, and scanning 10,000 PVCs for each made the analysis quadratic.
 */
export function byName<T extends KubeObject>(items: readonly T[], name: string, namespace?: string): T | undefined {
  const index = nameIndex(items);
  return (namespace === undefined ? index.first : index.byNamespace.get(namespace))?.get(name);
}

interface NameIndex<T> {
  /** Guards against a list that grew after it was indexed (facts are not meant to change). */
  length: number;
  /** name → first object with that name, any namespace. */
  first: Map<unknown, T>;
  /** namespace (`undefined` for cluster-scoped objects) → name → first object. */
  byNamespace: Map<unknown, Map<unknown, T>>;
}

// Keyed by the items array of a `Known` list: an index lives as long as the facts that hold it.
const nameIndexes = new WeakMap<readonly KubeObject[], NameIndex<KubeObject>>();

function nameIndex<T extends KubeObject>(items: readonly T[]): NameIndex<T> {
  const cached = nameIndexes.get(items) as NameIndex<T> | undefined;
  if (cached && cached.length === items.length) return cached;
  const index: NameIndex<T> = { length: items.length, first: new Map(), byNamespace: new Map() };
  for (const o of items) {
    const { name, namespace } = o.metadata;
    if (!index.first.has(name)) index.first.set(name, o);
    let names = index.byNamespace.get(namespace);
    if (!names) index.byNamespace.set(namespace, (names = new Map()));
    if (!names.has(name)) names.set(name, o);
  }
  nameIndexes.set(items, index as NameIndex<KubeObject>);
  return index;
}

/** The object, or a reason it cannot be had: the list's reason, or `Kind ns/name` when absent. */
export function lookup<T extends KubeObject>(
  list: Known<T>,
  kind: string,
  name: string,
  namespace?: string,
): { found: T } | { missing: string } {
  if (!list.ok) return { missing: list.reason };
  const found = byName(list.items, name, namespace);
  return found ? { found } : { missing: refName(kind, name, namespace) };
}

/** `PersistentVolumeClaim ns/name`, `Node name`: how an unresolved reference is spelled. */
export function refName(kind: string, name: string, namespace?: string): string {
  return namespace ? `${kind} ${namespace}/${name}` : `${kind} ${name}`;
}

export function kubevirtCR(facts: ClusterFacts): KubeVirt | undefined {
  return facts.kubevirt.ok ? facts.kubevirt.items[0] : undefined;
}

export function nodeRef(name: string, field = 'metadata.labels'): EvidenceRef {
  return { kind: 'Node', name, field };
}

export function nodeName(n: Node): string {
  return n.metadata.name ?? '';
}

/**
 * Whether an Alpha feature gate is on: listed in `developerConfiguration.featureGates`, in every
 * version (pkg/virt-config/feature-gates.go; v1.9 featuregate.IsEnabled: an Alpha gate that is
 * not listed is off, `disabledFeatureGates` only turns off Beta ones). No CR ⇒ off.
 */
export function alphaGateOn(cr: KubeVirt | undefined, gate: string): boolean {
  const gates = cr?.spec?.configuration?.developerConfiguration?.featureGates;
  return Array.isArray(gates) && gates.includes(gate);
}
