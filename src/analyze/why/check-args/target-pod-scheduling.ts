// The args of the target-pod-scheduling check (checks/target-pod-scheduling.ts), for render/why-text/target-pod-scheduling.ts. Types only.
import type { PlacementReason } from '../placement.js';
import type { SchedulerReasonKind, UnschedulableCause } from '../parse/scheduler-message.js';

/** The target pod: namespace, name, and the VMI it is for. */
export interface PodArgs {
  namespace: string;
  pod: string;
  vmi: string;
}

/** A node the pod cannot go to, with the reasons of the chosen cause (all its reasons when none is of that kind). */
export interface BlockedNode {
  name: string;
  reasons: PlacementReason[];
}

/** What the CPU labels the pod selects ask for, when the cause is the CPU. */
export interface CpuNeed {
  model?: string;
  features: string[];
  /** Models every node offers: what an explicit cpu.model could be. */
  commonModels: string[];
  hostModel: boolean;
  /** VMI event NoSuitableNodesForHostModelMigration seen. */
  hostModelEvent: boolean;
}

/** The scheduler rejected the pod. Without `cause` (status unknown) nothing could be judged. */
export interface UnschedulableArgs extends PodArgs {
  kind: 'unschedulable';
  /** The nodes were judged one by one (false: unreadable, the scheduler's message decides; see `nodesUnreadable`). */
  perNode: boolean;
  cause?: UnschedulableCause | 'unknown';
  sourceNode?: string;
  /** The scheduler's message, verbatim, and what it counted. */
  message?: string;
  available?: number;
  total?: number;
  schedulerCounts?: { count: number; kind: SchedulerReasonKind; reason: string }[];
  /** Age of the pod. */
  seconds?: number;
  schedulerName?: string;
  hostnamePin?: string;
  storageUnknown?: string;
  candidates?: number;
  /** Nodes we think fit, which the scheduler rejected for reasons not visible here. */
  fitting?: string[];
  nodes?: BlockedNode[];
  nodesUnreadable?: string;
  unboundClaims?: string[];
  cpu?: CpuNeed;
  /** With target-unschedulable-resources: the resources short. */
  resources?: string[];
  /** Of `resources`, those no node but the source has any of in `status.allocatable` (a device no other node offers). */
  unoffered?: string[];
}

export type TargetPodSchedulingArgs =
  | { kind: 'no-migration' | 'pods-unreadable' }
  | { kind: 'final' | 'decentralized' | 'no-target-pod'; phase: string }
  /** Past scheduling (the pod or node may be unknown), or the pod is scheduled. */
  | { kind: 'scheduled'; pod?: string; node?: string }
  | (PodArgs & { kind: 'scheduled'; node: string })
  | (PodArgs & { kind: 'gated' })
  | (PodArgs & { kind: 'waiting'; seconds: number | null })
  /** No target pod seen, and KubeVirt's NoSuitableNodesForHostModelMigration names the CPU (message verbatim, may be empty). */
  | { kind: 'host-model-event'; namespace: string; vmi: string; message: string; model?: string; features: string[] }
  | UnschedulableArgs;
