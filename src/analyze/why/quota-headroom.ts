// Would one more launcher pod fit the namespace's ResourceQuotas? The migration target pod is a
// copy of the source pod's resources (rendered from the same VMI,
// pkg/virt-controller/services/template.go `RenderMigrationManifest`), so the source pod's usage is
// what a quota will be charged (users #7–#9: the second launcher pod is the hidden cost). Usage
// follows the apiserver's pod quota evaluator: `cpu`/`requests.cpu`, `memory`/`requests.memory`,
// `limits.*`, `requests.<extended>`, `pods`/`count/pods`; requests and limits are the sum over
// containers (and restartable "sidecar" init containers), at least the largest init container,
// plus the pod overhead.
import { parseQuantity } from '../../kube/quantity.js';
import type { Container, Pod, ResourceQuota } from '../../kube/types.js';
import { listOf } from '../shape.js';

type Amounts = Record<string, number>;

/** One quota resource the pod would need more of than is left. */
export interface QuotaShortfall {
  resource: string;
  /** What one more launcher pod adds. */
  requested: number;
  used: number;
  /** The quota's hard limit. */
  limited: number;
  /** requested + used − limited (> 0: it does not fit). */
  shortfall: number;
}

export interface QuotaHeadroom {
  quota: string;
  /** Every resource the quota limits and the pod uses, tightest first. */
  resources: QuotaShortfall[];
}

/** Init containers that keep running beside the app containers (`restartPolicy: Always`). */
function isSidecar(c: Container): boolean {
  return (c as Container & { restartPolicy?: string }).restartPolicy === 'Always';
}

function podAmounts(pod: Pod, which: 'requests' | 'limits'): Amounts {
  const sum: Amounts = {};
  const add = (into: Amounts, list: Record<string, string> | undefined) => {
    for (const [k, q] of Object.entries(list ?? {})) {
      const v = parseQuantity(q);
      if (v !== undefined) into[k] = (into[k] ?? 0) + v;
    }
  };
  const init = listOf(pod.spec?.initContainers);
  for (const c of [...listOf(pod.spec?.containers), ...init.filter(isSidecar)]) add(sum, c.resources?.[which]);
  for (const c of init.filter((x) => !isSidecar(x))) {
    const one: Amounts = {};
    add(one, c.resources?.[which]);
    for (const [k, v] of Object.entries(one)) sum[k] = Math.max(sum[k] ?? 0, v);
  }
  // Overhead counts for requests always, for limits only where the pod has a limit.
  for (const [k, q] of Object.entries(pod.spec?.overhead ?? {})) {
    const v = parseQuantity(q);
    if (v !== undefined && (which === 'requests' || sum[k] !== undefined)) sum[k] = (sum[k] ?? 0) + v;
  }
  return sum;
}

const STANDARD = ['cpu', 'memory', 'ephemeral-storage'];

/** The quota resource names one pod is charged, with amounts. */
export function podQuotaUsage(pod: Pod): Amounts {
  const usage: Amounts = { pods: 1, 'count/pods': 1 };
  for (const [r, v] of Object.entries(podAmounts(pod, 'requests'))) {
    usage[`requests.${r}`] = v;
    if (STANDARD.includes(r)) usage[r] = v;
  }
  for (const [r, v] of Object.entries(podAmounts(pod, 'limits'))) usage[`limits.${r}`] = v;
  return usage;
}

/** Scoped quotas that never charge a launcher pod (it has no activeDeadlineSeconds and has requests). */
const FOREIGN_SCOPES = ['Terminating', 'BestEffort'];

export function appliesToLauncherPods(q: ResourceQuota): boolean {
  return !listOf(q.spec?.scopes).some((s) => FOREIGN_SCOPES.includes(s));
}

/** Headroom of one quota for `usage`: every limited resource the pod uses, tightest (largest shortfall relative to hard) first. */
export function quotaHeadroom(q: ResourceQuota, usage: Amounts): QuotaHeadroom {
  const hard = q.status?.hard ?? q.spec?.hard ?? {};
  const used = q.status?.used ?? {};
  const resources: QuotaShortfall[] = [];
  for (const [resource, h] of Object.entries(hard)) {
    const requested = usage[resource];
    const limited = parseQuantity(h);
    if (requested === undefined || limited === undefined) continue;
    const u = parseQuantity(used[resource]) ?? 0;
    resources.push({ resource, requested, used: u, limited, shortfall: requested + u - limited });
  }
  const tightness = (r: QuotaShortfall) => (r.limited > 0 ? r.shortfall / r.limited : r.shortfall);
  resources.sort((a, b) => tightness(b) - tightness(a) || a.resource.localeCompare(b.resource));
  return { quota: q.metadata.name ?? '', resources };
}
