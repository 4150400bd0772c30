// The args of the active-pods check (checks/active-pods.ts), for render/why-text/active-pods.ts. Types only.

/** A launcher pod the controller counts: listed in the VMI's activePods, or alive beside it. */
export interface ActivePod {
  uid: string;
  node: string;
  listed: boolean;
  /** The pod, when it is in the list of pods. */
  pod?: string;
  phase?: string;
}

export type ActivePodsArgs =
  | { kind: 'no-vmi' }
  | { kind: 'single'; count: number }
  /** `finished`: Succeeded/Failed pods still counted (kubevirt#12773); `live`: alive launcher pods. */
  | { kind: 'multiple'; vmi: string; namespace: string; count: number; pods: ActivePod[]; finished: string[]; live: number };
