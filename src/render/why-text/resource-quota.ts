// Prose of the resource-quota check (src/analyze/why/checks/resource-quota.ts).
import type { QuotaResourceUse } from '../../analyze/why/parse/quota-message.js';
import { formatBytes, formatCpu } from '../../kube/quantity.js';
import { assertNever } from '../assert-never.js';
import type { CheckText } from './check-text.js';

/** A quota amount in the unit of its resource: cores for cpu, bytes for memory/storage, else a count. */
export function formatQuotaAmount(resource: string, v: number | undefined): string {
  if (v === undefined) return '?';
  const base = resource.replace(/^(requests|limits)\./, '');
  if (base === 'cpu') return formatCpu(v);
  if (base === 'memory' || base.includes('storage') || base.startsWith('hugepages-')) return formatBytes(v);
  return String(v);
}

const isShort = (r: QuotaResourceUse): boolean => r.shortfall !== undefined && r.shortfall > 0;

/** The resources that did not fit (all of them when the message gives no numbers to tell). */
function short(resources: readonly QuotaResourceUse[] = []): readonly QuotaResourceUse[] {
  const over = resources.filter(isShort);
  return over.length > 0 ? over : resources;
}

function describe(r: QuotaResourceUse): string {
  const f = (v: number | undefined) => formatQuotaAmount(r.resource, v);
  const by = isShort(r) ? ` (short by ${f(r.shortfall)})` : '';
  return `${r.resource} requested ${f(r.requested)}, used ${f(r.used)}, hard ${f(r.limited)}${by}`;
}

const quotaName = (quota: string | undefined): string => (quota ? `ResourceQuota ${quota}` : 'A ResourceQuota');

export const resourceQuotaText: CheckText<'resource-quota'> = {
  title: 'ResourceQuota has room for the target pod',
  summary(r) {
    const a = r.args;
    switch (a.kind) {
      case 'exceeded':
      case 'must-specify':
      case 'condition': {
        const quota = quotaName(a.quota);
        const earlier = 'past' in a ? 'Earlier, ' : '';
        const logged = 'fromLog' in a && a.fromLog ? ` (${a.fromLog}'s log)` : '';
        if (a.kind === 'exceeded') return `${earlier}${quota} refused the target pod${a.pod ? ` ${a.pod}` : ''}${logged}: ${short(a.resources).map(describe).join('; ')}.`;
        if (a.kind === 'must-specify') return `${earlier}${quota} refused the target pod: it must specify ${a.missing.join(', ')}.`;
        const detail = a.resources && a.resources.length > 0 ? `: ${short(a.resources).map(describe).join('; ')}` : '';
        return `${earlier}${quota} refused the target pod (VMIM condition migrationRejectedByResourceQuota=True)${detail}.`;
      }
      case 'headroom-unknown':
        return `Cannot tell whether the ResourceQuotas leave room for the target pod: ${r.missing ?? 'data not readable'}.`;
      case 'headroom': {
        const more = a.otherQuotas && a.otherQuotas.length > 0 ? ` (also short: ${a.otherQuotas.join(', ')})` : '';
        const rs = short(a.resources).map((x) => {
          const f = (v: number | undefined) => formatQuotaAmount(x.resource, v);
          const left = x.limited !== undefined && x.used !== undefined ? x.limited - x.used : undefined;
          return `${x.resource} ${f(x.requested)} needed, ${f(left)} left of ${f(x.limited)} (short by ${f(x.shortfall)})`;
        });
        return `${quotaName(a.quota)} has no room for the target pod, a second launcher pod as large as the source: ${rs.join('; ')}${more}.`;
      }
      case 'headroom-ok': {
        const f = (v: number) => formatQuotaAmount(a.resource, v);
        return `Room for the target pod: tightest is ${a.resource} in ${quotaName(a.quota)}, ${f(a.headroom)} left for ${f(a.requested)}.`;
      }
      case 'no-quota':
        return 'No ResourceQuota limits what a launcher pod uses in this namespace.';
      case 'admitted':
        return 'The target pod was admitted.';
      case 'no-vmi':
        return 'No VMI.';
      default:
        return assertNever(a);
    }
  },
  hint(r) {
    if (r.status !== 'fail' && r.status !== 'warn') return undefined;
    const a = r.args;
    switch (a.kind) {
      case 'exceeded':
      case 'must-specify':
      case 'condition':
      case 'headroom': {
        const ns = 'namespace' in a ? a.namespace : '';
        if (!a.quota) {
          return `find the quota and resource that refuse it (kubectl describe resourcequota -n ${ns}), then raise it or free room: migrating needs room for a second launcher pod, and KubeVirt retries by itself when the quota changes`;
        }
        const quota = a.quota;
        if (a.kind === 'must-specify') return `the quota requires ${a.missing.join(', ')} on every container: set them in the VM (spec.template.spec.domain.resources) or drop them from ResourceQuota ${quota} (kubectl edit resourcequota ${quota} -n ${ns})`;
        const rs = short(a.resources).filter(isShort);
        const raise = rs.length > 0 ? rs.map((x) => `${x.resource} by at least ${formatQuotaAmount(x.resource, x.shortfall)}`).join(' and ') : 'the refused resources';
        return `raise ${raise} in ResourceQuota ${quota} (kubectl edit resourcequota ${quota} -n ${ns}), or free that much in the namespace; migrating needs room for a second launcher pod, and KubeVirt retries by itself when the quota changes`;
      }
      case 'headroom-unknown':
      case 'headroom-ok':
      case 'no-quota':
      case 'admitted':
      case 'no-vmi':
        return undefined;
      default:
        return assertNever(a);
    }
  },
};
