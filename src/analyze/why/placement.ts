// Where an unschedulable target pod could go, node by node, as results and documents carry it
// (types only: target-placement.ts computes it; check args and check.ts both use it).
/** Per-node placement for an unschedulable target pod (docs/documents.md `placement`). */
export interface Placement {
  pod?: string;
  nodeSelector: Record<string, string>;
  nodes: { name: string; fits: boolean; reasons: PlacementReason[] }[];
}

/** Why a node cannot take the pod; the renderer turns it into "missing label …" etc. */
export type PlacementReason =
  | { kind: 'source-node' }
  | { kind: 'not-ready' }
  | { kind: 'unschedulable' }
  | { kind: 'missing-label'; key: string; value: string; cpu: boolean }
  | { kind: 'affinity'; expression: string }
  | { kind: 'taint'; key: string; value?: string; effect: string }
  /**
   * `free` = allocatable − requests of the pods we can see (this namespace's launchers and all
   * target pods). With `estimated`, other pods on the node were not visible: `free` is an upper bound.
   */
  | { kind: 'insufficient'; resource: string; requested: number; free: number; estimated?: boolean }
  | { kind: 'anti-affinity'; pod: string }
  | { kind: 'volume-affinity'; pv: string };
