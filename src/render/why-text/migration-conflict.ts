// Prose of the migration-conflict check (src/analyze/why/checks/migration-conflict.ts).
import type { OtherMigration } from '../../analyze/why/check-args/migration-conflict.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

function otherText(o: OtherMigration): string {
  return `${o.name} (uid ${o.uid}, ${o.phase || 'no phase'})`;
}

export const migrationConflictText: CheckText<'migration-conflict'> = {
  title: 'No other migration in flight',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-eligible':
        return `Migration ${a.migration} failed because another migration owned the VMI${a.other ? `: ${otherText(a.other)}` : ''} ("VMI is not eligible for migration because another migration job is in progress.").`;
      case 'in-flight':
        return `Another unfinished migration owns the VMI${a.other ? `: ${otherText(a.other)}` : ''}; ${a.migration} waits in Pending behind it.`;
      case 'blocks-automatic':
        return `An evacuation or workload-update migration could not be created because ${a.migration} is in flight (KubeVirt allows one migration per VMI).`;
      case 'no-migration':
        return 'No migration.';
      case 'none':
        return r.status === 'unknown' ? 'Other migrations of the VMI could not be read.' : 'No other migration of this VMI is in flight.';
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    switch (a.kind) {
      case 'in-flight': {
        const o = a.other?.name;
        return o ? `wait for ${o} to finish (kubectl get vmim ${o} -n ${a.namespace} -w), or cancel it: kubectl delete vmim ${o} -n ${a.namespace}` : undefined;
      }
      case 'not-eligible':
        return a.other
          ? `start a new migration once ${a.other.name} is Succeeded or Failed: kubectl get vmim ${a.other.name} -n ${a.namespace}`
          : `start a new migration once the other one is Succeeded or Failed: kubectl get vmim -n ${a.namespace}`;
      case 'blocks-automatic':
      case 'no-migration':
      case 'none':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
