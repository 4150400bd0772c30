// The args of the handoff check (checks/handoff.ts), for render/why-text/handoff.ts. Types only.

/** The target node and pod, once known. */
export interface Target {
  targetNode?: string;
  pod?: string;
}

export type HandoffArgs =
  | { kind: 'no-migration' }
  | { kind: 'decentralized'; phase: string }
  | { kind: 'not-yet'; phase: string }
  /** The target pod went down after the hand-off (`reason`: the text that says so). */
  | (Target & { kind: 'target-pod-down'; reason: string })
  /** The target pod runs on the source node. */
  | (Target & { kind: 'same-node'; node: string; schedulerName?: string })
  /** `phase` once the migration failed after the hand-off; `targetAddress` while in flight. */
  | (Target & { kind: 'handed-off'; phase?: string; targetAddress?: string })
  | (Target & { kind: 'not-handed-off' | 'pod-missing' | 'pod-terminating'; phase: string })
  | (Target & { kind: 'pod-failed'; phase: string; reason: string; message: string })
  | (Target & { kind: 'pods-unreadable' | 'handing-off' })
  | (Target & { kind: 'hand-over-failed'; message: string })
  | (Target & { kind: 'target-not-responding'; seconds: number })
  | (Target & { kind: 'preparing'; seconds?: number });
