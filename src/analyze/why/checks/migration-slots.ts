// Concurrency limits (docs/kubevirt/evacuation-and-queue.md §5): a Pending VMIM gets its target pod
// only while fewer than parallelMigrationsPerCluster migrations run cluster-wide and fewer than
// parallelOutboundMigrationsPerNode leave its source node. While it waits there is NO event and
// NO condition — only a virt-controller log line — so counting is the only way to see it
// (users #22: "queued migrations looked identical to stuck ones").
import type { EvidenceRef } from '../../findings.js';
import { effectiveMigrationConfig } from '../../policy/effective-config.js';
import { result, type WhyCheck } from '../check.js';
import type { MigrationSlotsArgs } from '../check-args/migration-slots.js';
import { isFinal } from '../../migration/phase.js';
import { awaitingTargetPod, hasMultipleActivePods, migrationRef, qualified } from '../migration-state.js';
import { queueOrder, queuePosition, runningMigrations, sourceNodeOfMigration } from '../queue-position.js';

export const migrationSlots: WhyCheck<'migration-slots'> = {
  id: 'migration-slots',
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return result('migration-slots', 'skip', { kind: 'no-migration' });
    if (!awaitingTargetPod(ctx) || ours.status?.phase !== 'Pending') {
      // It got past the gate (or never reached it): nothing to count.
      return result('migration-slots', isFinal(ours.status?.phase) || ctx.targetPod ? 'pass' : 'skip', { kind: 'not-waiting', phase: ours.status?.phase ?? '' });
    }
    if (!ctx.migrations.ok) return { ...result('migration-slots', 'unknown', { kind: 'unreadable' }), missing: ctx.migrations.reason };

    const pods = ctx.pods.ok ? ctx.pods.items : [];
    const running = runningMigrations(ctx.index, ctx.migrations.items, pods, ours);
    const node = ctx.vmi?.status?.nodeName;
    const outbound = node ? running.filter((m) => sourceNodeOfMigration(ctx.index, m, pods) === node) : [];
    const cfg = effectiveMigrationConfig({ version: ctx.version, cluster: ctx.kubevirtCR?.spec?.configuration?.migrations }).config;
    const clusterLimit = cfg.parallelMigrationsPerCluster ?? 0;
    const nodeLimit = cfg.parallelOutboundMigrationsPerNode ?? 0;

    const base: Extract<MigrationSlotsArgs, { kind: 'counts' }> = { kind: 'counts', running: running.length, limit: clusterLimit, outbound: outbound.length, nodeLimit };
    if (node) base.node = node;
    if (ctx.kubevirtCR) base.kubevirt = `${ctx.kubevirtCR.metadata.namespace ?? ''}/${ctx.kubevirtCR.metadata.name ?? ''}`;
    const clusterFull = running.length >= clusterLimit;
    const nodeFull = node !== undefined && outbound.length >= nodeLimit;
    if (!clusterFull && !nodeFull) {
      // Without pods, Pending migrations that already have a target pod are not counted: a lower bound.
      if (!ctx.pods.ok) return { ...result('migration-slots', 'unknown', base), missing: ctx.pods.reason };
      // KubeVirt counts a migration for the node its VMI's status.nodeName or migrationState.sourceNode
      // names (rule 8): without our node, or with running migrations we cannot place, a free node slot is a guess.
      if (!node) return { ...result('migration-slots', 'unknown', base), missing: "the VMI's status.nodeName (the node whose outbound migrations KubeVirt counts)" };
      const unplaced = running.filter((m) => sourceNodeOfMigration(ctx.index, m, pods) === undefined);
      if (unplaced.length > 0 && outbound.length + unplaced.length >= nodeLimit) {
        return { ...result('migration-slots', 'unknown', { ...base, unplaced: unplaced.length }), missing: `the source node of ${unplaced.map(qualified).join(', ')} (its VMI's status.nodeName or migrationState.sourceNode)` };
      }
      return result('migration-slots', 'pass', base, []);
    }

    const scope = clusterFull ? 'cluster' : 'node';
    const holders = scope === 'cluster' ? running : outbound;
    const args: MigrationSlotsArgs = {
      ...base,
      kind: 'full',
      scope,
      running: holders.length,
      limit: scope === 'cluster' ? clusterLimit : nodeLimit,
      clusterRunning: running.length,
      clusterLimit,
      runningMigrations: holders.map(qualified),
      // why reads only this VMI's launcher log: the holders' ETAs are not known here (why --node adds them).
      queue: queuePosition({ index: ctx.index, ours, migrations: ctx.migrations.items, pods, scope, ...(node ? { node } : {}), holders, order: queueOrder(ctx.version, ctx.kubevirtCR) }),
    };
    const evidence: EvidenceRef[] = [migrationRef(ours), ...holders.map((m) => migrationRef(m, 'status.phase', m.status?.phase ?? 'Pending'))];
    const field = scope === 'cluster' ? 'parallelMigrationsPerCluster' : 'parallelOutboundMigrationsPerNode';
    if (ctx.kubevirtCR?.spec?.configuration?.migrations?.[field] !== undefined) {
      evidence.push({ kind: 'KubeVirt', namespace: ctx.kubevirtCR.metadata.namespace, name: ctx.kubevirtCR.metadata.name ?? '', field: `spec.configuration.migrations.${field}` });
    }
    // Limits come from the KubeVirt CR: unreadable, the defaults are a guess.
    if (!ctx.kubevirt.ok) return { ...result('migration-slots', 'unknown', { ...args, limitAssumed: true }, evidence), missing: ctx.kubevirt.reason };
    // The controller checks for a second active launcher pod first: then active-pods names the cause.
    if (hasMultipleActivePods(ctx)) return result('migration-slots', 'info', { ...args, behindActivePods: true }, evidence);
    return result('migration-slots', 'fail', args, evidence, 'concurrency-limit');
  },
};
