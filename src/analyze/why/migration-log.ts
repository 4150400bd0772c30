// The source launcher log lines that belong to one migration attempt (transfer, failure-reason).
import type { EvidenceRef } from '../findings.js';
import type { VirtualMachineInstanceMigration } from '../../kube/types.js';
import type { WhyContext } from './context.js';
import { linesBetween, parseLauncherLogLines, type LauncherLogLine } from './launcher-log-lines.js';

export type MigrationLog = { ok: true; pod: string; lines: LauncherLogLine[] } | { ok: false; reason: string };

/**
 * Lines from the migration's creation up to the creation of the VMI's next (newer) migration:
 * one launcher serves every retry, and a retry's lines must not explain this attempt.
 */
export function migrationLog(ctx: WhyContext, m: VirtualMachineInstanceMigration): MigrationLog {
  if (!ctx.sourceLog.ok) return { ok: false, reason: ctx.sourceLog.reason };
  const i = ctx.vmiMigrations.findIndex((x) => x.metadata.uid === m.metadata.uid);
  const newer = i > 0 ? ctx.vmiMigrations[i - 1]?.metadata.creationTimestamp : undefined;
  const lines = linesBetween(parseLauncherLogLines(ctx.sourceLog.text), m.metadata.creationTimestamp, newer);
  return { ok: true, pod: ctx.sourceLog.pod, lines };
}

/** Evidence for one log line: its `msg`, or its `reason` (the error) when that is the decisive part. */
export function logEvidence(ctx: WhyContext, pod: string, line: LauncherLogLine, part: 'msg' | 'reason' = 'msg'): EvidenceRef {
  const message = part === 'reason' && line.reason ? line.reason : line.msg;
  return { kind: 'Pod', namespace: ctx.namespace, name: pod, field: part === 'reason' && line.reason ? 'log.reason' : 'log.msg', message };
}
