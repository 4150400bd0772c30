// Prose of the migration-conflict check (src/analyze/why/checks/migration-conflict.ts).
import type { OtherMigration, OwnerVerdict } from '../../analyze/why/check-args/migration-conflict.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

function otherText(o: OtherMigration): string {
  return `${o.name} (uid ${o.uid}, ${o.phase || 'no phase'})`;
}

/** What the owner itself is held by, so the waiter points to the real cause. */
function ownerText(o: OwnerVerdict | undefined): string {
  if (!o) return '';
  if (o.cause === 'none') return ` (${o.status})`;
  return `, which is itself ${o.status}: ${o.cause}${o.check ? ` (check ${o.check})` : ''}`;
}

export const migrationConflictText: CheckText<'migration-conflict'> = {
  title: 'No other migration in flight',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'not-eligible':
        return `Migration ${a.migration} failed because another migration owned the VMI${a.other ? `: ${otherText(a.other)}` : ''} ("VMI is not eligible for migration because another migration job is in progress.").`;
      case 'in-flight':
        return `Another unfinished migration owns the VMI${a.other ? `: ${otherText(a.other)}${ownerText(a.ownerVerdict)}` : ''}; ${a.migration} waits in Pending behind it.`;
      case 'owner':
        return `${a.migration} is the migration KubeVirt serves; ${a.waiting.join(', ')} ${a.waiting.length === 1 ? 'waits' : 'wait'} behind it.`;
      case 'stale-state': {
        const pod = a.targetPod ? ` (target pod ${a.targetPod})` : '';
        if (a.ignored) return `The VMI's status still names migration ${a.migrationUid}${pod}, unfinished, whose VMIM is gone; KubeVirt ${a.version} takes that state over, so it does not stop a new migration.`;
        return `The VMI's status still names migration ${a.migrationUid}${pod} as in flight (not completed, not failed), but no such VirtualMachineInstanceMigration exists: KubeVirt up to v0.39 refuses every new migration of ${a.vmi} on it (in-flight migration detected)${a.version ? '' : '; the KubeVirt version is not known (v0.40+ takes the state over)'}.`;
      }
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
        if (!o) return undefined;
        const held = a.ownerVerdict && a.ownerVerdict.cause !== 'none' ? `; ${o} is held by ${a.ownerVerdict.cause}: kubectl vmigrate why ${o} -n ${a.namespace}` : '';
        return `wait for ${o} to finish (kubectl get vmim ${o} -n ${a.namespace} -w), or cancel it: kubectl delete vmim ${o} -n ${a.namespace}${held}`;
      }
      case 'stale-state':
        return a.ignored
          ? undefined
          : `clear the stale state: restart the VM (virtctl restart ${a.vmi} -n ${a.namespace}), or upgrade KubeVirt (v0.40+ no longer refuses on it)`;
      case 'not-eligible':
        return a.other
          ? `start a new migration once ${a.other.name} is Succeeded or Failed: kubectl get vmim ${a.other.name} -n ${a.namespace}`
          : `start a new migration once the other one is Succeeded or Failed: kubectl get vmim -n ${a.namespace}`;
      case 'owner':
      case 'blocks-automatic':
      case 'no-migration':
      case 'none':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
