// Stable identifiers of the `why` diagnosis (cli-contract §4.1). Scripts match on these strings,
// so the lists below are the contract's tables verbatim: add ids only when the contract does.

/** `verdict.cause`: the most specific cause the evidence supports. */
export const CAUSE_IDS = [
  'none',
  'no-migration',
  'vmi-not-running',
  'not-live-migratable',
  'migration-conflict',
  'concurrency-limit',
  'quota-exceeded',
  'pod-security',
  'stale-active-pods',
  'migration-backoff',
  'target-unschedulable-cpu',
  'target-unschedulable-node-selector',
  'target-unschedulable-resources',
  'target-unschedulable-taints',
  'target-unschedulable-anti-affinity',
  'target-unschedulable-storage',
  'target-pod-timeout',
  'target-pod-not-ready',
  'target-pod-lost',
  'not-converging',
  'progress-timeout',
  'completion-timeout',
  'aborted',
  'cpu-incompatible',
  'post-copy-failed',
  'storage-error',
  'network-error',
  'libvirt-error',
  'unknown',
] as const;
export type CauseId = (typeof CAUSE_IDS)[number];

export function isCauseId(s: string): s is CauseId {
  return (CAUSE_IDS as readonly string[]).includes(s);
}

/** `verdict.status`. */
export const VERDICT_STATUSES = ['succeeded', 'progressing', 'blocked', 'failed', 'at-risk', 'idle', 'unknown'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

/** `checks[].status`. */
export const CHECK_STATUSES = ['pass', 'fail', 'warn', 'info', 'skip', 'unknown'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
