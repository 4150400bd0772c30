// Prose of the migration-slots check (src/analyze/why/checks/migration-slots.ts).
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';
import { queueText } from '../queue-position.js';

const LIST_MAX = 6;

function list(names: readonly string[]): string {
  const shown = names.slice(0, LIST_MAX).join(', ');
  return names.length > LIST_MAX ? `${shown}, +${names.length - LIST_MAX} more` : shown;
}

export const migrationSlotsText: CheckText<'migration-slots'> = {
  title: 'Migration slot free',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'full': {
        const what =
          a.scope === 'cluster'
            ? `${a.running}/${a.limit} migrations running cluster-wide (parallelMigrationsPerCluster ${a.limit})`
            : `${a.running}/${a.limit} outbound migrations from source node ${a.node} (parallelOutboundMigrationsPerNode ${a.limit})`;
        const assumed = a.limitAssumed ? '; the limit is the KubeVirt default, the KubeVirt CR could not be read' : '';
        const behind = a.behindActivePods ? '; the VMI\'s second active pod holds it first (see active pods)' : '';
        return `Waiting for a migration slot: ${what}: ${list(a.runningMigrations)}${assumed}${behind}; ${queueText(a.queue)}.`;
      }
      case 'unreadable':
        return 'Running migrations could not be counted.';
      case 'counts': {
        if (r.status === 'unknown' && a.unplaced) return `Cannot tell whether ${a.node ?? 'the source node'} has a free outbound slot: ${a.outbound}/${a.nodeLimit} counted, and ${a.unplaced} running migration(s) leave from a node not known here.`;
        if (r.status === 'unknown') return 'Running migrations could not be counted.';
        const node = a.node ? `, ${a.outbound}/${a.nodeLimit} outbound from ${a.node}` : '';
        return `A slot is free: ${a.running}/${a.limit} migrations running cluster-wide${node}.`;
      }
      case 'not-waiting':
        return r.status === 'pass' ? 'The migration got past the slot limits.' : `Not waiting for a slot (phase ${a.phase || 'unset'}).`;
      case 'no-migration':
        return 'No migration.';
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    const a = r.args;
    if (a.kind !== 'full') return undefined;
    const field = a.scope === 'cluster' ? 'parallelMigrationsPerCluster' : 'parallelOutboundMigrationsPerNode';
    const [ns, name] = a.kubevirt !== undefined ? a.kubevirt.split('/') : [];
    const target = ns && name ? `kubectl patch kubevirt ${name} -n ${ns} --type merge -p '{"spec":{"configuration":{"migrations":{"${field}":${a.limit + 1}}}}}'` : `spec.configuration.migrations.${field} in the KubeVirt CR`;
    return `it starts by itself when one of the running migrations ends; to allow more at once raise ${field}: ${target}`;
  },
};
