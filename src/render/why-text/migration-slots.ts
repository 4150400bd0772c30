// Prose of the migration-slots check (src/analyze/why/checks/migration-slots.ts).
import type { CheckText } from './check-text.js';

const LIST_MAX = 6;

function list(names: unknown): string {
  const all = Array.isArray(names) ? names.map(String) : [];
  const shown = all.slice(0, LIST_MAX).join(', ');
  return all.length > LIST_MAX ? `${shown}, +${all.length - LIST_MAX} more` : shown;
}

export const migrationSlotsText: CheckText<'migration-slots'> = {
  title: 'Migration slot free',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'full': {
        const what =
          a.scope === 'cluster'
            ? `${String(a.running)}/${String(a.limit)} migrations running cluster-wide (parallelMigrationsPerCluster ${String(a.limit)})`
            : `${String(a.running)}/${String(a.limit)} outbound migrations from source node ${String(a.node)} (parallelOutboundMigrationsPerNode ${String(a.limit)})`;
        const assumed = a.limitAssumed ? '; the limit is the KubeVirt default, the KubeVirt CR could not be read' : '';
        const behind = a.behindActivePods ? '; the VMI\'s second active pod holds it first (see active pods)' : '';
        return `Waiting for a migration slot: ${what}: ${list(a.runningMigrations)}${assumed}${behind}.`;
      }
      case 'counts': {
        if (r.status === 'unknown') return 'Running migrations could not be counted.';
        const node = a.node ? `, ${String(a.outbound)}/${String(a.nodeLimit)} outbound from ${String(a.node)}` : '';
        return `A slot is free: ${String(a.running)}/${String(a.limit)} migrations running cluster-wide${node}.`;
      }
      case 'not-waiting':
        return r.status === 'pass' ? 'The migration got past the slot limits.' : `Not waiting for a slot (phase ${String(a.phase) || 'unset'}).`;
      default:
        return 'No migration.';
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind !== 'full') return undefined;
    const field = a.scope === 'cluster' ? 'parallelMigrationsPerCluster' : 'parallelOutboundMigrationsPerNode';
    const [ns, name] = typeof a.kubevirt === 'string' ? a.kubevirt.split('/') : [];
    const target = ns && name ? `kubectl patch kubevirt ${name} -n ${ns} --type merge -p '{"spec":{"configuration":{"migrations":{"${field}":${Number(a.limit) + 1}}}}}'` : `spec.configuration.migrations.${field} in the KubeVirt CR`;
    return `it starts by itself when one of the running migrations ends; to allow more at once raise ${field}: ${target}`;
  },
};
