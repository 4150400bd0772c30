// Lookups into ClusterFacts shared by the rules (not a rule: the `_` prefix keeps it out of the
// one-rule-per-file listing). A rule that finds a collection unreadable, or a named object
// absent, reports it in `unresolved` with these spellings instead of guessing.
import type { EvidenceRef, Known } from '../../findings.js';
import type { KubeObject, KubeVirt, Node } from '../../../kube/types.js';
import type { ClusterFacts } from '../rule.js';

export function byName<T extends KubeObject>(items: readonly T[], name: string, namespace?: string): T | undefined {
  return items.find((o) => o.metadata.name === name && (namespace === undefined || o.metadata.namespace === namespace));
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
