// Prose of the `migration-policy` check (src/analyze/why/checks/migration-policy.ts).
import type { ArgRecord, CheckResult } from '../../analyze/why/check.js';
import { parseQuantity } from '../../kube/quantity.js';
import type { CheckText } from './check-text.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const rec = (v: unknown): ArgRecord => (v && typeof v === 'object' && !Array.isArray(v) ? (v as ArgRecord) : {});
const onOff = (v: unknown): string => (v === true ? 'on' : 'off');

function labels(v: unknown): string {
  return Object.entries(rec(v))
    .map(([k, x]) => `${k}=${String(x)}`)
    .join(', ');
}

/** The fields that decide a migration's fate, in one line. */
function configLine(a: ArgRecord): string {
  const c = rec(a.config);
  const bw = c.bandwidthPerMigration;
  const bandwidth = bw === undefined || parseQuantity(String(bw)) === 0 ? 'unlimited' : String(bw);
  const parts = [
    `completionTimeoutPerGiB ${String(c.completionTimeoutPerGiB ?? '?')}`,
    `progressTimeout ${String(c.progressTimeout ?? '?')}`,
    `bandwidth ${bandwidth}`,
    `auto-converge ${onOff(c.allowAutoConverge)}`,
    `post-copy ${onOff(c.allowPostCopy)}`,
  ];
  if (c.allowWorkloadDisruption !== undefined) parts.push(`workload disruption ${onOff(c.allowWorkloadDisruption)}`);
  if (c.maxDowntimeMs !== undefined) parts.push(`maxDowntimeMs ${String(c.maxDowntimeMs)}`);
  return parts.join(', ');
}

function postCopyNote(a: ArgRecord): string {
  if (a.postCopy !== true) return '';
  const psa = str(a.podSecurityEnforce) ? `enforce=${str(a.podSecurityEnforce)}` : 'no enforce label';
  return `; post-copy is allowed: it needs vm.unprivileged_userfaultfd=1 on the nodes and a privileged namespace (${psa})`;
}

export const migrationPolicyText: CheckText<'migration-policy'> = {
  title: 'Migration policy',
  summary(r: CheckResult<'migration-policy'>): string {
    const a = r.args;
    const name = str(a.policy);
    const config = configLine(a);
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
      default:
        return `Cannot tell which MigrationPolicy applies (${str(a.unknownResource) || 'policies'} not readable${r.missing ? `: ${r.missing}` : ''}); without a policy: ${config}.`;
    }
  },
  hint(r: CheckResult<'migration-policy'>): string | undefined {
    if (r.status === 'unknown') return `allow reading ${str(r.args.unknownResource) || 'migrationpolicies'} (kubectl auth can-i list ${str(r.args.unknownResource) || 'migrationpolicies.migrations.kubevirt.io'})`;
    return undefined;
  },
};
