// Typed results shared by every analyzer. Analyzers return ids and args; renderers turn them
// into prose (src/render). Nothing here formats text for a person.

/** A reference to the object a finding is about: shown as evidence and in `-o json`. */
export interface EvidenceRef {
  kind: string;
  namespace?: string;
  name: string;
  field?: string;
  /** Verbatim text taken from the object (a condition message, an event), never our prose. */
  message?: string;
  /** The object is in the other cluster of a cross-cluster migration (its context or snapshot). */
  cluster?: string;
}

/** Data that an analyzer could not see (forbidden list, missing log, unresolved reference). */
export interface Unknown {
  /** The rule or check that could not be evaluated. */
  id: string;
  /** The resource or reference that was missing, e.g. `nodes`, `PersistentVolumeClaim ns/data`. */
  missing: string;
}
