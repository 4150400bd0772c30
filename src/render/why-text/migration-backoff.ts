// Prose of the migration-backoff check (src/analyze/why/checks/migration-backoff.ts).
import type { AutomaticOrigin } from '../../analyze/migration/origin.js';
import { formatSeconds } from '../format.js';
import { assertNever } from '../assert-never.js';
import { ORIGIN_TEXT } from '../migration-origin.js';
import type { CheckText } from './check-text.js';

/** `2 consecutive failed evacuation migrations (last mig-x)`. */
function failuresText(a: { origin: AutomaticOrigin; failures: number; previousMigration: string }): string {
  const n = a.failures;
  return `${n} consecutive failed ${ORIGIN_TEXT[a.origin]} migration${n === 1 ? '' : 's'} (last ${a.previousMigration})`;
}

export const migrationBackoffText: CheckText<'migration-backoff'> = {
  title: 'Not in migration backoff',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'backoff': {
        const left = a.secondsLeft !== undefined ? `, ${formatSeconds(a.secondsLeft)} from now` : '';
        return `Backing off after ${failuresText(a)}: virt-controller waits ${formatSeconds(a.backoffSeconds)} before retrying, until ${a.retryAt}${left}.`;
      }
      case 'event':
        return `virt-controller reports "backoff migrating vmi" for this ${ORIGIN_TEXT[a.origin]} migration (last at ${a.lastEventTime}): earlier automatic migrations of the VMI failed.`;
      case 'expired':
        return `The backoff of ${formatSeconds(a.backoffSeconds)} after ${failuresText(a)} ended at ${a.retryAt}; the controller should retry now.`;
      case 'no-timestamp':
        return `After ${failuresText(a)}: no backoff, because the last one has no Failed phase timestamp to count from.`;
      case 'not-automatic':
        return 'Not an evacuation or workload-update migration: no backoff applies.';
      case 'no-failures':
        return 'No failed automatic migration before this one: no backoff.';
      case 'not-waiting':
        return 'The migration is past the backoff gate.';
      case 'no-migration':
        return 'No migration.';
      case 'unreadable':
        return 'Earlier migrations of the VMI could not be read.';
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail') return undefined;
    switch (a.kind) {
      case 'backoff':
      case 'event':
      case 'expired':
      case 'no-timestamp': {
        const ns = a.namespace;
        const why = a.previousMigration
          ? `find out why ${a.previousMigration} failed: kubectl vmigrate why ${a.previousMigration} -n ${ns}`
          : `find out why the previous migrations failed: kubectl get vmim -n ${ns}`;
        return `${why}; each further failure doubles the wait, so fix that first`;
      }
      case 'not-automatic':
      case 'no-failures':
      case 'not-waiting':
      case 'no-migration':
      case 'unreadable':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
