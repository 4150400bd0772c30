// KubeVirt's own verdict, the VMI condition LiveMigratable
// (docs/kubevirt/live-migratable-by-version.md): False explains a migration in flight, and with no
// migration it is what stops a new one (verdict rule 3: blocked, not idle); for a final migration
// it is only history. Reason and message are carried verbatim.
import type { EvidenceRef } from '../../findings.js';
import { COND_LIVE_MIGRATABLE, REASON_DISKS_NOT_MIGRATABLE, REASON_HOST_DEVICE_NOT_MIGRATABLE } from '../../../kubevirt/constants.js';
import { deviceMove } from '../../scheduling/device-nodes.js';
import { result, type WhyCheck } from '../check.js';
import type { LiveMigratableArgs } from '../check-args/live-migratable.js';
import { recognizedEvents } from '../migration-state.js';
import { isFinal } from '../../migration/phase.js';
import { eventRef, eventsOfMigration } from '../target-pod-state.js';
import { listOf } from '../../shape.js';

export const liveMigratable: WhyCheck<'live-migratable'> = {
  id: 'live-migratable',
  run(ctx) {
    const { vmi } = ctx;
    if (!vmi) return result('live-migratable', 'skip', { kind: 'no-vmi' });
    const name = vmi.metadata.name ?? '';
    const cond = listOf(vmi.status?.conditions).find((c) => c.type === COND_LIVE_MIGRATABLE);
    if (!cond) return result('live-migratable', 'info', { kind: 'no-condition', vmi: name });
    const ref: EvidenceRef = { kind: 'VirtualMachineInstance', namespace: ctx.namespace, name, field: `status.conditions[${COND_LIVE_MIGRATABLE}]` };
    if (cond.status !== 'False') return result('live-migratable', 'pass', { kind: 'migratable', vmi: name, status: cond.status ?? '' }, [ref]);

    const args: LiveMigratableArgs = { kind: 'not-migratable', vmi: name, namespace: ctx.namespace, reason: cond.reason ?? '', message: cond.message ?? '' };
    // The fix for a device-bound VMI depends on which other node offers its devices.
    if (args.reason === REASON_HOST_DEVICE_NOT_MIGRATABLE) args.move = deviceMove(vmi.spec ?? {}, ctx.nodes, vmi.status?.nodeName);
    if (cond.message) ref.message = cond.message;
    const evidence = [ref, ...refusals(ctx)];
    if (ctx.migration && isFinal(ctx.migration.status?.phase)) return result('live-migratable', 'info', args, evidence);
    // A volume migration copies the ReadWriteOnce volumes it moves (virt-handler leaves migrated
    // volumes out of the condition); whether it may start is volume-migration's to say.
    if (ctx.kind === 'volume' && args.reason === REASON_DISKS_NOT_MIGRATABLE) return result('live-migratable', 'info', args, evidence);
    return result('live-migratable', 'fail', args, evidence, 'not-live-migratable');
  },
};

/**
 * Events where KubeVirt acted on the condition: virt-handler's `EvictionStrategy is set but vmi is
 * not migratable`, evacuation's `VirtualMachineInstance is not migrateable`, and a migration
 * create refused by the webhook (`Cannot migrate VMI, Reason: …`). The newest of each kind.
 */
function refusals(ctx: Parameters<WhyCheck['run']>[0]): EvidenceRef[] {
  const newest = new Map<string, EvidenceRef>();
  for (const { event, recognized } of recognizedEvents(eventsOfMigration(ctx.vmiEvents, ctx.migration))) {
    const relevant =
      recognized.kind === 'eviction-not-migratable' ||
      recognized.kind === 'evacuation-not-migratable' ||
      (recognized.kind === 'migration-create-failed' && recognized.args.classified?.cause === 'not-live-migratable');
    if (relevant) newest.set(recognized.kind, eventRef(event));
  }
  return [...newest.values()];
}
