// Summary and hint of a verdict. When a check decided the cause, its text is the verdict's;
// otherwise (nothing wrong, no migration, nothing explains it) the sentence is made here, one
// per cause the verdict names itself (`namedBy` in src/analyze/why/cause.ts).
import type { Diagnosis, OwnVerdict } from '../../analyze/why/diagnose.js';
import type { CheckId, CheckResult } from '../../analyze/why/check.js';
import type { WhyContext } from '../../analyze/why/context.js';
import { assertNever } from '../assert-never.js';
import { checkHint, checkSummary, checkTitle } from './index.js';

export function verdictSummary(d: Diagnosis): string {
  const { verdict } = d;
  if (!verdict.check) return ownSummary(verdict, d);
  const decisive = decisiveCheck(d, verdict.check);
  return checkSummary(decisive);
}

function ownSummary(verdict: OwnVerdict, d: Diagnosis): string {
  const { ctx } = d;
  const vmi = `${ctx.namespace}/${ctx.vmi?.metadata.name ?? ctx.requested.name}`;
  const m = ctx.migration?.metadata.name;
  switch (verdict.cause) {
    case 'no-migration':
      return `VMI ${vmi} has no VirtualMachineInstanceMigration.`;
    case 'none':
      return verdict.args.kind === 'succeeded'
        ? `Migration ${m} of ${vmi} succeeded${ctx.migration?.status?.migrationState?.targetNode ? ` (now on ${ctx.migration.status.migrationState.targetNode})` : ''}.`
        : `Migration ${m} of ${vmi} is ${ctx.migration?.status?.phase || 'Pending'} and nothing is blocking it.`;
    case 'unknown': {
      const a = verdict.args;
      switch (a.kind) {
        case 'unknown-phase':
          return `Migration ${m} of ${vmi} is in phase ${a.phase}, which this version of kubectl vmigrate does not know (a newer KubeVirt?): it cannot tell whether the migration progresses.`;
        case 'failed-unexplained':
          return `Migration ${m} of ${vmi} failed, and the evidence does not say why: no failureReason, Migrated or FailedMigration event was found.`;
        case 'undecided': {
          // Rule 1: quote what each undecided check saw, and what it could not read.
          const seen = [...a.anomalies, ...a.unknown].map((id) => {
            const c = decisiveCheck(d, id);
            return `${checkTitle(id)}: ${checkSummary(c)}${c.missing ? ` [missing: ${c.missing}]` : ''}`;
          });
          const what = a.anomalies.length > 0 ? 'something no cause explains' : 'evidence that could not be read';
          return `Migration ${m} of ${vmi} is ${ctx.migration?.status?.phase || 'Pending'}; it cannot be called ${a.stage === 'succeeded' ? 'succeeded' : 'progressing'}: ${what}. ${seen.join(' ')}`;
        }
        default:
          return assertNever(a);
      }
    }
    default:
      return assertNever(verdict);
  }
}

export function verdictHint(d: Diagnosis): string {
  const { verdict } = d;
  if (!verdict.check) return ownHint(verdict, d);
  const decisive = decisiveCheck(d, verdict.check);
  return checkHint(decisive) ?? '';
}

/** The result of the check that decided the verdict (diagnose.ts takes it from `checks`). */
function decisiveCheck(d: Diagnosis, id: CheckId): CheckResult {
  const c = d.checks.find((x) => x.id === id);
  if (!c) throw new Error(`verdict names check ${id}, which did not run`);
  return c;
}

function ownHint(verdict: OwnVerdict, d: Diagnosis): string {
  const { ctx } = d;
  const ns = ctx.namespace;
  const vmi = ctx.vmi?.metadata.name ?? ctx.requested.name;
  switch (verdict.cause) {
    case 'no-migration':
      return d.migratability?.verdict === 'not-migratable'
        ? `it could not migrate now: see the migratability findings (kubectl vmigrate check-migratable ${vmi} -n ${ns})`
        : `start one with: virtctl migrate ${vmi} -n ${ns}`;
    case 'none':
      return verdict.args.kind === 'succeeded' ? '' : `follow it with: kubectl vmigrate why ${ctx.requested.name} -n ${ns} --watch`;
    case 'unknown':
      if (verdict.args.kind === 'unknown-phase') return `see what the phase means for your KubeVirt version: kubectl get vmim ${ctx.migration?.metadata.name ?? ''} -n ${ns} -o yaml`;
      if (verdict.args.kind === 'undecided') {
        // What would decide it: each check's own fix, else what it could not read.
        const steps = [...verdict.args.anomalies, ...verdict.args.unknown].map((id) => {
          const c = decisiveCheck(d, id);
          return checkHint(c) ?? (c.missing ? `make ${c.missing.replace(/^not read: /, '')} readable` : undefined);
        });
        const known = steps.filter((x): x is string => Boolean(x));
        if (known.length > 0) return [...new Set(known)].join('; ');
      }
      return `read the source launcher log: kubectl logs -n ${ns} ${ctx.sourcePod?.metadata.name ?? '<virt-launcher pod>'} -c compute | grep -i migration; and virt-controller's log in the KubeVirt namespace`;
    default:
      return assertNever(verdict);
  }
}
