// Prose of the `migration-policy` check (src/analyze/why/checks/migration-policy.ts).
import type { MigrationPolicyArgs } from '../../analyze/why/check-args/migration-policy.js';
import type { MigrationConfigArgs } from '../../analyze/why/migration-config.js';
import { parseQuantity } from '../../kube/quantity.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

const onOff = (v: string | number | boolean | undefined): string => (v === true ? 'on' : 'off');

function labels(v: Record<string, string>): string {
  return Object.entries(v)
    .map(([k, x]) => `${k}=${x}`)
    .join(', ');
}

/** The fields that decide a migration's fate, in one line. */
function configLine(c: MigrationConfigArgs): string {
  const bw = c.bandwidthPerMigration;
  const bandwidth = bw === undefined || parseQuantity(`${bw}`) === 0 ? 'unlimited' : `${bw}`;
  const parts = [
    `completionTimeoutPerGiB ${c.completionTimeoutPerGiB ?? '?'}`,
    `progressTimeout ${c.progressTimeout ?? '?'}`,
    `bandwidth ${bandwidth}`,
    `auto-converge ${onOff(c.allowAutoConverge)}`,
    `post-copy ${onOff(c.allowPostCopy)}`,
  ];
  if (c.allowWorkloadDisruption !== undefined) parts.push(`workload disruption ${onOff(c.allowWorkloadDisruption)}`);
  if (c.maxDowntimeMs !== undefined) parts.push(`maxDowntimeMs ${c.maxDowntimeMs}`);
  return parts.join(', ');
}

function postCopyNote(a: MigrationPolicyArgs): string {
  if (!a.postCopy) return '';
  const psa = a.podSecurityEnforce ? `enforce=${a.podSecurityEnforce}` : 'no enforce label';
  return `; post-copy is allowed: it needs vm.unprivileged_userfaultfd=1 on the nodes and a privileged namespace (${psa})`;
}

export const migrationPolicyText: CheckText<'migration-policy'> = {
  title: 'Migration policy',
  summary(r) {
    const a = r.args;
    const name = a.policy ?? '';
    const config = configLine(a.config);
    const matched = [labels(a.matchedVmiLabels) && `VMI labels ${labels(a.matchedVmiLabels)}`, labels(a.matchedNamespaceLabels) && `namespace labels ${labels(a.matchedNamespaceLabels)}`]
      .filter(Boolean)
      .join('; ');
    switch (a.kind) {
      case 'recorded':
        return `Runs with MigrationPolicy ${name}${matched ? ` (${matched})` : ''}: ${config}${postCopyNote(a)}.`;
      case 'recorded-none':
        return `No MigrationPolicy changed this migration: ${config}${postCopyNote(a)}.`;
      case 'matched':
        return `MigrationPolicy ${name} matches${matched ? ` (${matched})` : ''}: ${config}${postCopyNote(a)}.`;
      case 'none':
        return `No MigrationPolicy matches; cluster configuration: ${config}${postCopyNote(a)}.`;
      case 'unknown':
        return `Cannot tell which MigrationPolicy applies (${a.unknownResource ?? 'policies'} not readable${r.missing ? `: ${r.missing}` : ''}); without a policy: ${config}.`;
      default:
        return assertNever(a.kind);
    }
  },
  hint(r) {
    if (r.status === 'unknown') return `allow reading ${r.args.unknownResource ?? 'migrationpolicies'} (kubectl auth can-i list ${r.args.unknownResource ?? 'migrationpolicies.migrations.kubevirt.io'})`;
    return undefined;
  },
};
