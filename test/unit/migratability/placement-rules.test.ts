import { describe, expect, it } from 'vitest';
import type { Affinity } from '../../../src/kube/types.js';
import { clusterFacts, forbidden, kubevirtCR, node, vm, vmi } from '../../fixtures/objects/index.js';
import { run } from './helpers.js';
import { ruleHint } from '../../../src/render/migratability-text.js';

const threeNodes = [
  node('node-a', { labels: { rack: 'r1' } }),
  node('node-b', { labels: { rack: 'r2' } }),
  node('node-c', { labels: { rack: 'r2' } }),
];

describe('node-pinned', () => {
  it('fires for a kubernetes.io/hostname nodeSelector (kubevirt/kubevirt#5565), without needing nodes', () => {
    const v = vmi('vm1', { spec: { nodeSelector: { 'kubernetes.io/hostname': 'node-a' } } });
    const { findings } = run('node-pinned', { vmi: v }, clusterFacts({ nodes: forbidden('nodes') }));
    expect(findings).toEqual([
      {
        rule: 'node-pinned',
        severity: 'blocker',
        args: { kind: 'hostname', label: 'kubernetes.io/hostname', nodes: ['node-a'], matching: 1 },
        path: 'spec.nodeSelector',
        evidence: [{ kind: 'VirtualMachineInstance', namespace: 'default', name: 'vm1', field: 'spec.nodeSelector' }],
      },
    ]);
  });

  it('fires when the nodeSelector matches only the source node', () => {
    const v = vmi('vm1', { node: 'node-a', spec: { nodeSelector: { rack: 'r1' } } });
    const { findings } = run('node-pinned', { vmi: v }, clusterFacts({ nodes: threeNodes }));
    expect(findings[0]?.args).toEqual({ kind: 'node-selector', nodes: ['node-a'], matching: 1, candidates: 3, selector: ['rack=r1'] });
  });

  it('does not fire when another node matches, nor without constraints', () => {
    const facts = clusterFacts({ nodes: threeNodes });
    expect(run('node-pinned', { vmi: vmi('vm1', { node: 'node-b', spec: { nodeSelector: { rack: 'r2' } } }) }, facts).findings).toEqual([]);
    expect(run('node-pinned', { vmi: vmi('vm1') }, facts).findings).toEqual([]);
  });

  it('evaluates required node affinity against the nodes (VM not running: ≤ 1 match)', () => {
    const affinity: Affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: 'rack', operator: 'NotIn', values: ['r2'] }] }],
        },
      },
    };
    const { findings } = run('node-pinned', { vm: vm('vm1', { spec: { affinity } }) }, clusterFacts({ nodes: threeNodes }));
    expect(findings[0]).toMatchObject({ path: 'spec.template.spec.affinity.nodeAffinity', args: { kind: 'node-affinity', nodes: ['node-a'] } });
  });

  it('takes kubevirt.io/schedulable into account, and does not blame the VM for a one-node cluster', () => {
    const nodes = [node('node-a', { labels: { rack: 'r1' } }), node('node-b', { labels: { rack: 'r1' }, schedulable: false })];
    const v = vmi('vm1', { node: 'node-a', spec: { nodeSelector: { rack: 'r1' } } });
    // node-b also matches rack=r1 but KubeVirt cannot run there: the only KubeVirt node is the source.
    expect(run('node-pinned', { vmi: v }, clusterFacts({ nodes })).findings).toEqual([]);
  });

  it('a stopped VM with a nodeSelector on a one-node cluster: candidates 1, and the fix asks for a second node, not to label "another" one', () => {
    const { findings } = run('node-pinned', { vm: vm('vm1', { spec: { nodeSelector: { rack: 'r1' } } }) }, clusterFacts({ nodes: [node('node-a', { labels: { rack: 'r1' } })] }));
    expect(findings[0]?.args).toEqual({ kind: 'node-selector', nodes: ['node-a'], matching: 1, candidates: 1, selector: ['rack=r1'] });
    const hint = ruleHint(findings[0]!);
    expect(hint).toContain('the cluster has one KubeVirt node');
    expect(hint).not.toContain('label another node');
    // With other nodes to label, the fix still offers it.
    const three = run('node-pinned', { vmi: vmi('vm1', { node: 'node-a', spec: { nodeSelector: { rack: 'r1' } } }) }, clusterFacts({ nodes: threeNodes }));
    expect(ruleHint(three.findings[0]!)).toContain('label another node');
  });

  it('does not blame the VM for a cluster-wide selector in the KubeVirt CR', () => {
    const facts = clusterFacts({ nodes: threeNodes, kubevirt: [kubevirtCR({ nodeSelectors: { rack: 'r1' } })] });
    const v = vmi('vm1', { node: 'node-a', spec: { nodeSelector: { 'kubernetes.io/os': 'linux' } } });
    expect(run('node-pinned', { vmi: v }, facts).findings).toEqual([]);
  });

  it('unresolved when nodes are unreadable and the pin is not a hostname', () => {
    const v = vmi('vm1', { spec: { nodeSelector: { rack: 'r1' } } });
    expect(run('node-pinned', { vmi: v }, clusterFacts({ nodes: forbidden('nodes') }))).toEqual({ findings: [], unresolved: ['nodes: forbidden'] });
  });
});

describe('affinity-restrictive', () => {
  const term = { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' };

  it('fires for required podAffinity by hostname', () => {
    const v = vm('vm1', { spec: { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } } });
    expect(run('affinity-restrictive', { vm: v }).findings).toEqual([
      {
        rule: 'affinity-restrictive',
        severity: 'warning',
        args: { kind: 'podAffinity', topologyKey: 'kubernetes.io/hostname', selector: 'app=db' },
        path: 'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
        evidence: [
          {
            kind: 'VirtualMachine',
            namespace: 'default',
            name: 'vm1',
            field: 'spec.template.spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]',
          },
        ],
      },
    ]);
  });

  it('fires for required podAntiAffinity over 2 nodes, not over 3', () => {
    const v = vmi('vm1', { spec: { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } } } });
    const two = clusterFacts({ nodes: threeNodes.slice(0, 2) });
    expect(run('affinity-restrictive', { vmi: v }, two).findings[0]?.args).toEqual({
      kind: 'podAntiAffinity',
      topologyKey: 'kubernetes.io/hostname',
      selector: 'app=db',
      domains: 2,
      nodes: 2,
    });
    expect(run('affinity-restrictive', { vmi: v }, clusterFacts({ nodes: threeNodes })).findings).toEqual([]);
  });

  it('counts topology domains, not nodes', () => {
    const byRack = { ...term, topologyKey: 'rack' };
    const v = vmi('vm1', { spec: { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [byRack] } } } });
    expect(run('affinity-restrictive', { vmi: v }, clusterFacts({ nodes: threeNodes })).findings[0]?.args).toMatchObject({ kind: 'podAntiAffinity', domains: 2 });
  });

  it('no pod affinity ⇒ nothing; a zone podAffinity is not flagged', () => {
    expect(run('affinity-restrictive', { vmi: vmi('vm1') }).findings).toEqual([]);
    const zone = { ...term, topologyKey: 'topology.kubernetes.io/zone' };
    const v = vmi('vm1', { spec: { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [zone] } } } });
    expect(run('affinity-restrictive', { vmi: v }).findings).toEqual([]);
  });
});
