// Request paths for names only a dump or a hostile server holds (issue #16): a lone surrogate made
// encodeURIComponent throw URIError, a crash with a stack trace in `why` on a node so named.
import { describe, expect, it } from 'vitest';
import { objectPath, podLogPath, withQuery } from '../../src/collect/live/paths.js';
import { metricsProxyPath } from '../../src/collect/handler-metrics.js';
import { RESOURCES } from '../../src/kube/resources.js';
import type { Pod } from '../../src/kube/types.js';

const FFFD = '%EF%BF%BD';

describe('paths for any name', () => {
  it('a lone surrogate is sent as U+FFFD, as the API server reads it', () => {
    expect(objectPath(RESOURCES.node, undefined, 'node-9\ud800x')).toBe(`/api/v1/nodes/node-9${FFFD}x`);
    expect(objectPath(RESOURCES.vmi, 'prod\udc00', 'db')).toBe(`/apis/kubevirt.io/v1/namespaces/prod${FFFD}/virtualmachineinstances/db`);
    expect(podLogPath('prod', 'p\ud800')).toBe(`/api/v1/namespaces/prod/pods/p${FFFD}/log`);
    expect(withQuery('/api/v1/pods', { labelSelector: 'kubevirt.io/vmi-name=db\ud800' })).toBe(`/api/v1/pods?labelSelector=kubevirt.io%2Fvmi-name%3Ddb${FFFD}`);
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'virt-handler-\ud800', namespace: 'kubevirt' } } as Pod;
    expect(metricsProxyPath(pod)).toBe(`/api/v1/namespaces/kubevirt/pods/https:virt-handler-${FFFD}:8443/proxy/metrics`);
  });

  it('a surrogate pair and control characters are percent-encoded as they are', () => {
    expect(objectPath(RESOURCES.node, undefined, 'n\u{e0041}\x1b[2J')).toBe('/api/v1/nodes/n%F3%A0%81%81%1B%5B2J');
  });
});
