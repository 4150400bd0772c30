// Summary and hint of a verdict. When a check decided the cause, its text is the verdict's;
// otherwise (nothing wrong, no migration, nothing explains it) the sentence is made here.
import type { Diagnosis } from '../../analyze/why/diagnose.js';
import { CHECK_TEXT } from './index.js';

export function verdictSummary(d: Diagnosis): string {
  const { verdict, ctx } = d;
  const decisive = verdict.check ? d.checks.find((c) => c.id === verdict.check) : undefined;
  if (decisive) return CHECK_TEXT[decisive.id].summary(decisive);
  const vmi = `${ctx.namespace}/${ctx.vmi?.metadata.name ?? ctx.requested.name}`;
  const m = ctx.migration?.metadata.name;
  switch (verdict.cause) {
    case 'no-migration':
      return `VMI ${vmi} has no VirtualMachineInstanceMigration.`;
    case 'none':
      return verdict.status === 'succeeded'
        ? `Migration ${m} of ${vmi} succeeded${ctx.migration?.status?.migrationState?.targetNode ? ` (now on ${ctx.migration.status.migrationState.targetNode})` : ''}.`
        : `Migration ${m} of ${vmi} is ${ctx.migration?.status?.phase || 'Pending'} and nothing is blocking it.`;
    default: {
      if (verdict.args.kind === 'unknown-phase') {
        return `Migration ${m} of ${vmi} is in phase ${String(verdict.args.phase)}, which this version of kubectl vmigrate does not know (a newer KubeVirt?): it cannot tell whether the migration progresses.`;
      }
      const missing = Array.isArray(verdict.args.checks) ? ` (could not evaluate: ${verdict.args.checks.join(', ')})` : '';
      return verdict.status === 'failed'
        ? `Migration ${m} of ${vmi} failed, and the evidence does not say why: no failureReason, Migrated or FailedMigration event was found${missing}.`
        : `Migration ${m} of ${vmi} is ${ctx.migration?.status?.phase || 'Pending'} and the evidence does not name a cause${missing}.`;
    }
  }
}

export function verdictHint(d: Diagnosis): string {
  const { verdict, ctx } = d;
  const decisive = verdict.check ? d.checks.find((c) => c.id === verdict.check) : undefined;
  if (decisive) return CHECK_TEXT[decisive.id].hint(decisive) ?? '';
  const ns = ctx.namespace;
  const vmi = ctx.vmi?.metadata.name ?? ctx.requested.name;
  switch (verdict.cause) {
    case 'no-migration':
      return d.migratability?.verdict === 'not-migratable'
        ? `it could not migrate now: see the migratability findings (kubectl vmigrate check-migratable ${vmi} -n ${ns})`
        : `start one with: virtctl migrate ${vmi} -n ${ns}`;
    case 'none':
      return verdict.status === 'succeeded' ? '' : `follow it with: kubectl vmigrate why ${ctx.requested.name} -n ${ns} --watch`;
    default:
      if (verdict.args.kind === 'unknown-phase') return `see what the phase means for your KubeVirt version: kubectl get vmim ${ctx.migration?.metadata.name ?? ''} -n ${ns} -o yaml`;
      return `read the source launcher log: kubectl logs -n ${ns} ${ctx.sourcePod?.metadata.name ?? '<virt-launcher pod>'} -c compute | grep -i migration; and virt-controller's log in the KubeVirt namespace`;
  }
}
