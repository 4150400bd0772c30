// The reads `why` makes only when the stage needs them and the request budget allows (issue #12):
// the target launcher's log tail, the StorageClasses of the VMI's claims, and, from a snapshot,
// the component logs. Each one asks the budget first; one it cannot afford is "not read", with
// the reason, never an extra request.
import { isFatal, listKnown, missingReason } from '../../collect/gather.js';
import { SourceError, type ClusterSource } from '../../collect/source.js';
import { unknownList, type ComponentLog, type GatherError, type Known } from '../../kube/known.js';
import type { Pod, StorageClass } from '../../kube/types.js';
import type { LogTail, WhyContext } from '../../analyze/why/context.js';
import { vmiClaims } from '../../analyze/why/target-placement.js';
import { listOf } from '../../analyze/shape.js';

/** Every `why` stays within this many API requests (README, contract §4.1). */
export const WHY_REQUEST_BUDGET = 15;

/** Counts the API requests of one `why`; optional reads take from what is left. */
export class RequestBudget {
  private used = 0;
  constructor(readonly total: number = WHY_REQUEST_BUDGET) {}
  /** Records `n` requests that are made whatever the budget (the first round). */
  spend(n: number): void {
    this.used += n;
  }
  /** True, and records them, when `n` more requests fit. */
  take(n = 1): boolean {
    if (this.used + n > this.total) return false;
    this.used += n;
    return true;
  }
  get left(): number {
    return this.total - this.used;
  }
}

const OUT_OF_BUDGET = `not read: the ${WHY_REQUEST_BUDGET}-request budget of why is spent`;

/**
 * The target pod's `compute` container has started (a log read before that answers 400): its
 * status says so, or the pod runs, or it ended without a kubelet admission refusal (those set
 * `status.reason` and never start a container).
 */
export function targetLogReadable(pod: Pod | undefined): pod is Pod {
  if (!pod) return false;
  const compute = listOf(pod.status?.containerStatuses).find((c) => c.name === 'compute');
  if (compute?.state?.running || compute?.state?.terminated || compute?.lastState?.terminated) return true;
  const phase = pod.status?.phase;
  return phase === 'Running' || ((phase === 'Failed' || phase === 'Succeeded') && !pod.status?.reason);
}

/** StorageClasses tie a failed migration's storage text to its volume (verdict rule 6) and judge a VM with no migration. */
export function wantsStorageClasses(ctx: WhyContext): boolean {
  if (vmiClaims(ctx).length === 0) return false;
  const m = ctx.migration;
  if (!m) return true;
  const state = ctx.vmi?.status?.migrationState;
  return m.status?.phase === 'Failed' || (state?.migrationUid === m.metadata.uid && state?.failed === true);
}

export async function readPodLog(source: ClusterSource, namespace: string, pod: string | undefined, errors: GatherError[], opts: { tailLines: number; limitBytes: number }): Promise<LogTail> {
  if (!pod) return { ok: false, reason: 'no launcher pod found' };
  try {
    const text = await source.podLog(namespace, pod, { container: 'compute', ...opts });
    return text === undefined ? { ok: false, reason: `no log for pod ${pod}` } : { ok: true, pod, text };
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'pods/log', message: err.message });
    return { ok: false, reason: missingReason('pods/log', err) };
  }
}

/** The target launcher's log tail, when its container started and the budget allows. */
export async function readTargetLog(source: ClusterSource, ctx: WhyContext, budget: RequestBudget, errors: GatherError[], opts: { tailLines: number; limitBytes: number }): Promise<LogTail | undefined> {
  if (!targetLogReadable(ctx.targetPod)) return undefined;
  if (!budget.take()) return { ok: false, reason: OUT_OF_BUDGET };
  return readPodLog(source, ctx.namespace, ctx.targetPod.metadata.name, errors, opts);
}

/** Every StorageClass (cluster-scoped and few: one request), when wanted and the budget allows. */
export async function readStorageClasses(source: ClusterSource, ctx: WhyContext, budget: RequestBudget, errors: GatherError[]): Promise<Known<StorageClass> | undefined> {
  if (!wantsStorageClasses(ctx)) return undefined;
  if (source.has && !source.has('storageclass')) return listKnown<StorageClass>(source, 'storageclass', {}, errors);
  if (!budget.take()) return unknownList(OUT_OF_BUDGET);
  return listKnown<StorageClass>(source, 'storageclass', {}, errors);
}

/** A snapshot's component logs (no API request); a live source has none. */
export async function readComponentLogs(source: ClusterSource): Promise<ComponentLog[]> {
  return source.componentLogs ? source.componentLogs() : [];
}
