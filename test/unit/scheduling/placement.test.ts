import { describe, expect, it } from 'vitest';
import { hostModelCpuOf, missingHostModelLabels } from '../../../src/analyze/scheduling/host-model.js';
import { launcherNodeSelector, matchesLauncherPlacement } from '../../../src/analyze/scheduling/placement.js';
import type { Node } from '../../../src/kube/types.js';
import { kubevirtCR, loadRealOne, node, vmiSpec } from '../../fixtures/objects/index.js';

describe('launcher placement', () => {
  it('renders schedulable, arch, KubeVirt CR selectors then the VMI selector (VMI wins)', () => {
    const spec = vmiSpec('vm', { spec: { nodeSelector: { rack: 'r2', 'kubernetes.io/arch': 'amd64' } } });
    const cr = kubevirtCR({ nodeSelectors: { rack: 'r1', pool: 'virt' } });
    expect(launcherNodeSelector(spec, cr)).toEqual({
      'kubevirt.io/schedulable': 'true',
      'kubernetes.io/arch': 'amd64',
      rack: 'r2',
      pool: 'virt',
    });
  });

  it('needs kubevirt.io/schedulable=true and the required node affinity', () => {
    const spec = vmiSpec('vm', {
      spec: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'NotIn', values: ['node-b'] }] }],
            },
          },
        },
      },
    });
    expect(matchesLauncherPlacement(node('node-a'), spec)).toBe(true);
    expect(matchesLauncherPlacement(node('node-b'), spec)).toBe(false);
    expect(matchesLauncherPlacement(node('node-c', { schedulable: false }), spec)).toBe(false);
  });
});

describe('host-model CPU selector', () => {
  it('reads the real EPYC-Genoa node: model, 25 required features, AMD vendor', () => {
    const real = loadRealOne<Node>('node-labeller-v1.6.3.yaml');
    const cpu = hostModelCpuOf(real);
    expect(cpu.model).toBe('EPYC-Genoa');
    expect(cpu.vendor).toBe('AMD');
    expect(cpu.requiredFeatures).toHaveLength(25);
    expect(cpu.selector['cpu-model-migration.node.kubevirt.io/EPYC-Genoa']).toBe('true');
    expect(cpu.selector['cpu-feature.node.kubevirt.io/x2apic']).toBe('true');
    expect(cpu.selector['cpu-vendor.node.kubevirt.io/AMD']).toBe('true');
    // the node itself satisfies its own host model
    expect(missingHostModelLabels(real, cpu)).toEqual([]);
  });

  it('lists what a candidate lacks, including the obsolete-host-model marker', () => {
    const cpu = hostModelCpuOf(node('src'));
    const older = node('old', { hostModel: 'EPYC-Rome', requiredFeatures: ['ssbd'], labels: { 'node-labeller.kubevirt.io/obsolete-host-model': 'EPYC-Genoa' } });
    expect(missingHostModelLabels(older, cpu)).toEqual([
      'cpu-model-migration.node.kubevirt.io/EPYC-Genoa',
      'cpu-feature.node.kubevirt.io/arch-capabilities',
      'cpu-feature.node.kubevirt.io/cmp_legacy',
      'cpu-feature.node.kubevirt.io/stibp',
      'cpu-feature.node.kubevirt.io/tsc-deadline',
      'cpu-feature.node.kubevirt.io/x2apic',
      'node-labeller.kubevirt.io/obsolete-host-model',
    ]);
    const intel = node('intel', { vendor: 'Intel' });
    expect(missingHostModelLabels(intel, cpu)).toEqual(['cpu-vendor.node.kubevirt.io/AMD']);
  });

  it('a node without host-model labels offers no model', () => {
    expect(hostModelCpuOf(node('x', { hostModel: null })).model).toBeUndefined();
  });
});
