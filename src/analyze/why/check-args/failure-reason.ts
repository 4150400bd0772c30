// The args of the failure-reason check (checks/failure-reason.ts), for render/why-text/failure-reason.ts. Types only.
import type { NetworkErrorKind, StorageErrorKind } from '../parse/libvirt-error.js';
import type { Recommendation } from '../../progress/forecast.js';

/** Where the failure text was found. */
export type FailureSource = 'failure-reason' | 'migrated-event' | 'failed-migration-event' | 'launcher-log' | 'target-log' | 'target-state';

/**
 * How the migration's state alone implies a lost target (source `target-state`): it failed
 * before the hand-off (no target pod named, nothing started), or its incoming domain was
 * detected on the target and never ran.
 */
export type TargetStateInference = 'before-handoff' | 'domain-never-ran';

/** The VM's volume a storage failure is about (verdict rule 6). */
export interface FailedVolume {
  name: string;
  claim?: string;
  storageClass?: string;
  accessModes?: string[];
  volumeMode?: string;
  /** A volume migration's source (VMI status.migratedVolumes): the VMI spec already names the destination. */
  migratedFrom?: { claim: string; volumeMode?: string };
}

/** Names the hints need (the renderer sees only the result); `pod` is the source launcher pod. */
export interface Names {
  namespace: string;
  vmi: string;
  pod: string | null;
}

/** A failure text that names the cause: where it was found and what it says. */
export interface Explained extends Names {
  source: FailureSource;
  quote: string;
  /** KubeVirt had switched the migration over (post-copy, or paused the guest) before it failed. */
  switchover?: 'post-copy' | 'paused';
}

/**
 * How an abort was placed (refineAbort): `by` a user; a timeout the launcher log named or the
 * timestamps imply (`refinedBy`, with the attempt's duration and budget); else why the log could not tell.
 */
export interface AbortPlacement {
  by?: 'user';
  refinedBy?: 'launcher-log' | 'timing';
  durationSeconds?: number;
  budgetSeconds?: number;
  logMissing?: string | null;
}

/** The node labeller's view of a CPU mismatch: cpu-feature labels the source has and the target lacks. */
export interface CpuFeatureDiff {
  sourceNode?: string;
  targetNode?: string;
  nodesMissing?: string;
  onlyOnSource?: string[];
  confirmedMissing?: string[];
}

/** `kind` is the cause the failure text names (it picks the sentence); storage and network errors say which as `errorKind`. */
export type FailureReasonArgs =
  | { kind: 'no-migration' | 'succeeded' }
  | { kind: 'not-failed'; phase: string }
  | { kind: 'succeeded-after-failures'; failedBefore: number; migrations: string[] }
  /** Failed, and nothing names a cause: which evidence was absent. */
  | (Names & {
      kind: 'unclassified';
      failureReasonField: 'not-in-version' | 'unset';
      version: string | null;
      eventsReadable: boolean;
      logMissing: string | null;
      /** Failure texts seen that name no cause. */
      unclassified: string[];
    })
  | (Explained &
      AbortPlacement & {
        kind: 'progress-timeout' | 'completion-timeout';
        seconds: number | null;
        /** What could let the next attempt finish and was not in force for this one, most likely first (the fix). */
        recommendations: Recommendation[];
      })
  | (Explained & AbortPlacement & { kind: 'aborted'; ambiguous: boolean })
  | (Explained & CpuFeatureDiff & { kind: 'cpu-incompatible'; features: string[]; extraFeatures: string[] })
  /** `failedDuring`: a network or libvirt error after the switch to post-copy. */
  | (Explained & {
      kind: 'post-copy-failed';
      podSecurityEnforce: string | null;
      failedDuring?: 'post-copy';
      underlyingCause?: 'network-error' | 'libvirt-error';
      errorKind?: NetworkErrorKind;
    })
  | (Explained & { kind: 'storage-error'; errorKind: StorageErrorKind; volume?: FailedVolume })
  | (Explained & { kind: 'network-error'; errorKind: NetworkErrorKind })
  | (Explained & { kind: 'target-pod-lost'; mayBePendingTimeout: boolean; inferred?: TargetStateInference })
  | (Explained & { kind: 'libvirt-error' | 'migration-conflict' | 'vmi-not-running' })
  /** "Target pod was removed" after virt-controller deleted the Pending pod on its timeout; `pod` is that pod. */
  | (Explained & { kind: 'target-pod-timeout'; timeout: 'unschedulable' | 'pending' });
