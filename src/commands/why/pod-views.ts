// What `why` and `list` keep of a pod they read only for one purpose, applied as pages arrive (the
// `select` hook of ListOptions): on a large cluster whole launcher pods would take most of the
// memory, and the analysis reads only these fields of them.
import type { Container, Pod } from '../../kube/types.js';
import { listOf } from '../../analyze/shape.js';

type PodContainer = Container & { restartPolicy?: string };

/** A pod as target placement counts it (analyze/why/target-placement.ts): node, labels, requests, phase. */
export function placementView(p: Pod): Pod {
  const requests = (c: PodContainer): PodContainer => ({ name: c.name, resources: c.resources, ...(c.restartPolicy ? { restartPolicy: c.restartPolicy } : {}) });
  return {
    apiVersion: p.apiVersion,
    kind: p.kind,
    metadata: p.metadata,
    spec: {
      nodeName: p.spec?.nodeName,
      containers: listOf(p.spec?.containers).map(requests),
      initContainers: listOf(p.spec?.initContainers).map(requests),
      overhead: p.spec?.overhead,
    },
    status: { phase: p.status?.phase },
  };
}
