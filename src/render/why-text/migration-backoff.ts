// Prose of the migration-backoff check (src/analyze/why/checks/migration-backoff.ts).
import { formatSeconds } from '../why-checklist.js';
import type { CheckText } from './check-text.js';

const ORIGIN: Record<string, string> = { evacuation: 'evacuation', 'workload-update': 'workload-update' };

export const migrationBackoffText: CheckText<'migration-backoff'> = {
  title: 'Not in migration backoff',
  summary(r) {
    const a = r.args;
    const origin = ORIGIN[String(a.origin)] ?? 'automatic';
    const n = Number(a.failures);
    const failures = `${n} consecutive failed ${origin} migration${n === 1 ? '' : 's'} (last ${String(a.previousMigration)})`;
    switch (a.kind) {
      case 'backoff': {
        const left = typeof a.secondsLeft === 'number' ? `, ${formatSeconds(a.secondsLeft)} from now` : '';
        return `Backing off after ${failures}: virt-controller waits ${formatSeconds(Number(a.backoffSeconds))} before retrying, until ${String(a.retryAt)}${left}.`;
      }
      case 'event':
        return `virt-controller reports "backoff migrating vmi" for this ${origin} migration (last at ${String(a.lastEventTime)}): earlier automatic migrations of the VMI failed.`;
      case 'expired':
        return `The backoff of ${formatSeconds(Number(a.backoffSeconds))} after ${failures} ended at ${String(a.retryAt)}; the controller should retry now.`;
      case 'no-timestamp':
        return `After ${failures}: no backoff, because the last one has no Failed phase timestamp to count from.`;
      case 'not-automatic':
        return 'Not an evacuation or workload-update migration: no backoff applies.';
      case 'no-failures':
        return 'No failed automatic migration before this one: no backoff.';
      case 'not-waiting':
        return 'The migration is past the backoff gate.';
      case 'no-migration':
        return 'No migration.';
      default:
        return 'Earlier migrations of the VMI could not be read.';
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail') return undefined;
    const ns = String(a.namespace ?? '');
    const why = a.previousMigration ? `find out why ${String(a.previousMigration)} failed: kubectl vmigrate why ${String(a.previousMigration)} -n ${ns}` : `find out why the previous migrations failed: kubectl get vmim -n ${ns}`;
    return `${why}; each further failure doubles the wait, so fix that first`;
  },
};
