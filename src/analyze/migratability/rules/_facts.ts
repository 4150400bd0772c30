// Lookups into ClusterFacts shared by the rules (not a rule: the `_` prefix keeps it out of the
// one-rule-per-file listing). A rule that finds a collection unreadable, or a named object
// absent, reports it in `unresolved` with these spellings instead of guessing. Names are looked up
// in the facts' index (check-migratable -A resolves every volume of every VM: a scan of 10,000
// PVCs for each made the analysis quadratic).
import type { EvidenceRef } from '../../findings.js';
import type { Known } from '../../../kube/known.js';
import type { KubeObject, KubeVirt, Node } from '../../../kube/types.js';
import type { ClusterFacts } from '../rule.js';
import type { ObjectIndex } from '../../object-index.js';

/** The object, or a reason it cannot be had: the list's reason, or `Kind ns/name` when absent. */
export function lookup<T extends KubeObject>(
  index: ObjectIndex,
  list: Known<T>,
  kind: string,
  name: string,
  namespace?: string,
): { found: T } | { missing: string } {
  if (!list.ok) return { missing: list.reason };
  const found = index.byName(list.items, name, namespace);
  return found ? { found } : { missing: refName(kind, name, namespace) };
}

/** `PersistentVolumeClaim ns/name`, `Node name`: how an unresolved reference is spelled. */
export function refName(kind: string, name: string, namespace?: string): string {
  return namespace ? `${kind} ${namespace}/${name}` : `${kind} ${name}`;
}

export function kubevirtCR(facts: ClusterFacts): KubeVirt | undefined {
  return facts.kubevirt.ok ? facts.kubevirt.items[0] : undefined;
}

/** Evidence at a field of a KubeVirt CR (either cluster's); `extra`: a message, the peer's cluster. */
export function kubevirtCRRef(cr: KubeVirt | undefined, field: string, extra: Pick<EvidenceRef, 'message' | 'cluster'> = {}): EvidenceRef {
  return { kind: 'KubeVirt', ...(cr?.metadata.namespace ? { namespace: cr.metadata.namespace } : {}), name: cr?.metadata.name ?? '', field, ...extra };
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
