// Prose of the migration-conflict check (src/analyze/why/checks/migration-conflict.ts).
import type { ArgRecord } from '../../analyze/why/check.js';
import type { CheckText } from './check-text.js';

function other(a: ArgRecord): { name: string; text: string } | undefined {
  const o = a.other as ArgRecord | undefined;
  if (!o) return undefined;
  const name = String(o.name);
  return { name, text: `${name} (uid ${String(o.uid)}, ${String(o.phase) || 'no phase'})` };
}

export const migrationConflictText: CheckText<'migration-conflict'> = {
  title: 'No other migration in flight',
  summary(r) {
    const a = r.args;
    const o = other(a);
    switch (a.kind) {
      case 'not-eligible':
        return `Migration ${String(a.migration)} failed because another migration owned the VMI${o ? `: ${o.text}` : ''} ("VMI is not eligible for migration because another migration job is in progress.").`;
      case 'in-flight':
        return `Another unfinished migration owns the VMI${o ? `: ${o.text}` : ''}; ${String(a.migration)} waits in Pending behind it.`;
      case 'blocks-automatic':
        return `An evacuation or workload-update migration could not be created because ${String(a.migration)} is in flight (KubeVirt allows one migration per VMI).`;
      case 'no-migration':
        return 'No migration.';
      default:
        return r.status === 'unknown' ? 'Other migrations of the VMI could not be read.' : 'No other migration of this VMI is in flight.';
    }
  },
  hint(r) {
    const a = r.args;
    const o = other(a);
    const ns = String(a.namespace ?? '');
    if (a.kind === 'in-flight' && o) return `wait for ${o.name} to finish (kubectl get vmim ${o.name} -n ${ns} -w), or cancel it: kubectl delete vmim ${o.name} -n ${ns}`;
    if (a.kind === 'not-eligible') {
      return o
        ? `start a new migration once ${o.name} is Succeeded or Failed: kubectl get vmim ${o.name} -n ${ns}`
        : `start a new migration once the other one is Succeeded or Failed: kubectl get vmim -n ${ns}`;
    }
    return undefined;
  },
};
