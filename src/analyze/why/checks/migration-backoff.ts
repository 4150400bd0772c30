// Automatic migrations back off after failures (`handleMigrationBackoff`,
// docs/kubevirt/evacuation-and-queue.md §6): only VMIMs with annotation
// kubevirt.io/evacuationMigration or kubevirt.io/workloadUpdateMigration; 20 s, doubling per
// consecutive failed predecessor (a Succeeded one ends the run, deleted ones are skipped), counted
// from the previous VMIM's `Failed` phase timestamp. Meanwhile the VMIM stays Pending and the VMI
// gets `MigrationBackoff` `backoff migrating vmi %s/%s`.
import type { EvidenceRef } from '../../findings.js';
import type { VirtualMachineInstanceMigration } from '../../../kube/types.js';
import { isAutomatic, originOf, type AutomaticOrigin } from '../../migration/origin.js';
import { result, type WhyCheck } from '../check.js';
import type { BackoffFacts, Waiting } from '../check-args/migration-backoff.js';
import { eventTime, time } from '../../../kube/time.js';
import { awaitingTargetPod, migrationRef, recognizedEvents } from '../migration-state.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';
import { listOf } from '../../shape.js';

const FIRST_BACKOFF_SECONDS = 20;

export const migrationBackoff: WhyCheck<'migration-backoff'> = {
  id: 'migration-backoff',
  run(ctx) {
    const ours = ctx.migration;
    if (!ours) return result('migration-backoff', 'skip', { kind: 'no-migration' });
    const origin = originOf(ours, ctx.vmi);
    if (!isAutomatic(origin)) return result('migration-backoff', 'skip', { kind: 'not-automatic' });
    if (!awaitingTargetPod(ctx) || ours.status?.phase !== 'Pending') return result('migration-backoff', 'pass', { kind: 'not-waiting' });

    const events = recognizedEvents(eventsOfMigration(ctx.vmiEvents, ours)).filter(({ recognized }) => recognized.kind === 'backoff');
    const lastEvent = events[events.length - 1]?.event;
    const eventRefs = lastEvent ? [eventRef(lastEvent)] : [];
    if (!ctx.migrations.ok) {
      if (lastEvent) return result('migration-backoff', 'fail', { kind: 'event', namespace: ctx.namespace, origin, lastEventTime: eventTime(lastEvent) ?? '' }, eventRefs, 'migration-backoff');
      return { ...result('migration-backoff', 'unknown', { kind: 'unreadable' }), missing: ctx.migrations.reason };
    }

    const b = computeBackoff(ctx.vmiMigrations, ours);
    if (!b) {
      if (lastEvent) return result('migration-backoff', 'fail', { kind: 'event', namespace: ctx.namespace, origin, lastEventTime: eventTime(lastEvent) ?? '' }, eventRefs, 'migration-backoff');
      return result('migration-backoff', 'pass', { kind: 'no-failures' });
    }
    const retryAt = b.failedAt === undefined ? undefined : b.failedAt + b.backoffSeconds * 1000;
    const args: Waiting & BackoffFacts = { namespace: ctx.namespace, origin, failures: b.failures, backoffSeconds: b.backoffSeconds, previousMigration: b.previous.metadata.name ?? '' };
    if (retryAt !== undefined) {
      args.retryAt = new Date(retryAt).toISOString().replace(/\.000Z$/, 'Z');
      args.secondsLeft = Math.max(0, Math.round((retryAt - ctx.now.getTime()) / 1000));
    }
    const evidence: EvidenceRef[] = [...eventRefs, ...b.failed.map((m) => migrationRef(m, 'status.phase', 'Failed'))];
    if (retryAt !== undefined && retryAt > ctx.now.getTime()) return result('migration-backoff', 'fail', { ...args, kind: 'backoff' }, evidence, 'migration-backoff');
    // No Failed timestamp (older VMIMs): the controller computes from the zero time, i.e. no wait.
    if (retryAt === undefined && !lastEvent) return result('migration-backoff', 'pass', { ...args, kind: 'no-timestamp' }, evidence);
    if (retryAt === undefined) return result('migration-backoff', 'fail', { ...args, kind: 'event', lastEventTime: eventTime(lastEvent!) ?? '' }, evidence, 'migration-backoff');
    return result('migration-backoff', 'info', { ...args, kind: 'expired' }, evidence);
  },
};

interface Backoff {
  failures: number;
  backoffSeconds: number;
  /** The VMIM just before ours; its Failed timestamp starts the clock. */
  previous: VirtualMachineInstanceMigration;
  failedAt?: number;
  failed: VirtualMachineInstanceMigration[];
}

/** The controller's computation; undefined when ours is not the newest automatic VMIM or nothing failed. */
function computeBackoff(vmiMigrations: readonly VirtualMachineInstanceMigration[], ours: VirtualMachineInstanceMigration): Backoff | undefined {
  const eligible = vmiMigrations.filter((m) => isAutomatic(originOf(m))); // newest first
  if (eligible.length < 2 || eligible[0]?.metadata.uid !== ours.metadata.uid) return undefined;
  const failed: VirtualMachineInstanceMigration[] = [];
  for (const m of eligible.slice(1)) {
    if (m.status?.phase === 'Succeeded') break;
    if (m.metadata.deletionTimestamp) continue;
    if (m.status?.phase === 'Failed') failed.push(m);
  }
  if (failed.length === 0) return undefined;
  const previous = eligible[1]!;
  const ts = listOf(previous.status?.phaseTransitionTimestamps).find((t) => t.phase === 'Failed')?.phaseTransitionTimestamp;
  const b: Backoff = { failures: failed.length, backoffSeconds: FIRST_BACKOFF_SECONDS * 2 ** (failed.length - 1), previous, failed };
  if (ts && time(ts) > 0) b.failedAt = time(ts);
  return b;
}
