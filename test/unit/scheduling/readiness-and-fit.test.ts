import { describe, expect, it } from 'vitest';
import { isNodeReady, nodeReadyCondition } from '../../../src/analyze/scheduling/readiness.js';
import { resourceFit, sumRequests } from '../../../src/analyze/scheduling/resource-fit.js';
import { node } from '../../fixtures/objects/index.js';

describe('node readiness', () => {
  it('Ready=True is ready; Unknown or a missing condition is not', () => {
    expect(isNodeReady(node('a'))).toBe(true);
    expect(nodeReadyCondition(node('a'))?.reason).toBe('KubeletReady');
    expect(isNodeReady(node('b', { ready: false }))).toBe(false);
    const bare = node('c');
    bare.status = {};
    expect(isNodeReady(bare)).toBe(false);
  });
});

describe('resourceFit', () => {
  // The real Harvester node: 7020m cpu, 18078808Ki memory, 1k kvm devices, 200 pods.
  const alloc = node('a').status?.allocatable ?? {};
  // A launcher pod of the real VM: requests from virt-launcher-pod-v1.6.3.
  const launcher = { cpu: '125m', memory: '3305109497', 'devices.kubevirt.io/kvm': '1', 'devices.kubevirt.io/tun': '1' };

  it('fits when requests leave room', () => {
    expect(resourceFit(alloc, [launcher, launcher], launcher)).toEqual({ fits: true, shortfalls: [] });
  });

  it('reports memory shortfall with used, allocatable and free', () => {
    const existing = [{ cpu: '3', memory: '15Gi' }];
    const fit = resourceFit(alloc, existing, launcher);
    expect(fit.fits).toBe(false);
    expect(fit.shortfalls).toHaveLength(1);
    const s = fit.shortfalls[0];
    expect(s?.resource).toBe('memory');
    expect(s?.used).toBe(15 * 2 ** 30);
    expect(s?.allocatable).toBe(18078808 * 1024);
    expect(s?.requested).toBe(3305109497);
    expect(s?.free).toBe(18078808 * 1024 - 15 * 2 ** 30);
  });

  it('an extended resource the node does not advertise counts as 0 (kubevirt/kubevirt#7779)', () => {
    const fit = resourceFit({ cpu: '8', memory: '32Gi', pods: '110' }, [], launcher);
    expect(fit.shortfalls.map((s) => s.resource)).toEqual(['devices.kubevirt.io/kvm', 'devices.kubevirt.io/tun']);
  });

  it('counts pods against allocatable pods', () => {
    const fit = resourceFit({ cpu: '8', pods: '2' }, [{}, {}], { cpu: '1' });
    expect(fit.shortfalls).toEqual([{ resource: 'pods', requested: 1, used: 2, allocatable: 2, free: 0 }]);
  });

  it('sumRequests adds quantities and skips garbage', () => {
    expect(sumRequests([{ cpu: '500m', memory: '1Gi' }, { cpu: '1.5', memory: 'bogus' }])).toEqual({ cpu: 2, memory: 2 ** 30 });
  });
});
