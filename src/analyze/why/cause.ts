// Stable identifiers of the `why` diagnosis (docs/documents.md). Scripts match on these strings,
// so the table below is the documented table verbatim, then the additions docs/documents.md records
// ("Additive fields"): add ids, never rename them.

/** What the verdict does with one cause. Every cause has an entry, so no flag can be forgotten. */
export interface CauseInfo {
  /**
   * The migration cannot go forward until something changes: a check failing with this cause
   * makes the verdict `blocked`. Otherwise `failed`: timeouts, aborts and libvirt failures, which
   * may be read from the VMI while the VMIM is not final yet.
   */
  blocking: boolean;
  /**
   * Who names it: a `check` (its args make the sentence, render/why-text/<check>.ts), the
   * `verdict` itself when no check explains the migration (render/why-text/verdict.ts), or `both`.
   */
  namedBy: 'check' | 'verdict' | 'both';
}

/** `verdict.cause`, in the documented order: the most specific cause the evidence supports. */
export const CAUSES = {
  none: { blocking: false, namedBy: 'verdict' },
  'no-migration': { blocking: false, namedBy: 'verdict' },
  'vmi-not-running': { blocking: true, namedBy: 'check' },
  'not-live-migratable': { blocking: true, namedBy: 'check' },
  'migration-conflict': { blocking: true, namedBy: 'check' },
  'concurrency-limit': { blocking: true, namedBy: 'check' },
  'quota-exceeded': { blocking: true, namedBy: 'check' },
  'pod-security': { blocking: true, namedBy: 'check' },
  'stale-active-pods': { blocking: true, namedBy: 'check' },
  'migration-backoff': { blocking: true, namedBy: 'check' },
  'target-unschedulable-cpu': { blocking: true, namedBy: 'check' },
  'target-unschedulable-node-selector': { blocking: true, namedBy: 'check' },
  'target-unschedulable-resources': { blocking: true, namedBy: 'check' },
  'target-unschedulable-taints': { blocking: true, namedBy: 'check' },
  'target-unschedulable-anti-affinity': { blocking: true, namedBy: 'check' },
  'target-unschedulable-storage': { blocking: true, namedBy: 'check' },
  'target-pod-timeout': { blocking: true, namedBy: 'check' },
  'target-pod-not-ready': { blocking: true, namedBy: 'check' },
  'target-pod-lost': { blocking: true, namedBy: 'check' },
  'not-converging': { blocking: false, namedBy: 'check' },
  'progress-timeout': { blocking: false, namedBy: 'check' },
  'completion-timeout': { blocking: false, namedBy: 'check' },
  aborted: { blocking: false, namedBy: 'check' },
  'cpu-incompatible': { blocking: false, namedBy: 'check' },
  'post-copy-failed': { blocking: false, namedBy: 'check' },
  'storage-error': { blocking: false, namedBy: 'check' },
  'network-error': { blocking: false, namedBy: 'check' },
  'libvirt-error': { blocking: false, namedBy: 'check' },
  // Additions for decentralized (cross-cluster) migrations (docs/documents.md "Additive fields").
  'peer-migration-missing': { blocking: true, namedBy: 'check' },
  'peer-migration-mismatch': { blocking: true, namedBy: 'check' },
  'sync-unreachable': { blocking: true, namedBy: 'check' },
  'sync-tls-error': { blocking: true, namedBy: 'check' },
  'decentralized-gate-off': { blocking: true, namedBy: 'check' },
  'peer-version-skew': { blocking: false, namedBy: 'check' },
  // Additions (docs/documents.md "Additive fields"): volume migration (updateVolumesStrategy: Migration).
  'volume-update-refused': { blocking: true, namedBy: 'check' },
  'volume-migration-not-started': { blocking: true, namedBy: 'check' },
  'volume-manual-recovery': { blocking: true, namedBy: 'check' },
  unknown: { blocking: false, namedBy: 'both' },
} as const satisfies Record<string, CauseInfo>;

export type CauseId = keyof typeof CAUSES;
export const CAUSE_IDS = Object.keys(CAUSES) as readonly CauseId[];

/** Causes a check may name (`CheckResult.cause`). */
export type CheckCause = { [C in CauseId]: (typeof CAUSES)[C]['namedBy'] extends 'verdict' ? never : C }[CauseId];
/** Causes the verdict names itself when no check decided it (each has its sentence in render/why-text/verdict.ts). */
export type VerdictCause = { [C in CauseId]: (typeof CAUSES)[C]['namedBy'] extends 'check' ? never : C }[CauseId];

export function isCauseId(s: string): s is CauseId {
  return Object.hasOwn(CAUSES, s);
}

/** `verdict.status`. */
export const VERDICT_STATUSES = ['succeeded', 'progressing', 'blocked', 'failed', 'at-risk', 'idle', 'unknown'] as const;
export type VerdictStatus = (typeof VERDICT_STATUSES)[number];

/** `checks[].status`. */
export const CHECK_STATUSES = ['pass', 'fail', 'warn', 'info', 'skip', 'unknown'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
