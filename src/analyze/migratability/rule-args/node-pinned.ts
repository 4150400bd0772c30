// The args of the node-pinned rule's findings (rules/node-pinned.ts), for render/migratability-text.ts. Types only.

/** `hostname`: nodeSelector kubernetes.io/hostname; else which constraint matches only `nodes` of `candidates`. */
export type NodePinnedArgs =
  | { kind: 'hostname'; label: string; nodes: string[]; matching: 1 }
  | { kind: 'node-selector' | 'node-affinity' | 'selector-and-affinity'; nodes: string[]; matching: number; candidates: number; selector?: string[] };
