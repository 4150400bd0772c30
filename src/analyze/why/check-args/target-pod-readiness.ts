// The args of the target-pod-readiness check (checks/target-pod-readiness.ts), for render/why-text/target-pod-readiness.ts. Types only.
import type { UnschedulableCause } from '../parse/scheduler-message.js';
import type { PendingDeadline } from '../target-pod-state.js';

/** What keeps a scheduled target pod from starting: the image, a volume, the sandbox (CNI), its config, a crash. */
export type StuckKind = 'image' | 'volume' | 'sandbox' | 'config' | 'crash';

/** The target pod, and when virt-controller deletes it if it stays Pending. */
interface PodArgs {
  namespace: string;
  pod: string;
  deadline?: PendingDeadline;
}

/** A waiting container, as the kubelet reports it. */
export interface WaitingContainer {
  container: string;
  reason: string;
  init: boolean;
}

export type TargetPodReadinessArgs =
  | { kind: 'no-migration' | 'pods-unreadable' | 'no-target-pod' }
  | { kind: 'final' | 'decentralized'; phase: string }
  /** Past scheduling (no pod named), or the pod is Ready. */
  | { kind: 'ready' }
  | { kind: 'ready'; namespace: string; pod: string; node: string }
  | { kind: 'pod-failed'; namespace: string; pod: string; reason: string; message: string }
  | (PodArgs & { kind: 'not-scheduled' })
  /** Stuck creating: the kubelet's event or waiting reason (or a CNI daemon's log line: `fromLog` names its pod), and the container it names. */
  | (PodArgs & { kind: StuckKind; node: string; reason: string; message: string; container?: string; init?: boolean; waitingReason?: string; cni?: string; network?: string; fromLog?: string })
  | (PodArgs & { kind: 'init'; node: string; container: string; reason: string; message: string; exitCode: number | null })
  /** Creating without an error: for long (`slow`), or not yet. */
  | (PodArgs & { kind: 'slow' | 'starting'; node: string; seconds: number; waiting: WaitingContainer[] })
  /** virt-controller deleted the pod on its pending/unschedulable timeout; the deleted pod's last scheduler message and event. */
  | {
      kind: 'timeout';
      timeout: 'unschedulable' | 'pending';
      seconds: number;
      /** The per-migration annotation set the timeout. */
      overridden: boolean;
      namespace: string;
      vmi: string;
      pod?: string;
      lastSchedulerMessage?: string;
      placementCause?: UnschedulableCause;
      lastPodEvent?: { reason: string; message: string };
    };
