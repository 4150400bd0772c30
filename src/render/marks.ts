// The marks and badges in front of a line: one table each, so that every command shows a check
// status, a finding's severity and a verdict the same way.
import type { Style } from './style.js';

const STATUS_MARKS: Record<string, (s: Style) => string> = {
  pass: (s) => s.ok('✔'),
  fail: (s) => s.bad('✖'),
  warn: (s) => s.warn('!'),
  info: (s) => s.info('i'),
  skip: (s) => s.dim('-'),
  unknown: (s) => s.warn('?'),
};

/** The mark of a check status (why's checks, start's capacity checks). */
export function statusMark(status: string, style: Style): string {
  return (STATUS_MARKS[status] ?? STATUS_MARKS.info!)(style);
}

const SEVERITY_MARKS: Record<string, (s: Style) => string> = {
  blocker: (s) => s.bad('✖'),
  warning: (s) => s.warn('!'),
  info: (s) => s.info('i'),
};

/** The mark of a migratability finding's severity (check-migratable, why, start). */
export function severityMark(severity: string, style: Style): string {
  return (SEVERITY_MARKS[severity] ?? SEVERITY_MARKS.info!)(style);
}

/** The verdict status as a coloured badge (why, start --wait). */
export function verdictBadge(status: string, style: Style): string {
  const label = status.toUpperCase();
  if (status === 'succeeded' || status === 'progressing' || status === 'idle') return style.ok(label);
  if (status === 'at-risk' || status === 'unknown') return style.warn(label);
  return style.bad(label);
}
