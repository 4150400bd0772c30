// virt-handler's /metrics page on one node, through the API server's pod proxy (port `metrics`,
// KubeVirt pkg/virt-operator/resource/generate/components/daemonsets.go):
// `GET /api/v1/namespaces/<kubevirt ns>/pods/https:<virt-handler pod>:8443/proxy/metrics`. Needs
// `get` on `pods/proxy` in the KubeVirt namespace; a refusal is a partial failure.
import type { Known, GatherError, HandlerMetrics } from '../kube/known.js';
import type { Pod } from '../kube/types.js';
import { HANDLER_METRICS_PORT, HANDLER_METRICS_PORT_NAME, LABEL_APP, LABEL_APP_HANDLER } from '../kubevirt/constants.js';
import { isFatal, listKnown, missingReason } from './gather.js';
import { encodeComponent } from './live/paths.js';
import { SourceError, type ClusterSource } from './source.js';

/** The virt-handler pod(s) of one node, by label and spec.nodeName (in the KubeVirt CR's namespace when known). */
export function readHandlerPods(source: ClusterSource, kubevirtNamespace: string | undefined, node: string, errors: GatherError[]): Promise<Known<Pod>> {
  return listKnown<Pod>(source, 'pod', { namespace: kubevirtNamespace, labelSelector: `${LABEL_APP}=${LABEL_APP_HANDLER}`, fieldSelector: `spec.nodeName=${node}` }, errors);
}

/** The virt-handler pod on `node` (in the KubeVirt CR's namespace when known), Running first. */
export function handlerPodOn(handlerPods: readonly Pod[], node: string, kubevirtNamespace?: string): Pod | undefined {
  const mine = handlerPods.filter((p) => p.spec?.nodeName === node && (!kubevirtNamespace || p.metadata.namespace === kubevirtNamespace));
  return mine.find((p) => p.status?.phase === 'Running' && !p.metadata.deletionTimestamp) ?? mine[0];
}

export function metricsProxyPath(pod: Pod): string {
  const port =
    pod.spec?.containers?.flatMap((c) => c.ports ?? []).find((p) => p.name === HANDLER_METRICS_PORT_NAME)?.containerPort ?? HANDLER_METRICS_PORT;
  return `/api/v1/namespaces/${encodeComponent(pod.metadata.namespace ?? '')}/pods/https:${encodeComponent(pod.metadata.name ?? '')}:${port}/proxy/metrics`;
}

export async function readHandlerMetrics(
  source: ClusterSource,
  handlerPods: Known<Pod>,
  node: string | undefined,
  kubevirtNamespace: string | undefined,
  errors: GatherError[],
): Promise<HandlerMetrics> {
  if (!source.rawGet) return { ok: false, reason: 'virt-handler metrics: read live only (not in a snapshot)' };
  if (!node) return { ok: false, reason: 'virt-handler metrics: the source node is not known' };
  if (!handlerPods.ok) return { ok: false, reason: handlerPods.reason };
  const pod = handlerPodOn(handlerPods.items, node, kubevirtNamespace);
  if (!pod?.metadata.name || !pod.metadata.namespace) return { ok: false, reason: `virt-handler metrics: no virt-handler pod on node ${node}` };
  const name = pod.metadata.name;
  const namespace = pod.metadata.namespace;
  try {
    const text = await source.rawGet(metricsProxyPath(pod));
    if (text === undefined) return { ok: false, reason: `virt-handler ${name}: /metrics not found` };
    return { ok: true, pod: name, namespace, node, text, readAt: source.now().toISOString() };
  } catch (err) {
    if (isFatal(err) || !(err instanceof SourceError)) throw err;
    errors.push({ resource: 'pods/proxy', message: err.message });
    return { ok: false, reason: `virt-handler ${name}: ${missingReason('pods/proxy', err)}` };
  }
}
