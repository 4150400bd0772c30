// Prose of the migration-phase check (src/analyze/why/checks/migration-phase.ts).
import { formatSeconds } from '../why-checklist.js';
import type { CheckText } from './check-text.js';

const ORIGIN: Record<string, string> = { evacuation: 'evacuation', 'workload-update': 'workload update', user: 'user-created' };

export const migrationPhaseText: CheckText<'migration-phase'> = {
  title: 'Migration phase',
  summary(r) {
    const a = r.args;
    if (a.kind === 'none') return `VMI ${String(a.vmi)} has no VirtualMachineInstanceMigration.`;
    const phase = String(a.phase) || 'not processed yet (no phase)';
    const origin = ORIGIN[String(a.origin)] ?? String(a.origin);
    const since = typeof a.secondsInPhase === 'number' ? ` for ${formatSeconds(a.secondsInPhase)}` : '';
    const from = a.evacuatedNode ? `, evacuating node ${String(a.evacuatedNode)}` : '';
    const newer = a.newerMigration ? `; a newer migration of this VMI exists: ${String(a.newerMigration)}` : '';
    if (a.kind === 'abort-pending') {
      const when = a.deletionTimestamp ? ` (deleted at ${String(a.deletionTimestamp)})` : '';
      return `Migration ${String(a.migration)} (${origin}${from}) is ${phase}${since} with an abort requested${when}: it ends as Failed once the controller processes it${newer}.`;
    }
    return `Migration ${String(a.migration)} (${origin}${from}) is ${phase}${since}${a.abortRequested ? ', after an abort request' : ''}${newer}.`;
  },
  hint(r) {
    const a = r.args;
    if (a.newerMigration) return `diagnose the newest one: kubectl vmigrate why ${String(a.newerMigration)} -n ${String(a.namespace)}`;
    return undefined;
  },
};
