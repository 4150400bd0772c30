// Prose of the migration-phase check (src/analyze/why/checks/migration-phase.ts).
import { formatSeconds } from '../format.js';
import { assertNever } from '../assert-never.js';
import { ORIGIN_TEXT } from '../migration-origin.js';
import type { CheckText } from './check-text.js';

export const migrationPhaseText: CheckText<'migration-phase'> = {
  title: 'Migration phase',
  summary(r) {
    const a = r.args;
    if (a.kind === 'none') return `VMI ${a.vmi} has no VirtualMachineInstanceMigration.`;
    const phase = a.phase || 'not processed yet (no phase)';
    const origin = ORIGIN_TEXT[a.origin];
    const since = a.secondsInPhase !== undefined ? ` for ${formatSeconds(a.secondsInPhase)}` : '';
    const from = a.evacuatedNode ? `, evacuating node ${a.evacuatedNode}` : '';
    const newer = a.newerMigration ? `; a newer migration of this VMI exists: ${a.newerMigration}` : '';
    switch (a.kind) {
      case 'abort-pending': {
        const when = a.deletionTimestamp ? ` (deleted at ${a.deletionTimestamp})` : '';
        if (a.abortStuck) {
          return `Migration ${a.migration} (${origin}${from}) is ${phase}${since} with an abort requested${when}: KubeVirt before v0.56 cannot abort a migration that is not Running, so it stays in ${phase}${newer}.`;
        }
        return `Migration ${a.migration} (${origin}${from}) is ${phase}${since} with an abort requested${when}: it ends as Failed once the controller processes it${newer}.`;
      }
      case 'phase':
        return `Migration ${a.migration} (${origin}${from}) is ${phase}${since}${a.abortRequested ? ', after an abort request' : ''}${newer}.`;
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind !== 'none' && a.newerMigration) return `diagnose the newest one: kubectl vmigrate why ${a.newerMigration} -n ${a.namespace}`;
    if (a.kind === 'abort-pending' && a.abortStuck) {
      return `upgrade KubeVirt to v0.56+, which aborts migrations that are not Running (kubevirt/kubevirt#7599); its state meanwhile: kubectl get vmim ${a.migration} -n ${a.namespace} -o yaml`;
    }
    if (a.kind === 'abort-pending') return `watch it end: kubectl get vmim ${a.migration} -n ${a.namespace} -w`;
    return undefined;
  },
};
