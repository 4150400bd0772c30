import { describe, expect, it } from 'vitest';
import { looksLikeSupportBundle, normalizeBundleValue, stripTrailingNull } from '../../src/collect/snapshot/normalize-bundle.js';

describe('looksLikeSupportBundle', () => {
  it.each([
    ['yamls/namespaced/default/v1/pods.yaml', 'kind: List\n', true],
    ['bundle/yamls/cluster/v1/nodes.yaml', '', true],
    ['vmis.yaml', '    - lastProbeTime: "null"\n      status: "True"\n', true],
    ['events.yaml', '  firstTimestamp: "null"\n', true],
    ['x.yaml', '          v:"kubevirt.io/foo"null: {}\n', true],
    ['vmis.yaml', '    - lastProbeTime: null\n', false], // kubectl: a real YAML null
    ['cm.yaml', '  some-key: "null"\n', false], // a ConfigMap may hold the string "null"
  ])('%s', (rel, text, expected) => {
    expect(looksLikeSupportBundle(rel, text)).toBe(expected);
  });
});

describe('normalizeBundleValue', () => {
  it('drops "null" fields, keeps empty label values, strips trailing null artefacts', () => {
    const input = {
      metadata: {
        labels: { 'cdi.kubevirt.io': 'null', app: 'x' },
        annotations: { 'descheduler.alpha.kubernetes.io/request-evict-only': 'null' },
        managedFields: [{ fieldsV1: { 'f:metadata': { 'f:finalizers': { 'v:"wrangler.cattle.io/x"null': {} } } } }],
      },
      status: {
        conditions: [{ lastProbeTime: 'null', lastTransitionTime: '2025-12-30T21:58:15Z', status: 'True', type: 'Ready' }],
        volumeStatus: [{ name: 'cloudinitdisk', size: 1048576 }],
      },
      message: 'MapVolume.MapPodDevice succeeded for volume "pvc-a" globalMapPath "/var/lib/kubelet/dev"null',
      eventTime: 'null',
      args: ['null', 'x'],
    };
    expect(normalizeBundleValue(input)).toEqual({
      metadata: {
        labels: { 'cdi.kubevirt.io': '', app: 'x' },
        annotations: { 'descheduler.alpha.kubernetes.io/request-evict-only': '' },
        managedFields: [{ fieldsV1: { 'f:metadata': { 'f:finalizers': { 'v:"wrangler.cattle.io/x"': {} } } } }],
      },
      status: {
        conditions: [{ lastTransitionTime: '2025-12-30T21:58:15Z', status: 'True', type: 'Ready' }],
        volumeStatus: [{ name: 'cloudinitdisk', size: 1048576 }],
      },
      message: 'MapVolume.MapPodDevice succeeded for volume "pvc-a" globalMapPath "/var/lib/kubelet/dev"',
      args: ['null', 'x'],
    });
  });

  it('leaves ordinary strings alone', () => {
    expect(stripTrailingNull('"null')).toBe('"null');
    expect(stripTrailingNull('nullable')).toBe('nullable');
    expect(stripTrailingNull('value is null')).toBe('value is null');
  });
});
