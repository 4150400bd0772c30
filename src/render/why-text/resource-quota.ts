// Prose of the resource-quota check (src/analyze/why/checks/resource-quota.ts).
import type { ArgRecord } from '../../analyze/why/check.js';
import { formatBytes, formatCpu } from '../../kube/quantity.js';
import type { CheckText } from './check-text.js';

/** A quota amount in the unit of its resource: cores for cpu, bytes for memory/storage, else a count. */
export function formatQuotaAmount(resource: string, v: unknown): string {
  if (typeof v !== 'number') return '?';
  const base = resource.replace(/^(requests|limits)\./, '');
  if (base === 'cpu') return formatCpu(v);
  if (base === 'memory' || base.includes('storage') || base.startsWith('hugepages-')) return formatBytes(v);
  return String(v);
}

function resources(a: ArgRecord): ArgRecord[] {
  return Array.isArray(a.resources) ? (a.resources as ArgRecord[]) : [];
}

/** The resources that did not fit (all of them when the message gives no numbers to tell). */
function short(a: ArgRecord): ArgRecord[] {
  const all = resources(a);
  const over = all.filter((r) => typeof r.shortfall === 'number' && r.shortfall > 0);
  return over.length > 0 ? over : all;
}

function describe(r: ArgRecord): string {
  const res = String(r.resource);
  const f = (v: unknown) => formatQuotaAmount(res, v);
  const by = typeof r.shortfall === 'number' && r.shortfall > 0 ? ` (short by ${f(r.shortfall)})` : '';
  return `${res} requested ${f(r.requested)}, used ${f(r.used)}, hard ${f(r.limited)}${by}`;
}

export const resourceQuotaText: CheckText = {
  title: 'ResourceQuota has room for the target pod',
  summary(r) {
    const a = r.args;
    const quota = a.quota ? `ResourceQuota ${String(a.quota)}` : 'A ResourceQuota';
    const earlier = a.past ? 'Earlier, ' : '';
    switch (a.kind) {
      case 'exceeded':
        return `${earlier}${quota} refused the target pod${a.pod ? ` ${String(a.pod)}` : ''}: ${short(a).map(describe).join('; ')}.`;
      case 'must-specify':
        return `${earlier}${quota} refused the target pod: it must specify ${Array.isArray(a.missing) ? a.missing.join(', ') : ''}.`;
      case 'condition': {
        const detail = resources(a).length > 0 ? `: ${short(a).map(describe).join('; ')}` : '';
        return `${earlier}${quota} refused the target pod (VMIM condition migrationRejectedByResourceQuota=True)${detail}.`;
      }
      case 'headroom': {
        if (r.status === 'unknown') return `Cannot tell whether the ResourceQuotas leave room for the target pod: ${r.missing ?? 'data not readable'}.`;
        const more = Array.isArray(a.otherQuotas) && a.otherQuotas.length > 0 ? ` (also short: ${a.otherQuotas.join(', ')})` : '';
        const rs = short(a).map((x) => {
          const f = (v: unknown) => formatQuotaAmount(String(x.resource), v);
          const left = typeof x.limited === 'number' && typeof x.used === 'number' ? x.limited - x.used : undefined;
          return `${String(x.resource)} ${f(x.requested)} needed, ${f(left)} left of ${f(x.limited)} (short by ${f(x.shortfall)})`;
        });
        return `${quota} has no room for the target pod, a second launcher pod as large as the source: ${rs.join('; ')}${more}.`;
      }
      case 'headroom-ok': {
        const f = (v: unknown) => formatQuotaAmount(String(a.resource), v);
        return `Room for the target pod: tightest is ${String(a.resource)} in ${quota}, ${f(a.headroom)} left for ${f(a.requested)}.`;
      }
      case 'no-quota':
        return 'No ResourceQuota limits what a launcher pod uses in this namespace.';
      case 'admitted':
        return 'The target pod was admitted.';
      case 'no-vmi':
        return 'No VMI.';
      default:
        return 'Quota headroom could not be computed.';
    }
  },
  hint(r) {
    const a = r.args;
    if (r.status !== 'fail' && r.status !== 'warn') return undefined;
    const ns = String(a.namespace ?? '');
    const rs = short(a).filter((x) => typeof x.shortfall === 'number' && x.shortfall > 0);
    const quota = String(a.quota);
    const raise = rs.length > 0 ? rs.map((x) => `${String(x.resource)} by at least ${formatQuotaAmount(String(x.resource), x.shortfall)}`).join(' and ') : 'the refused resources';
    if (!a.quota) {
      return `find the quota and resource that refuse it (kubectl describe resourcequota -n ${ns}), then raise it or free room: migrating needs room for a second launcher pod, and KubeVirt retries by itself when the quota changes`;
    }
    if (a.kind === 'must-specify') return `the quota requires ${Array.isArray(a.missing) ? a.missing.join(', ') : 'limits'} on every container: set them in the VM (spec.template.spec.domain.resources) or drop them from ResourceQuota ${quota} (kubectl edit resourcequota ${quota} -n ${ns})`;
    return `raise ${raise} in ResourceQuota ${quota} (kubectl edit resourcequota ${quota} -n ${ns}), or free that much in the namespace; migrating needs room for a second launcher pod, and KubeVirt retries by itself when the quota changes`;
  },
};
