// The reads issue #12 added to `why`: whether the target launcher's log can be read yet, and a
// snapshot's component logs (virt-controller, virt-handler, CNI daemons), which cost no request.
import type { ClusterSource } from '../../collect/source.js';
import type { ComponentLog } from '../../kube/known.js';
import type { Pod } from '../../kube/types.js';
import { listOf } from '../../analyze/shape.js';

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

/** A snapshot's component logs (no API request); a live source has none. */
export async function readComponentLogs(source: ClusterSource): Promise<ComponentLog[]> {
  return source.componentLogs ? source.componentLogs() : [];
}

const COUNTED = new Set<PropertyKey>(['get', 'list', 'podLog', 'rawGet']);

/**
 * `source`, counting the requests made through it (get, list, pod log, raw GET), so a read that
 * is worth having but not needed — the target launcher's log — is made only while the count is
 * under the budget.
 */
export function countingSource(source: ClusterSource): { source: ClusterSource; count: () => number } {
  let n = 0;
  const counted = new Proxy(source, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      const f = v as (...args: unknown[]) => unknown;
      return COUNTED.has(prop)
        ? (...args: unknown[]) => {
            n++;
            return f.apply(target, args);
          }
        : f.bind(target);
    },
  });
  return { source: counted, count: () => n };
}
